"""`mafiakit bench overlay`: an accepted action -> the stream overlay's DOM updated.

The overlay page (web/overlay/) runs in a real headless Chromium (Debian's `chromium`, driven
by Playwright) and is linked to a mosquitto over WebSockets; a table service (in this process)
takes the actions of random legal games. Measured are the judge's NEXT presses (`speech_end`
during a day's speeches: each one changes the public view, so each one must redraw): from just
before the table takes the action to the moment the page has redrawn its seats for that
snapshot, stamped by the page itself (`performance.timeOrigin + performance.now()`, the same
wall clock as `time.time()` here).

With `--pi-proxy` this process goes on the Pi's budget once Chromium and Playwright's
driver are up (they stay off it: the overlay runs on the stream operator's computer): the
table service, and with it the bench's few calls that wait for the page.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from mafiakit.bench import Result

NAMES = ["Сова", "Lynx", "Барон", "Mira", "Кит", "Orion", "Туман", "Vega", "Эхо", "Zed"]
# The page stamps each redraw; installed before the page's own scripts run.
STAMP = """
window.addEventListener('load', () => {
  const drawn = window.overlayDrawn;
  const push = drawn.push.bind(drawn);
  drawn.push = (d) => push({...d, at: performance.timeOrigin + performance.now()});
});
"""


PI_PROXY = True  # --pi-proxy: this process (the table service) on the budget


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def run(args: argparse.Namespace) -> Result:
    from playwright.sync_api import sync_playwright

    from bus.broker import WEB_DIR, MosquittoProcess
    from device.config import TableSettings
    from device.table.service import TableService
    from device.table.viewcache import view_of
    from engine.classic.log import action_to_dict
    from engine.classic.playout import random_game
    from engine.log import header
    from engine.vocab import InfoClass

    presses = getattr(args, "presses", None) or (60 if args.quick else 300)
    proxy = getattr(args, "proxy", None)
    browser_path = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser_path is None:
        raise SystemExit("bench overlay: headless Chromium is missing (apt-get install chromium)")
    latencies: list[float] = []
    with MosquittoProcess(websockets=True, http_dir=WEB_DIR) as broker, \
            tempfile.TemporaryDirectory(prefix="mafiakit-bench-") as folder, \
            sync_playwright() as pw:
        settings = TableSettings(journal=Path(folder) / "j.sqlite", tournament="bench",
                                 table="1", broker={"url": broker.url})
        table = TableService(settings).start()
        browser = pw.chromium.launch(executable_path=browser_path, args=["--no-sandbox"])
        try:
            assert table.bus is not None and table.bus.wait_ready(30)
            page = browser.new_page(viewport={"width": 1920, "height": 1080})
            page.add_init_script(STAMP)
            pages = broker.ws_url.replace("ws://", "http://")
            page.goto(f"{pages}/overlay/index.html?tournament=bench&table=1")
            page.wait_for_selector("#overlay[data-state=live]", timeout=30_000)
            if proxy is not None:
                proxy.confine_self("bench overlay: the table service (and the calls that "
                                   "wait for the page)")
            seed = 0
            while len(latencies) < presses:
                table.new_game(header("cml", game=seed))
                table.set_names(NAMES)
                for action in random_game("cml", seed).entered:
                    line = action_to_dict(action)
                    public = view_of(table.table_game, InfoClass.PUBLIC)
                    timed = line["action"] == "speech_end" and public.phase == "day" \
                        and public.speaker is not None
                    start_ms = time.time() * 1000
                    ok, reason = table.submit_line(line)
                    if not ok:
                        raise RuntimeError(f"the table refused a legal action: {reason}")
                    if timed and len(latencies) < presses:
                        handle = page.wait_for_function(
                            "(t) => window.overlayDrawn.find(d => d.at >= t)",
                            arg=start_ms, timeout=10_000)
                        latencies.append(handle.json_value()["at"] - start_ms)
                seed += 1
                print(f"bench overlay: {len(latencies)}/{presses} presses", file=sys.stderr)
        finally:
            if proxy is not None:
                proxy.release_self()
            browser.close()
            table.close()
    return {
        "presses": len(latencies),
        "p50_ms": round(statistics.median(latencies), 3),
        "p99_ms": round(_percentile(latencies, 0.99), 3),
        "max_ms": round(max(latencies), 3),
        "target_p99_ms": 50,
        "target_met": _percentile(latencies, 0.99) < 50,
        "path": "table service (this process) -> mosquitto -> WebSockets -> headless Chromium "
                "overlay page redrawn",
    }
