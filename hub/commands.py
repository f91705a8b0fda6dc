"""The hub's commands to the tables (docs/hub.md): the outbox's rows sent, each table's first
unanswered one again every `resend_s`, the tables' replies, and the rebirths asked of a
table whose events have a gap (hub/gaps.py). Rows are queued by hub/outbox.py.
"""

from __future__ import annotations

import logging

from pydantic import ValidationError

from bus import topics
from bus.errors import describe_validation_error
from bus.payloads import Command, Reply
from engine.vocab import Phase
from hub.context import HubContext
from hub.gaps import rebirth_words
from hub.outbox import queue_round
from hub.store import OutboxRow

log = logging.getLogger("mafiakit.hub")


class CommandSender:
    """What the hub sends the tables, and what they answered."""

    def __init__(self, ctx: HubContext) -> None:
        self.ctx = ctx
        self.sent: dict[str, float] = {}  # request id -> when last sent
        # table -> (game it plays, game queued): a new game waits (an alert says so)
        self.waiting: dict[str, tuple[str, str]] = {}

    def start_round(self, number: int) -> list[str]:
        """Queue every table's game of round `number` (new game, then its roster)."""
        ctx = self.ctx
        return queue_round(ctx.store, ctx.settings, ctx.seating_or_refuse(), number,
                           ctx.now_iso()).games

    def link_up(self) -> None:
        """A new connection: resend what is still unanswered at once."""
        self.sent.clear()

    def reply(self, table: str, reply: Reply) -> None:
        ok = reply.ok or (reply.name == "new_game" and "already used" in (reply.error or ""))
        if self.ctx.store.answer_command(reply.request_id, ok, reply.error, self.ctx.now_iso()):
            if not ok:
                log.warning("table %s refused %s (%s): %s", table, reply.name,
                            reply.request_id, reply.error)
            self.sent.pop(reply.request_id, None)

    def rebirths(self, now: float) -> None:
        """Ask a table whose events have a gap to publish its state again (hub/gaps.py)."""
        ctx = self.ctx
        if ctx.bus is None:
            return
        for table in ctx.registry.tables:
            args = ctx.registry.want_rebirth(table, now)
            if args is not None:
                log.info("table %s: %s", table, rebirth_words(args))
                ctx.bus.publish(topics.command_topic(ctx.tournament, table, "rebirth"),
                                Command(name="rebirth", request_id=f"rebirth-{int(now * 1000)}",
                                        args=dict(args)))

    def resend(self, now: float) -> None:
        """Send each table its first unanswered command, again every resend_s; a new game
        waits while the table still plays another one (an alert says so), and nothing goes
        out before the table's retained state is in (its phase decides that)."""
        ctx = self.ctx
        if ctx.bus is None or not ctx.bus.connected or not ctx.sync.done(now):
            return
        first: dict[str, OutboxRow] = {}
        for row in ctx.store.pending_commands():
            first.setdefault(row.table, row)
        waiting: dict[str, tuple[str, str]] = {}
        for table, row in first.items():
            playing = self._plays_another(table, row)
            if playing is not None:
                waiting[table] = (playing, str(row.args.get("game_id", "")))
                continue
            last = self.sent.get(row.request_id)
            if last is not None and now - last < ctx.settings.resend_s:
                continue
            try:
                command = Command(name=row.name, request_id=row.request_id, args=row.args)
            except ValidationError as exc:  # a row no table could take: refuse it here
                why = f"the hub cannot send it: {describe_validation_error(exc)}"[:500]
                log.warning("table %s: command %s not sent: %s", table, row.request_id, why)
                ctx.store.answer_command(row.request_id, False, why, ctx.now_iso())
                ctx.dirty = True
                continue
            self.sent[row.request_id] = now
            ctx.bus.publish(topics.command_topic(ctx.tournament, table, row.name), command)
        if waiting != self.waiting:
            for table, (playing, queued) in waiting.items():
                if self.waiting.get(table) != (playing, queued):
                    log.warning("table %s still plays %s: %s waits until it is decided",
                                table, playing, queued)
            self.waiting, ctx.dirty = waiting, True

    def _plays_another(self, table: str, row: OutboxRow) -> str | None:
        """The game `table` is still playing (started and not decided, or decided with a
        farewell speech running), if `row` would open another one over it; a game still in
        its setup has nothing to lose."""
        live = self.ctx.registry.tables[table]
        if row.name != "new_game" or live.game_id in (None, row.args.get("game_id")):
            return None
        playing = live.phase in (Phase.NIGHT.value, Phase.DAY.value) or (
            live.phase == Phase.FINISHED.value and live.speaking)
        return live.game_id if playing else None
