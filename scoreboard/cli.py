"""`mafiakit scoreboard`: a table screen, the wall of all tables, or the judge's screen.

    mafiakit scoreboard --table 3 --broker mqtt://scoreboard:PASSWORD@10.0.0.2 --tournament cup
    mafiakit scoreboard --wall --lang en --size 1280x720 --fullscreen
    mafiakit scoreboard --table 3 --sample vote --screenshot vote.png     # no broker needed
    mafiakit scoreboard --venue --tournament cup --fullscreen   # standings and seating, in turn

Exit codes: 0 done, 1 the screen or broker failed, 2 the command line is wrong.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from scoreboard.samples import NOW, SAMPLES, fill_store
from scoreboard.sizes import PAGE_S, SIZES, STALE_AFTER_S, parse_size

VENUE_SAMPLE = "tournament"  # the venue's sample: scoreboard/venue_samples.py

if TYPE_CHECKING:  # the view model loads when the screen runs, not when `mafiakit` starts
    from scoreboard.feed import FeedStore
    from scoreboard.screen import ScreenSource

DEFAULT_BROKER = "mqtt://127.0.0.1:1883"
DEFAULT_TOURNAMENT = "local"


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the `scoreboard` subcommand."""
    sizes = ", ".join(f"{w}x{h}" for w, h in SIZES)
    p = sub.add_parser("scoreboard", help="a table, the judge, the wall of all tables, or the "
                       "venue between rounds",
                       description="A screen fed by the broker: the players' screen at a table "
                       "(--table N), a venue screen (--audience), the judge's (--judge), the "
                       "wall of every table (--wall) or, between rounds, the standings and the "
                       "next round's seating page after page (--venue). Esc or q closes the "
                       "window.")
    p.add_argument("--table", help="the table to show (its id in the topics, e.g. 3)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--wall", action="store_true", help="all tables of the tournament")
    mode.add_argument("--judge", action="store_true", help="the judge's screen: everything")
    mode.add_argument("--audience", action="store_true",
                      help="a venue screen the players cannot see (shows nominations)")
    mode.add_argument("--venue", action="store_true",
                      help="the hall between rounds: the standings after round N and the next "
                           "round's seating (table and seat per player, alphabetical), a page "
                           "at a time, from the hub's public pages")
    p.add_argument("--page-seconds", type=float, default=PAGE_S, metavar="S",
                   help=f"with --venue: how long each page stays (default {PAGE_S:g})")
    p.add_argument("--lang", choices=("ru", "en"), default="ru",
                   help="screen language (default ru)")
    p.add_argument("--size", default="1920x1080", help=f"screen size: {sizes}")
    p.add_argument("--window", metavar="WxH",
                   help="a desktop window of this size, the --size screen scaled into it")
    p.add_argument("--fullscreen", action="store_true", help="fill the screen, hide the mouse")
    # a password stays out of the command line (/proc/PID/cmdline): broker_url() finds it
    p.add_argument("--broker", help="mqtt://[user:pass@]host[:port] (default "
                   "$MAFIAKIT_SCOREBOARD_BROKER, else systemd's credential broker-url, else "
                   f"{DEFAULT_BROKER})")
    p.add_argument("--tournament", default=DEFAULT_TOURNAMENT,
                   help=f"tournament id in the topics (default {DEFAULT_TOURNAMENT})")
    p.add_argument("--screenshot", metavar="PATH", help="save one frame as PNG and exit")
    p.add_argument("--wait", type=float, default=5.0, metavar="S",
                   help="with --screenshot: seconds to wait for the table's state (default 5)")
    p.add_argument("--sample", choices=[*sorted(SAMPLES), VENUE_SAMPLE], metavar="NAME",
                   help="show a built-in sample game state instead of listening to a broker: "
                   + ", ".join(sorted(SAMPLES)) + f"; with --venue: {VENUE_SAMPLE} (120 "
                   "players at 12 tables)")
    p.add_argument("--stale-after", type=float, default=STALE_AFTER_S, metavar="S",
                   help=f"a silent table counts as stale after S seconds (default "
                        f"{STALE_AFTER_S:g})")
    p.set_defaults(run="scoreboard.cli:command")


