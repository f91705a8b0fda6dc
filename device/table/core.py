"""The game core of a table: the journal, the game at the table, and admission to both.

One job: the game the table plays (its header, roster, id, journal seq, the screens' seqs,
when it was decided) is exactly what the journal holds. Every change is checked whole
(device/table/admission.py), journaled (fsync), and only then taken into memory, so a
restart resumes what was accepted and nothing else. Publishing is not done here: `record`
hands back the very bytes the table publishes for an accepted line.
"""

from __future__ import annotations

import logging
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from bus.payloads import Payload
from device.config import TableSettings
from device.table import snapshots as snap
from device.table.admission import (
    Refused,
    admit_action,
    admit_game_id,
    admit_header,
    admit_names,
    admit_publishable,
    check_saved,
    engine_line,
    replay_saved,
)
from device.table.journal import Journal, JournalGame, Request, game_log_header
from device.table.keys import CLASSIC_SEATS, pad_problem
from engine.errors import IllegalAction, LogError
from engine.log import LogLine
from engine.refusals import Phrase
from engine.variant import GameVariant, find_variant, open_game

log = logging.getLogger("mafiakit.table")


@dataclass(frozen=True)
class Recorded:
    """A line the rules took and the journal holds: its event and, when it decided the game,
    the protocol, as admission encoded them (published as they are)."""

    event: bytes
    protocol: bytes | None


@dataclass(frozen=True)
class NotRecorded:
    """A line refused (nothing changed): why, in words and by key."""

    reason: str
    refusal: Phrase | None = None


