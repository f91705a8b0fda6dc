"""The judge's actions: the commands of the game (one per game-log action, docs/game-log.md).

Actions are plain values; each variant's log reader (`engine.classic.log`,
`engine.club.log`) turns game-log lines into them (rejecting malformed lines) and back.
Whether an action is allowed *now* is the rules' business (`engine.classic.rules`,
`engine.club.decide`), which look an action's rule up by its class in a table (each class
is `final`: its own class is the key); mypy checks each row and the table's module checks,
when it loads, that every action has a rule.
"""

from __future__ import annotations

from typing import Literal, final

from engine.values import Value


@final
class Roles(Value):
    """The dealt cards; every other seat is a red citizen."""

    don: int
    mafia: tuple[int, int]
    sheriff: int


@final
class Start(Value):
    """"Наступает ночь": the zero night begins."""


@final
class Day(Value):
    """"Доброе утро": the night ends; a kill takes effect now."""


@final
class Night(Value):
    """"Наступает ночь": the day is over."""


@final
class SpeechEnd(Value):
    """The current speech is over ("пас", "спасибо", or time)."""


@final
class Nominate(Value):
    seat: int
    by: int | None = None


@final
class Withdraw(Value):
    seat: int
    by: int | None = None


@final
class Votes(Value):
    """Votes against `seat`, the next candidate; `count` or the `voters` themselves."""

    seat: int
    count: int | None = None
    voters: tuple[int, ...] | None = None


@final
class Lift(Value):
    """Votes for "all the tied players leave the table"."""

    count: int | None = None
    voters: tuple[int, ...] | None = None


@final
class Shoot(Value):
    """The mafia's shot: one agreed `target` (None = miss), or each black seat's own shot."""

    target: int | None = None
    shots: tuple[tuple[int, int | None], ...] | None = None


@final
class DonCheck(Value):
    seat: int


@final
class SheriffCheck(Value):
    seat: int


@final
class BestMove(Value):
    seats: tuple[int, ...]


@final
class Foul(Value):
    """One foul; `kind="voting"` marks a hand lifted early or put on the table before the
    vote (000 II.1.6), which some rulesets never let become a fourth foul."""

    seat: int
    reason: str | None = None
    kind: Literal["voting"] | None = None


@final
class Disqualify(Value):
    seat: int
    kind: Literal["removal", "team_loss"] = "removal"


@final
class Undo(Value):
    """Retract the last action still in effect."""


# -- after-game lines (docs/scoring.md); points are exact hundredths (0.3 -> 30) ----------


@final
class Extra(Value):
    """The judge's extra points for a seat; a later one replaces it, 0 withdraws it."""

    seat: int
    points: int
    approved_by: str | None = None


@final
class Penalty(Value):
    """A penalty the judge assessed, with the clause that gives it (000 III.10: they add up)."""

    seat: int
    points: int
    clause: str
    note: str | None = None
    approved_by: str | None = None


@final
class LeaveColour(Value):
    """`colour_left`: a colour left "под запись" in a farewell after a night kill (000 III.5.1)."""

    seat: int
    named: int
    colour: str = "black"


@final
class Protest(Value):
    """A protest written in the protocol (000 III.15.1, 001 8.6.1)."""

    seat: int
    text: str


@final
class Close(Value):
    """The judge signs the protocol (001 9.9, 003 9.10); afterwards only undo."""

    judge: str | None = None


AFTER_GAME = (Extra, Penalty, LeaveColour, Protest, Close)

Action = (
    Roles | Start | Day | Night | SpeechEnd | Nominate | Withdraw | Votes | Lift | Shoot
    | DonCheck | SheriffCheck | BestMove | Foul | Disqualify | Undo
    | Extra | Penalty | LeaveColour | Protest | Close
)
