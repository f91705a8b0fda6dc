#!/usr/bin/env bash
# The boot test (issue 28): the units under a real systemd, not only as files. For each Debian
# release given (default: bookworm trixie) it boots two debootstrap'd roots with
# systemd-nspawn on a private network of their own (the venue LAN, no internet):
#   hub    "venue-laptop": deploy/mosquitto/setup.sh (broker, TLS, accounts, chrony, hub.local)
#   table  "table-3":      deploy/pi-setup.sh --screen --data /data --pins mock
# and prints what it sees: the table starts at boot and logs in to the hub as hub.local with
# its credential, the journal lands on the data directory, the watchdog restarts a hung
# engine, a config error stops after one line, the screen service retries without a limit,
# `systemd-analyze security` of both units, the clock follows the hub, the update keeps the
# settings. deploy/pi-setup.md "The boot test" shows its output and why nspawn.
#
#   sudo make boot-test                  # or: sudo scripts/boot-test.sh trixie
#
# Needs root, systemd-nspawn (systemd-container), debootstrap and Debian's mirror (for the
# roots, apt and pip; the boot itself runs without a network). The roots are cached under
# /var/cache/mafiakit-boot-test (MAFIAKIT_BOOT_CACHE), never in the repository: the first run
# takes a few minutes per release, later ones reuse the base roots (pip's cache is kept there
# too, pip-RELEASE, where the network lets pip cache).
# It starts no service on this machine and leaves nothing running: both containers are
# powered off at the end (or killed, by their own process ids, if they do not stop).
set -euo pipefail

KIT="$(cd "$(dirname "$0")/.." && pwd)"
CACHE="${MAFIAKIT_BOOT_CACHE:-/var/cache/mafiakit-boot-test}"
MIRROR="${MAFIAKIT_BOOT_MIRROR:-http://deb.debian.org/debian}"
ZONE=mkboot                      # the bridge vz-mkboot between the two containers
HUB_IP=10.77.0.1 TABLE_IP=10.77.0.2
# what Raspberry Pi OS Lite has and minbase has not (avahi and nss-mdns: raspberrypi.local)
BASE=systemd,systemd-sysv,dbus,udev,python3,iproute2,ca-certificates,systemd-timesyncd,kmod
BASE+=,procps,sudo,avahi-daemon,libnss-mdns,openssl,less
HUB_PACKAGES=(mosquitto mosquitto-clients stunnel4 chrony avahi-utils)
WAIT=120                         # a guard against a hang, never a limit on speed
FAILED=0

