"""`mafiakit demo`: the whole kit on one machine: a broker, the hub and a round at three
tables with scripted judges (mafiakit/demo_round.py).

Windowed (a desktop): a mosquitto of its own and the hub; table 1 is the simulated table (the
real table service on mock pins, its pad played by a key script made from an example game,
at a watchable pace), tables 2 and 3 are entered alongside it at the same pace; windows for
table 1's simulator, its table screen, the wall of every table, and table 4's simulator for a
visitor to play by hand, tiled so none covers another. It ends a few seconds after the round
(`--keep`: when a window is closed); closing any window or Ctrl-C stops it earlier.

Headless (`--headless --out DIR`, or no display): the round at full speed, table 1 in virtual
time; at every change of table 1's step it saves a PNG of each screen (table, judge, wall,
simulator) from what actually arrived over MQTT, then plays a club game at club table 5
(mafiakit/demo_club.py: its table and judge screens per step into `out/club`), prints a short
summary (what ran, every table's winner, the top of the hub's standings, the club evening,
how many PNG files it wrote and where) and writes everything as JSON to `DIR/demo.json`:
table 1's result, every table's winner, the hub's standings and, under `club`, the club
game's result and the hub's club evening.

To show more (another table, another screen), add a `Window` to `windows()`: `plan()` tiles
however many there are.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from mafiakit.demo_round import HAND_TABLE, TABLES, TOURNAMENT

if TYPE_CHECKING:  # the parts the demo starts: imported when it runs
    from device.hardware.pad import KeyEvent
    from device.table.service import TableService
    from engine.variant import GameVariant
    from engine.viewmodels import PublicView
    from firmware_sim.table import SimTable
    from mafiakit.demo_club import ClubReport
    from mafiakit.demo_round import DemoRound, RoundStandings
    from scoreboard.feed import FeedStore
    from scoreboard.live import LiveFeed

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "cml-red-wins-by-lift.jsonl"
TABLE = "1"


def _public(game: GameVariant) -> PublicView:
    """The public view of the table's game, as its screens draw it."""
    from engine import viewmodels
    from engine.vocab import InfoClass

    view = game.view(InfoClass.PUBLIC)
    assert isinstance(view, viewmodels.PublicView)
    return view


def _team(winner: object) -> str | None:
    """A winner as the report writes it ("red", "black", "draw"), None while undecided."""
    return None if winner is None else str(winner)


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
    problem = _check_game(game)
    if problem is not None:
        print(f"demo: {game}: {problem}; `mafiakit replay {game}` says the same, fix that line "
              "or pick another log with --game", file=sys.stderr)
        return 2
    if args.headless or not _has_display():
        if not args.headless:
            print("demo: no display found: running headless, screenshots go to "
                  f"{args.out}", file=sys.stderr)
        return headless(game, Path(args.out), lang=args.lang)
    return windowed(game, gap_ms=args.gap_ms, lang=args.lang, keep=args.keep)


def _check_game(game: Path) -> str | None:
    """Why the judge could not play this log (`line N: reason`), or None: found before any
    window or broker starts."""
    from engine.classic.replay import replay
    from engine.replay import ReplayError

    try:
        replay(game.read_bytes().split(b"\n"))
    except ReplayError as exc:
        return str(exc)
    except OSError as exc:
        return f"cannot read it: {exc.strerror}"
    return None


# -- windowed -------------------------------------------------------------------------------

TITLE_BAR = 32  # room a window manager's title bar takes above each window
SIM_SIZE = (800, 480)  # the simulator's window (firmware_sim/window.py)


@dataclass(frozen=True)
class Window:
    """One window of the demo: a `mafiakit` subcommand; `screen` ones scale to their cell."""

    name: str
    argv: tuple[str, ...]
    screen: bool = True


@dataclass(frozen=True)
class Placed:
    window: Window
    x: int
    y: int
    width: int
    height: int

    def overlaps(self, other: Placed) -> bool:
        return (self.x < other.x + other.width and other.x < self.x + self.width
                and self.y < other.y + other.height and other.y < self.y + self.height)


