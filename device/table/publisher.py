"""What the table publishes: the screens' snapshots, the protocol, the delayed stream, the
events a hub missed, the replies, and the heartbeat on its grid.

One job: the bus. A screen class's snapshot is published only when it changed
(`snapshots.steady`), with a seq that grows only when its view changed
(`snapshots.ScreenSeqs`): a night action sends the players nothing, so they cannot count
what happens at night. The protocol is retained once the game is decided and cleared when an
undo takes the decision back (issue 9); at every link-up it is set from the journal, not from
memory (issue 24). The heartbeat goes out on a fixed grid from a thread of its own
(device/table/heartbeat.py), so its timing says nothing about what the judge entered.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping

from bus import topics
from bus.client import BusClient
from bus.payloads import Heartbeat, Payload, Snapshot
from device.config import TableSettings
from device.table import snapshots as snap
from device.table.admission import replay_saved
from device.table.clocks import TableClocks
from device.table.core import GameCore
from device.table.heartbeat import HeartbeatGrid
from device.table.stream import DelayedStream
from engine.errors import IllegalAction, LogError
from engine.vocab import InfoClass

log = logging.getLogger("mafiakit.table")
KINDS = ("public", "audience", "judge", "events", "protocol", "reply", "heartbeat", "stream")


class Publisher:
    def __init__(self, settings: TableSettings, core: GameCore, clocks: TableClocks,
                 bus: BusClient | None, *, judge_extra: Callable[[], snap.JudgeExtra],
                 wall: Callable[[], float], mono: Callable[[], float], booted: float,
                 alive: Callable[[], bool]) -> None:
        self.core, self.clocks, self.bus, self.judge_extra = core, clocks, bus, judge_extra
        self.wall, self.mono = wall, mono
        self.tournament, self.table = settings.tournament, settings.table
        self._topics = {kind: topics.table_topic(self.tournament, self.table, kind)
                        for kind in KINDS}
        self._sent: dict[InfoClass, tuple[object, ...]] = {}  # last screen snapshots sent
        self._protocol_sent: tuple[str, int] | None = None  # (game, actions) of the last one
        delay = settings.stream.delay_minutes  # None: the stream class is off
        self.stream = None if delay is None else DelayedStream(
            core.journal, self.tournament, self.table, delay)
        self.heartbeat = HeartbeatGrid(settings.heartbeat_s, mono, self._beat, alive,
                                       booted=booted)

    @property
    def booted(self) -> float:
        """The table's clock origin (`uptime_s` of snapshots and heartbeats alike)."""
        return self.heartbeat.booted

    def new_game(self) -> None:
        """A new game: the last game's protocol stays retained (it is decided)."""
        self._protocol_sent = None

    def publish(self, only: tuple[InfoClass, ...], force: bool, protocol: bytes | None) -> None:
        """The snapshots of `only` that changed (all of them when `force`: a new broker link
        or a rebirth), then the protocol when the game is decided (or its clearing when an
        undo took a decided game back); `protocol` is the accepted line's own, as admission
        encoded it, and is never sent for a later state."""
        if self.bus is None:
            return
        self._publish_snapshots(only, force)
        self._publish_protocol(force, protocol)
        if force:
            self.publish_stream(force=True)

    def _publish_snapshots(self, only: tuple[InfoClass, ...], force: bool) -> None:
        """The snapshots of `only`, built first and then handed to paho back to back, public
        first (each hand-off may wake paho's network thread, which then needs the GIL); a
        screen class only when it changed (`snap.steady`, judged before its snapshot is
        built: a night action builds none)."""
        core, countdown = self.core, self.clocks.countdown
        mono_now, wall_now = self.mono(), self.wall()
        shots: list[tuple[InfoClass, Snapshot]] = []
        for info_class in only:
            judge = info_class == InfoClass.JUDGE
            seq = core.seq if judge else core.screen_seqs.seq[info_class]
            v, elapsed = snap.class_view(
                core.game, info_class, countdown=countdown, mono_now=mono_now,
                judge_extra=self.judge_extra() if judge else None, views=core.views)
            if not judge:
                steady = snap.steady(v, elapsed, seq=seq, game_id=core.game_id,
                                     names=core.names, mono_now=mono_now)
                if not force and self._sent.get(info_class) == steady:
                    continue  # nothing new for this class: send nothing (night actions)
                self._sent[info_class] = steady
            try:
                shots.append((info_class, snap.wrap(
                    info_class, v, tournament=self.tournament, table=self.table, seq=seq,
                    game_id=core.game_id, names=core.names, uptime_s=mono_now - self.booted,
                    wall_now=wall_now)))
            except ValueError as exc:
                log.error("the %s snapshot cannot be built: %s", info_class, exc)
        for info_class, shot in shots:
            self.send(info_class, shot)
        if shots and self.bus is not None:
            # paho writes from its network thread, which needs the GIL: let it write the
            # snapshots now, before the protocol, the event and the console's answer (a
            # same-minute A/B of bench bus: p99 15.5 ms with a bare yield, 8.5 ms flushed)
            self.bus.flush()

    def _publish_protocol(self, force: bool, ready: bytes | None = None) -> None:
        """Decided: the retained protocol (the reveal). An undo that takes the game back to
        running clears it (an empty retained payload), so a screen that connects later
        learns no role (issue 9).

        At every link-up and rebirth (`force`) the retained protocol is set from what the
        journal says, not from what this process remembers having sent: the broker may
        keep one from before a restart of the table (the undo was journaled while the broker
        was away), or have restored it from an autosave older than the undo (issue 24)."""
        assert self.bus is not None
        core = self.core
        decided = core.game.state.finished
        if force:
            decided = decided and core.journal.decided(core.game_id)
        if decided:
            # sent again whenever it changed: a farewell, a foul or the after-game lines
            # (points, protests, the signature) after the decision belong to the protocol
            sent = (core.game_id, len(core.game.actions))
            if force or self._protocol_sent != sent:
                try:
                    self.send("protocol", ready if ready is not None else core.protocol())
                    self._protocol_sent = sent
                except ValueError as exc:
                    log.error("the protocol cannot be built: %s", exc)
        elif force or self._protocol_sent:
            self.bus.publish(self._topics["protocol"], b"")  # undone: no reveal stays retained
            self._protocol_sent = None
            if force:
                self._republish_last_decided()

    def _republish_last_decided(self) -> None:
        """While a game runs, the retained protocol is the last decided game's (public since
        its decision), as it was before the link went down: a hub that was away still finds
        it. Rebuilt from the journal; a game that no longer replays is left out."""
        journal = self.core.journal
        game_id = journal.last_decided(other_than=self.core.game_id)
        saved = None if game_id is None else journal.load(game_id)
        if saved is None:
            return
        try:
            game = replay_saved(saved.header, saved.lines)
            self.send("protocol", snap.protocol(game, saved.game_id, saved.header))
        except (LogError, IllegalAction, ValueError) as exc:
            log.warning("the protocol of game %s is not published again: %s", game_id, exc)

    def publish_stream(self, force: bool = False) -> None:
        """The delayed stream class, when it is on and its picture moved on (device/table/
        stream.py: from the journal by the wall clock, so it goes out on a quiet table too)."""
        if self.stream is None or self.bus is None:
            return
        try:
            shot = self.stream.due(self.wall(), force=force)
        except ValueError as exc:  # a payload the bus refuses: never stop the table
            log.error("the stream snapshot cannot be built: %s", exc)
            return
        if shot is not None:
            self.send("stream", shot)

    def send_events_again(self, args: Mapping[str, object]) -> None:
        """A hub that missed events asks for them from `since` (docs/mqtt.md "Sequence
        numbers and rebirth on a gap"): the current game's, from the journal, as they were."""
        core = self.core
        since = args.get("since")
        if args.get("game_id") != core.game_id or not isinstance(since, int) or since > core.seq:
            return
        for seq, line in enumerate(core.journal.lines_between(core.game_id, since - 1,
                                                              core.seq), start=since):
            self.send("events", snap.event(seq, core.game_id, line, snap.line_time(
                line, self.wall())))

    def send(self, kind: str, payload: Payload | bytes) -> None:
        """Publish, or log why not: a message the bus refuses must never stop the table
        (admission keeps such messages from being made; this is the last line)."""
        if self.bus is None:
            return
        try:
            self.bus.publish(self._topics[kind], payload)
        except ValueError as exc:  # PayloadError, TopicError
            log.error("not published on %s: %s", kind, exc)

    def _beat(self, slot: int, uptime_s: float) -> None:
        """Heartbeat `slot` of the grid (device/table/heartbeat.py, on its own thread): the
        grid's numbers, not the moment it got round to it; the game and the public seq as
        they stand (neither moves at night)."""
        if self.bus is None:
            return
        core = self.core
        try:
            step = self.clocks.clock_step
            hb = Heartbeat(seq=slot + 1, bdseq=self.bus.bdseq, sent_at=snap.wall(self.wall()),
                           uptime_s=uptime_s, game_id=core.game_id or None,
                           last_public_seq=core.screen_seqs.seq[InfoClass.PUBLIC],
                           clock_step_s=step[1] if step and step[0] == core.game_id else None)
        except ValueError as exc:
            log.error("the heartbeat cannot be built: %s", exc)
            return
        self.send("heartbeat", hb)
