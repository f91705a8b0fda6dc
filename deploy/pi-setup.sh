#!/usr/bin/env bash
# A table Pi from a fresh Raspberry Pi OS Lite, 64-bit, bookworm (Debian 12, Python 3.11) or
# trixie (Debian 13, Python 3.13): Pi 3B+, 4, 5, Zero 2 W. deploy/pi-setup.md explains every
# step. Run from a checkout of the kit, as root:
#
#   sudo deploy/pi-setup.sh --hub hub.local --tournament cup --table 3 --ca mafiakit-ca.crt \
#        [--seats 15] [--audio NAME] [--screen [--video 1920x1080@60]] [--data /data] \
#        < passwords
#
# The passwords are read from standard input, never from the command line: the first line is
# the table's broker account's (table-TOURNAMENT-TABLE), the second, with --screen, the
# screen's (scoreboard). From a terminal the script asks for them.
# Running it again (the update) sets only what its options say and keeps everything else:
# the other keys and comments of table.toml, the passwords (an empty line keeps one), the
# screen. Only the first run needs --hub, --tournament, --table and --ca.
# --pins mock: a table without a pad (a test root: scripts/boot-test.sh). --root DIR prepares
# an image or chroot instead of this machine (no services are started); --no-apt / --no-venv
# skip the package and Python steps (for a test run without a network).
set -euo pipefail

ROOT="" HUB="" TOURNAMENT="" TABLE="" SEATS="" AUDIO="" SCREEN="" DATA="" APT=1 VENV=1 CA=""
PINS="" VIDEO=1920x1080@60
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
    --pins) PINS="$2"; shift ;;
    --video) VIDEO="$2"; shift ;;
    --screen) SCREEN=1 ;;
    --no-apt) APT=0 ;;
    --no-venv) VENV=0 ;;
    *) echo "pi-setup: unknown option $1 (see the top of this script)" >&2; exit 2 ;;
  esac
  shift
done
die() { echo "pi-setup: $*" >&2; exit 2; }
say() { echo "pi-setup: $*" >&2; }

KIT="$(cd "$(dirname "$0")/.." && pwd)"
ETC="$ROOT/etc/mafiakit"
TOML="$ETC/table.toml"
TABLE_SECRET="$ETC/table-broker-url"
SCREEN_SECRET="$ETC/scoreboard-broker-url"
# the file edits bash does badly (table.toml, cmdline.txt, URLs): the kit's own stdlib helper
python3 -c 'import tomllib' 2>/dev/null ||
  die "python3 3.11 or newer is needed (Raspberry Pi OS bookworm or trixie)"
files() { PYTHONPATH="$KIT" python3 -m device.hardware.pisetup "$@"; }
toml_get() { [ -f "$TOML" ] && files toml "$TOML" get "$1"; }

# What an earlier run set stays unless an option changes it: table.toml gets only the keys
# of the options given now (on the first run, all of them).
given_hub="$HUB" given_table="$TABLE" given_pins="$PINS"
if [ -f "$TOML" ]; then
  [ -n "$TOURNAMENT" ] || TOURNAMENT="$(toml_get tournament)"
  [ -n "$TABLE" ] || TABLE="$(toml_get table)"
  if [ -z "$HUB" ]; then
    url="$(toml_get broker.url)"; url="${url#*://}"; url="${url%%/*}"; HUB="${url%:*}"
  fi
  [ -n "$PINS" ] || PINS="$(toml_get hardware.pins)"
  [ -n "$SCREEN" ] || [ ! -f "$ROOT/etc/systemd/system/mafiakit-scoreboard.service" ] || SCREEN=1
else
  given_hub=1 given_table=1 given_pins=1
fi
[ -n "$PINS" ] || PINS=lgpio
[ -f "$ETC/mafiakit-ca.crt" ] || [ -n "$CA" ] || die "--ca is required (the venue CA)"
for need in HUB TOURNAMENT TABLE; do
  [ -n "${!need}" ] || die "--${need,,} is required"
