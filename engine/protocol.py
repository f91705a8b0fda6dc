"""The result object of a game (docs/game-log.md, "The result object"): the protocol."""

from __future__ import annotations

from typing import Any

from engine.ruleset import Ruleset
from engine.scoring.game import score_dict, score_game
from engine.state import DayLog, GameState, NightLog


def result(s: GameState, rules_id: str, rules: Ruleset | None = None) -> dict[str, Any]:
    """Everything the judge's paper protocol holds, as one JSON-ready dict; with `rules`,
    also the points and the after-game lines (docs/scoring.md)."""
    out = _game(s, rules_id)
    if rules is not None:
        out.update(after_game(s, rules))
    return out


def after_game(s: GameState, rules: Ruleset) -> dict[str, Any]:
    """`score`, `closed`, `protests`, `colour_left` (docs/scoring.md)."""
    sh = s.sheet
    return {
        "score": score_dict(score_game(s, rules)),
        "closed": sh.closed,
        "protests": [{"seat": p.seat, "text": p.text} for p in sh.protests],
        "colour_left": [{"seat": c.seat, "named": c.named, "colour": c.colour}
                        for c in sh.colour_left],
    }


def _game(s: GameState, rules_id: str) -> dict[str, Any]:
    days = s.days if s.day is None else (*s.days, s.day)
    nights = s.nights if s.night is None else (*s.nights, s.night)
    return {
        "rules": rules_id,
        "finished": s.finished,
        "winner": s.winner,
        "termination": s.termination,
        "removed": [{"seat": r.seat, "cause": r.cause, r.phase: r.number} for r in s.removed],
        "fouls": {str(seat): s.fouls[seat - 1] for seat in range(1, 11)},
        "days": [_day(d) for d in days],
        "nights": [_night(n) for n in nights],
        "best_move": _best_move(s),
        "late_disqualifications": [{"seat": seat, "kind": kind}
                                   for seat, kind in s.late_disqualifications],
    }


def _day(d: DayLog) -> dict[str, Any]:
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


def _night(n: NightLog) -> dict[str, Any]:
    return {
        "night": n.number,
        "shot": n.shot,
        "don_check": n.don_check,
        "sheriff_check": n.sheriff_check,
    }


def _best_move(s: GameState) -> dict[str, Any] | None:
    """The fields of `engine.viewmodels.BestMoveView`, built here so that a replay does not
    load the screens' view models (tests/engine/test_log.py compares the two)."""
    bm = s.best_move
    if bm is None:
        return None
    return {"seat": bm.seat, "guess": list(bm.guess), "black_found": bm.black_found}
