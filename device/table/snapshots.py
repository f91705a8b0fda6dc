"""Payloads the table publishes, built from the game: pure functions, tested without a broker.

The engine's views decide what each information class may see; here they are only wrapped
(table, seq, names, the table's clock reading) into the bus's versioned models. A running
timer leaves the table as the seconds it has left at the table's monotonic clock reading
`uptime_s`, never as a wall-clock moment (docs/clock.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

from pydantic import JsonValue

from bus.payloads import Event, Protocol, Snapshot, reveal_of
from device.table.timer import Countdown
from device.table.viewcache import view_of
from engine.refusal_view import RefusalView
from engine.variant import GameVariant
from engine.viewmodels import JudgeView, View
from engine.vocab import InfoClass

SCREEN_CLASSES = (InfoClass.PUBLIC, InfoClass.AUDIENCE)


def wall(t: float) -> datetime:
    return datetime.fromtimestamp(t, UTC)


@dataclass(frozen=True)
class JudgeExtra:
    """What the table adds to the judge view: the last refusal, the pad's keys, the game."""

    last_error: str | None
    pad: str
    game_id: str
    refusal: RefusalView | None = None
    decided_at: datetime | None = None  # when the result was decided: the protest window


class Views:
    """The engine's views of the game as it stands, each built once: the screen seqs, the
    snapshots and the night script ask for the same view several times per journal line
    (bench bus). The one cache is `device.table.viewcache`'s (keyed by the game, its frozen
    state and how many actions it holds), which the pad bridge's calls share too."""

    def of(self, game: GameVariant, info_class: InfoClass) -> View:
        return view_of(game, info_class)


@dataclass
class ScreenSeqs:
    """Per screen class, a seq that grows only when that class's view changes.

    A journal line that changes nothing the players may see (every night action) leaves the
    public seq alone: counting lines would tell a screen how many things happened at night
    (docs/mqtt.md, "Sequence numbers"). Fed once per journal line, also when the journal is
    replayed at a restart, so the numbers never go back.
    """

    seq: dict[InfoClass, int] = field(default_factory=lambda: dict.fromkeys(SCREEN_CLASSES, 0))
    _last: dict[InfoClass, View] = field(default_factory=dict)

    def after_line(self, game: GameVariant, views: Views | None = None) -> None:
        for info_class in SCREEN_CLASSES:
            now = (views.of(game, info_class) if views is not None
                   else view_of(game, info_class))
            if self._last.get(info_class) != now:
                self._last[info_class] = now
                self.seq[info_class] += 1


def class_view(game: GameVariant, info_class: InfoClass, *, countdown: Countdown | None,
               mono_now: float, judge_extra: JudgeExtra | None = None,
               views: Views | None = None) -> tuple[View, float | None]:
    """The view of one class with the table's countdown state, and how long ago (s) the
    running timer started (None: no timer of this view is counting)."""
    v = (views.of(game, info_class) if views is not None
         else view_of(game, info_class))
    elapsed = None
    timer = v.timer
    if timer is not None and countdown is not None and timer.kind == countdown.kind:
        timer = timer.model_copy(update={"paused": not countdown.running,
                                         "remaining": round(countdown.remaining(mono_now), 2)})
        v = v.model_copy(update={"timer": timer})
        elapsed = countdown.elapsed(mono_now)
    if judge_extra is not None and isinstance(v, JudgeView):
        v = v.model_copy(update={"last_error": judge_extra.last_error,
                                 "pad": judge_extra.pad, "game_id": judge_extra.game_id or None,
                                 "refusal": judge_extra.refusal})
        if v.after_game is not None and judge_extra.decided_at is not None:
            v = v.model_copy(update={"after_game": v.after_game.model_copy(
                update={"decided_at": judge_extra.decided_at})})
    return v, elapsed


def snapshot(game: GameVariant, info_class: InfoClass | str, *, tournament: str, table: str,
             seq: int, game_id: str, names: list[str], countdown: Countdown | None,
             mono_now: float, wall_now: float, uptime_s: float = 0.0,
             judge_extra: JudgeExtra | None = None) -> Snapshot:
    """The retained snapshot of one information class (public, audience or judge) now;
    `uptime_s` is the table's clock at `mono_now` (the heartbeat's `uptime_s`)."""
    v, _ = class_view(game, InfoClass(info_class), countdown=countdown,
                      mono_now=mono_now, judge_extra=judge_extra)
    return wrap(InfoClass(info_class), v, tournament=tournament, table=table, seq=seq,
                game_id=game_id, names=names, uptime_s=uptime_s, wall_now=wall_now)


def wrap(info_class: InfoClass, v: View, *, tournament: str, table: str, seq: int,
         game_id: str, names: list[str], uptime_s: float, wall_now: float) -> Snapshot:
    """A class view (from `class_view`) as its retained snapshot. The view is the engine's
    already-validated model: pydantic takes it as it is; the snapshot's own check (the view
    is of its class) still runs, so a judge view never rides a public snapshot."""
    return Snapshot(view_class=info_class.value, tournament=tournament, table=table,
                    seq=seq, game_id=game_id or None, names=names, view=v,
                    uptime_s=round(max(0.0, uptime_s), 3), sent_at=wall(wall_now))


def steady(v: View, elapsed: float | None, *, seq: int, game_id: str, names: list[str],
           mono_now: float) -> tuple[object, ...]:
    """What makes a screen snapshot new: its view (a running timer's `remaining` aside, it
    changes by itself), names, game, seq and when the timer started on the table's monotonic
    clock (to a tenth: a restarted timer). Taken before the snapshot is built, so an
    unchanged class costs no snapshot (night actions); a wall-clock step changes nothing."""
    timer = v.timer
    if timer is not None and timer.paused is False:
        v = v.model_copy(update={"timer": timer.model_copy(update={"remaining": None})})
    return (v, tuple(names), game_id, seq,
            None if elapsed is None else round(mono_now - elapsed, 1))


def event(seq: int, game_id: str, line: dict[str, JsonValue], wall_now: float) -> Event:
    return Event(seq=seq, game_id=game_id, action=line, accepted=True, at=wall(wall_now))


def line_time(line: dict[str, JsonValue], otherwise: float) -> float:
    """When a journal line was entered (its `t`), for an event sent again; `otherwise` if
    the line has no readable time."""
    try:
        at = datetime.fromisoformat(str(line.get("t")))
    except ValueError:
        return otherwise
    return (at if at.tzinfo is not None else at.replace(tzinfo=UTC)).timestamp()


def protocol(game: GameVariant, game_id: str, header: dict[str, JsonValue]) -> Protocol:
    """The decided game of any variant: header, every action in effect, the result object
    and the reveal, read off its judge view (bus.payloads `reveal_of`); while it goes on
    there is none (ValueError: a night's record stays the judge's, 004 §7)."""
    shown = reveal_of(view_of(game, InfoClass.JUDGE))
    return Protocol(game_id=game_id, header=header, actions=game.lines(),
                    result=dict(game.result()), reveal=shown)
