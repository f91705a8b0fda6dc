"""`mafiakit demo`: the whole kit on one machine, with a scripted judge.

Windowed (a desktop): a mosquitto of its own, the simulated table (the real table service on
mock pins, its pad played by a key script made from an example game, at a watchable pace) in
one window and the table scoreboard in another. Close the simulator window to stop.

Headless (`--headless --out DIR`, or no display): the same table at full speed in virtual
time; at every change of step it saves a PNG of each screen (table, judge, wall, simulator)
from what actually arrived over MQTT, prints the result and exits when the game ends.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "cml-red-wins-by-lift.jsonl"
TOURNAMENT, TABLE = "demo", "1"


def _has_display() -> bool:
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    if driver in ("dummy", "offscreen"):
        return False
    return bool(driver or os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def command(args: argparse.Namespace) -> int:
    game = Path(args.game)
    if not game.is_file():
        print(f"demo: no game log at {game}", file=sys.stderr)
        return 2
    if args.headless or not _has_display():
        if not args.headless:
            print("demo: no display found: running headless, screenshots go to "
                  f"{args.out}", file=sys.stderr)
        return headless(game, Path(args.out), lang=args.lang)
    return windowed(game, gap_ms=args.gap_ms, lang=args.lang)


# -- windowed -------------------------------------------------------------------------------


def windowed(game: Path, gap_ms: int, lang: str) -> int:
    import signal

    from bus.broker import MosquittoProcess

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt  # close the windows and the broker on the way out

    signal.signal(signal.SIGTERM, stop)
    from firmware_sim.fromlog import log_to_script

    me = [sys.executable, "-m", "mafiakit.cli"]
    with MosquittoProcess() as broker, tempfile.TemporaryDirectory(prefix="mafiakit-demo-") as d:
        script = Path(d) / "judge.keys"
        script.write_text(log_to_script(game.read_text(encoding="utf-8"), gap_ms=gap_ms),
                          encoding="utf-8")
        rules = json.loads(game.read_text(encoding="utf-8").splitlines()[0])["rules"]
        print(f"demo: broker {broker.url}; the judge plays {game.name}", file=sys.stderr)
        # side by side on a 1920x1080 desktop (a window manager may move them)
        screen = subprocess.Popen([*me, "scoreboard", "--table", TABLE, "--tournament",
                                   TOURNAMENT, "--broker", broker.url, "--lang", lang,
                                   "--size", "1280x720"],
                                  env={**os.environ, "SDL_VIDEO_WINDOW_POS": "640,0"})
        table = subprocess.Popen([*me, "sim", "--broker", broker.url, "--tournament",
                                  TOURNAMENT, "--table", TABLE, "--rules", rules,
                                  "--script", str(script), "--start-delay", "6"],
                                 env={**os.environ, "SDL_VIDEO_WINDOW_POS": "0,600"})
        try:
            _announce_game(broker.url, json.loads(game.read_text(encoding="utf-8")
                                                  .splitlines()[0]))
            code = table.wait()
        except KeyboardInterrupt:
            code = 0
        finally:
            for proc in (table, screen):
                proc.terminate()
                proc.wait(10)
    return code


def _announce_game(url: str, header: dict[str, Any]) -> None:
    """Once the table is online, open the game with the log's header (names included);
    resend until the table replies (its command subscription may lag its birth)."""
    import queue

    from bus.client import BusClient, Received
    from bus.config import BrokerConfig
    from bus.payloads import Command
    from bus.topics import command_topic, table_topic

    hub = BusClient(BrokerConfig.from_url(url), name="demo-hub")
    hub.subscribe(table_topic(TOURNAMENT, TABLE, "status"))
    hub.subscribe(table_topic(TOURNAMENT, TABLE, "reply"))
    hub.start()
    deadline = time.monotonic() + 30
    online, sent_at = False, 0.0
    try:
        while time.monotonic() < deadline:
            if online and time.monotonic() - sent_at > 1.0:
                hub.publish(command_topic(TOURNAMENT, TABLE, "new_game"),
                            Command(name="new_game", request_id="demo", args={"header": header}))
                sent_at = time.monotonic()
            try:
                item = hub.inbox.get(timeout=0.2)
            except queue.Empty:
                continue
            if not isinstance(item, Received):
                continue
            if item.topic.endswith("/status") and b'"online"' in item.payload:
                online = True
            elif item.topic.endswith("/reply") and b'"demo"' in item.payload:
                return
        print("demo: the table did not answer; the game has no names", file=sys.stderr)
    finally:
        hub.close()


# -- headless -------------------------------------------------------------------------------


def headless(game: Path, out: Path, lang: str = "ru") -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from bus.config import BrokerConfig
    from engine.protocol import result
    from engine.views import view
    from firmware_sim.clock import ManualClock
    from firmware_sim.fromlog import log_to_script
    from firmware_sim.script import (
        ScriptPlayer,
        parse_script,
        replay_virtual,
        schedule,
    )
    from firmware_sim.table import SimTable
    from scoreboard.feed import FeedStore
    from scoreboard.live import LiveFeed

    out.mkdir(parents=True, exist_ok=True)
    text = game.read_text(encoding="utf-8")
    rules = json.loads(text.splitlines()[0])["rules"]
    clock = ManualClock()
    sim = SimTable.start(tournament=TOURNAMENT, table=TABLE, rules=rules, clock=clock,
                         background=False, music=False)
    sim.service.new_game(json.loads(text.splitlines()[0]))  # the log's header: names too
    assert sim.broker is not None
    config = BrokerConfig.from_url(sim.broker.url)
    stores = {"public": FeedStore(), "judge": FeedStore()}
    feeds = {name: LiveFeed(config, store, tournament=TOURNAMENT, table=TABLE,
                            view_class=name).start() for name, store in stores.items()}
    shots = Shots(out, sim, stores, lang)
    try:
        if not sim.wait_connected() or not all(f.client.wait_ready(30) for f in feeds.values()):
            print("demo: could not connect to the demo broker", file=sys.stderr)
            return 1
        last: list[Any] = [None]

        def judge_key(event: Any) -> None:
            sim.service.handle(event)
            public = view(sim.service.game.state, sim.service.game.rules, "public")
            moment = (public["phase"], public["number"], public["step"], public["speaker"])
            if moment != last[0]:
                last[0] = moment
                _catch_up(feeds, stores, sim.service.seq)
                shots.take(public)

        steps = parse_script(log_to_script(text, gap_ms=400))
        replay_virtual(sim.hardware, ScriptPlayer(sim.board, schedule(steps), clock()), clock,
                       judge_key)
        _catch_up(feeds, stores, sim.service.seq)
        shots.take(view(sim.service.game.state, sim.service.game.rules, "public"), final=True)
        outcome = result(sim.service.game.state, rules, sim.service.game.rules)
        print(json.dumps({"result": outcome, "screenshots": shots.count, "out": str(out)},
                         ensure_ascii=False))
        return 0 if outcome["finished"] else 1
    finally:
        for feed in feeds.values():
            feed.close()
        sim.close()


def _catch_up(feeds: dict[str, Any], stores: dict[str, Any], seq: int, guard: float = 10) -> None:
    """Pump the screens' MQTT feeds until each has the table's latest snapshot."""
    deadline = time.monotonic() + guard
    for name, feed in feeds.items():
        while time.monotonic() < deadline:
            current = stores[name].feed(TABLE, time.time())
            if current.seq == seq and current.view is not None:
                break
            feed.pump(0.05)


class Shots:
    """One PNG per screen at each step: table (public), judge, wall and the simulator."""

    def __init__(self, out: Path, sim: Any, stores: dict[str, Any], lang: str) -> None:
        from firmware_sim.window import SimWindow
        from scoreboard.render import Renderer
        from scoreboard.screen import ScreenSource

        self.out, self.count = out, 0
        self.renderer = Renderer((1280, 720))
        self.sources = {
            "table": ScreenSource(stores["public"], mode="table", table=TABLE, lang=lang),
            "judge": ScreenSource(stores["judge"], mode="judge", table=TABLE, lang=lang),
            "wall": ScreenSource(stores["public"], mode="wall", lang=lang),
        }
        self.window = SimWindow(sim.hardware, sim.board,
                                status=lambda: (sim.service.last_error or sim.service.pad_text
                                                or sim.service.summary()))

    def take(self, public: dict[str, Any], final: bool = False) -> None:
        import pygame

        from scoreboard.display import save_png

        self.count += 1
        tag = "end" if final else f"{public['phase']}-{public['number']}-{public['step']}"
        stem = f"{self.count:03d}-{tag}"
        now = time.time()
        for name, source in self.sources.items():
            save_png(self.renderer.draw(source(now)), self.out / f"{stem}-{name}.png")
        pygame.image.save(self.window.render_to_surface(), str(self.out / f"{stem}-sim.png"))


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("demo", help="the whole kit with a scripted judge (windows or headless)")
    p.add_argument("--headless", action="store_true",
                   help="no windows: full speed, screenshots to --out, exit at the end")
    p.add_argument("--out", default="out/demo", help="screenshot folder (headless)")
    p.add_argument("--game", default=str(EXAMPLE), help="the game log the judge plays")
    p.add_argument("--gap-ms", type=int, default=900,
                   help="pause between the judge's key presses (windowed)")
    p.add_argument("--lang", choices=("ru", "en"), default="ru",
                   help="the screens' language (default ru)")
    p.set_defaults(run="mafiakit.demo:command")
