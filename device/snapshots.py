"""Payloads the table publishes, built from the game: pure functions, tested without a broker.

The engine's views decide what each information class may see; here they are only wrapped
(table, seq, names, when the timer started) into the bus's versioned models.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from bus.payloads import Event, Protocol, Snapshot
from device.timer import Countdown
from engine.game import Game
from engine.log import action_to_dict
from engine.protocol import result
from engine.timer import Timer
from engine.views import view


def wall(t: float) -> datetime:
    return datetime.fromtimestamp(t, UTC)


def snapshot(game: Game, info_class: str, *, tournament: str, table: str, seq: int,
             game_id: str, names: list[str], countdown: Countdown | None, mono_now: float,
             wall_now: float, judge_extra: dict[str, Any] | None = None) -> Snapshot:
    """The retained snapshot of one information class (public, audience or judge) now."""
    v = view(game.state, game.rules, info_class, len(game.actions))
    timer = v.get("timer")
    started_at = None
    if timer is not None and countdown is not None and timer.get("kind") == countdown.kind:
        timer["paused"] = not countdown.running
        timer["remaining"] = round(countdown.remaining(mono_now), 2)
        started_at = wall(wall_now - countdown.elapsed(mono_now))
    if judge_extra:
        v.update(judge_extra)
    return Snapshot(view_class=info_class, tournament=tournament, table=table, seq=seq,
                    game_id=game_id, names=names, view=v, timer_started_at=started_at,
                    sent_at=wall(wall_now))


def event(seq: int, game_id: str, line: dict[str, Any], wall_now: float) -> Event:
    return Event(seq=seq, game_id=game_id, action=line, accepted=True, at=wall(wall_now))


def protocol(game: Game, game_id: str, header: dict[str, Any]) -> Protocol:
    """The finished game: header, every action in effect, the result object."""
    return Protocol(game_id=game_id, header=header,
                    actions=[action_to_dict(a) for a in game.actions],
                    result=result(game.state, game.rules.id))


def timer_identity(game: Game, timer: Timer | None) -> tuple[Any, ...] | None:
    """What makes "a new timer" (`timer` = the one that applies now): a new speaker, a new
    candidate on the vote, a new step."""
    s = game.state
    if timer is None:
        return None
    voting = s.voting
    day = s.day
    return (s.phase, s.number, s.speech, timer.kind, s.lift,
            voting and (voting.candidates, len(voting.entered)),
            day and len(day.rounds), s.night and (s.night.don_check, s.night.sheriff_check),
            s.best_move)