class GameCore:
    def __init__(self, settings: TableSettings, journal: Journal,
                 wall: Callable[[], float]) -> None:
        self.settings, self.journal, self.wall = settings, journal, wall
        self.table = settings.table
        # the game before any is journaled: the config's (the first line journals it)
        self.header: LogLine = self.default_header()
        self.game: GameVariant = open_game(engine_line(self.header))
        self.game_id = ""
        self.seq = 0  # journal lines of the current game (undo lines included)
        self.views = snap.Views()  # the engine's views of the current state, built once
        self.screen_seqs = snap.ScreenSeqs()
        self.names: list[str] = []
        self.decided_at: datetime | None = None  # the protest window starts here (issue 12)

    def resume(self) -> str | None:
        """Resume the current game from the journal, exactly (or keep the config's game
        until a first line comes). Whatever the journal holds, the table starts: a game that
        does not replay, or that an older kit admitted with an id or names the bus refuses,
        is never guessed at nor changed; the judge's line is returned (it stays in the
        archive and the caller opens a new game)."""
        try:
            saved = self.journal.current()
        except Exception as exc:  # unreadable JSON in a row written by hand or by a bug
            return self._set_aside("the current game", f"its record cannot be read ({exc})")
        if saved is None:  # no game yet: the hub's comes, or the first line opens the table's
            self.screen_seqs.after_line(self.game, self.views)
            return None
        try:
            check_saved(saved.game_id, saved.header, saved.names)
            game = replay_saved(saved.header, saved.lines)
        except (LogError, IllegalAction) as exc:
            return self._set_aside(f"game {saved.game_id!r}", str(exc), saved)
        self.game, self.game_id, self.seq = game, saved.game_id, len(saved.lines)
        self.screen_seqs, self.decided_at = _screen_seqs(saved.header, saved.lines)
        if game.state.finished != saved.finished:  # written by a kit that split the two
            self.journal.set_result(saved.game_id, game.result()
                                    if game.state.finished else None)
        self.header, self.names = saved.header, saved.names
        log.info("resumed game %s at action %d", self.game_id, len(saved.lines))
        return None

    def _set_aside(self, what: str, why: str, saved: JournalGame | None = None) -> str:
        export = f" (mafiakit table --export {shlex.quote(saved.game_id)})" if saved else ""
        message = (f"journal {self.settings.journal}: {what} could not be resumed: "
                   f"{why[:300]}; it stays in the archive{export}; a new game is open")
        log.error("%s", message)
        return message

    def default_header(self) -> LogLine:
        """The config's game, as its variant writes it (a club table's has its `seats` and
        today's date, docs/club.md)."""
        rules = self.settings.rules
        today = datetime.fromtimestamp(self.wall()).date().isoformat()
        return find_variant({"rules": rules}).default_header(
            rules, self.settings.tournament, self.table, self.settings.seats, today)

    def next_header(self) -> LogLine:
        """The table's own next game: the config's game; at a club table numbered after
        tonight's last one."""
        header = self.default_header()
        number, date = self.header.get("game"), self.header.get("date")
        if ("game" in header and self.game_id and type(number) is int
                and date == header.get("date")):
            header["game"] = number + 1
        return header

    def running(self) -> bool:
        """A game with actions in effect and no result yet: a new game would abandon it."""
        return bool(self.game.actions) and not self.game.state.finished

    # -- games -----------------------------------------------------------------------------

    def admit_new_game(self, header: object, game_id: object,
                       pad_seats: int | None) -> tuple[LogLine, str]:
        """A new game's header and id, checked before anything is decided about it: one the
        pad (of `pad_seats` seat keys) cannot key, a bad header or id, or an id already used
        is refused in words."""
        if pad_seats is not None:  # a game the pad cannot key is refused before it starts
            seats = header.get("seats", CLASSIC_SEATS) if isinstance(header, dict) else 0
            problem = pad_problem(seats, pad_seats) if isinstance(seats, int) else None
            if problem is not None:
                raise LogError(problem)
        header = admit_header(header)
        gid = admit_game_id(game_id if game_id is not None else self._new_id())
        if self.journal.load(gid) is not None:
            raise LogError(f"game id {gid} is already used at this table")
        return header, gid

    def _new_id(self) -> str:
        return datetime.now(UTC).strftime(f"{self.table}-%Y%m%dT%H%M%S%f")

    def open(self, header: object, game_id: str | None, names: list[str] | None,
             request: Request | None, pad_seats: int | None) -> str:
        """Open a game; everything is checked (device.table.admission) before the journal."""
        header, gid = self.admit_new_game(header, game_id, pad_seats)
        players = header.get("players")
        game = open_game(engine_line(header))
        if names is None:
            names = admit_names(players, seats=game.seats) if players else []  # admitted
        elif names:
            names = admit_names(names, seats=game.seats)
        self.journal.new_game(gid, header, names, snap.wall(self.wall()).isoformat(), request)
        self.game, self.game_id, self.header, self.names = game, gid, header, names
        self.seq = 0
        self.screen_seqs = snap.ScreenSeqs()
        self.screen_seqs.after_line(self.game, self.views)
        self.decided_at = None
        return gid

    def _open_first_game(self) -> None:
        """A table with no game yet journals the config's game when its first line or roster
        comes (not at start: a table whose hub sends its game keeps no empty one of its own)."""
        header = admit_header(self.header)  # the game the table has played in memory so far
        gid = admit_game_id(self._new_id())
        self.journal.new_game(gid, header, self.names, snap.wall(self.wall()).isoformat())
        self.game_id, self.header = gid, header

    def set_names(self, names: object, request: Request | None = None) -> None:
        names = admit_names(names, seats=self.game.seats)
        if not self.game_id:
            self._open_first_game()
        self.journal.set_names(self.game_id, names, request, self.seq)
        self.names = list(names)

    def record(self, line: object, request: Request | None = None) -> Recorded | NotRecorded:
        """One judge action (a game-log line), checked whole before the journal: what is
        journaled replays and publishes, so the reply and the journal always agree."""
        try:
            line = admit_action(line, self.game)
        except LogError as exc:
            return NotRecorded(str(exc), exc.phrase)
        line.setdefault("t", datetime.fromtimestamp(self.wall(), UTC).isoformat())
        was_decided = self.game.state.finished
        try:
            undone = self.game.play_line(engine_line(line))
        except (LogError, IllegalAction) as exc:
            return NotRecorded(str(exc), exc.phrase)
        seq = self.seq + 1
        decided = self.game.state.finished
        outcome = self.game.result() if decided else None
        if not self.game_id:
            self._open_first_game()
        try:
            ready = admit_publishable(lambda: [
                snap.event(seq, self.game_id, line, self.wall()),
                *([self.protocol()] if decided else [])])
        except Refused as exc:
            self._take_back(undone)
            return NotRecorded(str(exc))
        try:
            self.journal.append(self.game_id, seq, line, outcome,
                                decided_changed=decided != was_decided, request=request,
                                at=self.wall())
        except Exception as exc:  # disk full, I/O error: the action did not happen
            self._take_back(undone)
            log.exception("journal write failed")
            return NotRecorded(f"the journal could not be written ({exc}); try again")
        self.seq = seq
        self.screen_seqs.after_line(self.game, self.views)
        self.decided_at = _decision(was_decided, decided, line, self.decided_at)
        return Recorded(ready[0], ready[1] if decided else None)

    def protocol(self) -> Payload:
        """The decided game's protocol as it stands (its header with the roster)."""
        return snap.protocol(self.game, self.game_id, game_log_header(self.header, self.names))

    def _take_back(self, undone: LogLine | None) -> None:
        """Undo the engine's step of an action that was not journaled after all (`undone`:
        the line of the action an undo took back, pushed again)."""
        if undone is not None:
            self.game.play_line(engine_line(undone))
        else:
            self.game.pop()


def _screen_seqs(header: LogLine, lines: list[LogLine]
                 ) -> tuple[snap.ScreenSeqs, datetime | None]:
    """The screen seqs of a journal's game, counted again line by line (a restart), and
    when its result was decided (the `t` of the line that decided it)."""
    seqs = snap.ScreenSeqs()
    game = open_game(engine_line(header))
    seqs.after_line(game)
    decided_at = None
    for line in lines:
        was = game.state.finished
        game.play_line(engine_line(line))
        seqs.after_line(game)
        decided_at = _decision(was, game.state.finished, line, decided_at)
    return seqs, decided_at


def _decision(was: bool, now: bool, line: LogLine,
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
