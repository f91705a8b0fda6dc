"""Secrecy of the club game against the broker's ACL: random club games at several seat
counts through a real table service; a scoreboard account subscribed to `#` never receives a
role, a shot, a heal, a block or a check of an undecided club game (004 §7: the night is the
host's), and never a judge, audience, events or cmd message."""

from __future__ import annotations

import json
from pathlib import Path

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
from engine.club.log import action_to_dict, header
from engine.club.playout import ClubMix, random_club_game
from engine.vocab import InfoClass

SEATS = (3, 5, 7, 10, 12, 15)
SEEDS = (1, 2)
# keys of the judge's club view and of the reveal: none may reach a screen
SECRET_KEYS = ("roles", "club_nights", "club_night_step", "winner", "termination", "putana",
               "mafia_shot", "don_check", "maniac_shot", "heal", "saved", "commissar_check",
               "blast", "found")
# every card's name but those that are also the public cause of a removal (kamikaze, sapper)
ROLE_WORDS = ('"citizen"', '"mafia"', '"don"', '"maniac"', '"doctor"', '"commissar"',
              '"putana"')


def test_scoreboard_account_never_sees_a_club_secret(private_acl_broker: MosquittoProcess,
                                                     tmp_path: Path) -> None:
    url = private_acl_broker.config(ACL_TABLE_USER).url(with_password=True)
    settings = TableSettings(journal=tmp_path / "j.sqlite", tournament=ACL_TOURNAMENT,
                             table=ACL_TABLE, broker={"url": url}, rules="club", seats=3)
    screen = connected_client(private_acl_broker.config("scoreboard"), "screen", "#")
    table = TableService(settings).start()
    assert table.bus is not None and table.bus.wait_ready(60)
    games = 0
    for seats in SEATS:
        for seed in SEEDS:
            play = random_club_game(seats, seed, ClubMix(undo=0.03, foul=0.03))
            assert play.game is not None
            table.new_game(header(play.game.settings, game=games + 1))
            for action in play.entered:
                line = action_to_dict(action)
                assert table.submit_line(line) == (True, ""), line
            assert table.table_game.state.finished
            games += 1
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
        view = json.loads(m.payload)["view"]
        assert view["rules"] == "club"
        text = json.dumps(view)
        for key in SECRET_KEYS:  # not even once decided: the reveal is on `protocol` only
            assert f'"{key}":' not in text, (key, text)
        for word in ROLE_WORDS:
            assert word not in text, (word, text)
        checked += 1
    assert checked > games * 10  # hundreds of undecided public club snapshots inspected
