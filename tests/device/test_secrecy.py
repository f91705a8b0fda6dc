"""Secrecy against the broker's ACL: 100 random complete games through a real table
service; a scoreboard account subscribed to `#` never receives a role, a shot, a check or a
best move before its game is decided (and never a judge, audience, events or cmd message)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bus.broker import MosquittoProcess
from bus.testing import (
    ACL_TABLE,
    ACL_TABLE_USER,
    ACL_TOURNAMENT,
    connected_client,
)
from bus.topics import parse, table_topic
from device.config import TableSettings
from device.table.service import TableService
from device.testing import watch_to_last_public
from engine.classic.log import action_to_dict
from engine.classic.playout import Mix, random_game
from engine.log import header
from engine.vocab import InfoClass

GAMES = 100
SECRET_KEYS = ("roles", "nights", "best_move", "night_steps", "shots", "don_check",
               "sheriff_check", "guess", "winner", "termination")
ROLE_WORDS = ('"sheriff"', '"don"', '"mafia"', '"citizen"')


@pytest.mark.slow
def test_scoreboard_account_never_sees_a_secret(private_acl_broker: MosquittoProcess,
                                                tmp_path: Path) -> None:
    url = private_acl_broker.config(ACL_TABLE_USER).url(with_password=True)
    settings = TableSettings(journal=tmp_path / "j.sqlite", tournament=ACL_TOURNAMENT,
                             table=ACL_TABLE, broker={"url": url})
    screen = connected_client(private_acl_broker.config("scoreboard"), "screen", "#")
    table = TableService(settings).start()
    assert table.bus is not None and table.bus.wait_ready(60)
    rules = ("cml", "fiim", "fiim-2015", "judge-guide")
    for n in range(GAMES):
        table.new_game(header(rules[n % 4], game=n))
        for action in random_game(rules[n % 4], n, Mix(undo=0.03, foul=0.03)).entered:
            assert table.submit_line(action_to_dict(action))[0]
    assert table.table_game.state.finished
    last_seq, last_game = table.screen_seqs.seq[InfoClass.PUBLIC], table.game_id
    public = table_topic(ACL_TOURNAMENT, ACL_TABLE, "public")
    seen = watch_to_last_public(screen, public, last_game, last_seq)  # the last game's last
    table.close()
    screen.close()

    kinds = {parse(m.topic).kind for m in seen}
    assert kinds <= {"public", "status", "heartbeat", "protocol"}, kinds
    assert "public" in kinds and "protocol" in kinds
    checked = 0
    for m in seen:
        if m.topic != public or not m.payload:
            continue
        data = json.loads(m.payload)
        view = data["view"]
        text = json.dumps(view)
        for key in SECRET_KEYS:  # not even once decided: the reveal is on `protocol` only
            assert f'"{key}"' not in text, (key, text)
        for word in ROLE_WORDS:
            assert word not in text, (word, text)
        checked += 1
    assert checked > GAMES * 50  # thousands of undecided public snapshots were inspected
