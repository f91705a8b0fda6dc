"""The delayed stream class: the judge's view of the game as it stood some minutes ago.

Why at the table and not in a relay: the table is the only holder of the secret, and a relay
would need an account that reads the live `judge` topic. Why recomputed, not queued: the
journal keeps every line with the moment the table journaled it (`lines.at`), so the picture
of any past moment is the journal's game replayed up to that moment. A restart during the
delay has no queue to lose and cannot publish early: it replays to `now - delay` again.
Time comes in as data (`wall_now`), as everywhere in the table service.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bus.payloads import StreamSnapshot
from device import tablegame
from device.admission import replay_saved
from device.journal import Journal
from device.snapshots import wall
from engine.errors import IllegalAction, LogError
from engine.viewmodels import JudgeView
from engine.vocab import InfoClass

Position = tuple[str, int]  # (game id, journal lines taken in)


@dataclass
class DelayedStream:
    """What the `stream` topic should carry now, from the journal and the wall clock.

    `due` answers a new snapshot only when the delayed position moved on (a new line or a
    new game became old enough), so a quiet table sends nothing. Within one game the
    position never goes back, even if the wall clock does.
    """

    journal: Journal
    tournament: str
    table: str
    delay_minutes: float
    _shown: Position | None = field(default=None, init=False)

    def due(self, wall_now: float, *, force: bool = False) -> StreamSnapshot | None:
        """The snapshot to publish now (None: nothing new, or no game old enough yet).
        `force` (a new broker link, a rebirth): the current one even if already sent."""
        at = self.journal.as_of(wall_now - self.delay_minutes * 60)
        if at is None:
            return None
        shown = self._shown
        if shown is not None and at[0] == shown[0] and at[1] < shown[1]:
            at = shown  # the clock stepped back: keep the picture already shown
        if at == shown and not force:
            return None
        shot = self.snapshot(at, wall_now)
        if shot is not None:
            self._shown = at
        return shot

    def snapshot(self, at: Position, wall_now: float) -> StreamSnapshot | None:
        """The judge's view of game `at[0]` after its first `at[1]` journal lines, without
        the table's own fields and without a timer (it counted minutes ago)."""
        game_id, lines = at
        saved = self.journal.load(game_id)
        if saved is None:
            return None
        try:
            game = replay_saved(saved.header, saved.lines[:lines])
        except (LogError, IllegalAction):
            return None  # a game set aside at a restart: the table says why to the judge
        view = tablegame.class_view(game, InfoClass.JUDGE)
        if not isinstance(view, JudgeView):
            return None
        return StreamSnapshot(
            tournament=self.tournament, table=self.table, game_id=game_id, actions=lines,
            delay_minutes=self.delay_minutes,
            as_of=wall(wall_now - self.delay_minutes * 60),
            names=saved.names, view=view.model_copy(update={"timer": None}),
            sent_at=wall(wall_now))
