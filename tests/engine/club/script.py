"""Club games written as game-log lines: every scenario goes through the log reader too."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.club.game import ClubGame
from engine.club.log import parse_action
from engine.club.result import ClubResult, result
from engine.club.score import ClubSeatScore
from engine.club.testing import replay_club
from engine.club.timer import timer
from engine.errors import IllegalAction, LogError
from engine.vocab import ClubStep

Line = str | dict[str, Any]

# 7 seats (004 §1): 1 mafia, maniac, doctor; citizens 2, 4, 6, 7.
SEVEN = {"mafia": [3], "maniac": 5, "doctor": 1}
# 13 seats: don 1 + mafia 11-13, maniac 2, doctor 3, commissar 8, kamikaze 7, sapper 9.
THIRTEEN = {"don": 1, "mafia": [11, 12, 13], "maniac": 2, "doctor": 3, "commissar": 8,
            "kamikaze": 7, "sapper": 9}


def line(x: Line) -> dict[str, Any]:
    return {"action": x} if isinstance(x, str) else x


def game(seats: int, roles: dict[str, Any] | None, *lines: Line, **head: Any) -> ClubGame:
    header = {"format": "mafia-game-log", "version": 1, "rules": "club", "seats": seats, **head}
    text = [json.dumps(header)]
    if roles is not None:
        text.append(json.dumps({"action": "roles", **roles}))
    text += [json.dumps(line(x)) for x in lines]
    return replay_club(text)[1]


def push(g: ClubGame, *lines: Line) -> ClubGame:
    for x in lines:
        g.push(parse_action(line(x), g.settings.seats))
    return g


def refused(g: ClubGame, x: Line, *words: str) -> str:
    """The line is refused with a reason naming `words`, and the game is unchanged."""
    before = g.state
    with pytest.raises((IllegalAction, LogError)) as err:
        push(g, x)
    assert g.state is before
    for w in words:
        assert w in str(err.value), str(err.value)
    return str(err.value)


def to_step(g: ClubGame, step: ClubStep) -> ClubGame:
    """Play on with the plain lines (day, discussion_end, speech_end) until `step`."""
    for _ in range(100):
        s = g.state
        if s.step is step and s.speaking is None:
            return g
        if s.speaking is not None:
            push(g, "speech_end")
        elif s.step in (ClubStep.ZERO_NIGHT, ClubStep.NIGHT):
            push(g, "day")
        elif s.step is ClubStep.DISCUSSION:
            push(g, "discussion_end")
        elif s.step is ClubStep.NOMINATIONS:
            push(g, "nominations_end")
        elif s.step is ClubStep.AWAIT_NIGHT:
            push(g, "night")
        else:
            raise AssertionError(f"stuck at {s.step}")
    raise AssertionError("did not reach the step")


def night(g: ClubGame, *lines: Line) -> ClubGame:
    """From wherever the day is, to the next night, its lines, and the morning."""
    to_step(g, ClubStep.AWAIT_NIGHT)
    push(g, "night", *lines, "day")
    return g


def vote(g: ClubGame, *nominations: tuple[int, int], votes: dict[int, list[int]]) -> ClubGame:
    """Nominations (by, seat), justification speeches, then one line per candidate."""
    to_step(g, ClubStep.NOMINATIONS)
    for by, seat in nominations:
        push(g, {"action": "nominate", "by": by, "seat": seat})
    push(g, "nominations_end")
    while g.state.speaking is not None:
        push(g, "speech_end")
    for seat, voters in votes.items():
        push(g, {"action": "votes", "seat": seat, "voters": voters})
    return g


def removed(g: ClubGame) -> list[tuple[int, str, bool]]:
    return [(r.seat, str(r.cause), r.last_word) for r in g.state.removed]


def clock(g: ClubGame) -> tuple[str, float] | None:
    """The timer now as (kind, seconds)."""
    t = timer(g.state)
    return None if t is None else (t.kind, t.seconds)


def res(g: ClubGame) -> ClubResult:
    return result(g)


def scores(g: ClubGame) -> dict[str, ClubSeatScore]:
    """The result's `score`, which a decided game has (docs/club.md, "Score")."""
    score = result(g)["score"]
    assert score is not None, "the game is not decided: it has no score yet"
    return score
