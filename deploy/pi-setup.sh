#!/usr/bin/env bash
# A table Pi from a fresh Raspberry Pi OS Lite (bookworm, 64-bit): Pi 3B+, 4, 5, Zero 2 W.
# deploy/pi-setup.md explains every step. Run from a checkout of the kit, as root:
#
#   sudo deploy/pi-setup.sh --hub hub.local --tournament cup --table 3 --ca mafiakit-ca.crt \
#        [--seats 15] [--audio plughw:CARD=Device] [--screen] [--data /data] < broker-password
#
# The broker password is read from standard input (one line), never from the command line.
# --root DIR prepares an image or chroot instead of this machine (no services are started);
# --no-apt / --no-venv skip the package and Python steps (for a test run without a network).
set -euo pipefail

ROOT="" HUB="" TOURNAMENT="" TABLE="" SEATS=10 AUDIO="" SCREEN=0 DATA="" APT=1 VENV=1 CA=""
while [ $# -gt 0 ]; do
  case "$1" in
    --root) ROOT="${2%/}"; shift ;;
    --hub) HUB="$2"; shift ;;
    --tournament) TOURNAMENT="$2"; shift ;;
    --table) TABLE="$2"; shift ;;
    --seats) SEATS="$2"; shift ;;
    --audio) AUDIO="$2"; shift ;;
    --ca) CA="$2"; shift ;;
    --data) DATA="${2%/}"; shift ;;
    --screen) SCREEN=1 ;;
    --no-apt) APT=0 ;;
    --no-venv) VENV=0 ;;
    *) echo "pi-setup: unknown option $1 (see the top of this script)" >&2; exit 2 ;;
  esac
  shift
done
for need in HUB TOURNAMENT TABLE CA; do
  [ -n "${!need}" ] || { echo "pi-setup: --${need,,} is required" >&2; exit 2; }
done
case "$SEATS" in 10|15) ;; *) echo "pi-setup: --seats is 10 or 15" >&2; exit 2 ;; esac
IFS= read -r PASSWORD || true
[ -n "$PASSWORD" ] || { echo "pi-setup: give the broker password on standard input" >&2; exit 2; }

KIT="$(cd "$(dirname "$0")/.." && pwd)"
say() { echo "pi-setup: $*" >&2; }
model="$({ tr -d '\0' < "$ROOT/proc/device-tree/model"; } 2>/dev/null || echo "not a Pi (or a chroot)")"
say "model: $model"

# With --root, packages and Python are installed inside that root (chroot; an arm64 root on
# another machine needs qemu-user-static and binfmt), never on the machine running this.
in_root() { if [ -n "$ROOT" ]; then chroot "$ROOT" "$@"; else "$@"; fi; }

# 1. Packages: only what a table needs (no broker, no dev tools).
if [ "$APT" = 1 ]; then
  in_root apt-get update -qq
  in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    python3-venv python3-pip chrony alsa-utils fonts-dejavu-core libasound2 >/dev/null
fi

