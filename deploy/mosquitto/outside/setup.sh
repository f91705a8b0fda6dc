#!/usr/bin/env bash
# Sets up the outside broker (Debian) that venues bridge to and followers read:
#   sudo deploy/mosquitto/outside/setup.sh TOURNAMENT [TOURNAMENT ...]
#   e.g. sudo MAFIAKIT_OUTSIDE_NAME=fans.example.org deploy/mosquitto/outside/setup.sh autumn-cup
# Installs mosquitto and stunnel4, this folder's config (bridges on 8883, followers on 443
# through stunnel to the websockets listener on 127.0.0.1:9001, the followers' page served
# there), the ACL with one bridge account per tournament, and the accounts: `follower`
# (password MAFIAKIT_FOLLOWER_PASSWORD, default "follower": it is public by design, it goes
# in the page's address) and `bridge-TOURNAMENT` (random; give it to that venue's bridge.sh).
# Passwords are listed in $ETC/mafiakit-outside-credentials (root only). Idempotent.
#
# The certificate: MAFIAKIT_OUTSIDE_CERT and MAFIAKIT_OUTSIDE_KEY (e.g. Let's Encrypt's
# fullchain.pem and privkey.pem for this host's public name: browsers trust it as it is);
# without them a CA of its own signs one for MAFIAKIT_OUTSIDE_NAME (venues then pass
# $ETC/ca_certificates/mafiakit-outside-ca.crt to bridge.sh, and browsers would not trust
# the page: use it for trials only).
#
# Dry run without root, apt or systemd (the tests):
#   MAFIAKIT_ETC=/tmp/etc MAFIAKIT_NO_SERVICE=1 deploy/mosquitto/outside/setup.sh cup
set -euo pipefail
umask 077

here="$(cd "$(dirname "$0")" && pwd)"
ETC="${MAFIAKIT_ETC:-/etc/mosquitto}"
if [ -n "${MAFIAKIT_ETC:-}" ]; then STUNNEL_ETC="$ETC/stunnel"; else STUNNEL_ETC=/etc/stunnel; fi
NO_SERVICE="${MAFIAKIT_NO_SERVICE:-}"
NAME="${MAFIAKIT_OUTSIDE_NAME:-$(hostname -f 2>/dev/null || hostname)}"

die() { echo "outside/setup.sh: $*" >&2; exit 2; }

