"""The frames a screen draws: immutable values holding every text and flag, no pygame.

A frame is a pure function of the table feed and the clock, so two equal frames draw the same
pixels: the display redraws only when the frame changed, and tests check frames as values.
All words are already in the screen's language; the renderer only lays them out.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Countdown:
    """The big clock."""

    text: str  # "00:42"
    label: str  # "Речь", with "пауза" when paused
    urgent: bool  # last ten seconds or time up
    flash: bool  # draw it red now
    paused: bool


@dataclass(frozen=True)
class Focus:
    """What stands in the clock's place when there is no clock: the seat being voted on in a
    vote without a time limit (the club's, 004), large, with a word under it."""

    text: str  # "№5"
    label: str  # "На голосовании: Лиса"


@dataclass(frozen=True)
class SeatCard:
    """One seat along the bottom of the screen."""

    seat: int
    nickname: str
    at_table: bool
    notes: tuple[str, ...]  # how and when the player left ("заголосован", "день 1"), "без речи"
    fouls: int
    muted: bool
    speaking: bool
    nominated: int | None  # place in today's nomination order, where the class may know it
    candidate: bool  # in the vote or lift going on now
    voting_now: bool  # the candidate being voted this moment
    votes: int | None  # votes counted against this candidate in the current round
    role: str | None  # citizen | sheriff | mafia | don: only after the game, or for the judge
    role_text: str  # the role in words, or ""
    points: str = ""  # the judge's screen after the game: the points to be recorded, "1.3"


@dataclass(frozen=True)
class VoteLine:
    """One candidate of the current round."""

    seat: int
    nickname: str
    votes: int | None
    current: bool
    text: str  # "№4 Лиса — 5"
    voters_text: str  # audience and judge: "голосовали: №1, №3", else ""


@dataclass(frozen=True)
class VotePanel:
    """The current voting round, with today's finished rounds above it."""

    title: str
    lines: tuple[VoteLine, ...]
    history: tuple[str, ...]


@dataclass(frozen=True)
class LiftPanel:
    """The lift question and, once counted, its answer."""

    question: str
    candidates_text: str
    answer: str


@dataclass(frozen=True)
class JudgePanel:
    """What only the judge sees: night record, pad input, the last refusal."""

    lines: tuple[str, ...]
    pending: str
    error: str
    window: str = ""  # after the game: the protest window's countdown, or "closed"
    closed: bool = False  # the protocol is signed
    protests: str = ""  # after the game: who wrote a protest


@dataclass(frozen=True)
class TableFrame:
    """One table's screen."""

    table: str
    info_class: str  # public | audience | judge
    lang: str
    title: str
    banner: str
    subtitle: str
    night: bool
    over: bool
    status: str
    status_text: str
    notice: str
    countdown: Countdown | None
    seats: tuple[SeatCard, ...]
    nominations_text: str
    vote: VotePanel | None
    lift: LiftPanel | None
    result: str  # "" until the game is decided
    result_side: str | None  # red | black | draw, for the colour of the result
    termination: str
    summary: tuple[str, ...]
    judge: JudgePanel | None = None
    deck: int = 0  # the deal: card backs to draw where the clock stands (0 = none)
    deal_lines: tuple[str, ...] = ()  # the deal: how it goes, for everyone watching
    focus: Focus | None = None  # the clock's place without a clock (a vote with no limit)
    link: str = ""  # the screen's link to the broker is the problem, in words (link.py)


@dataclass(frozen=True)
class WallCard:
    """One table on the wall of all tables."""

    table: str
    title: str
    phase_text: str
    players_text: str
    players_left: int
    timer_text: str
    urgent: bool
    night: bool
    over: bool
    status: str
    status_text: str
    result: str
    result_side: str | None


@dataclass(frozen=True)
class VenueFrame:
    """One page of the venue's screen between rounds: the standings after round N or the
    next round's seating (scoreboard/venue.py), its rows in reading order (the first column
    top to bottom, then the second)."""

    lang: str
    kind: str  # standings | seating | empty
    title: str  # "Таблица после тура 3", "Рассадка: тур 4"
    note: str  # right of the title: the tournament's name, "Таблица скрыта до финала"
    headings: tuple[str, ...]  # one per cell of a row: ("№", "Игрок", "Баллы")
    rows: tuple[tuple[str, ...], ...]
    page: int  # 1-based, within this kind
    pages: int
    page_text: str  # "1 / 3"
    footnote: str  # "* делят место: решит жребий"; what comes next
    empty_text: str = ""
    link: str = ""  # the screen's link to the broker is the problem, in words (link.py)


@dataclass(frozen=True)
class WallFrame:
    """Every table of a tournament at a glance."""

    lang: str
    title: str
    cards: tuple[WallCard, ...]
    empty_text: str
    standings_note: str = ""  # "as of round N" or "hidden", from the hub's aggregate
    link: str = ""  # the screen's link to the broker is the problem, in words (link.py)


Frame = TableFrame | WallFrame | VenueFrame  # what a screen draws
