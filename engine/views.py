"""What each information class may see (docs/views.md): public, audience, judge.

Secrecy is decided here, once: roles, shots, checks and the best move exist only in the
judge view until the game is decided; at night the public and audience views show only
"night" (no step, no timer: even the order of the night's steps would leak who is out).
"""

from __future__ import annotations

from typing import Any

from engine.roles import Role
from engine.ruleset import Ruleset
from engine.state import DAY, NIGHT, SETUP, GameState, Round
from engine.timer import Timer, current_timer, night_steps

PUBLIC, AUDIENCE, JUDGE = "public", "audience", "judge"
CLASSES = (PUBLIC, AUDIENCE, JUDGE)


def step(s: GameState, rules: Ruleset) -> str:
    """The fine-grained step of the game now (docs/views.md, "Steps")."""
    if s.finished:
        return "farewell" if s.speech is not None else "over"
    if s.phase == SETUP:
        return "deal" if s.roles is None else "ready"
    if s.phase == NIGHT:
        if s.number == 0:
            return "zero_night"
        steps = night_steps(s, rules)
        if not steps:
            return "morning"
        return {"shoot": "shoot", "best_move": "best_move"}.get(steps[0], "checks")
    if s.speech is not None:
        return s.speech.kind
    if s.voting is not None:
        return "vote"
    if s.lift is not None:
        return "lift"
    return "await_night"


def view(s: GameState, rules: Ruleset, info_class: str, actions: int = 0) -> dict[str, Any]:
    """The state as the given information class may see it: a plain JSON-ready dict."""
    if info_class not in CLASSES:
        raise ValueError(f"unknown information class {info_class!r}")
    judge = info_class == JUDGE
    secret_open = judge or s.finished
    the_step = step(s, rules)
    timer = current_timer(s, rules)
    dark = s.phase == NIGHT and not s.finished and not judge
    day = s.day if s.phase == DAY else None
    out: dict[str, Any] = {
        "view": info_class,
        "rules": rules.id,
        "actions": actions,
        "phase": "finished" if s.finished else s.phase,
        "number": s.number,
        "step": "night" if dark and s.number > 0 else the_step,
        "speaker": s.speech.seat if s.speech is not None and not dark else None,
        "timer": _timer(timer, dark and s.number > 0, judge),
        "seats": _seats(s),
        "nominations": _nominations(s, rules, info_class),
        "vote": _vote(s, info_class),
        "rounds": [_round(r, info_class) for r in day.rounds] if day is not None else [],
        "lift": _lift(s),
        "day_vote": day.vote if day is not None else None,
        "winner": s.winner,
        "termination": s.termination,
        "roles": _roles(s) if secret_open else None,
    }
    if secret_open:
        out["nights"] = [night_dict(n, s) for n in _all_nights(s)]
        out["best_move"] = best_move_dict(s)
    if judge:
        out["night_steps"] = list(night_steps(s, rules))
    return out


def _timer(timer: Timer | None, dark: bool, judge: bool) -> dict[str, Any] | None:
    if timer is None or dark:
        return None
    if not judge:
        timer = timer._replace(script=())  # the zero-night script is the judge's business
    return timer.to_dict()


def _seats(s: GameState) -> list[dict[str, Any]]:
    outs = {r.seat: {"cause": r.cause, r.phase: r.number} for r in s.removed}
    return [
        {"seat": seat, "at_table": seat in s.at_table, "out": outs.get(seat),
         "fouls": s.fouls[seat - 1], "muted": seat in s.loses_speech}
        for seat in range(1, 11)
    ]


def _nominations(s: GameState, rules: Ruleset, info_class: str) -> list[int] | None:
    day = s.day
    if s.phase != DAY or day is None:
        return None
    voting_started = bool(day.rounds) or s.voting is not None
    if info_class == PUBLIC and not voting_started and not rules.day.players_may_ask_nominations:
        return None  # 000 I.8.3, 003 7.4: players get no nomination list from the judge
    return list(day.nominations)


def _vote(s: GameState, info_class: str) -> dict[str, Any] | None:
    voting, day = s.voting, s.day
    if voting is None or day is None:
        return None
    entered = voting.entered
    current = voting.candidates[len(entered)]
    out: dict[str, Any] = {
        "round": len(day.rounds) + 1,
        "candidates": list(voting.candidates),
        "current": current,
        "votes": {str(seat): n for seat, n, _ in entered},
    }
    if info_class != PUBLIC:
        out["voters"] = {str(seat): list(v) for seat, _, v in entered if v is not None}
    return out


def _round(r: Round, info_class: str) -> dict[str, Any]:
    out: dict[str, Any] = {
        "candidates": list(r.candidates),
        "votes": {str(c): n for c, n in zip(r.candidates, r.votes, strict=True)},
    }
    if info_class != PUBLIC:
        out["voters"] = {str(seat): list(v) for seat, _, v in r.entered if v is not None}
    return out


def _lift(s: GameState) -> dict[str, Any] | None:
    day = s.day
    if s.lift is not None:
        return {"candidates": list(s.lift), "yes": None, "passed": None}
    if day is not None and day.lift is not None and s.phase == DAY:
        lifted = [r.seat for r in s.removed if r.cause == "lift" and r.number == day.number
                  and r.phase == DAY]
        cands = lifted or list(day.rounds[-1].candidates)
        return {"candidates": cands, "yes": day.lift[0], "passed": day.lift[1]}
    return None


def _roles(s: GameState) -> dict[str, str] | None:
    if s.roles is None:
        return None
    return {str(seat): s.roles[seat - 1].value for seat in range(1, 11)}


def _all_nights(s: GameState) -> tuple[Any, ...]:
    return s.nights if s.night is None else (*s.nights, s.night)


def night_dict(n: Any, s: GameState) -> dict[str, Any]:
    """One night as the protocol records it (judge class)."""
    roles = s.roles
    assert roles is not None
    return {
        "night": n.number,
        "shot": n.shot if n.shot_done else None,
        "shots": None if n.shots is None else {str(k): v for k, v in n.shots},
        "don_check": None if n.don_check is None else {
            "seat": n.don_check, "sheriff": roles[n.don_check - 1] is Role.SHERIFF},
        "sheriff_check": None if n.sheriff_check is None else {
            "seat": n.sheriff_check, "black": roles[n.sheriff_check - 1] in (Role.MAFIA, Role.DON)},
    }


def best_move_dict(s: GameState) -> dict[str, Any] | None:
    bm = s.best_move
    if bm is None:
        return None
    return {"seat": bm.seat, "guess": list(bm.guess), "black_found": bm.black_found}
