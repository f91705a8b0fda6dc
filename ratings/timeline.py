"""Where in the game a judge's line falls, as the site says it (a game time), both ways.

`moment(state)` is the game time of a foul or a removal entered in `state` (docs/
mafiaratings.md, "Game times"). The export writes it; the import plays the game back on the
engine and enters each recorded foul or removal at the first state whose moment equals its
time. Each position of the game where a foul or a removal would change something has a time
of its own, so the round trip puts every one back where it was:

- the zero night: "start"; night N: "night start", then "shooting", "don", "sheriff" after
  each step done (the best move, when made, stays before what follows it at "sheriff");
- the farewell of the player killed at night: "night kill speaking"; a regular speech:
  "speaking"; a tie speech before revote k: "voting" with votingRound k and the speaker;
- a voting round k: "voting start" (k = 0) or "voting" (k > 0) before any vote is counted,
  then "voting" with the nominee whose votes were counted last;
- the lift question: "voting kill all" with votingRound k; a farewell after the vote:
  "day kill speaking"; after all of it, before the night (and after the decision): "end".
"""

from __future__ import annotations

from typing import Required, TypedDict

from engine.classic.state import (
    FAREWELL,
    MAJORITY_SPEECH,
    NIGHT,
    REGULAR_KINDS,
    TIE_SPEECH,
    GameState,
)
from ratings.site import TIMES
from ratings.site import GameTime as SiteTime


class GameTime(TypedDict, total=False):
    """A game time as the site's JSON writes it (ratings.site.GameTime is its model)."""

    round: Required[int]
    time: Required[str]
    speaker: int
    nominee: int
    votingRound: int  # the site's name
    order: int


def from_site(t: SiteTime) -> GameTime:
    """The site's game time as its JSON holds it (no key for a field it leaves out)."""
    out: GameTime = {"round": t.round, "time": t.time}
    if t.speaker is not None:
        out["speaker"] = t.speaker
    if t.nominee is not None:
        out["nominee"] = t.nominee
    if t.votingRound is not None:
        out["votingRound"] = t.votingRound
    if t.order is not None:
        out["order"] = t.order
    return out


def site_round(s: GameState) -> int:
    """The site's round of the state: night N is round N, day D round D - 1."""
    return s.number if s.phase == NIGHT else s.number - 1


def moment(s: GameState) -> GameTime:
    """The game time of a line entered in state `s` (see the module docstring)."""
    r = site_round(s)
    speech = s.speech
    if speech is not None and speech.kind == FAREWELL:
        day = s.day
        morning = s.phase == NIGHT or day is None or not day.speakers
        return {"round": r, "time": "night kill speaking" if morning else "day kill speaking",
                "speaker": speech.seat}
    if s.finished:
        return {"round": r, "time": "end"}
    if s.phase == NIGHT:
        if s.number == 0:
            return {"round": 0, "time": "start"}
        night = s.night
        assert night is not None
        if night.sheriff_check is not None:
            return {"round": r, "time": "sheriff"}
        if night.don_check is not None:
            return {"round": r, "time": "don"}
        return {"round": r, "time": "shooting" if night.shot_done else "night start"}
    day = s.day
    assert day is not None
    held = len(day.rounds)
    if speech is not None and speech.kind in REGULAR_KINDS:
        return {"round": r, "time": "speaking", "speaker": speech.seat}
    if speech is not None and speech.kind == TIE_SPEECH:
        return {"round": r, "time": "voting", "votingRound": held, "speaker": speech.seat}
    if speech is not None and speech.kind == MAJORITY_SPEECH:
        return {"round": r, "time": "end"}
    voting = s.voting
    if voting is not None:
        if voting.entered:
            return {"round": r, "time": "voting", "votingRound": held,
                    "nominee": voting.entered[-1][0]}
        if held == 0:
            return {"round": r, "time": "voting start"}
        return {"round": r, "time": "voting", "votingRound": held}
    if s.lift is not None:
        return {"round": r, "time": "voting kill all", "votingRound": held}
    return {"round": r, "time": "end"}


def same_moment(a: GameTime, b: GameTime) -> bool:
    """Equal game times, `order` aside."""
    keys = ("round", "time", "speaker", "nominee", "votingRound")
    return all(a.get(k) == b.get(k) for k in keys)


def rank(t: GameTime) -> tuple[int, int]:
    """A coarse order of game times: by round, then by what was happening."""
    return t["round"], TIMES.index(t["time"])
