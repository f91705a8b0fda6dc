"""The result object of a club game (docs/club.md, "Result additions")."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from engine.club.game import ClubGame
from engine.club.score import ClubSeatScore, multiplier, rated, score
from engine.club.state import ClubDay, ClubNight, ClubState, Leave
from engine.roles import ClubRole, Side
from engine.vocab import CLUB_REMOVALS, DayVote, NightAct, Phase

if TYPE_CHECKING:  # the classic result's shapes, without loading its module at run time
    from engine.protocol import ColourLeftLine, LateDisqualification, ProtestLine


class ClubRemovedLine(TypedDict):
    """One leaver; `day` or `night` is the number of the phase he left in."""

    seat: int
    cause: str
    day: NotRequired[int]
    night: NotRequired[int]
    last_word: bool


class ClubRoundLine(TypedDict):
    candidates: list[int]
    votes: dict[str, int]  # the candidate's seat as a string -> votes
    abstained: list[int]


class CatastropheLine(TypedDict):
    tied: list[int]
    chosen: int | None


class ClubDayLine(TypedDict):
    day: int
    opener: int
    speakers: list[int]
    muted: list[int]
    nominations: list[int]
    vote: str
    rounds: list[ClubRoundLine]
    catastrophe: CatastropheLine | None


class FoundLine(TypedDict):
    seat: int
    found: str


class ClubNightLine(TypedDict):
    night: int
    putana: int | None
    mafia_shot: int | None
    don_check: FoundLine | None
    maniac_shot: int | None
    heal: int | None
    saved: int | None
    commissar_check: FoundLine | None
    kamikaze: int | None
    blast: list[int]


class RatingLine(TypedDict):
    rated: bool | None
    multiplier: int


class ClubResult(TypedDict):
    """The club's result object: the classic keys (docs/game-log.md) and the additions."""

    rules: str
    seats: int
    finished: bool
    winner: str | None
    termination: str | None
    removed: list[ClubRemovedLine]
    fouls: dict[str, int]  # every seat "1".."N"
    days: list[ClubDayLine]
    nights: list[ClubNightLine]
    best_move: None
    late_disqualifications: list[LateDisqualification]
    immunity: list[int]
    immunity_next: list[int]
    score: dict[str, ClubSeatScore] | None
    rating: RatingLine
    closed: bool
    protests: list[ProtestLine]
    colour_left: list[ColourLeftLine]


def don_found(s: ClubState, seat: int) -> str:
    """004 §7.3: the don's gestures: doctor, commissar, putana, or none."""
    role = s.role(seat)
    return role.value if role in (ClubRole.DOCTOR, ClubRole.COMMISSAR, ClubRole.PUTANA) else "none"


def commissar_found(s: ClubState, seat: int) -> str:
    """004 §7.6: thumb down for the mafia or the don, up for all the rest (the maniac too)."""
    return "mafia" if s.role(seat).side is Side.MAFIA else "city"


def immunity_next(s: ClubState) -> list[int]:
    """Club R24: who left first, other than by removal; none in a tournament (004 §5)."""
    if s.tournament:
        return []
    held = (bool(s.days) and s.days[0].vote is DayVote.HELD) or (
        s.day is not None and s.day.number == 1 and s.day.vote is DayVote.HELD)
    phase = Phase.DAY if held else Phase.NIGHT
    return [r.seat for r in s.removed
            if r.phase is phase and r.number == 1 and r.cause not in CLUB_REMOVALS]


def result(game: ClubGame) -> ClubResult:
    s, settings = game.state, game.settings
    days = s.days if s.day is None else (*s.days, s.day)
    nights = s.nights if s.night is None else (*s.nights, s.night)
    return {
        "rules": "club",
        "seats": s.seats,
        "finished": s.finished,
        "winner": None if s.winner is None else s.winner.value,
        "termination": s.termination,
        "removed": [_removed(r) for r in s.removed],
        "fouls": {str(x): s.fouls[x - 1] for x in range(1, s.seats + 1)},
        "days": [_day(d) for d in days],
        "nights": [_night(s, n) for n in nights],
        "best_move": None,
        "late_disqualifications": [],
        "immunity": sorted(s.immune),
        "immunity_next": immunity_next(s),
        "score": score(s, settings),
        "rating": {"rated": rated(settings), "multiplier": multiplier(settings)},
        "closed": s.closed,
        "protests": [{"seat": x, "text": t} for x, t in s.protests],
        "colour_left": [],  # a classic line, refused in the club game
    }


def _removed(r: Leave) -> ClubRemovedLine:
    if r.phase is Phase.DAY:
        return {"seat": r.seat, "cause": str(r.cause), "day": r.number, "last_word": r.last_word}
    return {"seat": r.seat, "cause": str(r.cause), "night": r.number, "last_word": r.last_word}


def _day(d: ClubDay) -> ClubDayLine:
    rounds: list[ClubRoundLine] = []
    if d.tally is not None:
        rounds.append({"candidates": list(d.candidates),
                       "votes": {str(x): c for x, c in d.tally.votes},
                       "abstained": list(d.tally.abstained)})
    return {
        "day": d.number, "opener": d.opener, "speakers": list(d.speakers),
        "muted": list(d.muted), "nominations": list(d.nominations),
        "vote": "pending" if d.vote is DayVote.PENDING else d.vote.value, "rounds": rounds,
        "catastrophe": {"tied": list(d.tied), "chosen": d.chosen} if d.tied else None,
    }


def _night(s: ClubState, n: ClubNight) -> ClubNightLine:
    def seat(step: NightAct) -> int | None:
        return n.get(step)[1]

    don, com = seat(NightAct.DON_CHECK), seat(NightAct.COMMISSAR_CHECK)
    return {
        "night": n.number, "putana": seat(NightAct.PUTANA),
        "mafia_shot": seat(NightAct.MAFIA_SHOT),
        "don_check": None if don is None else {"seat": don, "found": don_found(s, don)},
        "maniac_shot": seat(NightAct.MANIAC_SHOT), "heal": seat(NightAct.HEAL),
        "saved": n.saved,
        "commissar_check": None if com is None else {"seat": com,
                                                     "found": commissar_found(s, com)},
        "kamikaze": seat(NightAct.KAMIKAZE), "blast": list(n.blast),
    }