done
[[ "$TOURNAMENT" =~ ^[A-Za-z0-9._-]{1,40}$ ]] || die "--tournament: letters, digits, . _ - only"
[[ "$TABLE" =~ ^[A-Za-z0-9._-]{1,40}$ ]] || die "--table: letters, digits, . _ - only"
[[ "$HUB" =~ ^[A-Za-z0-9.-]+$ ]] || die "--hub is a host name or an IPv4 address"
case "$SEATS" in ""|10|15) ;; *) die "--seats is 10 or 15" ;; esac
case "$PINS" in ""|lgpio|mock) ;; *) die "--pins is lgpio (a Pi) or mock (no pad)" ;; esac
[ -z "$AUDIO" ] || [[ "$AUDIO" =~ ^[A-Za-z0-9:=,._-]+$ ]] || die "--audio: an ALSA name (aplay -L)"
# An HDMI name an earlier version wrote stays silent on vc4-kms (plughw: finds no format the
# card takes; the table refuses it): the update gives the table the name that plays.
if [ -z "$AUDIO" ] && [ -f "$TOML" ]; then
  old_audio="$(toml_get hardware.audio_device)"
  if [[ "$old_audio" =~ ^(plug)?hw:(CARD=)?(vc4hdmi[01]?)(,DEV=0)?$ ]]; then
    AUDIO="hdmi:CARD=${BASH_REMATCH[3]},DEV=0"
    say "audio_device $old_audio stays silent on the Pi's HDMI: $AUDIO instead"
  fi
fi
[[ "$VIDEO" =~ ^[0-9]+x[0-9]+(@[0-9]+)?$ ]] || die "--video is WIDTHxHEIGHT@HZ, e.g. 1920x1080@60"

# An earlier version kept the broker URLs in environment files: they become the secrets.
umask 077
if [ ! -s "$TABLE_SECRET" ] && [ -f "$ETC/table.env" ]; then
  sed -n 's/^MAFIAKIT_BROKER__URL=//p' "$ETC/table.env" > "$TABLE_SECRET"
fi
if [ ! -s "$SCREEN_SECRET" ] && [ -f "$ETC/scoreboard.env" ]; then
  sed -n 's/^MAFIAKIT_SCOREBOARD_BROKER=//p' "$ETC/scoreboard.env" > "$SCREEN_SECRET"
fi
umask 022
kept_account() {  # secret file: the account of the URL kept in it
  local url; url="$(cat "$1" 2>/dev/null || true)"; url="${url#*://}"; printf '%s' "${url%%:*}"
}

# The passwords: one line each from standard input; an empty one keeps the current secret.
ask() {  # prompt
  local line=""
  if [ -t 0 ]; then read -rsp "$1: " line; echo >&2; else IFS= read -r line || true; fi
  printf '%s' "$line"
}
TABLE_PASSWORD="$(ask "broker password of table-$TOURNAMENT-$TABLE (Enter keeps it)")"
[ -n "$TABLE_PASSWORD" ] || [ -s "$TABLE_SECRET" ] ||
  die "give the table's broker password on standard input (deploy/pi-setup.md)"
[ -n "$TABLE_PASSWORD" ] || [ "$(kept_account "$TABLE_SECRET")" = "table-$TOURNAMENT-$TABLE" ] ||
  die "table-$TOURNAMENT-$TABLE is a new account (the kept one is $(kept_account "$TABLE_SECRET")): give its password"
SCREEN_PASSWORD=""
if [ "$SCREEN" = 1 ]; then
  SCREEN_PASSWORD="$(ask "broker password of the screen account scoreboard (Enter keeps it)")"
  [ -n "$SCREEN_PASSWORD" ] || [ -s "$SCREEN_SECRET" ] ||
    die "--screen: give the scoreboard account's password as the second line of standard input"
fi

model="$({ tr -d '\0' < "$ROOT/proc/device-tree/model"; } 2>/dev/null || echo "not a Pi (or a chroot)")"
say "model: $model"

# With --root, packages and Python are installed inside that root (chroot; an arm64 root on
# another machine needs qemu-user-static and binfmt), never on the machine running this.
in_root() { if [ -n "$ROOT" ]; then chroot "$ROOT" "$@"; else "$@"; fi; }

# 1. Packages: only what a table needs (no broker, no dev tools, no PDF printing).
#    lgpio: Raspberry Pi OS's python3-lgpio (PyPI has no cp313 aarch64 wheel; trixie's pip
#    would try to build it without swig). The screen: the KMS/DRM libraries that
#    pygame-ce's SDL loads at run time (dlopen), checked below.
if [ "$APT" = 1 ]; then
  in_root apt-get update -qq
  packages=(python3-venv python3-pip chrony fake-hwclock alsa-utils fonts-dejavu-core)
  # trixie renamed the ALSA library for its 64-bit time ABI
  if in_root apt-cache show libasound2t64 >/dev/null 2>&1; then packages+=(libasound2t64)
  else packages+=(libasound2); fi
  if [ "$PINS" = lgpio ]; then
    in_root apt-cache show python3-lgpio >/dev/null 2>&1 ||
      die "python3-lgpio is not in this system's archives: Raspberry Pi OS has it (archive.raspberrypi.com); without a pad, --pins mock"
    packages+=(python3-lgpio)
  fi
  [ "$SCREEN" = 1 ] && packages+=(libdrm2 libgbm1 libegl1 libgles2)
  in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "${packages[@]}" >/dev/null
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