def command(args: argparse.Namespace) -> int:
    """Run the screen (or take one screenshot); returns the exit code."""
    from scoreboard.feed import FeedStore
    from scoreboard.screen import ScreenSource

    try:
        size = parse_size(args.size)
        _window(args.window)
        mode = ("wall" if args.wall else "judge" if args.judge else "venue" if args.venue
                else "table")
        if mode not in ("wall", "venue") and not args.table:
            raise ValueError("say which table to show with --table, or use --wall or --venue")
        if (args.sample == VENUE_SAMPLE) != (mode == "venue" and args.sample is not None):
            raise ValueError(f"--sample {VENUE_SAMPLE} goes with --venue, and --venue with "
                             f"--sample {VENUE_SAMPLE} only")
        store = FeedStore(stale_after=args.stale_after)
        source = ScreenSource(store, mode=mode, table=args.table, lang=args.lang,
                              info_class="audience" if args.audience else "public",
                              page_s=args.page_seconds)
        feed = _source(args, store, mode)
    except ValueError as exc:
        print(f"scoreboard: {exc}", file=sys.stderr)
        return 2
    try:
        if args.screenshot:
            return _screenshot(args, source, feed, size)
        return _run(args, source, feed, size)
    except KeyboardInterrupt:
        return 0
    except (RuntimeError, OSError) as exc:
        print(f"scoreboard: {exc}", file=sys.stderr)
        return 1
    finally:
        feed.close()


class _SampleFeed:
    """A sample game kept alive: its tables heartbeat, its clock runs from samples.NOW."""

    def __init__(self, store: FeedStore, name: str, table: str, wall: bool) -> None:
        self.store = store
        self.alive: list[str] = []
        if name == VENUE_SAMPLE:
            from scoreboard.venue_samples import sample_pages

            for page, raw in sample_pages().items():
                store.on_hub_page(page, raw)
        else:
            self.alive = fill_store(store, name, table, wall=wall)
        self.started = time.monotonic()

    def clock(self) -> float:
        return NOW + (time.monotonic() - self.started)

    def pump(self, timeout: float) -> int:
        time.sleep(timeout)
        for table in self.alive:
            self.store.on_heartbeat(table, self.clock())
        return 0

    def ready(self) -> bool:
        return True

    def silence(self, wait: float) -> str | None:
        return None

    def waited(self) -> None:
        return None

    def close(self) -> None:
        return None


class _BrokerFeed:
    """The live feed from MQTT, imported only when needed (the bus pulls in pydantic)."""

    def __init__(self, args: argparse.Namespace, store: FeedStore, mode: str) -> None:
        from bus.config import BrokerConfig
        from bus.topics import TopicError, check_id
        from scoreboard.live import LiveFeed

        try:
            check_id(args.tournament, "tournament id")
            if args.table:
                check_id(args.table, "table id")
            config = BrokerConfig.from_url(broker_url(args.broker))
        except TopicError as exc:
            raise ValueError(str(exc)) from None
        view_class = "judge" if mode == "judge" else "audience" if args.audience else "public"
        self.store = store
        self.venue = mode == "venue"
        self.table = None if mode in ("wall", "venue") else args.table
        self.live = LiveFeed(config, store, tournament=args.tournament, table=self.table,
                             view_class=view_class, venue=self.venue).start()
        self.clock: Callable[[], float] = self.live.clock  # the screen's own: docs/clock.md
        self.address = f"{config.host}:{config.port}"  # (never the password of the URL)
        self.where = (f"the hub of tournament {args.tournament!r}" if self.venue
                      else f"tournament {args.tournament!r}" if self.table is None
                      else f"table {self.table!r} of tournament {args.tournament!r}")
        self._said: str | None = None

    def pump(self, timeout: float) -> int:
        """Apply what arrived; say once on stderr when the broker cannot be reached."""
        count = self.live.pump(timeout)
        problem = self.live.link_problem
        if problem is not None and problem != self._said:
            print(f"scoreboard: {self.dead()}; retrying", file=sys.stderr, flush=True)
        self._said = problem
        return count

    def dead(self) -> str:
        if self.live.link_tls:  # reached, but TLS failed: waiting for a broker mends nothing
            return (f"the broker at {self.address} answers but TLS failed: "
                    f"{self.live.link_problem}; give the venue's CA file in the --broker URL "
                    "(mqtts://...?ca=/etc/mafiakit/mafiakit-ca.crt, deploy/mosquitto/README.md)")
        return (f"no broker answers at {self.address} ({self.live.link_problem}): start one "
                "(`mafiakit broker`) or give its --broker URL")

    def silence(self, wait: float) -> str | None:
        """Why nothing is on screen after `wait` s (None when the feed is ready)."""
        if self.ready():
            return None
        deadline = time.monotonic() + 10  # a connection attempt ends one way or the other
        while (self.live.link_problem is None and not self.live.client.connected
               and time.monotonic() < deadline):
            self.live.pump(0.1)
        if self.live.link_problem is not None or not self.live.client.connected:
            return self.dead()
        running = ("is the hub running, with the same --tournament?" if self.venue else
                   "is that table running, with the same --tournament and --table?")
        return (f"the broker at {self.address} has nothing from {self.where} within {wait:g} "
                f"s: {running}")

    def waited(self) -> None:
        """The screenshot waited `--wait` s: what was not heard by now, the broker does not
        know, and the picture says so (as a running screen does after SILENCE_S)."""
        self.live.waited()

    def ready(self) -> bool:
        """Every table heard of has sent its state and its status (the retained ones come
        right after subscribing, in no fixed order); the venue: the hub's players page."""
        if self.venue:
            return self.store.board.players is not None
        tables = self.store.tables() if self.table is None else [self.table]
        now = self.clock()
        feeds = [self.store.feed(table, now) for table in tables]
        return bool(feeds) and all(f.view is not None and f.status != "unknown" for f in feeds)

    def close(self) -> None:
        self.live.close()


