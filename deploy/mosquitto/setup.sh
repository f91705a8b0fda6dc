#!/usr/bin/env bash
# Sets up the tournament broker on Debian / Raspberry Pi OS:
#   sudo deploy/mosquitto/setup.sh TOURNAMENT TABLE [TABLE ...]
#   e.g. sudo deploy/mosquitto/setup.sh autumn-cup 1 2 3 4 5 6
# Installs mosquitto, the kit's config and ACL, a venue CA and the broker's TLS certificate,
# creates the accounts hub, scoreboard, venue, head-judge, player and, per table,
# table-, overlay- and stream-TOURNAMENT-TABLE (and head-judge-NAME for each name in
# MAFIAKIT_HEAD_JUDGES) with random passwords, and restarts the broker. Idempotent: run it
# again with more tables to add them; existing passwords, the CA and the certificate are kept.
# New passwords are listed in $ETC/mafiakit-credentials (root only): copy each to its device,
# with $ETC/ca_certificates/mafiakit-ca.crt (public: every table and screen verifies the
# broker with it).
#
# The broker certificate names this host (hostname, hostname.local, localhost, 127.0.0.1),
# hub and hub.local whatever this host is called (mafiakit-hub-name.service answers to
# hub.local over mDNS when the hostname is not hub), and this host's addresses now (hostname
# -I; MAFIAKIT_HUB_ADDRESSES="192.0.2.10" instead). Other names or addresses the devices use:
# MAFIAKIT_BROKER_NAMES="hub.lan 192.0.2.10". A later run that finds one of them missing from
# the certificate signs a new one with the same CA: the devices keep trusting it.
#
# The venue's clock: chrony serves this machine's time to the LAN (deploy/chrony/hub.conf,
# /etc/chrony/conf.d/mafiakit-hub.conf); every table follows it (deploy/pi-setup.sh).
#
# Personal head judges' accounts head-judge-NAME (docs/web.md "Who decided": the hub records
# the account as who decided): MAFIAKIT_HEAD_JUDGES="anna boris" (kept for later runs).
#
# Browsers reach the broker on 9443 (https pages, wss MQTT) through stunnel4, which ends TLS
# with the broker certificate and forwards to mosquitto's plain websockets listener on
# 127.0.0.1:9001 (why: deploy/mosquitto/README.md "https for browsers").
#
# For a dry run without root, apt or systemd (the tests do this):
#   MAFIAKIT_ETC=/tmp/etc MAFIAKIT_NO_SERVICE=1 deploy/mosquitto/setup.sh cup 1 2
# (the stunnel config then goes to $MAFIAKIT_ETC/stunnel/ instead of /etc/stunnel/).
set -euo pipefail
umask 077  # everything written here is private until chmod says otherwise

here="$(cd "$(dirname "$0")" && pwd)"
ETC="${MAFIAKIT_ETC:-/etc/mosquitto}"
if [ -n "${MAFIAKIT_ETC:-}" ]; then STUNNEL_ETC="$ETC/stunnel"; else STUNNEL_ETC=/etc/stunnel; fi
if [ -n "${MAFIAKIT_ETC:-}" ]; then CHRONY_ETC="$ETC/chrony"; else CHRONY_ETC=/etc/chrony; fi
NO_SERVICE="${MAFIAKIT_NO_SERVICE:-}"
CA_DAYS=3650
CERT_DAYS=825

die() { echo "setup.sh: $*" >&2; exit 2; }