# 3. The kit in /opt/mafiakit, with its own venv. It sees the system's packages for
#    python3-lgpio; pip installs the kit and its libraries (no extras: WeasyPrint is the hub
#    machine's, `mafiakit[report]`).
install -d -m 0755 "$ROOT/opt/mafiakit"
if [ "$KIT" != "$ROOT/opt/mafiakit" ]; then
  tar -C "$KIT" --exclude=.venv --exclude=.git --exclude=out --exclude=__pycache__ \
    --exclude=.mypy_cache --exclude=.ruff_cache --exclude=.pytest_cache --exclude="*.egg-info" \
    --exclude=build -cf - . | tar -C "$ROOT/opt/mafiakit" -xf -
fi
venv=/opt/mafiakit/.venv
if [ "$VENV" = 1 ]; then
  # a venv of an earlier version (without the system's packages) is made again
  grep -qs '^include-system-site-packages = true' "$ROOT$venv/pyvenv.cfg" || rm -rf "$ROOT$venv"
  [ -x "$ROOT$venv/bin/python" ] || in_root python3 -m venv --system-site-packages "$venv"
  in_root "$venv/bin/pip" install -q --upgrade /opt/mafiakit
  if [ "$PINS" = lgpio ]; then
    in_root "$venv/bin/python" -c 'import lgpio' ||
      die "the kit's venv cannot import lgpio (python3-lgpio): the pad would not start"
  fi
  if [ "$SCREEN" = 1 ]; then  # what SDL's kmsdrm driver dlopens: missing, the screen stays black
    in_root "$venv/bin/python" -c 'import ctypes, sys
missing = []
for name in ("libdrm.so.2", "libgbm.so.1", "libEGL.so.1", "libGLESv2.so.2"):
    try:
        ctypes.CDLL(name)
    except OSError:
        missing.append(name)
sys.exit("the screen cannot start, missing: " + " ".join(missing) if missing else 0)' ||
      die "install libdrm2 libgbm1 libegl1 libgles2 (the apt step does)"
  fi
fi

# 4. The boot partition: the LED chain's SPI0 without chip-select pins (GPIO 7 and 8 stay
#    free for keys), the hardware watchdog; on the kernel's command line, no console
#    blanking and, with a screen, HDMI on even when the TV is off at boot (KMS ignores
#    hdmi_force_hotplug; "D" forces the connector on: the kernel's Documentation/fb/modedb).
boot="$ROOT/boot/firmware"
install -d "$boot"
touch "$boot/config.txt"
grep -q '^dtoverlay=spi0-0cs' "$boot/config.txt" ||
  printf '\n[all]\n# mafiakit: seat LED chain\ndtoverlay=spi0-0cs\n' >> "$boot/config.txt"
grep -q '^dtparam=watchdog=on' "$boot/config.txt" ||
  printf '\n[all]\n# mafiakit: the hardware watchdog (systemd pings it)\ndtparam=watchdog=on\n' \
    >> "$boot/config.txt"
if [ -f "$boot/cmdline.txt" ]; then
  kernel=(consoleblank=0)
  [ "$SCREEN" = 1 ] && kernel+=("video=HDMI-A-1:${VIDEO}D")
  files cmdline "$boot/cmdline.txt" "${kernel[@]}"
else
  say "no $boot/cmdline.txt (not a Raspberry Pi OS boot partition): consoleblank=0 not set"
fi

# 5. Configuration (no secret, 0644): only the keys of the options given; the rest stays.
install -d -m 0755 "$ETC"
[ -n "$CA" ] && install -m 0644 "$CA" "$ETC/mafiakit-ca.crt"
sets=("tournament=\"$TOURNAMENT\"")
[ -z "$given_hub" ] ||
  sets+=("broker.url=\"mqtts://$HUB:8883\"" 'broker.ca_file="/etc/mafiakit/mafiakit-ca.crt"')
[ -z "$given_table" ] ||
  sets+=("table=\"$TABLE\"" "journal=\"/var/lib/mafiakit-table/table-$TABLE.sqlite\"")
[ -z "$given_pins" ] || sets+=("hardware.pins=\"$PINS\"")
[ -n "$AUDIO" ] && sets+=("hardware.audio_device=\"$AUDIO\"")
unsets=()
if [ -n "$SEATS" ]; then
  sets+=("hardware.pin_map.seats=$SEATS")
  # fifteen keys are the club table (004); ten, the tournament table unless the file says club
  if [ "$SEATS" = 15 ]; then sets+=('rules="club"' "seats=15"); else unsets+=(seats); fi
