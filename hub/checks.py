"""The engine checks what the tables send: every event is replayed in seq order, every
protocol replayed in full, so a table that publishes an action the rules refuse (or a
protocol whose result or reveal does not follow from its actions) is quarantined, never
counted.

One path for every variant (engine/variant.py): the hub opens a game from its header by
`find_variant`, feeds it the events' lines (`play_line`) and replays a protocol with
`replay_game`; it never asks which game it follows.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field

from bus.payloads import Event, Protocol, reveal_of
from engine.errors import IllegalAction, LogError
from engine.replay import ReplayError, replay_game
from engine.variant import GameVariant, open_game
from engine.vocab import InfoClass


@dataclass
class GameCheck:
    """One table's game as the hub has followed it from its events; `game` None: followed
    blind from the start (no header to open it by)."""

    game: GameVariant | None
    next_seq: int = 1
    blind: bool = False  # a gap: events are stored, the protocol will be checked in full
    seqs: set[int] = field(default_factory=set)


def apply_event(check: GameCheck, event: Event) -> str | None:
    """Apply an event's action; the reason if the engine refuses it (nothing changed)."""
    if event.seq != check.next_seq:
        check.blind = check.blind or event.seq > check.next_seq
        check.next_seq = max(check.next_seq, event.seq + 1)
        return None
    if check.blind or check.game is None:
        check.next_seq += 1
        return None
    try:
        check.game.play_line(dict(event.action))  # an undo pops (refused: nothing to undo)
    except (LogError, IllegalAction) as exc:
        return f"event {event.seq} of game {event.game_id}: the rules refuse it: {exc}"
    check.next_seq += 1
    return None


def open_check(header: Mapping[str, object] | None, rules: str,
               seats_seen: int | None) -> GameCheck:
    """How the hub follows a game's events: by its header when the hub opened it (its
    variant, seats, immunity and all), else by the hub's `rules` alone when they open a
    game (a ruleset id: the classic game). A game the hub cannot open so (no header, and a
    variant whose header says more than its rules, such as the club game's: `seats_seen`
    from its snapshots) is followed blind: a replay without its header could refuse a right
    line, so its events are stored and its protocol is checked in full (`check_protocol`)."""
    if header is not None:
        return GameCheck(open_game({"rules": rules, **header}))
    if seats_seen is None:
        try:
            return GameCheck(open_game({"format": "mafia-game-log", "rules": rules}))
        except ValueError:  # LogError, RulesetError
            pass  # a variant whose games need their own header (a club night's hub)
    return GameCheck(None, blind=True)


def check_protocol(protocol: Protocol, table: str) -> str | None:
    """None if the protocol, from the table it names, replays from its own header and
    actions to the result and the reveal it claims; else the reason (docs/hub.md)."""
    claimed_table = protocol.header.get("table")
    if claimed_table is not None and str(claimed_table) != table:
        return (f"the protocol of game {protocol.game_id} names table {claimed_table} "
                f"but came from table {table}")
    lines = [json.dumps(protocol.header), *(json.dumps(a) for a in protocol.actions)]
    try:
        _, game = replay_game(lines)
    except ReplayError as exc:
        return f"the protocol of game {protocol.game_id} does not replay: {exc}"
    if not game.state.finished:
        return f"the protocol of game {protocol.game_id} is of a game not yet decided"
    if json.loads(json.dumps(game.result())) != protocol.result:
        return (f"the protocol of game {protocol.game_id}: its result does not follow from "
                "its actions")
    if reveal_of(game.view(InfoClass.JUDGE)) != protocol.reveal:
        return (f"the protocol of game {protocol.game_id}: its reveal does not match its "
                "actions (cards, winner or nights)")
    return None
