"""The venue's screen between rounds (`mafiakit scoreboard --venue`): the standings "after
round N" and the seating of the round being played or next, page after page.

Pure: the hub's pages (scoreboard/board.py) and the clock in, one `VenueFrame` out. The pages
take turns, `page_s` seconds each, the standings first; a page holds ROWS rows in two columns
whatever the screen size (the layout scales, scoreboard/venuedraw.py), so 120 players (twelve
tables of ten) are five pages of each. The seating is alphabetical, the way a player looks
for his name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from scoreboard.board import HubBoard
from scoreboard.frames import VenueFrame
from scoreboard.link import Link, link_text
from scoreboard.sizes import PAGE_S
from words import check_lang, t

COLUMNS: Final = 2
ROWS_PER_COLUMN: Final = 12
ROWS: Final = COLUMNS * ROWS_PER_COLUMN


@dataclass(frozen=True)
class _Kind:
    kind: str
    title: str
    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    lots: frozenset[int] = frozenset()  # the rows whose place is shared by lot


def venue_frame(board: HubBoard, now: float, lang: str = "ru", *, page_s: float = PAGE_S,
                link: Link | None = None, name: str | None = None) -> VenueFrame:
    """The page to show at `now`: the pages of every kind in turn, `page_s` seconds each.
    `name`: the tournament's name for the header (the hub's own, when it gives one)."""
    check_lang(lang)
    if page_s <= 0:
        raise ValueError("a venue page must stay on the screen a positive number of seconds")
    kinds = _kinds(board, lang)
    pages = [(kind, n) for kind in kinds for n in range(_count(kind.rows))]
    note = name or (board.players.name if board.players and board.players.name else "")
    if board.hidden:
        note = t(lang, "standings.hidden")
    words = link_text(link, now, lang, heard=board.heard, hub=True)
    if not pages:
        return VenueFrame(lang=lang, kind="empty", title=t(lang, "venue.title"), note=note,
                          headings=(), rows=(), page=0, pages=0, page_text="", footnote="",
                          empty_text=t(lang, "venue.waiting"), link=words)
    kind, index = pages[int(now // page_s) % len(pages)]
    count = _count(kind.rows)
    shown = range(index * ROWS, min(len(kind.rows), (index + 1) * ROWS))
    notes = [t(lang, "venue.lot")] if kind.lots.intersection(shown) else []
    if len(kinds) > 1 and index == count - 1:  # the last page of a kind says what comes next
        upcoming = pages[(pages.index((kind, index)) + 1) % len(pages)][0]
        notes.append(t(lang, "venue.next", what=upcoming.title))
    return VenueFrame(
        lang=lang, kind=kind.kind, title=kind.title, note=note, headings=kind.headings,
        rows=kind.rows[shown.start:shown.stop], page=index + 1, pages=count,
        page_text=t(lang, "venue.page", page=index + 1, pages=count) if count > 1 else "",
        footnote=" · ".join(notes), link=words)


def _count(rows: tuple[tuple[str, ...], ...]) -> int:
    return max(1, -(-len(rows) // ROWS))


def _kinds(board: HubBoard, lang: str) -> list[_Kind]:
    kinds = []
    standings = board.standings
    seating = board.seating()
    if standings:
        number = board.as_of_round
        # the hub counts a round from its first finished game: while some of its tables
        # still play (players still have that round ahead), the standings are not "after" it
        during = number is not None and seating is not None and seating.round <= number
        kinds.append(_Kind(
            kind="standings",
            title=t(lang, "venue.during" if during else "venue.after", n=number)
            if number is not None else t(lang, "standings.title"),
            headings=(t(lang, "venue.place"), t(lang, "venue.player"), t(lang, "venue.points")),
            rows=tuple((f"{row.place}{'*' if row.lot else ''}", row.player, f"{row.total:.2f}")
                       for row in standings),
            lots=frozenset(i for i, row in enumerate(standings) if row.lot)))
    if seating is not None:
        kinds.append(_Kind(
            kind="seating", title=t(lang, "venue.seating", n=seating.round),
            headings=(t(lang, "venue.player"), t(lang, "venue.table"), t(lang, "venue.seat")),
            rows=tuple((s.player, s.table, str(s.seat)) for s in seating.seats)))
    return kinds
