"""The engine checks what the tables send: every event is replayed in seq order, every
protocol replayed in full, so a table that publishes an action the rules refuse (or a
protocol whose result does not follow from its actions) is quarantined, never counted."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from bus.payloads import ClubProtocol, Event, Protocol
from bus.settings import CLUB
from engine import Undo
from engine.classic.game import Game
from engine.classic.log import parse_action
from engine.classic.protocol import result
from engine.classic.replay import replay
from engine.club import log as club_log
from engine.club.game import ClubGame
from engine.club.result import result as club_result
from engine.errors import IllegalAction, LogError
from engine.refusals import R
from engine.replay import ReplayError, replay_game


@dataclass
class GameCheck:
    """One table's game as the hub has followed it from its events."""

    game: Game | ClubGame
    next_seq: int = 1
    blind: bool = False  # a gap: events are stored, the protocol will be checked in full
    seqs: set[int] = field(default_factory=set)


def apply_event(check: GameCheck, event: Event) -> str | None:
    """Apply an event's action; the reason if the engine refuses it (nothing changed)."""
    if event.seq != check.next_seq:
        check.blind = check.blind or event.seq > check.next_seq
        check.next_seq = max(check.next_seq, event.seq + 1)
        return None
    if check.blind:
        check.next_seq += 1
        return None
    try:
        game = check.game
        line: dict[str, Any] = dict(event.action)
        action = (club_log.parse_action(line, game.settings.seats) if isinstance(game, ClubGame)
                  else parse_action(line))
        if isinstance(action, Undo):
            if not check.game.actions:
                raise IllegalAction(R.NOTHING_TO_UNDO)
            check.game.pop()
        else:
            game.push(action)  # type: ignore[arg-type]  # parsed for this game's kind
    except (LogError, IllegalAction) as exc:
        return f"event {event.seq} of game {event.game_id}: the rules refuse it: {exc}"
    check.next_seq += 1
    return None


def open_check(header: dict[str, Any] | None, rules: str, club_seats: int | None) -> GameCheck:
    """How the hub follows a game's events: by its header when the hub opened it (a club
    header with its seats, immunity and all), else a classic game of the hub's rules. A club
    game the hub did not open (`club_seats` from its snapshots) is followed blind: without
    its header (immunity, a tournament game or not) a replay could refuse a right line, so
    its events are stored and its protocol is checked in full (`check_club_protocol`)."""
    if header is not None and header.get("rules") == CLUB:
        return GameCheck(ClubGame(club_log.parse_header(header)))
    if header is None and (club_seats is not None or rules == CLUB):
        # (a club night's hub: a game whose snapshot has not said its seats yet)
        return GameCheck(ClubGame(club_seats or 10), blind=True)
    return GameCheck(Game((header or {}).get("rules", rules)))


class _Refused(Exception):
    """A protocol the hub does not store; the message is the reason (docs/hub.md)."""


_G = TypeVar("_G")


def _replayed(protocol: Protocol | ClubProtocol, table: str,
              replayer: Callable[[list[str]], tuple[object, _G]]) -> _G:
    """The protocol's game replayed from its own header and actions, once it came from the
    table it names; the same steps for a classic and a club protocol."""
    claimed_table = protocol.header.get("table")
    if claimed_table is not None and str(claimed_table) != table:
        raise _Refused(f"the protocol of game {protocol.game_id} names table {claimed_table} "
                       f"but came from table {table}")
    lines = [json.dumps(protocol.header), *(json.dumps(a) for a in protocol.actions)]
    try:
        return replayer(lines)[1]
    except ReplayError as exc:
        raise _Refused(f"the protocol of game {protocol.game_id} does not replay: {exc}"
                       ) from None


def _replay_club(lines: list[str]) -> tuple[object, ClubGame]:
    head, game = replay_game(lines)
    if not isinstance(game, ClubGame):
        raise ReplayError(1, f"its header plays {head.get('rules')!r}, not the club game")
    return head, game


def check_club_protocol(protocol: ClubProtocol, table: str) -> str | None:
    """None if the club protocol replays to the result and reveal it claims (docs/club.md);
    else the reason."""
    try:
        game = _replayed(protocol, table, _replay_club)
    except _Refused as refused:
        return str(refused)
    s = game.state
    if not s.finished or s.roles is None:
        return f"the protocol of game {protocol.game_id} is of a game not yet decided"
    if json.loads(json.dumps(club_result(game))) != protocol.result:
        return (f"the protocol of game {protocol.game_id}: its result does not follow from "
                "its actions")
    shown = protocol.reveal
    if shown.winner != s.winner or [shown.roles.get(n) for n in range(1, s.seats + 1)] != list(
            s.roles):
        return (f"the protocol of game {protocol.game_id}: its reveal does not match its "
                "actions (cards or winner)")
    return None


def check_protocol(protocol: Protocol, table: str) -> str | None:
    """None if the protocol replays to the result it claims; else the reason."""
    try:
        game = _replayed(protocol, table, replay)
    except _Refused as refused:
        return str(refused)
    if not game.state.finished:
        return f"the protocol of game {protocol.game_id} is of a game not yet decided"
    expected = json.loads(json.dumps(result(game.state, game.rules.id)))
    if expected != protocol.result:
        return (f"the protocol of game {protocol.game_id}: its result does not follow from "
                "its actions")
    return None