fi
files toml "$TOML" set "${sets[@]}"
[ ${#unsets[@]} -eq 0 ] || files toml "$TOML" unset "${unsets[@]}"
chmod 0644 "$TOML"

# The secrets, root only (0600), handed to each service by systemd (LoadCredential=).
secret() {  # file, host, account, password, URL suffix
  local password="$4"
  [ -n "$password" ] || password="$(files password "$1")"
  umask 077
  printf '%s\n' "$password" | files url "$2" "$3" | sed "s|\$|$5|" > "$1.new"
  mv "$1.new" "$1"
  chmod 0600 "$1"
  umask 022
}
secret "$TABLE_SECRET" "$HUB" "table-$TOURNAMENT-$TABLE" "$TABLE_PASSWORD" ""
rm -f "$ETC/table.env"  # an earlier version kept the URL there, in the environment
if [ "$SCREEN" = 1 ]; then
  secret "$SCREEN_SECRET" "$HUB" scoreboard "$SCREEN_PASSWORD" "?ca=/etc/mafiakit/mafiakit-ca.crt"
  # which table the screen shows; other words of an earlier line (--lang en) stay
  args=()
  if [ -f "$ETC/scoreboard.env" ]; then
    read -ra old < <(sed -n 's/^MAFIAKIT_SCOREBOARD_ARGS=//p' "$ETC/scoreboard.env")
    for ((i = 0; i < ${#old[@]}; i++)); do
      case "${old[i]}" in --table|--tournament) i=$((i + 1)) ;; *) args+=("${old[i]}") ;; esac
    done
  fi
  printf 'MAFIAKIT_SCOREBOARD_ARGS=%s\n' "--table $TABLE --tournament $TOURNAMENT${args[*]:+ ${args[*]}}" \
    > "$ETC/scoreboard.env"
  chmod 0644 "$ETC/scoreboard.env"
fi

# 6. Time from the hub (deploy/chrony/table.conf): the table starts at once and chrony steps
#    the clock only in its first updates after boot. Nothing waits for time-sync.target:
#    chrony-wait (enabled by earlier versions) would hold the pads dead for up to 180 s.
install -d "$ROOT/etc/chrony/conf.d"
sed "s|@HUB@|$HUB|" "$KIT/deploy/chrony/table.conf" > "$ROOT/etc/chrony/conf.d/mafiakit.conf.new"
chrony_changed=0
cmp -s "$ROOT/etc/chrony/conf.d/mafiakit.conf.new" "$ROOT/etc/chrony/conf.d/mafiakit.conf" ||
  chrony_changed=1
mv "$ROOT/etc/chrony/conf.d/mafiakit.conf.new" "$ROOT/etc/chrony/conf.d/mafiakit.conf"

# 7. The venue's Wi-Fi: power saving off (a Zero 2 W has only Wi-Fi; a sleeping radio
#    answers the hub late), for every connection NetworkManager makes (NetworkManager.conf(5),
#    [connection] defaults; 2 = disable).
install -d "$ROOT/etc/NetworkManager/conf.d"
printf '# mafiakit (deploy/pi-setup.sh): Wi-Fi power saving off\n[connection]\nwifi.powersave = 2\n' \
  > "$ROOT/etc/NetworkManager/conf.d/mafiakit-wifi-powersave.conf"

# 8. systemd: the hardware watchdog (the Pi's bcm2835 watchdog takes at most 15 s), the
#    units, the journal on a writable data partition when the root is read-only.
install -d "$ROOT/etc/systemd/system.conf.d"
printf '# mafiakit (deploy/pi-setup.sh): a hung Pi reboots (dtparam=watchdog=on)\n[Manager]\nRuntimeWatchdogSec=15s\n' \
  > "$ROOT/etc/systemd/system.conf.d/mafiakit-watchdog.conf"
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
    "$DATA" "$DATA" /var/lib/mafiakit-table \
    > "$ROOT/etc/systemd/system/mafiakit-table.service.d/data.conf"
fi
systemctl ${ROOT:+--root="$ROOT"} enable "${units[@]}" >/dev/null 2>&1
systemctl ${ROOT:+--root="$ROOT"} disable chrony-wait.service >/dev/null 2>&1 || true
if [ -z "$ROOT" ] && [ -d /run/systemd/system ]; then  # booted with systemd (sd_booted)
  systemctl daemon-reload
  [ "$chrony_changed" = 0 ] || systemctl try-restart chrony.service
  say "done: reboot once (the SPI overlay, the watchdog, the kernel's command line), then: journalctl -u mafiakit-table -f"
elif [ -z "$ROOT" ]; then  # a chroot or an image build: nothing to reload
  say "done: systemd is not running here; the units start when this system boots on the Pi"
else
  say "done: $ROOT is ready; boot it on the Pi"
fi
