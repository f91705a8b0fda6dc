#!/usr/bin/env bash
# Sets up everything the kit needs on a fresh Debian / Raspberry Pi OS machine:
# system packages (mosquitto, DejaVu fonts, python venv, Chromium and Xvfb for the tests,
# systemd's tools and ALSA), then .venv with the kit installed.
# Idempotent: a second run only checks.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v mosquitto >/dev/null 2>&1 || [ -x /usr/sbin/mosquitto ] || need+=(mosquitto)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || need+=(python3-venv)
# the browser tests (stream overlay, head judge's page) drive Debian's headless Chromium
command -v chromium >/dev/null 2>&1 || need+=(chromium)
# the production https front (deploy/mosquitto/stunnel.conf) in the deploy and browser tests
command -v stunnel4 >/dev/null 2>&1 || need+=(stunnel4)
# the printed protocol: WeasyPrint draws with pango (and subsets fonts with harfbuzz);
# the tests turn its PDF into PNG with pdftoppm and read it with pdftotext/pdffonts
for lib in libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fontconfig; do
  dpkg -s "$lib" >/dev/null 2>&1 || need+=("$lib")
done
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
# the windowed demo's test runs on a virtual X server
command -v Xvfb >/dev/null 2>&1 || need+=(xvfb)
# the deploy tests: systemd-analyze verify on the units (works without systemd as PID 1),
# useradd/groupadd for pi-setup.sh against a temporary root; the sound tests: ALSA's library
command -v systemd-analyze >/dev/null 2>&1 || need+=(systemd)
command -v useradd >/dev/null 2>&1 || need+=(passwd)
ldconfig -p 2>/dev/null | grep -q 'libasound.so.2 ' || need+=(libasound2)
# bench fans: its followers are MQTT.js clients under Node.js (mafiakit/bench/followers)
command -v node >/dev/null 2>&1 || need+=(nodejs)
command -v npm >/dev/null 2>&1 || need+=(npm)
if [ ${#need[@]} -gt 0 ]; then
  echo "bootstrap: installing system packages: ${need[*]}" >&2
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
stamp=.venv/.mafiakit-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  # pip's and setuptools' chatter goes to a log, shown only if the install fails
  echo "bootstrap: installing the kit into .venv (log: .venv/install.log)" >&2
  if ! { .venv/bin/python -m pip install -q --upgrade pip \
         && { ! .venv/bin/python -m pip show -q pygame \
              || .venv/bin/python -m pip uninstall -y -q pygame; } \
         && .venv/bin/python -m pip install -q -e '.[dev,report]'; } >.venv/install.log 2>&1; then
    cat .venv/install.log >&2
    echo "bootstrap: installing the kit failed (above, and in .venv/install.log)" >&2
    exit 1
  fi
  touch "$stamp"
fi

# bench fans' followers: MQTT.js as its lock file pins it (npm ci), again when the lock changes
followers=mafiakit/bench/followers
if [ ! -d "$followers/node_modules/mqtt" ] ||
   [ "$followers/package-lock.json" -nt "$followers/node_modules/.package-lock.json" ]; then
  echo "bootstrap: installing MQTT.js for bench fans (log: .venv/npm.log)" >&2
  if ! (cd "$followers" && npm ci --no-audit --no-fund) >.venv/npm.log 2>&1; then
    cat .venv/npm.log >&2
    echo "bootstrap: npm ci in $followers failed (above, and in .venv/npm.log)" >&2
    exit 1
  fi
fi