[ $# -ge 1 ] || die "usage: setup.sh TOURNAMENT [TOURNAMENT ...]"
for t in "$@"; do
  [[ "$t" =~ ^[A-Za-z0-9._-]{1,40}$ ]] ||
    die "tournament id '$t' may contain only letters, digits, '-', '_' and '.' (at most 40)"
done
follower_password="${MAFIAKIT_FOLLOWER_PASSWORD:-follower}"
[[ "$follower_password" =~ ^[[:graph:]]+$ ]] || die "the follower password must be one word"
if [ -z "$NO_SERVICE" ]; then
  [ "$(id -u)" -eq 0 ] || die "run it as root: sudo $0 $*"
  if ! command -v mosquitto_passwd >/dev/null 2>&1 || ! command -v stunnel4 >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mosquitto stunnel4 openssl
  fi
fi
command -v mosquitto_passwd >/dev/null 2>&1 || die "mosquitto_passwd is missing (apt-get install mosquitto)"
mkdir -p "$ETC/conf.d" "$ETC/certs" "$ETC/ca_certificates" "$STUNNEL_ETC"
chmod 755 "$ETC" "$ETC/conf.d" "$ETC/certs" "$ETC/ca_certificates" "$STUNNEL_ETC"

share_with_broker() {  # mosquitto reads these after dropping to its own user
  if getent group mosquitto >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
    chown root:mosquitto "$@"
  fi
  chmod 640 "$@"
}

crt="$ETC/certs/mafiakit-outside.crt"
key="$ETC/certs/mafiakit-outside.key"
if [ -n "${MAFIAKIT_OUTSIDE_CERT:-}" ]; then
  [ -s "${MAFIAKIT_OUTSIDE_KEY:-}" ] || die "MAFIAKIT_OUTSIDE_CERT needs MAFIAKIT_OUTSIDE_KEY"
  cp "$MAFIAKIT_OUTSIDE_CERT" "$crt"
  cp "$MAFIAKIT_OUTSIDE_KEY" "$key"
  chmod 644 "$crt"
  share_with_broker "$key"
elif [ ! -s "$crt" ] || [ ! -s "$key" ]; then
  ca_key="$ETC/mafiakit-outside-ca.key"
  ca_crt="$ETC/ca_certificates/mafiakit-outside-ca.crt"
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -sha256 -days 3650 \
    -subj "/CN=mafiakit outside CA" -addext "basicConstraints=critical,CA:TRUE" \
    -addext "keyUsage=critical,keyCertSign,cRLSign" -keyout "$ca_key" -out "$ca_crt" 2>/dev/null
  chmod 644 "$ca_crt"
  if [[ "$NAME" =~ ^[0-9.]+$ ]]; then san="IP:$NAME"; else san="DNS:$NAME"; fi
  csr="$(mktemp)"; ext="$(mktemp)"
  openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -sha256 \
    -subj "/CN=$NAME" -keyout "$key" -out "$csr" 2>/dev/null
  printf 'subjectAltName=%s\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n' "$san" > "$ext"
  openssl x509 -req -in "$csr" -CA "$ca_crt" -CAkey "$ca_key" -CAcreateserial -days 825 \
    -sha256 -extfile "$ext" -out "$crt" 2>/dev/null
  rm -f "$csr" "$ext" "$ETC/ca_certificates/mafiakit-outside-ca.srl"
  chmod 644 "$crt"
  share_with_broker "$key"
  echo "outside/setup.sh: a CA of its own signed $NAME's certificate; give venues $ca_crt" >&2
fi

web="$(cd "$here/../../../web" && pwd)"
sed -e "s|/etc/mosquitto/|$ETC/|g" -e "s|@WEB_DIR@|$web|g" "$here/mosquitto.conf" \
  > "$ETC/conf.d/mafiakit-outside.conf"
chmod 644 "$ETC/conf.d/mafiakit-outside.conf"
sed -e "s|/etc/mosquitto/|$ETC/|g" "$here/stunnel.conf" > "$STUNNEL_ETC/mafiakit-outside.conf"
chmod 644 "$STUNNEL_ETC/mafiakit-outside.conf"

# The ACL: the template, then its `#@bridge ` block once per tournament (as
# bus.bridge.render_outside_acl; tournaments of earlier runs are kept).
tournaments="$ETC/mafiakit-outside-tournaments"
touch "$tournaments"
chmod 644 "$tournaments"
for t in "$@"; do grep -qxF "$t" "$tournaments" || echo "$t" >> "$tournaments"; done
acl="$ETC/mafiakit-outside.acl"
{
  sed -e '$a\' "$here/acl.conf"
  echo
  while read -r t; do
    echo "# the bridge of tournament $t"
    sed -n 's/^#@bridge //p' "$here/acl.conf" | sed -e "s/{tournament}/$t/g"
    echo
  done < "$tournaments"
} > "$acl.new"
share_with_broker "$acl.new"
mv "$acl.new" "$acl"

# Accounts, hashed by mosquitto_passwd -U from a private file (never on a command line).
passwd_file="$ETC/mafiakit-outside.passwd"
credentials="$ETC/mafiakit-outside-credentials"
touch "$passwd_file" "$credentials"
chmod 600 "$credentials"
share_with_broker "$passwd_file"
fresh="$(mktemp "$ETC/.mafiakit-new.XXXXXX")"
trap 'rm -f "$fresh"' EXIT
if ! cut -d: -f1 "$passwd_file" | grep -qxF follower; then
  printf 'follower:%s\n' "$follower_password" >> "$fresh"
  printf 'follower %s\n' "$follower_password" >> "$credentials"
fi
while read -r t; do
  if ! cut -d: -f1 "$passwd_file" | grep -qxF "bridge-$t"; then
    password="$(head -c 18 /dev/urandom | base64 | tr -d '/+=')"
    printf 'bridge-%s:%s\n' "$t" "$password" >> "$fresh"
    printf 'bridge-%s %s\n' "$t" "$password" >> "$credentials"
    echo "outside/setup.sh: created account bridge-$t" >&2
  fi
done < "$tournaments"
if [ -s "$fresh" ]; then
  mosquitto_passwd -U "$fresh" >/dev/null
  cat "$fresh" >> "$passwd_file"
fi

if [ -z "$NO_SERVICE" ]; then
  systemctl enable mosquitto >/dev/null
  systemctl restart mosquitto
  systemctl is-active --quiet mosquitto || die "mosquitto did not start: journalctl -u mosquitto"
  systemctl enable stunnel@mafiakit-outside >/dev/null 2>&1
  systemctl restart stunnel@mafiakit-outside
  systemctl is-active --quiet stunnel@mafiakit-outside ||
    die "the https front did not start: journalctl -u stunnel@mafiakit-outside"
fi
echo "outside/setup.sh: ready for $*; followers: https://$NAME/followers/index.html?" \
  "tournament=T&user=follower&password=$follower_password&broker=wss://$NAME" >&2