# 2. Accounts: one per service, no login, no home.
add_user() {  # name, supplementary groups
  local opts=(--system --user-group --no-create-home --home-dir /nonexistent
              --shell /usr/sbin/nologin)
  [ -n "$ROOT" ] && opts+=(--root "$ROOT")
  for group in ${2//,/ }; do
    getent -s files group "$group" >/dev/null 2>&1 && [ -z "$ROOT" ] && continue
    grep -q "^$group:" "$ROOT/etc/group" || groupadd --system ${ROOT:+--root "$ROOT"} "$group"
  done
  grep -q "^$1:" "$ROOT/etc/passwd" || useradd "${opts[@]}" --groups "$2" "$1"
}
add_user mafiakit-table gpio,spi,audio
[ "$SCREEN" = 1 ] && add_user mafiakit-screen video,render,input

# 3. The kit in /opt/mafiakit, with its own venv (the pin library, no dev extras).
install -d -m 0755 "$ROOT/opt/mafiakit"
if [ "$KIT" != "$ROOT/opt/mafiakit" ]; then
  tar -C "$KIT" --exclude=.venv --exclude=.git --exclude=out --exclude=__pycache__ \
    --exclude=.mypy_cache --exclude=.ruff_cache --exclude=.pytest_cache --exclude="*.egg-info" \
    -cf - . | tar -C "$ROOT/opt/mafiakit" -xf -
fi
if [ "$VENV" = 1 ]; then
  in_root python3 -m venv /opt/mafiakit/.venv
  in_root /opt/mafiakit/.venv/bin/pip install -q "/opt/mafiakit[pi]"
fi

# 4. The LED chain's SPI0 without chip-select pins (GPIO 7 and 8 stay free for keys).
boot="$ROOT/boot/firmware/config.txt"
install -d "$(dirname "$boot")"
touch "$boot"
grep -q '^dtoverlay=spi0-0cs' "$boot" || printf '\n[all]\n# mafiakit: seat LED chain\ndtoverlay=spi0-0cs\n' >> "$boot"

# 5. Configuration (no secret) and the secret (root only, 0600). The broker takes the LAN
#    over TLS only (8883, the venue CA from deploy/mosquitto/setup.sh).
install -d -m 0755 "$ROOT/etc/mafiakit"
install -m 0644 "$CA" "$ROOT/etc/mafiakit/mafiakit-ca.crt"
BROKER="mqtts://$HUB:8883"
with_account() { echo "mqtts://$1:$PASSWORD@$HUB:8883"; }
journal_dir=/var/lib/mafiakit-table
{
  echo "tournament = \"$TOURNAMENT\""
  echo "table = \"$TABLE\""
  echo "journal = \"$journal_dir/table-$TABLE.sqlite\""
  echo "[broker]"
  echo "url = \"$BROKER\"   # the account and password: /etc/mafiakit/table.env"
  echo "ca_file = \"/etc/mafiakit/mafiakit-ca.crt\""
  echo "[hardware]"
  echo "pins = \"lgpio\""
  [ -n "$AUDIO" ] && echo "audio_device = \"$AUDIO\""
  echo "[hardware.pin_map]"
  echo "seats = $SEATS"
} > "$ROOT/etc/mafiakit/table.toml"
chmod 0644 "$ROOT/etc/mafiakit/table.toml"
umask 077
printf 'MAFIAKIT_BROKER__URL=%s\n' "$(with_account "table-$TOURNAMENT-$TABLE")" \
  > "$ROOT/etc/mafiakit/table.env"
chmod 0600 "$ROOT/etc/mafiakit/table.env"
if [ "$SCREEN" = 1 ]; then
  { printf 'MAFIAKIT_SCOREBOARD_BROKER=%s?ca=/etc/mafiakit/mafiakit-ca.crt\n' \
      "$(with_account scoreboard)"
    printf 'MAFIAKIT_SCOREBOARD_ARGS=--table %s --tournament %s\n' "$TABLE" "$TOURNAMENT"
  } > "$ROOT/etc/mafiakit/scoreboard.env"
  chmod 0600 "$ROOT/etc/mafiakit/scoreboard.env"
fi
umask 022

# 6. Time from the hub: chrony, and time-sync.target waits for it (chrony-wait).
install -d "$ROOT/etc/chrony/conf.d"
printf 'server %s iburst prefer\nmakestep 1 -1\n' "$HUB" > "$ROOT/etc/chrony/conf.d/mafiakit.conf"

# 7. The units; the journal on a writable data partition when the root is read-only.
units=(mafiakit-table.service)
[ "$SCREEN" = 1 ] && units+=(mafiakit-scoreboard.service)
for unit in "${units[@]}"; do
  install -m 0644 "$KIT/deploy/systemd/$unit" "$ROOT/etc/systemd/system/$unit"
done
if [ -n "$DATA" ]; then
  install -d -m 0700 "$ROOT$DATA/mafiakit-table"
  chown "$(grep '^mafiakit-table:' "$ROOT/etc/passwd" | cut -d: -f3-4)" "$ROOT$DATA/mafiakit-table"
  install -d "$ROOT/etc/systemd/system/mafiakit-table.service.d"
  printf '[Unit]\nRequiresMountsFor=%s\n[Service]\nBindPaths=%s/mafiakit-table:%s\n' \
    "$DATA" "$DATA" "$journal_dir" > "$ROOT/etc/systemd/system/mafiakit-table.service.d/data.conf"
fi
systemctl ${ROOT:+--root="$ROOT"} enable "${units[@]}" chrony-wait.service >/dev/null 2>&1 \
  || systemctl ${ROOT:+--root="$ROOT"} enable "${units[@]}" >/dev/null
if [ -z "$ROOT" ] && [ -d /run/systemd/system ]; then  # booted with systemd (sd_booted)
  systemctl daemon-reload
  say "done: reboot once (the SPI overlay), then: journalctl -u mafiakit-table -f"
elif [ -z "$ROOT" ]; then  # a chroot or an image build: nothing to reload
  say "done: systemd is not running here; the units start when this system boots on the Pi"
else
  say "done: $ROOT is ready; boot it on the Pi"
fi
