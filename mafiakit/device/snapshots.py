"""Payloads the table publishes, built from the game: pure functions, tested without a broker.

The engine's views decide what each information class may see; here they are only wrapped
(table, seq, names, when the timer started) into the bus's versioned models.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from mafiakit.bus.payloads import Event, Protocol, Snapshot
from mafiakit.device.timer import Countdown
from mafiakit.engine.game import Game
from mafiakit.engine.log import action_to_dict
from mafiakit.engine.protocol import result
from mafiakit.engine.views import CLASSES, view


def wall(t: float) -> datetime:
    return datetime.fromtimestamp(t, UTC)


def snapshots(game: Game, *, tournament: str, table: str, seq: int, game_id: str,
              names: list[str], countdown: Countdown | None, mono_now: float, wall_now: float,
              judge_extra: dict[str, Any] | None = None) -> dict[str, Snapshot]:
    """The three retained snapshots (public, audience, judge) of the game now."""
    out: dict[str, Snapshot] = {}
    started_at = None
    if countdown is not None:
        started_at = wall(wall_now - countdown.elapsed(mono_now))
    for info_class in CLASSES:
        v = view(game.state, game.rules, info_class, len(game.actions))
        timer = v.get("timer")
        if timer is not None and countdown is not None and timer.get("kind") == countdown.kind:
            timer["paused"] = not countdown.running
            timer["remaining"] = round(countdown.remaining(mono_now), 2)
        if info_class == "judge" and judge_extra:
            v.update(judge_extra)
        out[info_class] = Snapshot(
            view_class=info_class, tournament=tournament, table=table, seq=seq,
            game_id=game_id, names=names, view=v,
            timer_started_at=started_at if v.get("timer") is not None else None,
            sent_at=wall(wall_now))
    return out


def event(seq: int, game_id: str, line: dict[str, Any], wall_now: float) -> Event:
    return Event(seq=seq, game_id=game_id, action=line, accepted=True, at=wall(wall_now))


def protocol(game: Game, game_id: str, header: dict[str, Any]) -> Protocol:
    """The finished game: header, every action in effect, the result object."""
    return Protocol(game_id=game_id, header=header,
                    actions=[action_to_dict(a) for a in game.actions],
                    result=result(game.state, game.rules.id))


def timer_identity(game: Game) -> tuple[Any, ...] | None:
    """What makes "a new timer": a new speaker, a new candidate on the vote, a new step."""
    v = view(game.state, game.rules, "judge")
    if v["timer"] is None:
        return None
    vote = v["vote"]
    return (v["phase"], v["number"], v["step"], v["speaker"], v["timer"]["kind"],
            vote and vote["current"], vote and vote["round"], len(v["rounds"]),
            tuple(v.get("night_steps") or ()))