# --- The browsers' TLS front (stunnel4 on 9443 -> mosquitto's websockets on 127.0.0.1) ---
install_tls_front() {
  command -v stunnel4 >/dev/null 2>&1 && return 0
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq stunnel4
}
# Its config, pointing at the broker certificate in $ETC (stunnel reads the key as root
# before it drops to the stunnel4 user, so the key stays root:mosquitto 0640).
configure_tls_front() {
  mkdir -p "$STUNNEL_ETC"
  chmod 755 "$STUNNEL_ETC"
  sed -e "s|/etc/mosquitto/|$ETC/|g" "$here/stunnel.conf" > "$STUNNEL_ETC/mafiakit.conf"
  chmod 644 "$STUNNEL_ETC/mafiakit.conf"
}
# Debian's per-config unit stunnel@mafiakit, after mosquitto, restarted if it ever dies.
start_tls_front() {
  local dropin=/etc/systemd/system/stunnel@mafiakit.service.d
  mkdir -p "$dropin"
  chmod 755 "$dropin"
  printf '[Unit]\nAfter=mosquitto.service\n\n[Service]\nRestart=on-failure\nRestartSec=2\n' \
    > "$dropin/mafiakit.conf"
  chmod 644 "$dropin/mafiakit.conf"
  systemctl daemon-reload
  systemctl enable stunnel@mafiakit >/dev/null 2>&1
  systemctl restart stunnel@mafiakit
  systemctl is-active --quiet stunnel@mafiakit ||
    die "the https front (stunnel) did not start: journalctl -u stunnel@mafiakit"
}

# --- The venue's clock and the name hub.local ---
serve_time() {
  mkdir -p "$CHRONY_ETC/conf.d"
  chmod 755 "$CHRONY_ETC" "$CHRONY_ETC/conf.d"
  install -m 0644 "$here/../chrony/hub.conf" "$CHRONY_ETC/conf.d/mafiakit-hub.conf"
  [ -n "$NO_SERVICE" ] && return 0
  systemctl enable chrony >/dev/null 2>&1
  systemctl restart chrony
}
publish_hub_name() {  # hub.local over mDNS when this host has another name
  [ "$(hostname 2>/dev/null)" = hub ] && return 0
  command -v avahi-publish >/dev/null 2>&1 ||
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq avahi-daemon avahi-utils >/dev/null
  install -m 0644 "$here/mafiakit-hub-name.service" /etc/systemd/system/
  systemctl daemon-reload
  systemctl enable mafiakit-hub-name >/dev/null 2>&1
  systemctl restart mafiakit-hub-name
}

