#!/usr/bin/env bash
# Sets up the venue bridge on the tournament broker (Debian / Raspberry Pi OS): the venue's
# mosquitto connects OUT to a broker outside the venue and forwards one tournament's public
# set there, and nothing else (docs/mqtt.md "The venue bridge"). Nothing connects in.
#
#   sudo deploy/mosquitto/bridge.sh TOURNAMENT HOST:PORT [CA_FILE] < password-file
#   e.g. sudo deploy/mosquitto/bridge.sh autumn-cup fans.example.org:8883 outside-ca.crt < pw
#
# The password of the outside broker's account bridge-TOURNAMENT is read from standard input
# (one line), never from the command line, where `ps` shows it to every user. CA_FILE is the
# outside broker's CA certificate (its own CA, deploy/mosquitto/outside/setup.sh makes one);
# leave it out when the outside broker has a certificate of a public CA (Let's Encrypt): the
# system's CAs in /etc/ssl/certs are used then.
#
# Writes $ETC/conf.d/mafiakit_bridge.conf (deploy/mosquitto/bridge.conf filled in; read after
# mafiakit.conf, root:mosquitto 0640: it holds the password), copies the CA to
# $ETC/ca_certificates/mafiakit-outside-ca.crt and restarts mosquitto. Run it again to change
# anything; `bridge.sh --remove` takes the bridge away.
#
# For a dry run without root or systemd (the tests do this):
#   MAFIAKIT_ETC=/tmp/etc MAFIAKIT_NO_SERVICE=1 deploy/mosquitto/bridge.sh cup h:8883 ca.crt < pw
set -euo pipefail
umask 077
shopt -u patsub_replacement 2>/dev/null || true  # bash 5.2: `&` in a replacement stays `&`

here="$(cd "$(dirname "$0")" && pwd)"
ETC="${MAFIAKIT_ETC:-/etc/mosquitto}"
NO_SERVICE="${MAFIAKIT_NO_SERVICE:-}"
conf="$ETC/conf.d/mafiakit_bridge.conf"
ca="$ETC/ca_certificates/mafiakit-outside-ca.crt"

die() { echo "bridge.sh: $*" >&2; exit 2; }

restart() {
  [ -n "$NO_SERVICE" ] && return 0
  systemctl restart mosquitto
  systemctl is-active --quiet mosquitto || die "mosquitto did not start: journalctl -u mosquitto"
}

if [ -z "$NO_SERVICE" ] && [ "$(id -u)" -ne 0 ]; then
  die "run it as root: sudo $0 $*"
fi
if [ "${1:-}" = "--remove" ]; then
  rm -f "$conf"
  restart
  echo "bridge.sh: the bridge is removed; nothing leaves the venue" >&2
  exit 0
fi
[ $# -ge 2 ] && [ $# -le 3 ] ||
  die "usage: bridge.sh TOURNAMENT HOST:PORT [CA_FILE] < password-file"
tournament="$1"; address="$2"; ca_file="${3:-}"
[[ "$tournament" =~ ^[A-Za-z0-9._-]{1,40}$ ]] ||  # as bus.topics.check_id, ASCII only here
  die "tournament id '$tournament' may contain only letters, digits, '-', '_' and '.' (at most 40)"
[[ "$address" =~ ^[A-Za-z0-9.-]+:[0-9]{1,5}$ ]] ||
  die "the outside broker's address '$address' must be HOST:PORT, e.g. fans.example.org:8883"
if [ -n "$ca_file" ]; then
  [ -s "$ca_file" ] || die "the CA file '$ca_file' is missing or empty"
  grep -q "BEGIN CERTIFICATE" "$ca_file" || die "'$ca_file' is not a PEM certificate"
fi
IFS= read -r password || true
[ -n "$password" ] || die "give the bridge account's password on standard input (one line)"
[[ "$password" =~ ^[[:graph:]]+$ ]] ||
  die "the password must be one word of printable characters (it goes into mosquitto's config)"

mkdir -p "$ETC/conf.d" "$ETC/ca_certificates"
chmod 755 "$ETC/conf.d" "$ETC/ca_certificates"
if [ -n "$ca_file" ]; then
  cp "$ca_file" "$ca.new"
  chmod 644 "$ca.new"
  mv "$ca.new" "$ca"
  tls="bridge_cafile $ca"
else
  tls="bridge_capath /etc/ssl/certs"
fi
text="$(cat "$here/bridge.conf")"
text="${text//@TOURNAMENT@/$tournament}"
text="${text//@ADDRESS@/$address}"
text="${text//@TLS@/$tls}"
text="${text//@USER@/bridge-$tournament}"
text="${text//@PASSWORD@/$password}"
printf '%s\n' "$text" > "$conf.new"
if getent group mosquitto >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
  chown root:mosquitto "$conf.new"
fi
chmod 640 "$conf.new"
mv "$conf.new" "$conf"
restart
echo "bridge.sh: $tournament's public set goes out to $address as bridge-$tournament" >&2