def windows(url: str, first: Path, script: Path, hand: Path, *, rules: str, lang: str,
            keep: bool = False) -> list[Window]:
    """Table 1's simulator (its judge keyed by a script) and its table screen, the wall of
    every table, and the hand table's simulator for a visitor to play."""
    common = ("--broker", url, "--tournament", TOURNAMENT, "--lang", lang)
    ends = () if keep else ("--exit-after", "8")
    return [
        Window("sim", ("sim", *common, "--table", TABLE, "--rules", rules, "--header-from",
                       str(first), "--script", str(script), "--start-delay", "4", *ends),
               screen=False),
        Window("table", ("scoreboard", *common, "--table", TABLE)),
        Window("wall", ("scoreboard", *common, "--wall")),
        Window("hand", ("sim", *common, "--table", HAND_TABLE, "--rules", rules,
                        "--header-from", str(hand)), screen=False),
    ]


def plan(desktop: tuple[int, int], wanted: list[Window]) -> list[Placed]:
    """Tile the desktop in a grid, one cell a window, each below room for its title bar;
    a screen gets the largest 16:9 window its cell holds, the simulator its fixed size."""
    columns = 2 if len(wanted) > 1 else 1
    rows = -(-len(wanted) // columns)
    cell_w, cell_h = desktop[0] // columns, desktop[1] // rows
    placed = []
    for index, window in enumerate(wanted):
        row, column = divmod(index, columns)
        room_h = cell_h - TITLE_BAR
        if window.screen:
            width = min(cell_w, room_h * 16 // 9)
            size = (width, width * 9 // 16)
        else:
            size = SIM_SIZE
        placed.append(Placed(window, column * cell_w, row * cell_h + TITLE_BAR, *size))
    return placed


def _desktop() -> tuple[int, int]:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.display.init()
    try:
        width, height = pygame.display.get_desktop_sizes()[0]
    finally:
        pygame.display.quit()
    return width, height


def windowed(game: Path, gap_ms: int, lang: str, keep: bool = False) -> int:
    """The round on screen: tables 2 and 3 are entered here at the pace of table 1's
    scripted pad, so all three end together; then it stops (unless `keep`)."""
    import signal

    from bus.broker import MosquittoProcess
    from firmware_sim.fromlog import log_to_script
    from firmware_sim.script import parse_script
    from mafiakit.demo_round import DemoRound, round_header

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt  # close the windows and the broker on the way out

    signal.signal(signal.SIGTERM, stop)
    text = game.read_text(encoding="utf-8")
    rules = json.loads(text.splitlines()[0])["rules"]
    me = [sys.executable, "-m", "mafiakit.cli"]
    with MosquittoProcess() as broker, tempfile.TemporaryDirectory(prefix="mafiakit-demo-") as d:
        folder = Path(d)
        tour = DemoRound(folder, broker.url, game, rules, sent=TABLES[1:],
                         tables=(*TABLES, HAND_TABLE))
        players = DemoRound.players(json.loads(text.splitlines()[0]))
        first, hand = folder / "table-1.jsonl", folder / "hand.jsonl"
        first.write_text(json.dumps(round_header(game, TABLE, players[TABLE]),
                                    ensure_ascii=False) + "\n", encoding="utf-8")
        hand.write_text(json.dumps(round_header(game, HAND_TABLE, players[HAND_TABLE]),
                                   ensure_ascii=False) + "\n", encoding="utf-8")
        script = folder / "judge.keys"
        script.write_text(log_to_script(text, gap_ms=gap_ms), encoding="utf-8")
        lasts = 4 + sum(step.delay_ms for step in parse_script(script.read_text()))  / 1000
        layout = plan(_desktop(), windows(broker.url, first, script, hand, rules=rules,
                                             lang=lang, keep=keep))
        procs: dict[str, subprocess.Popen[bytes]] = {}
        code = 0
        try:
            tour.start()
            tour.send_round()
            for spot in layout:
                extra = ["--size", "1280x720", "--window", f"{spot.width}x{spot.height}"]
                procs[spot.window.name] = subprocess.Popen(
                    [*me, *spot.window.argv, *(extra if spot.window.screen else [])],
                    env={**os.environ, "SDL_VIDEO_WINDOW_POS": f"{spot.x},{spot.y}"})
            print(f"demo: tournament {TOURNAMENT} on {broker.url}: the hub, tables 1-3 played "
                  f"by scripted judges (table 1 on its pad: {game.name}), table "
                  f"{HAND_TABLE} yours to play in its simulator; windows: "
                  + ", ".join(p.window.name for p in layout) + ".\n"
                  + ("demo: close any window or press Ctrl-C to stop it" if keep else
                     "demo: it stops by itself after the round; close any window or press "
                     "Ctrl-C to stop it now"), file=sys.stderr, flush=True)
            tour.wait_games_open()
            began = time.monotonic()
            while all(proc.poll() is None for proc in procs.values()):
                tour.advance(min(1.0, (time.monotonic() - began) / lasts))
                time.sleep(0.2)
            tour.advance(1.0)
        except KeyboardInterrupt:
            code = 0
        except RuntimeError as exc:
            print(str(exc), file=sys.stderr)
            code = 1
        finally:
            for proc in procs.values():
                if proc.poll() is None:
                    proc.terminate()
            for proc in procs.values():
                proc.wait(10)
            tour.close()
    print("demo: stopped", file=sys.stderr)
    return code


# -- headless -------------------------------------------------------------------------------


def headless(game: Path, out: Path, lang: str = "ru") -> int:
    """The round at full speed: table 1 keyed on its pins in virtual time, tables 2 and 3
    entered alongside it (their share of the game kept level with table 1's), the hub
    following all three; a PNG of every screen at every step of table 1; a summary on
    stdout and the result and the hub's final standings as JSON in `out`/demo.json."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from bus.broker import MosquittoProcess
    from bus.config import BrokerConfig
    from firmware_sim.clock import ManualClock
    from firmware_sim.fromlog import log_to_script
    from firmware_sim.script import (
        ScriptPlayer,
        parse_script,
        replay_virtual,
        schedule,
    )
    from firmware_sim.table import SimTable
    from mafiakit.demo_club import CLUB_TABLE, play_club
    from mafiakit.demo_round import DemoRound, wait_for
    from scoreboard.feed import FeedStore
    from scoreboard.live import LiveFeed

    out.mkdir(parents=True, exist_ok=True)
    text = game.read_text(encoding="utf-8")
    rules = json.loads(text.splitlines()[0])["rules"]
    entered = len([line for line in text.splitlines()[1:] if line.strip()])
    clock = ManualClock()
    with MosquittoProcess() as broker, tempfile.TemporaryDirectory(prefix="mafiakit-demo-") as d:
        tour = DemoRound(Path(d), broker.url, game, rules,
                         tables=(*TABLES, CLUB_TABLE)).start()
        sim = SimTable.start(tournament=TOURNAMENT, table=TABLE, rules=rules, clock=clock,
                             background=False, music=False, broker_url=broker.url,
                             journal=Path(d) / "table-1.sqlite")
        config = BrokerConfig.from_url(broker.url)
        stores = {"public": FeedStore(), "judge": FeedStore(), "wall": FeedStore()}
        feeds = {name: LiveFeed(config, stores[name], tournament=TOURNAMENT,
                                table=None if name == "wall" else TABLE,
                                view_class="public" if name == "wall" else name).start()
                 for name in stores}
        shots = Shots(out, sim, stores, lang)
        try:
            if not sim.wait_connected() or not all(f.client.wait_ready(30)
                                                   for f in feeds.values()):
                print("demo: could not connect to the demo broker", file=sys.stderr)
                return 1
            tour.send_round()

            def opened() -> bool:
                sim.service.step(0.01)  # the hub's new_game and roster arrive over cmd
                return sim.service.game_id == f"r1-t{TABLE}" and len(sim.service.names) == 10

            wait_for("table 1 opened its round-1 game", opened)
            tour.wait_games_open()
            last: list[tuple[object, ...] | None] = [None]

            def judge_key(event: KeyEvent) -> None:
                sim.service.handle(event)
                public = _public(sim.service.table_game)
                moment = (public.phase, public.number, public.step, public.speaker)
                if moment != last[0]:
                    last[0] = moment
                    tour.advance(len(sim.service.table_game.actions) / entered)
                    _catch_up(feeds, stores, _seqs(sim.service, tour))
                    shots.take(public)

            steps = parse_script(log_to_script(text, gap_ms=400))
            replay_virtual(sim.hardware, ScriptPlayer(sim.board, schedule(steps), clock()),
                           clock, judge_key)
            tour.advance(1.0)
            _catch_up(feeds, stores, _seqs(sim.service, tour))
            standings = tour.standings()
            shots.take(_public(sim.service.table_game), final=True)
            outcome = sim.service.table_game.scored_result()
            results = {TABLE: _team(outcome["winner"]), **{
                t: _team(s.service.table_game.state.winner) for t, s in tour.scripted.items()}}
            club = play_club(broker.url, Path(d), tournament=TOURNAMENT,
                             hub_database=tour.started().settings.database, out=out / "club",
                             lang=lang)
            report: DemoReport = {"result": outcome, "results": results, "standings": standings,
                      "steps": shots.count, "screenshots": shots.files + club["screenshots"],
                      "out": str(out), "club": club}
            (out / REPORT).write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n",
                                      encoding="utf-8")
            print(summary(report, game.name), flush=True)
            finished = outcome["finished"] and all(results.values()) and club["result"][
                "finished"]
            return 0 if finished else 1
        except RuntimeError as exc:
            print(str(exc), file=sys.stderr)
            return 1
        finally:
            for feed in feeds.values():
                feed.close()
            sim.close()
            tour.close()


REPORT = "demo.json"


class DemoReport(TypedDict):
    """What the headless demo writes to `REPORT`."""

    result: Mapping[str, object]  # table 1's, keyed on its pins
    results: dict[str, str | None]  # table -> its winner
    standings: RoundStandings
    steps: int
    screenshots: int
    out: str
    club: ClubReport


def summary(report: DemoReport, game: str) -> str:
    """What the headless demo did, in a few lines (everything else is in `REPORT`)."""
    out = report["out"]
    results = ", ".join(f"table {t} {w}" for t, w in report["results"].items())
    rows = report["standings"].get("standings") or []
    top = ", ".join(f"{r['place']}. {r['player']} {r['total']:g}" for r in rows[:5])
    club = report["club"]
    leaders = ", ".join(f"{p['player']} {p['points']}" for p in club["evening"]["players"][:3])
    return "\n".join([
        f"demo: tournament {TOURNAMENT}, round 1 at tables {', '.join(report['results'])}: "
        f"scripted judges, table {TABLE} keyed on its pad from {game}",
        f"  results: {results}",
        f"  the hub's standings after round 1 ({len(rows)} players): {top} ...",
        f"  club table {club['table']}: {club['result'].get('winner')} win "
        f"(game {club['game_id']}); the evening: {leaders} ...",
        f"  screenshots: {report['screenshots']} PNG files in {out} (table, judge, wall and "
        f"simulator at {report['steps']} steps; the club game's in {club['out']})",
        f"  everything as JSON: {Path(out) / REPORT}",
    ])


def _seqs(service: TableService, tour: DemoRound) -> dict[str, dict[str, int]]:
    """The seq each screen's latest snapshot carries, per table it shows (the public one
    counts only changes of the public view; the judge's counts journal lines)."""
    from engine.vocab import InfoClass

    return {"public": {TABLE: service.screen_seqs.seq[InfoClass.PUBLIC]},
            "judge": {TABLE: service.seq},
            "wall": {TABLE: service.screen_seqs.seq[InfoClass.PUBLIC],
                     **{t: s.service.screen_seqs.seq[InfoClass.PUBLIC]
                        for t, s in tour.scripted.items()}}}


def _catch_up(feeds: Mapping[str, LiveFeed], stores: Mapping[str, FeedStore],
              seqs: dict[str, dict[str, int]],
              guard: float = 10) -> None:
    """Pump the screens' MQTT feeds until each has every table's latest snapshot."""
    deadline = time.monotonic() + guard
    for name, feed in feeds.items():
        for table, seq in seqs[name].items():
            while time.monotonic() < deadline:
                current = stores[name].feed(table, feed.clock())
                if current.seq == seq and current.view is not None:
                    break
                feed.pump(0.05)


class Shots:
    """One PNG per screen at each step: table (public), judge, wall and the simulator (of
    `table`; `screens` picks among them)."""

    def __init__(self, out: Path, sim: SimTable, stores: Mapping[str, FeedStore], lang: str, *,
                 table: str = TABLE,
                 screens: tuple[str, ...] = ("table", "judge", "wall", "sim")) -> None:
        from firmware_sim.run import table_status
        from firmware_sim.window import SimWindow
        from scoreboard.render import Renderer
        from scoreboard.screen import ScreenSource

        self.out, self.count, self.files = out, 0, 0  # steps shot; PNG files written
        self.renderer = Renderer((1280, 720))
        feeds = {"table": ("public", "table"), "judge": ("judge", "judge"),
                 "wall": ("wall", "wall")}
        self.sources = {
            name: ScreenSource(stores[feeds[name][0]], mode=feeds[name][1],
                               table=None if name == "wall" else table, lang=lang)
            for name in screens if name != "sim"}
        self.window = (SimWindow(sim.hardware, sim.board, status=table_status(sim.service, lang),
                                 lang=lang) if "sim" in screens else None)

    def take(self, public: PublicView, final: bool = False) -> None:
        import pygame

        from scoreboard.display import save_png

        self.count += 1
        tag = "end" if final else f"{public.phase}-{public.number}-{public.step}"
        stem = f"{self.count:03d}-{tag}"
        now = time.monotonic()  # the LiveFeeds' clock (scoreboard/live.py)
        for name, source in self.sources.items():
            save_png(self.renderer.draw(source(now)), self.out / f"{stem}-{name}.png")
            self.files += 1
        if self.window is not None:
            pygame.image.save(self.window.render_to_surface(), str(self.out / f"{stem}-sim.png"))
            self.files += 1


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("demo", help="the whole kit with a scripted judge (windows or headless)",
                       description="Start a broker and the hub, which sends a 3-table round "
                       "to its tables; scripted judges play it. On a desktop: the simulator, "
                       "the table's screen and the wall in windows, stopping a few seconds "
                       "after the round (Ctrl-C sooner). Without one: headless, screenshots "
                       "to --out, then a club game at club table 5; a short summary at the "
                       "end, everything as JSON in --out/demo.json.")
    p.add_argument("--headless", action="store_true",
                   help="no windows: full speed, screenshots to --out, exit at the end")
    p.add_argument("--out", default="out/demo",
                   help="screenshot folder (headless; default out/demo)")
    p.add_argument("--game", default=str(EXAMPLE), metavar="LOG",
                   help="the game log table 1's judge plays "
                   "(default examples/cml-red-wins-by-lift.jsonl)")
    p.add_argument("--gap-ms", type=int, default=900, metavar="MS",
                   help="pause between the judge's key presses (windowed; default 900)")
    p.add_argument("--keep", action="store_true",
                   help="windowed: keep running after the round (play the hand table), "
                        "until a window is closed")
    p.add_argument("--lang", choices=("ru", "en"), default="ru",
                   help="the screens' language (default ru)")
    p.set_defaults(run="mafiakit.demo:command")
