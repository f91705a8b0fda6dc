"""The table service: one engine on one thread, a journal, the bus, the pad.

Everything arrives on one queue (`inbox`, a closed union of item types, device/table/
inbox.py, handled by one `match` ending in `assert_never`): MQTT messages and link changes
from the bus client, key events from the pad, actions typed at the local console. Only the
engine thread (`run`) touches the game, the journal and the timer; callbacks only enqueue.

The service is a composition of parts with one job each, all in device/table/:
- `core.GameCore`: the journal, the game at the table, and admission to both;
- `publisher.Publisher`: the snapshots, the protocol, the delayed stream, the heartbeat grid;
- `clocks.TableClocks`: the countdown, the seat LEDs' refresh and tones, the night script,
  the wall clock's steps;
- `link.TableLink`: the table's number (claim, birth), the broker link, the command desk;
- `notes.JudgeNotes`: what the judge is told (the last refusal, the pad's keys, the new
  game that waits);
- `orders`: the hub's and the console's commands and the pad's keys, carried out.

Order of every accepted action: rules check -> journal (fsync) -> seat LEDs -> publish
(the public, audience and judge snapshots, the protocol, then the event). A rejected action
changes nothing and its reason goes to the judge.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Mapping
from typing import assert_never

from bus.client import LinkDown, LinkUp, Received
from bus.payloads import Command
from device.config import ConfigError, TableSettings
from device.hardware.gpiolines import check_kernel
from device.hardware.kit import TableHardware
from device.hardware.music import MusicSettings, NightMusic
from device.hardware.pad import KeyEvent
from device.hardware.pins import make_factory
from device.table import orders
from device.table.bridge import PadBridge
from device.table.clocks import TableClocks
from device.table.commands import CommandOutcome
from device.table.core import GameCore, NotRecorded
from device.table.heartbeat import ALIVE_SLACK_S
from device.table.inbox import (
    ConfirmNewGame,
    InboxItem,
    LocalCommand,
    NewGame,
    Stop,
    Submit,
    TimerKey,
)
from device.table.journal import Journal, Request
from device.table.link import TableLink
from device.table.nightscript import NightScript
from device.table.notes import JudgeNotes
from device.table.publisher import Publisher
from device.table.readings import TableReadings
from device.table.systemd import Notifier
from engine.refusals import Phrase
from engine.vocab import InfoClass

log = logging.getLogger("mafiakit.table")
JUDGE_ONLY = (InfoClass.JUDGE,)


class TableService(TableReadings):
    def __init__(self, settings: TableSettings, *, connect: bool = True,
                 hardware: TableHardware | None = None,
                 wall: Callable[[], float] = time.time,
                 mono: Callable[[], float] = time.monotonic) -> None:
        self.settings = settings
        self.wall, self.mono = wall, mono
        # one queue for everything the engine thread handles: the pad's keys come here too
        self.inbox: queue.Queue[InboxItem] = queue.Queue()
        if hardware is not None:  # injected (simulator, tests)
            hardware.send_keys_to(self.inbox.put)
        self.journal = Journal(settings.journal)
        self.tournament, self.table = settings.tournament, settings.table
        self.core = GameCore(settings, self.journal, wall)
        self.notes = JudgeNotes(settings.lang)
        self.listeners: list[Callable[[TableService], None]] = []  # after every change
        self._stepped_at = mono()  # the engine loop's last round: the heartbeat's "alive"
        booted = mono()  # the table's clock (`uptime_s` in snapshots and heartbeats alike)
        self.notifier = Notifier()
        self.link = TableLink(settings, self.journal, self.inbox, connect=connect)
        self.hardware = hardware if hardware is not None else _hardware(settings, mono,
                                                                        self.inbox)
        self.bridge = None if self.hardware is None else PadBridge(self.hardware)
        music = None if self.hardware is None else self.hardware.music
        self.clocks = TableClocks(self.core, self.notes, self.bridge,
                                  None if music is None else NightScript(music),
                                  wall=wall, mono=mono, booted=booted,
                                  tell_judge=lambda: self.publish_all(only=JUDGE_ONLY))
        self.publisher = Publisher(settings, self.core, self.clocks, self.link.bus,
                                   judge_extra=self.judge_extra, wall=wall, mono=mono,
                                   booted=booted, alive=self._alive)
        self._restore()

    # -- life cycle ------------------------------------------------------------------------

    def _restore(self) -> None:
        """Resume the current game from the journal, exactly (or open a first game); a game
        that cannot be resumed stays in the archive, the judge is told, a new game opens."""
        problem = self.core.resume()
        if problem is not None:
            self.new_game(self.core.default_header())
            self.notes.say(problem)
            return
        self.clocks.retime()
        if not self.core.game_id:
            self.clocks.refresh()  # the seat LEDs show the deal meanwhile

    def start(self) -> TableService:
        """Take the journal and the table's number, then connect. JournalInUse or NumberHeld
        (one line each, docs/mqtt.md "One table per number") when another service has them;
        the caller closes the service then."""
        self.link.start()
        if self.bus is not None:
            self.publisher.heartbeat.start()
        return self

    def close(self) -> None:
        self.publisher.heartbeat.close()
        self.link.close()
        if self.hardware is not None:
            self.hardware.close()
        self.journal.close()
        self.link.release()

    def run(self, stop: threading.Event | None = None) -> None:
        """Drain the inbox until Stop (or `stop` is set); each round tells the heartbeat
        (device/table/heartbeat.py) that the engine is alive."""
        while stop is None or not stop.is_set():
            if not self.step(timeout=0.25):
                return

    def step(self, timeout: float = 0.0) -> bool:
        """Handle one inbox item (or none within `timeout`); False after Stop."""
        now = self.mono()
        self.notifier.watchdog(healthy=self.hardware is None or self.hardware.alive)
        self.clocks.watch(now)
        self._stepped_at = now
        self.publisher.publish_stream()
        try:
            item = self.inbox.get(timeout=timeout) if timeout else self.inbox.get_nowait()
        except queue.Empty:
            self.clocks.poll()
            self.journal.checkpoint()  # idle: the WAL goes home now, not in a judge's commit
            return True
        if isinstance(item, Stop):
            return False
        try:
            self.handle(item)
        except Exception:  # nothing a client sends may stop the engine thread
            log.exception("failed to handle a %s", type(item).__name__)
        self.clocks.poll()
        return True

    def _alive(self) -> bool:
        """The engine loop went round lately: a wedged or stopped engine sends no heartbeat."""
        return self.mono() - self._stepped_at <= self.settings.heartbeat_s + ALIVE_SLACK_S

    def handle(self, item: InboxItem) -> None:
        notes = self.notes
        match item:
            case Submit(line=line, reply=answer):
                _answer(answer, lambda: notes.in_own_words(self.submit_line(line)))
            case Received():
                reply = orders.received(self, item)
                if reply is not None:
                    self.publisher.send("reply", reply)
            case LocalCommand(command=command, reply=answer):
                _answer(answer, lambda: notes.said(self.run_command(command)))
            case LinkUp(bdseq=bdseq):
                self.link.up(bdseq)
                self.publish_all(force=True)
            case LinkDown(reason=reason, tls=tls):
                self.link.down(reason, tls)
            case TimerKey(restart=restart):
                self.timer_key(restart)
            case NewGame(header=header, game_id=game_id, names=names):
                self.new_game(header, game_id, names)
            case ConfirmNewGame(reply=answer):
                _answer(answer, lambda: notes.said(self.confirm_new_game()))
            case KeyEvent():
                if self.bridge is not None:
                    orders.key_pressed(self, self.bridge, item)
            case Stop():
                pass  # `step` stops before handing it here
            case _:
                assert_never(item)

    # -- the table's operations (device/table/orders.py carries out requests with them) -----

    def run_command(self, cmd: Command, request: Request | None = None) -> CommandOutcome:
        """Carry out one hub or console command; a refusal is an outcome, never an exception.
        `request` keeps a hub's request id in the journal."""
        return orders.run_command(self, cmd, request)

    def confirm_new_game(self) -> CommandOutcome:
        """The judge's yes (the console's `confirm`, the pad's hold of NEXT)."""
        return orders.confirm_new_game(self)

    def new_game(self, header: Mapping[str, object], game_id: str | None = None,
                 names: list[str] | None = None, request: Request | None = None) -> str:
        """Open a game; everything is checked (device.table.admission) before the journal."""
        gid = self.core.open(header, game_id, names, request, self.pad_seats)
        self.notes.gate.clear()  # whatever waited was for the game that is over now
        self.publisher.new_game()
        self.notes.clear()
        self.clocks.retime()
        self.publish_all()
        return gid

    def set_names(self, names: list[str], request: Request | None = None) -> None:
        self.core.set_names(names, request)
        self.publish_all()

    def submit_line(self, line: Mapping[str, object],
                    request: Request | None = None) -> tuple[bool, str]:
        """One judge action (a game-log line). Returns (accepted, reason-if-not): checked
        whole before the journal, so the reply and the journal always agree."""
        done = self.core.record(line, request)
        if isinstance(done, NotRecorded):
            return self._reject(line, done.reason, done.refusal)
        self.notes.clear()
        self.clocks.retime()
        # durable now: the snapshots first (what every screen waits for), then the
        # protocol and the event, the latter two as admission encoded them
        self.publish_all(protocol=done.protocol)
        self.publisher.send("events", done.event)
        return True, ""

    def _reject(self, line: object, reason: str,
                refusal: Phrase | None = None) -> tuple[bool, str]:
        self.notes.say(reason[:500], refusal)
        name = line.get("action") if isinstance(line, dict) else None
        log.info("rejected %s: %s", str(name)[:40], reason[:200])
        self.publish_all(only=JUDGE_ONLY)
        return False, reason

    def timer_key(self, restart: bool = False) -> None:
        self.clocks.timer_key(restart)
        self.publish_all()

    def publish_all(self, only: tuple[InfoClass, ...] = tuple(InfoClass),
                    force: bool = False, protocol: bytes | None = None) -> None:
        """The seat LEDs, the listeners, then what changed on the bus (device/table/
        publisher.py); `protocol`: the accepted line's own, as admission encoded it."""
        self.clocks.refresh()
        for listener in self.listeners:
            listener(self)
        self.publisher.publish(only, force, protocol)


def _answer(reply: queue.Queue[tuple[bool, str]] | None,
            work: Callable[[], tuple[bool, str]]) -> None:
    """Run a console request; the console waits for this answer, so it always gets one."""
    answer: tuple[bool, str] = (False, "the table could not take this; see its log")
    try:
        answer = work()
    finally:
        if reply is not None:
            reply.put(answer)


def _hardware(settings: TableSettings, mono: Callable[[], float],
              inbox: queue.Queue[InboxItem]) -> TableHardware | None:
    """Pins from the config: "lgpio" on a Pi, "mock" for a simulated table, "none"."""
    hw = settings.hardware
    if hw.pins == "none":
        return None
    if hw.pins == "lgpio":  # what the running kernel gave away, just before the pins open
        try:
            check_kernel(hw.pin_map)
        except ValueError as exc:
            raise ConfigError(f"[hardware]: {exc}") from None
    music = NightMusic(MusicSettings(folder=hw.music_dir, volume=hw.volume,
                                     device=hw.audio_device,
                                     announcements=hw.announcements_dir))
    hardware = TableHardware(hw.pin_map, make_factory(hw.pins), mono, music=music)
    hardware.send_keys_to(inbox.put)
    return hardware