def broker_url(given: str | None) -> str:
    """--broker, else $MAFIAKIT_SCOREBOARD_BROKER, else the credential that systemd hands to
    the kiosk (deploy/systemd/mafiakit-scoreboard.service, LoadCredential=broker-url), else
    the broker on this machine."""
    from bus.credentials import credential

    return (given or os.environ.get("MAFIAKIT_SCOREBOARD_BROKER") or credential("broker-url")
            or DEFAULT_BROKER)


def _source(args: argparse.Namespace, store: FeedStore, mode: str) -> _SampleFeed | _BrokerFeed:
    if args.sample:
        return _SampleFeed(store, args.sample, args.table or "1", mode == "wall")
    return _BrokerFeed(args, store, mode)


def _screenshot(args: argparse.Namespace, source: ScreenSource, feed: _SampleFeed | _BrokerFeed,
                size: tuple[int, int]) -> int:
    from scoreboard.display import save_png
    from scoreboard.render import Renderer

    deadline = time.monotonic() + max(0.0, args.wait)
    while not feed.ready() and time.monotonic() < deadline:
        feed.pump(0.1)
    silence = feed.silence(args.wait)
    feed.waited()
    now = NOW if args.sample else feed.clock()
    path = save_png(Renderer(size).draw(source(now)), args.screenshot)
    print(path)
    if silence is not None:
        print(f"scoreboard: {silence}; the screenshot shows the waiting screen",
              file=sys.stderr)
    # no broker, or one this screen cannot trust: nothing will come by waiting
    unreachable = silence is not None and isinstance(feed, _BrokerFeed) and (
        feed.live.link_problem is not None or not feed.live.client.connected)
    return 1 if unreachable else 0


def _run(args: argparse.Namespace, source: ScreenSource, feed: _SampleFeed | _BrokerFeed,
         size: tuple[int, int]) -> int:
    from scoreboard.display import Display, ScreenLoop
    from scoreboard.render import Renderer

    title = "mafiakit: " + ("wall" if args.wall else "venue" if args.venue
                            else f"table {args.table}")
    signal.signal(signal.SIGTERM, _interrupt)  # systemd stops us: close the screen cleanly
    display = Display(size, fullscreen=args.fullscreen, title=title,
                      window=_window(args.window))
    try:
        ScreenLoop(display, Renderer(size), source, clock=feed.clock).run(wait=feed.pump)
    finally:
        display.close()
    return 0


def _window(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"--window {text!r} is not WIDTHxHEIGHT, e.g. 960x540") from None
    return width, height


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt
