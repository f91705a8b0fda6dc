"""The engine checks what the tables send: every event is replayed in seq order, every
protocol replayed in full, so a table that publishes an action the rules refuse (or a
protocol whose result does not follow from its actions) is quarantined, never counted."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from bus.payloads import Event, Protocol
from engine import Undo
from engine.errors import IllegalAction, LogError
from engine.game import Game
from engine.log import parse_action
from engine.protocol import result
from engine.refusals import R
from engine.replay import ReplayError, replay


@dataclass
class GameCheck:
    """One table's game as the hub has followed it from its events."""

    game: Game
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
        action = parse_action(dict(event.action))
        if isinstance(action, Undo):
            if not check.game.actions:
                raise IllegalAction(R.NOTHING_TO_UNDO)
            check.game.pop()
        else:
            check.game.push(action)
    except (LogError, IllegalAction) as exc:
        return f"event {event.seq} of game {event.game_id}: the rules refuse it: {exc}"
    check.next_seq += 1
    return None


def check_protocol(protocol: Protocol, table: str) -> str | None:
    """None if the protocol replays to the result it claims; else the reason."""
    claimed_table = protocol.header.get("table")
    if claimed_table is not None and str(claimed_table) != table:
        return (f"the protocol of game {protocol.game_id} names table {claimed_table} but "
                f"came from table {table}")
    lines = [json.dumps(protocol.header), *(json.dumps(a) for a in protocol.actions)]
    try:
        _, game = replay(lines)
    except ReplayError as exc:
        return f"the protocol of game {protocol.game_id} does not replay: {exc}"
    if not game.state.finished:
        return f"the protocol of game {protocol.game_id} is of a game not yet decided"
    expected = json.loads(json.dumps(result(game.state, game.rules.id)))
    if expected != protocol.result:
        return (f"the protocol of game {protocol.game_id}: its result does not follow from "
                "its actions")
    return None