[ $# -ge 2 ] || die "usage: setup.sh TOURNAMENT TABLE [TABLE ...]  (e.g. setup.sh autumn-cup 1 2 3)"
check_id() {  # same rule as bus.topics.check_id, ASCII only here
  [[ "$2" =~ ^[A-Za-z0-9._-]{1,40}$ ]] ||
    die "$1 '$2' may contain only letters, digits, '-', '_' and '.' (at most 40)"
}
tournament="$1"; shift
check_id "tournament id" "$tournament"
for table in "$@"; do check_id "table id" "$table"; done
for name in ${MAFIAKIT_HEAD_JUDGES:-}; do check_id "head judge name" "$name"; done

# One account per table, as bus.acl.render_acl: `a-b/c` and `a/b-c` would share
# table-a-b-c, so the pair is refused before anything is written.
tables_file="$ETC/mafiakit-tables"
declare -A owner=()
while IFS=/ read -r t n; do
  [ -n "$t" ] && owner["table-$t-$n"]="$t/$n"
done < <(cat "$tables_file" 2>/dev/null || true)
for table in "$@"; do
  account="table-$tournament-$table"
  if [ -n "${owner[$account]:-}" ] && [ "${owner[$account]}" != "$tournament/$table" ]; then
    die "tables ${owner[$account]} and $tournament/$table would share the account $account; rename one of them"
  fi
  owner["$account"]="$tournament/$table"
done

if [ -z "$NO_SERVICE" ]; then
  [ "$(id -u)" -eq 0 ] || die "run it as root: sudo $0 $tournament $*"
  if ! command -v mosquitto_passwd >/dev/null 2>&1 || [ ! -x /usr/sbin/mosquitto ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mosquitto mosquitto-clients openssl
  fi
  command -v chronyd >/dev/null 2>&1 || [ -x /usr/sbin/chronyd ] ||
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chrony >/dev/null
  install_tls_front
fi
command -v mosquitto_passwd >/dev/null 2>&1 || die "mosquitto_passwd is missing (apt-get install mosquitto)"
command -v openssl >/dev/null 2>&1 || die "openssl is missing (apt-get install openssl)"
mkdir -p "$ETC/conf.d" "$ETC/certs" "$ETC/ca_certificates"
chmod 755 "$ETC" "$ETC/conf.d" "$ETC/certs" "$ETC/ca_certificates"

# mosquitto reads the password file, the ACL and its key after dropping to its own user:
# root:mosquitto, readable by that group only.
share_with_broker() {
  if getent group mosquitto >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
    chown root:mosquitto "$@"
  fi
  chmod 640 "$@"
}

# The config, with its paths pointing into $ETC.
web="$(cd "$here/../../web" && pwd)"  # the kit's pages, served on the browsers' listener
sed -e "s|/etc/mosquitto/|$ETC/|g" -e "s|@WEB_DIR@|$web|g" "$here/mafiakit.conf" \
  > "$ETC/conf.d/mafiakit.conf"
chmod 644 "$ETC/conf.d/mafiakit.conf"

# The venue CA (made once; its key stays root-only here) and the broker's certificate.
ca_key="$ETC/mafiakit-ca.key"
ca_crt="$ETC/ca_certificates/mafiakit-ca.crt"
broker_key="$ETC/certs/mafiakit-broker.key"
broker_crt="$ETC/certs/mafiakit-broker.crt"
if [ ! -s "$ca_key" ] || [ ! -s "$ca_crt" ]; then
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -sha256 \
    -days "$CA_DAYS" -subj "/CN=mafiakit venue CA $tournament" \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" \
    -keyout "$ca_key" -out "$ca_crt" 2>/dev/null
  chmod 600 "$ca_key"
  chmod 644 "$ca_crt"
  rm -f "$broker_crt"  # a new CA needs a new broker certificate
  echo "setup.sh: created the venue CA $ca_crt" >&2
fi
host="$(hostname 2>/dev/null || echo localhost)"
broker_san="$ETC/certs/mafiakit-broker.san"  # the names of the certificate, one a line
wanted=()
# shellcheck disable=SC2086  # lists of words
for name in localhost 127.0.0.1 ::1 "$host" "$host.local" hub hub.local \
    ${MAFIAKIT_HUB_ADDRESSES:-$(hostname -I 2>/dev/null || true)} ${MAFIAKIT_BROKER_NAMES:-}; do
  if [[ "$name" =~ ^[0-9.]+$ || "$name" == *:* ]]; then wanted+=("IP:$name"); else wanted+=("DNS:$name"); fi
done
missing=()
for name in "${wanted[@]}"; do grep -qxF "$name" "$broker_san" 2>/dev/null || missing+=("$name"); done
if [ ${#missing[@]} -gt 0 ] && [ -s "$broker_crt" ]; then
  echo "setup.sh: the broker certificate lacks ${missing[*]}: signing a new one" >&2
  rm -f "$broker_crt"
fi
if [ ! -s "$broker_key" ] || [ ! -s "$broker_crt" ]; then
  # the names it had stay (a device may use an old address), in the order first seen
  mapfile -t names < <(cat "$broker_san" 2>/dev/null || true; printf '%s\n' "${wanted[@]}")
  mapfile -t names < <(printf '%s\n' "${names[@]}" | awk 'NF && !seen[$0]++')
  san="$(IFS=,; echo "${names[*]}")"
  csr="$(mktemp)"; ext="$(mktemp)"
  openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -sha256 \
    -subj "/CN=$host" -keyout "$broker_key" -out "$csr" 2>/dev/null
  printf 'subjectAltName=%s\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n' "$san" > "$ext"
  openssl x509 -req -in "$csr" -CA "$ca_crt" -CAkey "$ca_key" -CAcreateserial \
    -days "$CERT_DAYS" -sha256 -extfile "$ext" -out "$broker_crt" 2>/dev/null
  rm -f "$csr" "$ext" "$ETC/ca_certificates/mafiakit-ca.srl"
  printf '%s\n' "${names[@]}" > "$broker_san"
  chmod 644 "$broker_crt" "$broker_san"
  share_with_broker "$broker_key"
  echo "setup.sh: created the broker certificate for $san" >&2
fi

configure_tls_front
serve_time

# The ACL: the template as is, then its `#@table ` block once per table.
acl="$ETC/mafiakit.acl"
touch "$tables_file"
chmod 644 "$tables_file"
for table in "$@"; do
  grep -qxF "$tournament/$table" "$tables_file" || echo "$tournament/$table" >> "$tables_file"
done
judges_file="$ETC/mafiakit-head-judges"
touch "$judges_file"
chmod 644 "$judges_file"
for name in ${MAFIAKIT_HEAD_JUDGES:-}; do
  grep -qxF "head-judge-$name" "$judges_file" || echo "head-judge-$name" >> "$judges_file"
done
{
  # shellcheck disable=SC1003  # sed's "append" command ends in a backslash, not a quote
  sed -e '$a\' "$here/acl.conf"
  echo
  while IFS=/ read -r t n; do
    echo "# table $t/$n"
    sed -n 's/^#@table //p' "$here/acl.conf" | sed -e "s/{tournament}/$t/g" -e "s/{table}/$n/g"
    echo
  done < "$tables_file"
  while read -r account; do  # as bus.acl.render_acl(..., head_judges=...)
    echo "# head judge $account"
    sed -n 's/^#@head-judge //p' "$here/acl.conf" | sed -e "s/{account}/$account/g"
    echo
  done < "$judges_file"
} > "$acl.new"
share_with_broker "$acl.new"
mv "$acl.new" "$acl"

# Accounts: a random password for each new one, kept in a root-only credentials list.
# Passwords never go on a command line (the process list shows it to every user): new
# accounts are written as plain lines to a private file, hashed there by
# `mosquitto_passwd -U`, and then appended.
passwd_file="$ETC/mafiakit.passwd"
credentials="$ETC/mafiakit-credentials"
touch "$passwd_file" "$credentials"
chmod 600 "$credentials"
share_with_broker "$passwd_file"
accounts=(hub scoreboard venue head-judge player)
# Per table: its own account, its stream overlay's and its delayed stream's (docs/web.md).
while IFS=/ read -r t n; do
  accounts+=("table-$t-$n" "overlay-$t-$n" "stream-$t-$n")
done < "$tables_file"
while read -r account; do accounts+=("$account"); done < "$judges_file"
fresh="$(mktemp "$ETC/.mafiakit-new.XXXXXX")"
trap 'rm -f "$fresh"' EXIT
created=()
for account in "${accounts[@]}"; do
  if ! cut -d: -f1 "$passwd_file" | grep -qxF "$account"; then
    password="$(head -c 18 /dev/urandom | base64 | tr -d '/+=')"
    printf '%s:%s\n' "$account" "$password" >> "$fresh"
    printf '%s %s\n' "$account" "$password" >> "$credentials"
    created+=("$account")
  fi
done
if [ ${#created[@]} -gt 0 ]; then
  mosquitto_passwd -U "$fresh" >/dev/null
  cat "$fresh" >> "$passwd_file"
  for account in "${created[@]}"; do echo "setup.sh: created account $account" >&2; done
fi

if [ -z "$NO_SERVICE" ]; then
  systemctl enable mosquitto >/dev/null
  systemctl restart mosquitto
  systemctl is-active --quiet mosquitto || die "mosquitto did not start: journalctl -u mosquitto"
  start_tls_front
  publish_hub_name
fi
echo "setup.sh: broker ready for $tournament, tables: $*; passwords in $credentials," \
  "the CA for every device in $ca_crt" >&2
