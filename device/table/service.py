"""The table service: one engine on one thread, a journal, the bus, the pad.

Everything arrives on one queue (`inbox`, a closed union of item types handled by one
`match`): MQTT messages and link changes from the bus client, key events from the pad,
actions typed at the local console. Only the engine thread (`run`) touches the game, the
journal and the timer; callbacks only enqueue. The pad bridge and the command desk never
change the service: they say what they want done (`PadWish`, `DeskWish`) and it does it.

Order of every accepted action: rules check -> journal (fsync) -> seat LEDs -> publish
(the public, audience and judge snapshots, the protocol, then the event). A rejected action
changes nothing and its reason goes to the judge.

A screen class's snapshot is published only when it changed (`snapshots.steady`), with a seq
that grows only when its view changed (`snapshots.ScreenSeqs`): a night action sends the
players nothing, so they cannot count what happens at night.

With `[stream] delay_minutes` set, the `stream` topic gets the judge's view of the moment
that many minutes ago, recomputed from the journal (device/table/stream.py); unset, nothing.

The heartbeat goes out on a fixed grid from a thread of its own (device/table/heartbeat.py), so
its timing says nothing about what the judge entered; it stops when the engine loop does.
"""

from __future__ import annotations

import logging
import queue
import shlex
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from importlib.metadata import version as _version
from typing import Any, assert_never

from bus import topics
from bus.client import BusClient, LinkDown, LinkUp, Presence, Received
from bus.payloads import Command, Heartbeat, Payload, Snapshot
from device.config import ConfigError, TableSettings
from device.hardware.gpiolines import check_kernel
from device.hardware.kit import TableHardware
from device.hardware.music import MusicSettings, NightMusic
from device.hardware.pad import KeyEvent
from device.hardware.pins import make_factory
from device.table import snapshots as snap
from device.table.admission import (
    Refused,
    admit_action,
    admit_game_id,
    admit_header,
    admit_names,
    admit_publishable,
    check_saved,
    replay_saved,
)
from device.table.bridge import PadBridge, PadRecord, PadRefusal, PadTimer, PadWait, PadWish
from device.table.commands import CommandDesk, CommandOutcome, NotACommand, Repeat, RunCommand
from device.table.heartbeat import ALIVE_SLACK_S, HeartbeatGrid
from device.table.inbox import (
    ConfirmNewGame,
    InboxItem,
    LocalCommand,
    NewGame,
    Stop,
    Submit,
    TimerKey,
)
from device.table.instance import JournalLock, claim_number, host_name, instance_id
from device.table.journal import Journal, JournalGame, Request, game_log_header
from device.table.keys import CLASSIC_SEATS, pad_problem
from device.table.newgame import GateStep, NewGameGate, Waiting
from device.table.nightscript import NightScript
from device.table.stream import DelayedStream
from device.table.systemd import Notifier
from device.table.timer import Countdown, TimerError, TimerEvent
from engine.classic.game import Game
from engine.errors import IllegalAction, LogError
from engine.refusals import Lang, Phrase, R
from engine.variant import GameVariant, find_variant, open_game
from engine.viewmodels import JudgeView
from engine.vocab import InfoClass, Phase

log = logging.getLogger("mafiakit.table")
VERSION = _version("mafiakit")
BIRTH_WAIT_S = 10.0  # start() waits this long at most for its birth once the broker answered
# A wall-clock move between two looks (at most a quarter of a second apart) larger than this is
# a step (chrony's makestep, a date set by hand), not chrony slewing it (at most 83 ms a second).
CLOCK_STEP_S = 1.0


