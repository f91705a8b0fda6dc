"""A decided club game as the screens get it: the 12-seat bundled example replayed by the
engine, its public view and the protocol the table publishes (reveal and `score`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bus.payloads import Protocol
from device.table.snapshots import protocol as table_protocol
from engine.club.testing import replay_club
from engine.club.views import public_view
from scoreboard.tablefeed import TableFeed
from scoreboard.view import club_points, read_view

TWELVE = Path(__file__).parents[2] / "examples" / "club-twelve-catastrophe-and-cancelled-vote.jsonl"


def twelve() -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
    """(header, action lines, the result `mafiakit replay` prints) of the 12-seat example."""
    rows = [json.loads(t) for t in TWELVE.read_text(encoding="utf-8").splitlines() if t.strip()]
    expected = json.loads(TWELVE.with_suffix("").with_suffix(".result.json").read_text("utf-8"))
    return rows[0], rows[1:], expected


def twelve_protocol(game_id: str = "club-4-1") -> tuple[TableFeed, Protocol]:
    """The example's last public view with its protocol, as the feed store builds it."""
    lines = TWELVE.read_text(encoding="utf-8").splitlines()
    head, game = replay_club(lines)
    protocol = table_protocol(game, game_id, head)
    view = read_view(public_view(game).model_dump(mode="json"))
    players = head["players"]
    assert isinstance(players, list)
    names = tuple(str(n) for n in players)
    feed = TableFeed("4", view=view, names=names, status="online", reveal=protocol.reveal,
                     points=club_points(protocol.result))
    return feed, protocol
