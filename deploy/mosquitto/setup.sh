#!/usr/bin/env bash
# Sets up the tournament broker on Debian / Raspberry Pi OS:
#   sudo deploy/mosquitto/setup.sh TOURNAMENT TABLE [TABLE ...]
#   e.g. sudo deploy/mosquitto/setup.sh autumn-cup 1 2 3 4 5 6
# Installs mosquitto, the kit's config and ACL, creates the accounts hub, scoreboard, venue
# and table-TOURNAMENT-TABLE with random passwords, and restarts the broker. Idempotent: run
# it again with more tables to add them; existing passwords are kept.
# New passwords are listed in $ETC/mafiakit-credentials (root only): copy each to its device.
#
# For a dry run without root, apt or systemd (the tests do this):
#   MAFIAKIT_ETC=/tmp/etc MAFIAKIT_NO_SERVICE=1 deploy/mosquitto/setup.sh cup 1 2
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
ETC="${MAFIAKIT_ETC:-/etc/mosquitto}"
NO_SERVICE="${MAFIAKIT_NO_SERVICE:-}"

die() { echo "setup.sh: $*" >&2; exit 2; }

[ $# -ge 2 ] || die "usage: setup.sh TOURNAMENT TABLE [TABLE ...]  (e.g. setup.sh autumn-cup 1 2 3)"
check_id() {  # same rule as bus.topics.check_id, ASCII only here
  [[ "$2" =~ ^[A-Za-z0-9._-]{1,40}$ ]] ||
    die "$1 '$2' may contain only letters, digits, '-', '_' and '.' (at most 40)"
}
tournament="$1"; shift
check_id "tournament id" "$tournament"
for table in "$@"; do check_id "table id" "$table"; done

if [ -z "$NO_SERVICE" ]; then
  [ "$(id -u)" -eq 0 ] || die "run it as root: sudo $0 $tournament $*"
  if ! command -v mosquitto_passwd >/dev/null 2>&1 || [ ! -x /usr/sbin/mosquitto ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mosquitto mosquitto-clients
  fi
fi
command -v mosquitto_passwd >/dev/null 2>&1 || die "mosquitto_passwd is missing (apt-get install mosquitto)"
mkdir -p "$ETC/conf.d"

# The config, with its paths pointing into $ETC.
sed "s|/etc/mosquitto/|$ETC/|g" "$here/mafiakit.conf" > "$ETC/conf.d/mafiakit.conf"

# The ACL: the template as is, then its `#@table ` block once per table.
acl="$ETC/mafiakit.acl"
tables_file="$ETC/mafiakit-tables"
touch "$tables_file"
for table in "$@"; do
  grep -qxF "$tournament/$table" "$tables_file" || echo "$tournament/$table" >> "$tables_file"
done
{
  sed -e '$a\' "$here/acl.conf"
  echo
  while IFS=/ read -r t n; do
    echo "# table $t/$n"
    sed -n 's/^#@table //p' "$here/acl.conf" | sed -e "s/{tournament}/$t/g" -e "s/{table}/$n/g"
    echo
  done < "$tables_file"
} > "$acl.new"
mv "$acl.new" "$acl"

# Accounts: a random password for each new one, kept in a root-only credentials list.
passwd_file="$ETC/mafiakit.passwd"
credentials="$ETC/mafiakit-credentials"
touch "$passwd_file" "$credentials"
chmod 600 "$credentials"
accounts=(hub scoreboard venue)
while IFS=/ read -r t n; do accounts+=("table-$t-$n"); done < "$tables_file"
for account in "${accounts[@]}"; do
  if ! grep -q "^$account:" "$passwd_file"; then
    password="$(head -c 18 /dev/urandom | base64 | tr -d '/+=')"
    mosquitto_passwd -b "$passwd_file" "$account" "$password"
    echo "$account $password" >> "$credentials"
    echo "setup.sh: created account $account" >&2
  fi
done

# mosquitto reads these after dropping to its own user: readable by that group only.
if getent group mosquitto >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
  chown root:mosquitto "$passwd_file" "$acl"
fi
chmod 640 "$passwd_file" "$acl"

if [ -z "$NO_SERVICE" ]; then
  systemctl enable mosquitto >/dev/null
  systemctl restart mosquitto
  systemctl is-active --quiet mosquitto || die "mosquitto did not start: journalctl -u mosquitto"
fi
echo "setup.sh: broker ready for $tournament, tables: $*; passwords in $credentials" >&2
