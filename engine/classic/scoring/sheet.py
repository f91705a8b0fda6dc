"""The after-game record of a game: extras, penalties, colours left, protests, signature.

Part of the frozen `GameState` (`GameState.sheet`), changed only by the events below, each
folded by `fold`, which `engine.classic.apply` hands them to. Points are exact
hundredths (docs/scoring.md).
"""

from typing import NamedTuple, assert_never, get_args

from engine.values import compare_by_class


class ExtraEntry(NamedTuple):
    seat: int
    points: int  # hundredths, > 0
    approved_by: str | None = None


class PenaltyEntry(NamedTuple):
    seat: int
    points: int  # hundredths, < 0
    clause: str
    note: str | None = None
    approved_by: str | None = None


class ColourLeft(NamedTuple):
    """A colour left "под запись" in a farewell after a night kill (000 III.5.1)."""

    seat: int
    named: int
    colour: str = "black"


class Protest(NamedTuple):
    seat: int
    text: str


class Sheet(NamedTuple):
    extras: tuple[ExtraEntry, ...] = ()  # at most one per seat, in seat order
    penalties: tuple[PenaltyEntry, ...] = ()
    colour_left: tuple[ColourLeft, ...] = ()
    protests: tuple[Protest, ...] = ()
    closed: bool = False
    judge: str | None = None

    def extra_of(self, seat: int) -> ExtraEntry | None:
        return next((e for e in self.extras if e.seat == seat), None)


# -- events ---------------------------------------------------------------------------------


class ExtraSet(NamedTuple):
    """The judge's extra points of a seat (0 withdraws them; a later entry replaces)."""

    seat: int
    points: int
    approved_by: str | None


class PenaltyGiven(NamedTuple):
    entry: PenaltyEntry


class ColourLeftNoted(NamedTuple):
    entry: ColourLeft


class ProtestWritten(NamedTuple):
    entry: Protest


class ProtocolClosed(NamedTuple):
    judge: str | None


SheetEvent = ExtraSet | PenaltyGiven | ColourLeftNoted | ProtestWritten | ProtocolClosed


def _extra_set(s: Sheet, e: ExtraSet) -> Sheet:
    kept = tuple(x for x in s.extras if x.seat != e.seat)
    if e.points:
        kept = tuple(sorted((*kept, ExtraEntry(e.seat, e.points, e.approved_by))))
    return s._replace(extras=kept)


def fold(s: Sheet, e: SheetEvent) -> Sheet:
    """The sheet after one of its events (`engine.classic.apply` hands them here)."""
    match e:
        case ExtraSet():
            return _extra_set(s, e)
        case PenaltyGiven():
            return s._replace(penalties=(*s.penalties, e.entry))
        case ColourLeftNoted():
            return s._replace(colour_left=(*s.colour_left, e.entry))
        case ProtestWritten():
            return s._replace(protests=(*s.protests, e.entry))
        case ProtocolClosed():
            return s._replace(closed=True, judge=e.judge)
        case _:
            assert_never(e)

compare_by_class(ExtraEntry, PenaltyEntry, ColourLeft, Protest, Sheet, *get_args(SheetEvent))