die() { echo "boot-test: $*" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || die "run it as root (sudo make boot-test)"
for tool in systemd-nspawn debootstrap nsenter ip; do
  command -v "$tool" >/dev/null || die "$tool is missing: apt-get install systemd-container debootstrap iproute2 util-linux"
done
releases=("$@")
[ ${#releases[@]} -gt 0 ] || releases=(bookworm trixie)

say() { printf '%s\n' "$*"; }
ok() { say "  ok    $*"; }
bad() { say "  FAIL  $*"; FAILED=$((FAILED + 1)); }
shown() {  # evidence under a check (without nspawn's own note on leaving)
  grep -v 'Attempted to remove disk file system' | sed 's/^/        | /'
}

# --- containers: systemd-nspawn --boot, commands through nsenter (no machined here) ---
declare -A SPAWN=()              # name -> the nspawn process id (ours to stop)
leader() { pgrep -P "${SPAWN[$1]}" | head -1; }
inside() {  # name, command...: run inside the booted container, as its root
  local name="$1"; shift
  nsenter -t "$(leader "$name")" -a env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin TERM=dumb \
    LANG=C.UTF-8 "$@"
}
boot() {  # name, root, hostname, extra nspawn options...
  local name="$1" root="$2" host="$3"; shift 3
  # PID 1 here is not systemd and its cgroups are v1+hybrid: the container gets the unified
  # hierarchy, which trixie's systemd 257 requires
  SYSTEMD_NSPAWN_UNIFIED_HIERARCHY=1 systemd-nspawn --quiet --boot --register=no \
    --keep-unit --console=passive -D "$root" -M "$name" --hostname="$host" \
    --bind-ro="$KIT:/mnt/mafiakit" "$@" >"$LOGS/$name.console" 2>&1 &
  SPAWN[$name]=$!
  local until=$((SECONDS + WAIT))
  until [ -n "$(leader "$name" 2>/dev/null)" ] && inside "$name" true 2>/dev/null; do
    [ $SECONDS -lt $until ] || die "$name did not start: $LOGS/$name.console"
    sleep 0.5
  done
}
settle() {  # name: until its boot is done (a guard: a unit restarting keeps it "starting")
  inside "$1" timeout "$WAIT" systemctl is-system-running --wait >/dev/null 2>&1 || true
}
lan() {  # name, address: the container's end of the zone
  ip link set "vz-$ZONE" up
  inside "$1" ip link set host0 up
  inside "$1" ip addr add "$2/24" dev host0
}
poweroff() {  # name
  local name="$1" pid="${SPAWN[$1]:-}"
  [ -n "$pid" ] || return 0
  inside "$name" systemctl poweroff >/dev/null 2>&1 || true
  local until=$((SECONDS + WAIT))
  while kill -0 "$pid" 2>/dev/null && [ $SECONDS -lt $until ]; do sleep 0.5; done
  kill -0 "$pid" 2>/dev/null && kill "$pid"
  wait "$pid" 2>/dev/null || true
  unset "SPAWN[$name]"
}
cleanup() { for name in "${!SPAWN[@]}"; do poweroff "$name"; done; }
trap cleanup EXIT

# waits (a guard only): until the command succeeds
until_true() { local until=$((SECONDS + WAIT)); until "$@"; do [ $SECONDS -lt $until ] || return 1; sleep 1; done; }
prop() { inside table systemctl show -p "$2" --value "$1" 2>/dev/null; }
prop_is() { [ "$(prop "$1" "$2")" = "$3" ]; }       # unit, property, value
prop_not() { [ "$(prop "$1" "$2")" != "$3" ]; }
prop_ge() { [ "$(prop "$1" "$2")" -ge "$3" ]; }

table_started() {  # what else to say: the table service is up, and when, after boot
  if until_true prop_is mafiakit-table.service ActiveState active; then
    local started booted
    started="$(prop mafiakit-table.service ActiveEnterTimestampMonotonic)"
    booted="$(inside table systemctl show -p UserspaceTimestampMonotonic --value)"
    ok "mafiakit-table active (running) $(( (started - booted) / 1000 )) ms after systemd started $1"
  else
    bad "mafiakit-table is $(prop mafiakit-table.service ActiveState) $1"
  fi
}

base_root() {  # release -> the cached debootstrap'd root (made once)
  local base="$CACHE/base-$1"
  if [ ! -f "$base/.mafiakit-base" ] || [ "$(cat "$base/.mafiakit-base")" != "$BASE" ]; then
    rm -rf "$base" "$base.tmp"
    say "debootstrap $1 (once; cached in $base)" >&2
    debootstrap --variant=minbase --include="$BASE" "$1" "$base.tmp" "$MIRROR" \
      >"$CACHE/debootstrap-$1.log" 2>&1 || die "debootstrap failed: $CACHE/debootstrap-$1.log"
    printf '%s' "$BASE" > "$base.tmp/.mafiakit-base"
    mv "$base.tmp" "$base"
  fi
  printf '%s' "$base"
}

one_release() {
  local rel="$1" run="$CACHE/run-$1"
  LOGS="$run/logs"
  local base; base="$(base_root "$rel")"
  rm -rf "$run"
  mkdir -p "$LOGS" "$CACHE/pip-$rel"
  cp -a "$base" "$run/hub"
  cp -a "$base" "$run/table"
  echo venue-laptop > "$run/hub/etc/hostname"  # not "hub": hub.local must work all the same
  echo table-3 > "$run/table/etc/hostname"
  say "== $rel: $(cat "$run/table/etc/debian_version"), $(chroot "$run/table" python3 --version), $(chroot "$run/table" systemctl --version | head -1)"

  # 0. The hub's packages (apt in a chroot, nothing started: policy-rc.d), and what a
  #    container may not do: set the clock (chronyd -x tracks the time without setting it).
  printf '#!/bin/sh\nexit 101\n' > "$run/hub/usr/sbin/policy-rc.d"
  chmod +x "$run/hub/usr/sbin/policy-rc.d"
  cp /etc/resolv.conf "$run/hub/etc/resolv.conf"
  chroot "$run/hub" apt-get update -qq >"$LOGS/hub-apt.log" 2>&1
  chroot "$run/hub" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    --no-install-recommends "${HUB_PACKAGES[@]}" >>"$LOGS/hub-apt.log" 2>&1 ||
    die "the hub's packages: $LOGS/hub-apt.log"
  rm "$run/hub/usr/sbin/policy-rc.d"
  for root in "$run/hub" "$run/table"; do
    mkdir -p "$root/etc/systemd/system/chrony.service.d"
    # shellcheck disable=SC2016  # $DAEMON_OPTS is systemd's to expand
    printf '# boot test only: a container may not set the clock\n[Unit]\nConditionCapability=\n[Service]\nExecStart=\nExecStart=!/usr/sbin/chronyd $DAEMON_OPTS -x\n' \
      > "$root/etc/systemd/system/chrony.service.d/boot-test.conf"
  done

  # 1. The hub: setup.sh as the head judge runs it, on the venue LAN.
  boot hub "$run/hub" venue-laptop --network-zone="$ZONE"
  lan hub "$HUB_IP"
  settle hub
  if inside hub /mnt/mafiakit/deploy/mosquitto/setup.sh cup 3 >"$LOGS/hub-setup.log" 2>&1; then
    ok "hub: deploy/mosquitto/setup.sh cup 3 on \"venue-laptop\" ($(inside hub hostname -I | xargs))"
  else
    bad "hub: setup.sh failed"; shown < "$LOGS/hub-setup.log"; return
  fi
  inside hub openssl x509 -in /etc/mosquitto/certs/mafiakit-broker.crt -noout -ext subjectAltName |
    tail -1 | xargs | shown
  for unit in mosquitto stunnel@mafiakit chrony mafiakit-hub-name; do
    if until_true inside hub systemctl -q is-active "$unit"; then ok "hub: $unit active"
    else bad "hub: $unit $(inside hub systemctl is-active "$unit")"; fi
  done
  cp "$run/hub/etc/mosquitto/ca_certificates/mafiakit-ca.crt" "$run/table/root/"
  local table_pw screen_pw
  table_pw="$(awk '$1 == "table-cup-3" {print $2}' "$run/hub/etc/mosquitto/mafiakit-credentials")"
  screen_pw="$(awk '$1 == "scoreboard" {print $2}' "$run/hub/etc/mosquitto/mafiakit-credentials")"
  printf -- '-u scoreboard\n-P %s\n' "$screen_pw" > "$run/hub/root/.sub"  # not on a command line
  poweroff hub

  # 2. The table: pi-setup as a club runs it on a fresh card (apt and pip from the
  #    network: nspawn without --boot, so systemd is not running, as in an image build).
  #    Raspberry Pi OS's boot partition, which a Debian root has not.
  mkdir -p "$run/table/boot/firmware"
  printf 'console=serial0,115200 console=tty1 root=PARTUUID=4e639091-02 rootfstype=ext4 fsck.repair=yes rootwait\n' \
    > "$run/table/boot/firmware/cmdline.txt"
  printf '[all]\n' > "$run/table/boot/firmware/config.txt"
  local proxy=()  # behind a TLS-intercepting proxy, pip in the root trusts what this host does
  [ -z "${PIP_CERT:-}" ] || proxy=(--bind-ro="$PIP_CERT:/mnt/pip-cert.pem" --setenv=PIP_CERT=/mnt/pip-cert.pem)
  if printf '%s\n%s\n' "$table_pw" "$screen_pw" | SYSTEMD_NSPAWN_UNIFIED_HIERARCHY=1 \
      systemd-nspawn --quiet --register=no --keep-unit -D "$run/table" --pipe "${proxy[@]}" \
      --bind-ro="$KIT:/mnt/mafiakit" --bind="$CACHE/pip-$rel:/root/.cache/pip" \
      /mnt/mafiakit/deploy/pi-setup.sh --hub hub.local --tournament cup --table 3 \
      --ca /root/mafiakit-ca.crt --screen --data /data --pins mock >"$LOGS/pi-setup.log" 2>&1
  then
    ok "table: deploy/pi-setup.sh --hub hub.local --tournament cup --table 3 --screen --data /data --pins mock"
  else
    bad "table: pi-setup failed"; shown < "$LOGS/pi-setup.log"; return
  fi
  tail -2 "$LOGS/pi-setup.log" | shown
  local py="$run/table/opt/mafiakit/.venv/bin/python"
  say "        | venv: $(chroot "$run/table" /opt/mafiakit/.venv/bin/python --version), $(du -sh "$run/table/opt/mafiakit/.venv" | cut -f1); WeasyPrint: $(chroot "$run/table" /opt/mafiakit/.venv/bin/python -c 'import weasyprint' 2>/dev/null && echo installed || echo 'not installed')"
  [ -x "$py" ] || bad "table: no venv"
  say "        | KMS/DRM libraries: $(chroot "$run/table" ldconfig -p | grep -oE 'lib(drm\.so\.2|gbm\.so\.1|EGL\.so\.1|GLESv2\.so\.2) ' | sort -u | xargs)"
  say "        | cmdline.txt: $(cat "$run/table/boot/firmware/cmdline.txt")"

  # 3. The venue: both boot on their LAN, no internet.
  boot hub "$run/hub" venue-laptop --network-zone="$ZONE"
  lan hub "$HUB_IP"
  settle hub
  local t0=$SECONDS
  boot table "$run/table" table-3 --network-zone="$ZONE"
  lan table "$TABLE_IP"
  settle table

  say "-- the table starts at boot"
  table_started "(booted in $((SECONDS - t0)) s here)"
  inside table systemctl status --no-pager --lines=0 mafiakit-table | sed -n '1,3p' | shown
  local wait_sync; wait_sync="$(inside table systemctl is-enabled chrony-wait.service 2>&1 || true)"
  if [ "$wait_sync" != enabled ]; then
    ok "nothing holds time-sync.target for the table: chrony-wait $wait_sync"
  else bad "chrony-wait is enabled"; fi

  say "-- it logs in to the hub as hub.local (mDNS, TLS, the venue CA) with its credential"
  local status
  # shellcheck disable=SC2016  # expanded in the hub: the password stays off command lines here
  status="$(inside hub sh -c 'mosquitto_sub -h 127.0.0.1 -p 1883 $(cat /root/.sub) -t mafia/v1/cup/tables/3/status -C 1 -W 90' 2>&1 || true)"
  if [ -n "$status" ]; then ok "the hub's broker has the table's retained status: $status"
  else bad "no status from the table at the hub"; fi
  inside table getent hosts hub.local | shown
  local main; main="$(prop mafiakit-table.service MainPID)"
  inside table ls -l /run/credentials/mafiakit-table.service/ | tail -n +2 | shown
  if inside table grep -qa 'MAFIAKIT_BROKER\|://' "/proc/$main/environ"; then bad "a broker URL in the table's environment"
  else ok "no broker URL in the table's environment (/proc/$main/environ)"; fi

  say "-- the sandbox, as the table sees it"
  local ro; ro="$(inside table nsenter -t "$main" -m sh -c 'touch /etc/mafiakit/probe 2>&1; touch /var/lib/mafiakit-table/probe && echo journal directory writable && rm /var/lib/mafiakit-table/probe' || true)"
  case "$ro" in *"Read-only file system"*"journal directory writable"*) ok "/etc read-only, its own directory writable (ProtectSystem=strict)";; *) bad "sandbox: $ro";; esac
  for unit in mafiakit-table mafiakit-scoreboard; do
    inside table systemd-analyze security --no-pager "$unit.service" | tail -1 | shown
  done

  say "-- the journal lands on the data directory"
  if until_true inside table test -s /data/mafiakit-table/table-3.sqlite; then
    ok "$(inside table ls -l /data/mafiakit-table/table-3.sqlite | awk '{print $1, $3, $NF}') (the table's view: $(inside table nsenter -t "$main" -m findmnt -no SOURCE,TARGET /var/lib/mafiakit-table | xargs))"
  else bad "no journal in /data/mafiakit-table"; fi

  say "-- the watchdog restarts a hung engine"
  local t_stop; t_stop="$(inside table date +%s)"
  inside table kill -STOP "$main"
  if until_true prop_not mafiakit-table.service MainPID "$main" &&
     until_true prop_is mafiakit-table.service ActiveState active; then
    ok "SIGSTOP to $main: restarted as $(prop mafiakit-table.service MainPID) after $(( $(inside table date +%s) - t_stop )) s"
  else
    bad "not restarted after SIGSTOP"
  fi
  inside table journalctl -u mafiakit-table --since "@$t_stop" -o short-monotonic --no-pager |
    grep -E 'Watchdog|Killing|Scheduled restart|Started|^.*ready ' | head -6 | shown
  inside table journalctl -u mafiakit-table -o cat --no-pager | grep '^ready ' | shown

  say "-- a config error stops after one clear line"
  local t_bad restarts
  t_bad="$(inside table date +%s)"
  inside table env PYTHONPATH=/opt/mafiakit python3 -m device.hardware.pisetup toml /etc/mafiakit/table.toml set 'rules="mafia99"'
  inside table systemctl restart mafiakit-table 2>/dev/null || true  # "Job ... failed": expected
  until_true prop_is mafiakit-table.service ActiveState failed || true
  restarts="$(prop mafiakit-table.service NRestarts)"
  sleep 15  # three times RestartSec: long enough to see it would have come back
  if [ "$(prop mafiakit-table.service ActiveState)" = failed ] &&
     [ "$(prop mafiakit-table.service ExecMainStatus)" = 2 ] &&
     [ "$(prop mafiakit-table.service NRestarts)" = "$restarts" ]; then
    ok "failed, exit status 2, no restart in 15 s (RestartPreventExitStatus=2); the journal:"
  else
    bad "after a config error: $(prop mafiakit-table.service ActiveState), status $(prop mafiakit-table.service ExecMainStatus), restarts $restarts -> $(prop mafiakit-table.service NRestarts)"
  fi
  inside table journalctl -u mafiakit-table --since "@$t_bad" -o cat --no-pager |
    sed -n '/^Starting/,$p' | shown
  inside table env PYTHONPATH=/opt/mafiakit python3 -m device.hardware.pisetup toml /etc/mafiakit/table.toml unset rules
  inside table systemctl restart mafiakit-table
  if until_true prop_is mafiakit-table.service ActiveState active; then
    ok "mended and restarted: active"
  else bad "not active after the mend"; fi

  say "-- the screen service waits for a screen (none in a container) and retries"
  if until_true prop_ge mafiakit-scoreboard.service NRestarts 6; then
    ok "mafiakit-scoreboard: $(prop mafiakit-scoreboard.service NRestarts) restarts, every 5 s, past systemd's default limit of 5 (StartLimitIntervalSec=0)"
  else bad "mafiakit-scoreboard restarted $(prop mafiakit-scoreboard.service NRestarts) times"; fi
  inside table journalctl -u mafiakit-scoreboard -o cat --no-pager | grep -v '^Started\|^Stopped\|Scheduled' | tail -3 | shown

  say "-- one clock: the hub serves it, the table follows (chronyd -x in a container)"
  if until_true inside table sh -c 'chronyc -n sources | grep -q "^\^\*"'; then
    ok "the table's chrony has selected the hub:"
  else
    bad "the table's chrony did not select the hub"
  fi
  inside table chronyc -n sources | tail -n +2 | shown
  inside table chronyc tracking | grep -E 'Reference ID|Stratum|Leap' | shown
  inside table sh -c 'chronyd -p | grep -nE "^(makestep|server|pool|confdir)"' | shown
  say "        | the last makestep wins (chrony.conf(5)): $(inside table sh -c 'chronyd -p | grep ^makestep | tail -1')"
  say "        | fake-hwclock (the clock at boot until the hub answers): $(inside table systemctl list-unit-files --no-legend 'fake-hwclock*' | awk '{print $1, $2}' | xargs)"
  say "        | the hardware watchdog (no /dev/watchdog in a container): $(inside table systemctl show -p RuntimeWatchdogUSec)"

  say "-- the update: pi-setup again, on the booted table (--no-apt --no-venv, nothing on stdin)"
  inside table sh -c 'printf "[stream]\ndelay_minutes = 5\n" >> /etc/mafiakit/table.toml; cp /etc/mafiakit/table.toml /root/before.toml'
  if inside table sh -c '/mnt/mafiakit/deploy/pi-setup.sh --no-apt --no-venv --audio hdmi:CARD=vc4hdmi0,DEV=0 </dev/null' >"$LOGS/update.log" 2>&1; then
    ok "pi-setup --audio ... again: $(tail -1 "$LOGS/update.log")"
  else
    bad "the update failed"; shown < "$LOGS/update.log"
  fi
  inside table diff /root/before.toml /etc/mafiakit/table.toml | shown || true

  say "-- the hub late: the table boots without it and starts all the same"
  poweroff table
  poweroff hub
  boot table "$run/table" table-3 --network-zone="$ZONE"
  lan table "$TABLE_IP"
  settle table
  table_started "with no hub on the LAN"
  sleep 10
  inside table journalctl -b -u mafiakit-table -o cat --no-pager | grep -v '^Start' | tail -3 | shown
  inside table chronyc tracking | grep -E 'Reference ID|Leap' | shown
  poweroff table
}

mkdir -p "$CACHE"
for rel in "${releases[@]}"; do
  say "boot test $(date -u '+%Y-%m-%d %H:%M UTC'), host $(uname -r), $(systemd-nspawn --version | head -1)"
  one_release "$rel"
done
say "boot test: $FAILED failed"
[ "$FAILED" = 0 ]
