"""The classic game's result object (docs/game-log.md, "The result object"): the protocol.

Typed as TypedDicts: the documented JSON object, key for key, so that a reader of the result
(the replay, the hub's check, the tests) is type-checked against the format.
"""

from typing import NotRequired, TypedDict

from engine.classic.ruleset import Ruleset
from engine.classic.scoring.game import SeatScoreLine, score_dict, score_game
from engine.classic.state import DAY, DayLog, GameState, NightLog
from engine.protocol import ColourLeftLine, LateDisqualification, ProtestLine


class RemovedLine(TypedDict):
    """One removal; `day` or `night` is the number of the phase it happened in."""

    seat: int
    cause: str
    day: NotRequired[int]
    night: NotRequired[int]


class RoundLine(TypedDict):
    candidates: list[int]
    votes: dict[str, int]  # the candidate's seat as a string -> votes


class LiftLine(TypedDict):
    yes: int
    passed: bool


class DayLine(TypedDict):
    day: int
    opener: int
    speakers: list[int]
    muted: list[int]
    nominations: list[int]
    vote: str
    rounds: list[RoundLine]
    lift: LiftLine | None


class NightLine(TypedDict):
    night: int
    shot: int | None
    don_check: int | None
    sheriff_check: int | None


class BestMoveLine(TypedDict):
    seat: int
    guess: list[int]
    black_found: int


class AfterGame(TypedDict):
    """What the points add (docs/scoring.md)."""

    score: dict[str, SeatScoreLine] | None
    closed: bool
    protests: list[ProtestLine]
    colour_left: list[ColourLeftLine]


class Result(TypedDict):
    """The result object; the after-game keys only when the ruleset was given."""

    rules: str
    finished: bool
    winner: str | None
    termination: str | None
    removed: list[RemovedLine]
    fouls: dict[str, int]  # every seat "1".."10"
    days: list[DayLine]
    nights: list[NightLine]
    best_move: BestMoveLine | None
    late_disqualifications: list[LateDisqualification]
    score: NotRequired[dict[str, SeatScoreLine] | None]
    closed: NotRequired[bool]
    protests: NotRequired[list[ProtestLine]]
    colour_left: NotRequired[list[ColourLeftLine]]


def result(s: GameState, rules_id: str, rules: Ruleset | None = None) -> Result:
    """Everything the judge's paper protocol holds, as one JSON-ready dict; with `rules`,
    also the points and the after-game lines (docs/scoring.md)."""
    out = _game(s, rules_id)
    if rules is not None:
        more = after_game(s, rules)
        out["score"], out["closed"] = more["score"], more["closed"]
        out["protests"], out["colour_left"] = more["protests"], more["colour_left"]
    return out


def after_game(s: GameState, rules: Ruleset) -> AfterGame:
    """`score`, `closed`, `protests`, `colour_left` (docs/scoring.md)."""
    sh = s.sheet
    return {
        "score": score_dict(score_game(s, rules)),
        "closed": sh.closed,
        "protests": [{"seat": p.seat, "text": p.text} for p in sh.protests],
        "colour_left": [{"seat": c.seat, "named": c.named, "colour": c.colour}
                        for c in sh.colour_left],
    }


def _game(s: GameState, rules_id: str) -> Result:
    days = s.days if s.day is None else (*s.days, s.day)
    nights = s.nights if s.night is None else (*s.nights, s.night)
    return {
        "rules": rules_id,
        "finished": s.finished,
        "winner": s.winner,
        "termination": s.termination,
        "removed": [{"seat": r.seat, "cause": r.cause, "day": r.number} if r.phase == DAY
                    else {"seat": r.seat, "cause": r.cause, "night": r.number}
                    for r in s.removed],
        "fouls": {str(seat): s.fouls[seat - 1] for seat in range(1, 11)},
        "days": [_day(d) for d in days],
        "nights": [_night(n) for n in nights],
        "best_move": _best_move(s),
        "late_disqualifications": [{"seat": seat, "kind": kind}
                                   for seat, kind in s.late_disqualifications],
    }


def _day(d: DayLog) -> DayLine:
    return {
        "day": d.number,
        "opener": d.opener,
        "speakers": list(d.speakers),
        "muted": list(d.muted),
        "nominations": list(d.nominations),
        "vote": d.vote,
        "rounds": [
            {"candidates": list(r.candidates),
             "votes": {str(c): n for c, n in zip(r.candidates, r.votes, strict=True)}}
            for r in d.rounds
        ],
        "lift": None if d.lift is None else {"yes": d.lift[0], "passed": d.lift[1]},
    }


def _night(n: NightLog) -> NightLine:
    return {
        "night": n.number,
        "shot": n.shot,
        "don_check": n.don_check,
        "sheriff_check": n.sheriff_check,
    }


def _best_move(s: GameState) -> BestMoveLine | None:
    """The fields of `engine.viewmodels.BestMoveView`, built here so that a replay does not
    load the screens' view models (tests/engine/test_log.py compares the two)."""
    bm = s.best_move
    if bm is None:
        return None
    return {"seat": bm.seat, "guess": list(bm.guess), "black_found": bm.black_found}
