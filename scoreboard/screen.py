"""One screen's frame source: which frame a table, wall or judge screen shows at a moment.

This is where the service applies the second lock on secrets: a public or audience frame that
`secrets_found` objects to is never shown; the screen shows the table as "waiting" instead and
the reason goes to the problems list (and stderr), so a bug upstream is visible, not leaked.

The wall is built for whole seconds (`WALL_TICK`) and only again when a message changed the
store or the next second began: the loop asks for a frame ten times a second, and rebuilding
every table's card each time cost about 60 µs per table for nothing. Its countdowns therefore
all step together, once a second, at most a second behind the table's own screen.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import Final

from scoreboard.feed import FeedStore
from scoreboard.frames import Frame, VenueFrame, WallFrame
from scoreboard.model import judge_frame, table_frame, wall_frame
from scoreboard.secrecy import secrets_found
from scoreboard.sizes import PAGE_S
from scoreboard.tablefeed import TableFeed
from scoreboard.venue import venue_frame

MODES: Final = ("table", "wall", "judge", "venue")
WALL_TICK: Final = 1.0  # seconds: the wall's countdowns step together, once a second


class ScreenSource:
    """`source(now)` -> the frame to show; `build` can be swapped to check the guard."""

    def __init__(
        self,
        store: FeedStore,
        *,
        mode: str = "table",
        table: str | None = None,
        lang: str = "ru",
        info_class: str = "public",
        page_s: float = PAGE_S,
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"screen mode {mode!r} is not one of {', '.join(MODES)}")
        if page_s <= 0:
            raise ValueError("--page-seconds must be a positive number of seconds")
        self.page_s = page_s
        if mode not in ("wall", "venue") and not table:
            raise ValueError(f"a {mode} screen needs a table (--table)")
        self.store = store
        self.mode = mode
        self.table = table or ""
        self.lang = lang
        self.info_class = info_class
        self.build: Callable[[float], Frame] = self._build
        self.blocked: list[str] = []
        self.builds = 0  # frames built so far (the wall reuses its frame within a second)
        self._wall: tuple[tuple[object, ...], Frame] | None = None

    def __call__(self, now: float) -> Frame:
        if self.mode in ("wall", "venue"):
            return self._wall_at(now)
        frame = self._built(now)
        if self.mode == "judge" or isinstance(frame, VenueFrame):
            return frame
        if isinstance(frame, WallFrame):
            return self._guard_wall(frame)
        leaks = secrets_found(frame)
        if not leaks:
            return frame
        self._block(frame.table, leaks)
        return table_frame(self._blank(frame.table, frame.status), now, self.lang,
                           self.info_class)

    def _wall_at(self, now: float) -> Frame:
        """The same frame object until a message arrives or the next whole second begins."""
        moment = math.floor(now / WALL_TICK) * WALL_TICK
        key = (self.build, self.store.changes, moment)
        if self._wall is None or self._wall[0] != key:
            frame = self._built(moment)
            self._wall = (key, self._guard_wall(frame) if isinstance(frame, WallFrame) else frame)
        return self._wall[1]

    def _built(self, now: float) -> Frame:
        self.builds += 1
        return self.build(now)

    def _build(self, now: float) -> Frame:
        if self.mode == "venue":  # the hub's public pages only: no table, no secret
            return venue_frame(self.store.board, now, self.lang, page_s=self.page_s,
                               link=self.store.link)
        if self.mode == "wall":
            return wall_frame(self.store.feeds(now), now, self.lang,
                              self.store.standings_as_of, self.store.link)
        feed = self.store.feed(self.table, now)
        if self.mode == "judge":
            return judge_frame(feed, now, self.lang)
        return table_frame(feed, now, self.lang, self.info_class)

    def _guard_wall(self, frame: WallFrame) -> WallFrame:
        cards = []
        for card in frame.cards:
            leaks = secrets_found(card)
            if leaks:
                self._block(card.table, leaks)
            cards.append(replace(card, phase_text="", players_text="", timer_text="", result="",
                                 result_side=None, urgent=False) if leaks else card)
        return replace(frame, cards=tuple(cards))

    def _blank(self, table: str, status: str) -> TableFeed:
        names = self.store.feed(table, 0.0).names
        return TableFeed(table=table, names=names, status=status, link=self.store.link)

    def _block(self, table: str, leaks: list[str]) -> None:
        text = f"table {table}: a frame was not shown because it gave away {leaks[0]}"
        if text not in self.blocked:
            self.blocked.append(text)
            self.store.problem(table, text)
            print(f"scoreboard: {text}", file=sys.stderr)