class TableService:
    def __init__(self, settings: TableSettings, *, connect: bool = True,
                 hardware: TableHardware | None = None,
                 wall: Callable[[], float] = time.time,
                 mono: Callable[[], float] = time.monotonic) -> None:
        self.settings = settings
        self.wall, self.mono = wall, mono
        # Injected hardware (simulator, tests) already has a queue: it becomes the inbox.
        self.inbox: queue.Queue[InboxItem] = (hardware.events if hardware is not None
                                              else queue.Queue())
        self.journal = Journal(settings.journal)
        self.tournament, self.table = settings.tournament, settings.table
        # the game before any is journaled: the config's (the first line journals it)
        self.header: dict[str, Any] = self._default_header()
        self.table_game: GameVariant = open_game(self.header)
        self.game_id = ""
        self.seq = 0  # journal lines of the current game (undo lines included)
        self.views = snap.Views()  # the engine's views of the current state, built once
        self.screen_seqs = snap.ScreenSeqs()
        self._sent: dict[InfoClass, tuple[object, ...]] = {}  # last screen snapshots sent
        self._protocol_sent: tuple[str, int] | None = None  # (game, actions) of the last one
        self.names: list[str] = []
        self.countdown: Countdown | None = None
        self._timer_id: tuple[Any, ...] | None = None
        self.last_error: str | None = None
        self.refusal: Phrase | None = None  # the last refusal by key (the screen's language)
        self.lang: Lang = settings.lang
        self.decided_at: datetime | None = None  # the protest window starts here (issue 12)
        self.gate = NewGameGate()  # a new game asked for mid-game waits for the judge
        self._link_down = False
        self.pad_text: str = ""
        self.listeners: list[Callable[[TableService], None]] = []  # after every change
        self._stepped_at = mono()  # the engine loop's last round: the heartbeat's "alive"
        self.heartbeat = HeartbeatGrid(settings.heartbeat_s, mono, self._beat, self._alive)
        # the table's clock (`uptime_s`) in snapshots and heartbeats alike: the grid's origin
        self._booted = self.heartbeat.booted
        self._clock_offset = wall() - self._booted  # wall minus monotonic: moves on a step
        self.clock_step: tuple[str, float] | None = None  # (game, seconds): the last mid-game
        self.notifier = Notifier()
        self.bus: BusClient | None = None
        self.desk = CommandDesk(self.journal.answered)
        self._topics = {kind: topics.table_topic(self.tournament, self.table, kind)
                        for kind in ("public", "audience", "judge", "events", "protocol",
                                     "reply", "heartbeat", "stream")}
        delay = settings.stream.delay_minutes  # None: the stream class is off
        self.stream = None if delay is None else DelayedStream(
            self.journal, self.tournament, self.table, delay)
        self.instance = instance_id(self.journal)  # one table per number (device/table/instance.py)
        self._lock = JournalLock(settings.journal)
        if connect:
            self.bus = BusClient(settings.broker.config(), name=f"table-{self.table}",
                                 presence=self._presence(), inbox=self.inbox)
        self.hardware = hardware if hardware is not None else self._build_hardware()
        self.bridge = None if self.hardware is None else PadBridge(self.hardware)
        music = None if self.hardware is None else self.hardware.music
        self.night_script = None if music is None else NightScript(music)
        self._followed: object = None  # the game state the night script last followed
        self._restore()

    @property
    def game(self) -> Game:
        """The classic game at this table, for the tests and benches that play only the
        classic game; every part of the table holds `table_game`, a game of any variant."""
        if not isinstance(self.table_game, Game):
            raise TypeError(f"this table plays {self.table_game.rules_id}: read table_game")
        return self.table_game

    def _build_hardware(self) -> TableHardware | None:
        """Pins from the config: "lgpio" on a Pi, "mock" for a simulated table, "none"."""
        hw = self.settings.hardware
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
        return TableHardware(hw.pin_map, make_factory(hw.pins), self.mono, music=music,
                             events=self.inbox)

    # -- life cycle ------------------------------------------------------------------------

    def _restore(self) -> None:
        """Resume the current game from the journal, exactly (or open a first game).

        Whatever the journal holds, the table starts: a game that does not replay, or that
        an older kit admitted with an id or names the bus refuses, is never guessed at nor
        changed. It stays in the archive, the judge is told, and a new game is opened."""
        try:
            saved = self.journal.current()
        except Exception as exc:  # unreadable JSON in a row written by hand or by a bug
            self._set_aside("the current game", f"its record cannot be read ({exc})")
            return
        if saved is None:  # no game yet: the hub's comes, or the first line opens the table's
            self.screen_seqs.after_line(self.table_game, self.views)
            self._retime()
            self._refresh_pad()  # the seat LEDs show the deal meanwhile
            return
        try:
            check_saved(saved.game_id, saved.header, saved.names)
            game = replay_saved(saved.header, saved.lines)
        except (LogError, IllegalAction) as exc:
            self._set_aside(f"game {saved.game_id!r}", str(exc), saved)
            return
        self.table_game, self.game_id, self.seq = game, saved.game_id, len(saved.lines)
        self.screen_seqs, self.decided_at = _screen_seqs(saved.header, saved.lines)
        if game.state.finished != saved.finished:  # written by a kit that split the two
            self.journal.set_result(saved.game_id, game.result()
                                    if game.state.finished else None)
        self.header, self.names = saved.header, saved.names
        self._retime()
        log.info("resumed game %s at action %d", self.game_id, len(saved.lines))

    def _default_header(self) -> dict[str, Any]:
        """The config's game, as its variant writes it (a club table's has its `seats` and
        today's date, docs/club.md)."""
        rules = self.settings.rules
        today = datetime.fromtimestamp(self.wall()).date().isoformat()
        return find_variant({"rules": rules}).default_header(
            rules, self.tournament, self.table, self.settings.seats, today)

    def next_header(self) -> dict[str, Any]:
        """The table's own next game (the console's `{"command": "new_game"}` without a
        header): the config's game; at a club table numbered after tonight's last one."""
        header = self._default_header()
        number, date = self.header.get("game"), self.header.get("date")
        if ("game" in header and self.game_id and type(number) is int
                and date == header.get("date")):
            header["game"] = number + 1
        return header

    def _set_aside(self, what: str, why: str, saved: JournalGame | None = None) -> None:
        export = f" (mafiakit table --export {shlex.quote(saved.game_id)})" if saved else ""
        message = (f"journal {self.settings.journal}: {what} could not be resumed: "
                   f"{why[:300]}; it stays in the archive{export}; a new game is open")
        log.error("%s", message)
        self.new_game(self._default_header())
        self.last_error = message
        self.refusal = None

    def _presence(self) -> Presence:
        status = topics.table_topic(self.tournament, self.table, "status")
        return Presence(status, VERSION, instance=self.instance, host=host_name(),
                        claim_topic=topics.table_topic(self.tournament, self.table, "claim"))

    def start(self) -> TableService:
        """Take the journal and the table's number, then connect. JournalInUse or NumberHeld
        (one line each, docs/mqtt.md "One table per number") when another service has them;
        the caller closes the service then."""
        self._lock.take()
        if self.bus is not None:
            asked = claim_number(self.bus.config, self.tournament, self.table, self.instance)
            self.bus.subscribe(topics.table_filter("cmd", self.tournament, self.table))
            self.bus.start()
            if asked:  # the broker answers: hold the number (the birth) before saying ready
                self.bus.wait_ready(BIRTH_WAIT_S)
            self.heartbeat.start()
        return self

    def close(self) -> None:
        self.heartbeat.close()
        if self.bus is not None:
            self.bus.close()
        if self.hardware is not None:
            self.hardware.close()
        self.journal.close()
        self._lock.release()

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
        self._watch_clock(now)
        self._stepped_at = now
        self._publish_stream()
        try:
            item = self.inbox.get(timeout=timeout) if timeout else self.inbox.get_nowait()
        except queue.Empty:
            self._poll_timer()
            self.journal.checkpoint()  # idle: the WAL goes home now, not in a judge's commit
            return True
        if isinstance(item, Stop):
            return False
        try:
            self.handle(item)
        except Exception:  # nothing a client sends may stop the engine thread
            log.exception("failed to handle a %s", type(item).__name__)
        self._poll_timer()
        return True

    def _watch_clock(self, mono_now: float) -> None:
        """Notice the wall clock stepping (docs/clock.md). Before a game starts that is what
        the venue's time server is for; during one the journal's and the protocol's times jump
        there, so the head judge hears of it (`clock_step_s` in the heartbeat's next beat)
        and the judge at the table reads it. Countdowns run on the monotonic clock and do not
        notice."""
        offset = self.wall() - mono_now
        step, self._clock_offset = offset - self._clock_offset, offset
        if abs(step) < CLOCK_STEP_S:
            return
        state = self.table_game.state
        if self.seq == 0 or state.finished:
            log.info("the wall clock stepped %+.1f s between games", step)
            return
        self.clock_step = (self.game_id, round(step, 1))
        self.last_error = (f"the table's clock jumped {step:+.0f} s during game {self.game_id}: "
                           "its protocol's times jump there; the timers ran on")
        self.refusal = None
        log.warning("%s", self.last_error)
        self.publish_all(only=(InfoClass.JUDGE,))  # the head judge: at the grid's next beat

    def handle(self, item: InboxItem) -> None:
        match item:
            case Submit(line=line, reply=answer):
                self._answer(answer, lambda: self._in_own_words(self.submit_line(line)))
            case Received():
                self._received(item)
            case LocalCommand(command=command, reply=answer):
                self._answer(answer, lambda: self._said(self.run_command(command)))
            case LinkUp(bdseq=bdseq):
                log.info("broker connected (bdseq %d): publishing everything", bdseq)
                self._link_down = False
                self.publish_all(force=True)
            case LinkDown(reason=reason, tls=tls):
                # said once per outage: paho retries every second or so, the judge needs one line
                if not self._link_down:
                    mend = ("give the venue's CA file ([broker] ca_file, or ?ca= in the URL; "
                            "deploy/mosquitto/README.md)" if tls else
                            "start the broker, or run with --no-broker")
                    log.warning("broker link down at %s: %s (the game goes on and the journal "
                                "keeps everything; %s)", self._broker_address(), reason, mend)
                self._link_down = True
            case TimerKey(restart=restart):
                self.timer_key(restart)
            case NewGame(header=header, game_id=game_id, names=names):
                self.new_game(header, game_id, names)
            case ConfirmNewGame(reply=answer):
                self._answer(answer, lambda: self._said(self.confirm_new_game()))
            case KeyEvent():
                if self.bridge is not None:
                    waiting, step = self.gate.waiting, self.gate.key(item)
                    if step == "pass":
                        self._pad_wish(self.bridge, self.table_game,
                                       self.bridge.key(item, self.table_game))
                    else:
                        self._gate_step(self.bridge, step, waiting)
            case Stop():
                pass  # `step` stops before handing it here
            case _:
                assert_never(item)

    @staticmethod
    def _answer(reply: queue.Queue[tuple[bool, str]] | None,
                work: Callable[[], tuple[bool, str]]) -> None:
        """Run a console request; the console waits for this answer, so it always gets one."""
        answer: tuple[bool, str] = (False, "the table could not take this; see its log")
        try:
            answer = work()
        finally:
            if reply is not None:
                reply.put(answer)

    def _received(self, item: Received) -> None:
        wish = self.desk.received(item)
        match wish:
            case RunCommand(command=command):
                outcome = self.run_command(command, Request(command.request_id, command.name))
                reply = self.desk.answered(command, outcome)
            case Repeat(reply=reply):
                pass
            case NotACommand():
                return
            case _:
                assert_never(wish)
        self._send("reply", reply)

    def run_command(self, cmd: Command, request: Request | None = None) -> CommandOutcome:
        """Carry out one hub or console command (checked by device.table.admission); a refusal is
        an outcome, never an exception. `request` keeps a hub's request id in the journal."""
        args = cmd.args
        try:
            match cmd.name:
                case "action":
                    ok, why = self.submit_line(admit_action(args["action"], self.table_game),
                                               request)
                    return CommandOutcome(ok, why, {"seq": self.seq} if ok else None)
                case "undo":
                    ok, why = self.submit_line({"action": "undo"}, request)
                    return CommandOutcome(ok, why)
                case "new_game":
                    header, gid = self._admit_new_game(
                        args["header"], args.get("game_id"))
                    if self._running():  # the judge says yes or no at the table
                        return self._new_game_waits(Waiting(header, gid, request))
                    gid = self.new_game(header, game_id=gid, request=request)
                    return CommandOutcome(True, "", {"game_id": gid})
                case "roster":
                    names = admit_names(args["names"], seats=self.table_game.seats)
                    waiting = self.gate.waiting
                    if request is not None and waiting is not None:  # the new game's roster
                        phrase = Phrase(R.ROSTER_WAITS, {"new": waiting.name,
                                                         "game": self.game_id})
                        return CommandOutcome(False, phrase.text("en"), refusal=phrase)
                    self.set_names(names, request)
                    return CommandOutcome(True)
                case "rebirth":
                    self.publish_all(force=True)
                    self._send_events_again(args)
                    return CommandOutcome(True)
                case "ping":
                    return CommandOutcome(True, "", {"game_id": self.game_id,
                                              "actions": len(self.table_game.actions)})
                case _:
                    assert_never(cmd.name)
        except (LogError, IllegalAction) as exc:
            return CommandOutcome(False, str(exc), refusal=exc.phrase)
        except Exception as exc:  # a bug must cost one refusal, never the table
            log.exception("the %s command failed", cmd.name)
            return CommandOutcome(False, f"the table could not carry out {cmd.name} "
                                         f"({type(exc).__name__}); ask for a ping to see "
                                         "whether anything changed")

    def _send_events_again(self, args: dict[str, Any]) -> None:
        """A hub that missed events asks for them from `since` (docs/mqtt.md "Sequence
        numbers and rebirth on a gap"): the current game's, from the journal, as they were."""
        since = args.get("since")
        if args.get("game_id") != self.game_id or not isinstance(since, int) or since > self.seq:
            return
        for seq, line in enumerate(self.journal.lines_between(self.game_id, since - 1, self.seq),
                                   start=since):
            self._send("events", snap.event(seq, self.game_id, line, snap.line_time(
                line, self.wall())))

    def _pad_wish(self, bridge: PadBridge, game: GameVariant, wish: PadWish) -> None:
        """Do what the judge keyed in; then show the pad's unfinished sequence."""
        match wish:
            case PadRecord(line=line, key=key):
                ok, why = self.submit_line(line)
                bridge.recorded(ok, key, game)
                if not ok:  # the rules refused it: _reject kept the reason and its key
                    self.last_error = why
            case PadTimer(restart=restart):
                self.timer_key(restart=restart)
            case PadRefusal(message=message, refusal=refusal):
                self.last_error = message
                self.refusal = refusal
            case PadWait():
                pass
            case _:
                assert_never(wish)
        text = bridge.text(game)
        if text != self.pad_text or isinstance(wish, PadRefusal | PadRecord):
            self.pad_text = text
            self.publish_all(only=(InfoClass.JUDGE,))

    # -- games -----------------------------------------------------------------------------

    def _admit_new_game(self, header: Any, game_id: Any) -> tuple[dict[str, Any], str]:
        """A new game's header and id, checked before anything is decided about it: one the
        pad cannot key, a bad header or id, or an id already used is refused in words."""
        if self.hardware is not None:  # a game the pad cannot key is refused before it starts
            seats = header.get("seats", CLASSIC_SEATS) if isinstance(header, dict) else 0
            problem = pad_problem(seats, self.hardware.pin_map.seats) if isinstance(
                seats, int) else None
            if problem is not None:
                raise LogError(problem)
        header = admit_header(header)
        gid = admit_game_id(game_id if game_id is not None else
                            datetime.now(UTC).strftime(f"{self.table}-%Y%m%dT%H%M%S%f"))
        if self.journal.load(gid) is not None:
            raise LogError(f"game id {gid} is already used at this table")
        return header, gid

    def _running(self) -> bool:
        """A game with actions in effect and no result yet: a new game would abandon it."""
        return bool(self.table_game.actions) and not self.table_game.state.finished

    def _new_game_waits(self, waiting: Waiting) -> CommandOutcome:
        """Refuse a new game mid-game in words and keep it for the judge's answer at the
        table (device/table/newgame.py): the judge's screen shows it until he answers."""
        self.gate.wait(waiting)
        phrase = self._waits_phrase()
        log.warning("%s", phrase.text("en"))
        self.publish_all(only=(InfoClass.JUDGE,))
        return CommandOutcome(False, phrase.text("en"), refusal=phrase)

    def _waits_phrase(self) -> Phrase:
        waiting = self.gate.waiting
        return Phrase(R.NEW_GAME_WAITS, {"new": "" if waiting is None else waiting.name,
                                         "game": self.game_id,
                                         "actions": len(self.table_game.actions)})

    def confirm_new_game(self) -> CommandOutcome:
        """The judge's yes (the console's `confirm`, the pad's hold of NEXT): the waiting
        game opens; the game at the table stays in the journal's archive."""
        waiting = self.gate.waiting
        if waiting is None:
            return CommandOutcome(False, Phrase(R.NEW_GAME_NONE_WAITS).text("en"),
                                  refusal=Phrase(R.NEW_GAME_NONE_WAITS))
        try:
            gid = self.new_game(waiting.header, waiting.game_id, request=waiting.request)
        except LogError as exc:
            self.gate.clear()
            return CommandOutcome(False, str(exc), refusal=exc.phrase)
        log.info("the judge opened the new game %s", gid)
        return CommandOutcome(True, "", {"game_id": gid})

    def _gate_step(self, bridge: PadBridge, step: GateStep, waiting: Waiting | None) -> None:
        """A pad key while a new game waits and the judge is asked (device/table/newgame.py)."""
        if step == "open":
            outcome = self.confirm_new_game()
            bridge.recorded(outcome.ok, "NEXT", self.table_game)
            if not outcome.ok:
                self.last_error, self.refusal = outcome.error, outcome.refusal
        elif step == "keep":
            phrase = Phrase(R.NEW_GAME_KEPT_OUT, {
                "new": "" if waiting is None else waiting.name, "game": self.game_id})
            self.last_error, self.refusal = phrase.text("en"), phrase
        self.pad_text = self.gate.pad_text() or bridge.text(self.table_game)
        self.publish_all(only=(InfoClass.JUDGE,))

    def new_game(self, header: dict[str, Any], game_id: str | None = None,
                 names: list[str] | None = None, request: Request | None = None) -> str:
        """Open a game; everything is checked (device.table.admission) before the journal."""
        header, gid = self._admit_new_game(header, game_id)
        players = header.get("players")
        game = open_game(header)
        if names is None:
            names = list(players) if players else []  # admitted with the header
        elif names:
            names = admit_names(names, seats=game.seats)
        self.journal.new_game(gid, header, names, snap.wall(self.wall()).isoformat(), request)
        self.table_game, self.game_id, self.header, self.names = game, gid, header, names
        self.seq = 0
        self.screen_seqs = snap.ScreenSeqs()
        self.screen_seqs.after_line(self.table_game, self.views)
        self.decided_at = None
        self.gate.clear()  # whatever waited was for the game that is over now
        self._protocol_sent = None  # the last game's protocol stays retained: it is decided
        self.last_error = None
        self.refusal = None
        self._retime()
        self.publish_all()
        return gid

    def _open_first_game(self) -> None:
        """A table with no game yet journals the config's game when its first line or roster
        comes (not at start: a table whose hub sends its game keeps no empty one of its own)."""
        header = admit_header(self.header)  # the game the table has played in memory so far
        gid = admit_game_id(datetime.now(UTC).strftime(f"{self.table}-%Y%m%dT%H%M%S%f"))
        self.journal.new_game(gid, header, self.names, snap.wall(self.wall()).isoformat())
        self.game_id, self.header = gid, header

    def set_names(self, names: list[str], request: Request | None = None) -> None:
        names = admit_names(names, seats=self.table_game.seats)
        if not self.game_id:
            self._open_first_game()
        self.journal.set_names(self.game_id, names, request, self.seq)
        self.names = list(names)
        self.publish_all()

    def submit_line(self, line: dict[str, Any],
                    request: Request | None = None) -> tuple[bool, str]:
        """One judge action (a game-log line). Returns (accepted, reason-if-not).

        Checked whole before the journal (device.table.admission): what is journaled replays and
        publishes, so the reply and the journal always agree."""
        try:
            line = admit_action(line, self.table_game)
        except LogError as exc:
            return self._reject(line, str(exc), exc.phrase)
        line.setdefault("t", datetime.fromtimestamp(self.wall(), UTC).isoformat())
        was_decided = self.table_game.state.finished
        try:
            undone = self.table_game.play_line(line)
        except LogError as exc:
            return self._reject(line, str(exc), exc.phrase)
        except IllegalAction as exc:
            return self._reject(line, str(exc), exc.phrase)
        seq = self.seq + 1
        decided = self.table_game.state.finished
        outcome = self.table_game.result() if decided else None
        if not self.game_id:
            self._open_first_game()
        try:
            ready = admit_publishable(lambda: self._payloads_of(seq, line, decided))
        except Refused as exc:
            self._take_back(undone)
            return self._reject(line, str(exc))
        try:
            self.journal.append(self.game_id, seq, line, outcome,
                                decided_changed=decided != was_decided, request=request,
                                at=self.wall())
        except Exception as exc:  # disk full, I/O error: the action did not happen
            self._take_back(undone)
            log.exception("journal write failed")
            return self._reject(line, f"the journal could not be written ({exc}); try again")
        self.seq = seq
        self.screen_seqs.after_line(self.table_game, self.views)
        self.decided_at = _decision(was_decided, decided, line, self.decided_at)
        self.last_error = None
        self.refusal = None
        self._retime()
        # durable now: the snapshots first (what every screen waits for), then the
        # protocol and the event, the latter two as admission encoded them
        self.publish_all(protocol=ready[1] if decided else None)
        self._send("events", ready[0])
        return True, ""

    def _payloads_of(self, seq: int, line: dict[str, Any], decided: bool) -> list[Payload]:
        """What accepting `line` would publish besides the snapshots (bounded by the engine)."""
        out: list[Payload] = [snap.event(seq, self.game_id, line, self.wall())]
        if decided:
            out.append(snap.protocol(self.table_game, self.game_id,
                                     game_log_header(self.header, self.names)))
        return out

    def _take_back(self, undone: dict[str, Any] | None) -> None:
        """Undo the engine's step of an action that was not journaled after all (`undone`:
        the line of the action an undo took back, pushed again)."""
        if undone is not None:
            self.table_game.play_line(undone)
        else:
            self.table_game.pop()

    def _in_own_words(self, answer: tuple[bool, str]) -> tuple[bool, str]:
        """The console's answer in the table's language (`lang`); the hub's stay English."""
        if not answer[0] and self.refusal is not None:
            return False, self.refusal.text(self.lang)
        return answer

    def _said(self, outcome: CommandOutcome) -> tuple[bool, str]:
        """A console command's answer in the table's language."""
        if not outcome.ok and outcome.refusal is not None:
            return False, outcome.refusal.text(self.lang)
        return outcome.ok, outcome.error

    def _reject(self, line: Any, reason: str,
                refusal: Phrase | None = None) -> tuple[bool, str]:
        self.last_error = reason[:500]
        self.refusal = refusal
        name = line.get("action") if isinstance(line, dict) else None
        log.info("rejected %s: %s", str(name)[:40], reason[:200])
        self.publish_all(only=(InfoClass.JUDGE,))
        return False, reason

    # -- timer -----------------------------------------------------------------------------

    def _retime(self) -> None:
        """A new countdown when the timed thing changed (new speaker, candidate, step)."""
        timer = self.table_game.timer()
        ident = self.table_game.timer_identity(timer)
        if ident == self._timer_id:
            return
        self._timer_id = ident
        self.countdown = None
        if timer is not None and timer.seconds > 0:
            self.countdown = Countdown.start(timer.kind, timer.seconds, self.mono())

    def timer_key(self, restart: bool = False) -> None:
        if self.countdown is None:
            self.refusal = Phrase(R.TIMER_NONE)
            self.last_error = self.refusal.text("en")
        else:
            try:
                now = self.mono()
                self.countdown = (self.countdown.restart(now) if restart
                                  else self.countdown.toggle(now))
            except TimerError as exc:
                self.last_error = str(exc)
                self.refusal = None
        self.publish_all()

    def _poll_timer(self) -> None:
        if self.countdown is None:
            return
        self.countdown, events = self.countdown.poll(self.mono())
        for e in events:
            self._timer_event(e)
        self._refresh_pad()  # the speaker's LED blinks in his last 10 seconds

    def _refresh_pad(self) -> None:
        if self.bridge is not None:
            countdown = self.countdown
            left = None if countdown is None else countdown.remaining(self.mono())
            self.bridge.refresh(self.table_game, left)
        state, script = self.table_game.state, self.night_script
        # classic and club alike; a frozen state needs no second look, and a day in which
        # the script hears no night needs no judge view (one is built per action: 0.3 ms)
        if script is not None and state is not self._followed and (
                script.at_night or state.phase == Phase.NIGHT):
            self._followed = state
            view = self.views.of(self.table_game, InfoClass.JUDGE)
            assert isinstance(view, JudgeView)
            silent = script.follow(view)
            if silent is not None:  # the judge's one line: the table cannot play its music
                self.last_error = silent
                self.refusal = None
                self.publish_all(only=(InfoClass.JUDGE,))

    def _timer_event(self, event: TimerEvent) -> None:
        """"10 seconds" and "time": a tone at the table; screens count down by themselves."""
        if self.bridge is not None:
            self.bridge.tone(event)
        if self.night_script is not None and event.kind == "time_up":
            view = self.views.of(self.table_game, InfoClass.JUDGE)
            assert isinstance(view, JudgeView)
            self.night_script.time_up(view)  # a night step's time is over: call the next

    # -- bus -------------------------------------------------------------------------------

    def _broker_address(self) -> str:
        """host:port of the broker, never the account's password."""
        config = self.settings.broker.config()
        return f"{config.host}:{config.port}"

    def summary(self) -> str:
        """One plain line for the simulator's status bar (no secrets: players see it; the
        result is the decided game's, which everyone may know)."""
        state = self.table_game.state
        if state.winner is not None:
            return f"game over: {state.winner}" + (" wins" if state.winner != "draw" else "")
        v = self.views.of(self.table_game, InfoClass.PUBLIC)
        speaker = f" #{v.speaker}" if v.speaker else ""
        return f"{v.phase} {v.number}: {v.step}{speaker}".replace("_", " ")

    def judge_extra(self) -> snap.JudgeExtra:
        """The judge's own lines; while a new game waits and nothing else is to be said, the
        question stays on his screen until he answers it."""
        last_error, refusal = self.last_error, self.refusal
        if last_error is None and self.gate.waiting is not None:
            refusal = self._waits_phrase()
            last_error = refusal.text("en")
        return snap.JudgeExtra(last_error=last_error, pad=self.pad_text,
                               game_id=self.game_id,
                               refusal=None if refusal is None else refusal.wire(),
                               decided_at=self.decided_at)

    def publish_all(self, only: tuple[InfoClass, ...] = tuple(InfoClass),
                    force: bool = False, protocol: bytes | None = None) -> None:
        """Publish the snapshots of `only` that changed (all of them when `force`: a new
        broker link or a rebirth), then the protocol when the game is decided (or its
        clearing when an undo took a decided game back); `protocol` is the accepted line's
        own, as admission encoded it, and is never sent for a later state."""
        self._refresh_pad()
        for listener in self.listeners:
            listener(self)
        if self.bus is None:
            return
        self._publish_snapshots(only, force)
        self._publish_protocol(force, protocol)
        if force:
            self._publish_stream(force=True)

    def _publish_snapshots(self, only: tuple[InfoClass, ...], force: bool) -> None:
        """The snapshots of `only`, built first and then handed to paho back to back, public
        first (each hand-off may wake paho's network thread, which then needs the GIL); a
        screen class only when it changed (`snap.steady`, judged before its snapshot is
        built: a night action builds none)."""
        mono_now, wall_now = self.mono(), self.wall()
        shots: list[tuple[InfoClass, Snapshot]] = []
        for info_class in only:
            judge = info_class == InfoClass.JUDGE
            seq = self.seq if judge else self.screen_seqs.seq[info_class]
            v, elapsed = snap.class_view(
                self.table_game, info_class, countdown=self.countdown, mono_now=mono_now,
                judge_extra=self.judge_extra() if judge else None, views=self.views)
            if not judge:
                steady = snap.steady(v, elapsed, seq=seq, game_id=self.game_id,
                                     names=self.names, mono_now=mono_now)
                if not force and self._sent.get(info_class) == steady:
                    continue  # nothing new for this class: send nothing (night actions)
                self._sent[info_class] = steady
            try:
                shots.append((info_class, snap.wrap(
                    info_class, v, tournament=self.tournament, table=self.table, seq=seq,
                    game_id=self.game_id, names=self.names, uptime_s=mono_now - self._booted,
                    wall_now=wall_now)))
            except ValueError as exc:
                log.error("the %s snapshot cannot be built: %s", info_class, exc)
        for info_class, shot in shots:
            self._send(info_class, shot)
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
        decided = self.table_game.state.finished
        if force:
            decided = decided and self.journal.decided(self.game_id)
        if decided:
            # sent again whenever it changed: a farewell, a foul or the after-game lines
            # (points, protests, the signature) after the decision belong to the protocol
            sent = (self.game_id, len(self.table_game.actions))
            if force or self._protocol_sent != sent:
                try:
                    self._send("protocol", ready if ready is not None else
                               snap.protocol(self.table_game, self.game_id,
                                             game_log_header(self.header, self.names)))
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
        game_id = self.journal.last_decided(other_than=self.game_id)
        saved = None if game_id is None else self.journal.load(game_id)
        if saved is None:
            return
        try:
            game = replay_saved(saved.header, saved.lines)
            self._send("protocol", snap.protocol(game, saved.game_id, saved.header))
        except (LogError, IllegalAction, ValueError) as exc:
            log.warning("the protocol of game %s is not published again: %s", game_id, exc)

    def _publish_stream(self, force: bool = False) -> None:
        """The delayed stream class, when it is on and its picture moved on (device/table/stream.py:
        from the journal by the wall clock, so it goes out on a quiet table too)."""
        if self.stream is None or self.bus is None:
            return
        try:
            shot = self.stream.due(self.wall(), force=force)
        except ValueError as exc:  # a payload the bus refuses: never stop the table
            log.error("the stream snapshot cannot be built: %s", exc)
            return
        if shot is not None:
            self._send("stream", shot)

    def _send(self, kind: str, payload: Payload | bytes) -> None:
        """Publish, or log why not: a message the bus refuses must never stop the table
        (admission keeps such messages from being made; this is the last line)."""
        if self.bus is None:
            return
        try:
            self.bus.publish(self._topics[kind], payload)
        except ValueError as exc:  # PayloadError, TopicError
            log.error("not published on %s: %s", kind, exc)

    def _alive(self) -> bool:
        """The engine loop went round lately: a wedged or stopped engine sends no heartbeat."""
        return self.mono() - self._stepped_at <= self.settings.heartbeat_s + ALIVE_SLACK_S

    def _beat(self, slot: int, uptime_s: float) -> None:
        """Heartbeat `slot` of the grid (device/table/heartbeat.py, on its own thread): the grid's
        numbers, not the moment it got round to it; the game and the public seq as they stand
        (neither moves at night)."""
        if self.bus is None:
            return
        try:
            step = self.clock_step
            hb = Heartbeat(seq=slot + 1, bdseq=self.bus.bdseq, sent_at=snap.wall(self.wall()),
                           uptime_s=uptime_s, game_id=self.game_id or None,
                           last_public_seq=self.screen_seqs.seq[InfoClass.PUBLIC],
                           clock_step_s=step[1] if step and step[0] == self.game_id else None)
        except ValueError as exc:
            log.error("the heartbeat cannot be built: %s", exc)
            return
        self._send("heartbeat", hb)


def _screen_seqs(header: dict[str, Any], lines: list[dict[str, Any]]
                 ) -> tuple[snap.ScreenSeqs, datetime | None]:
    """The screen seqs of a journal's game, counted again line by line (a restart), and
    when its result was decided (the `t` of the line that decided it)."""
    seqs = snap.ScreenSeqs()
    game = open_game(header)
    seqs.after_line(game)
    decided_at = None
    for line in lines:
        was = game.state.finished
        game.play_line(line)
        seqs.after_line(game)
        decided_at = _decision(was, game.state.finished, line, decided_at)
    return seqs, decided_at


def _decision(was: bool, now: bool, line: dict[str, Any],
              decided_at: datetime | None) -> datetime | None:
    """The decision time after one line: set when the line decides the game, cleared when
    an undo takes it back to running."""
    if not now:
        return None
    if was:
        return decided_at
    try:
        at = datetime.fromisoformat(str(line.get("t")))
    except ValueError:
        return None
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)
