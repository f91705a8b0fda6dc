"""100 random games through a real table service and a broker with the ACL: no public or
audience frame model, built from what the screens actually received, carries a secret."""

from __future__ import annotations

import queue
import time
from pathlib import Path

import pytest

from bus.broker import MosquittoProcess
from bus.testing import ACL_TABLE, ACL_TABLE_USER, ACL_TOURNAMENT
from device.config import TableSettings
from device.table.service import TableService
from engine.classic.log import action_to_dict
from engine.classic.playout import Mix, random_game
from engine.log import header
from engine.vocab import InfoClass
from scoreboard.feed import FeedStore
from scoreboard.live import LiveFeed
from scoreboard.model import table_frame, wall_frame
from scoreboard.secrecy import secret_free, secrets_found

GAMES = 100


@pytest.mark.slow
def test_screens_never_get_a_secret_frame(acl_broker: MosquittoProcess, tmp_path: Path) -> None:
    url = acl_broker.config(ACL_TABLE_USER).url(with_password=True)
    table = TableService(TableSettings(journal=tmp_path / "j.sqlite", tournament=ACL_TOURNAMENT,
                                       table=ACL_TABLE, broker={"url": url})).start()
    assert table.bus is not None and table.bus.wait_ready(60)
    screens = {
        "public": LiveFeed(acl_broker.config("scoreboard"), FeedStore(),
                           tournament=ACL_TOURNAMENT, table=ACL_TABLE, view_class="public"),
        "audience": LiveFeed(acl_broker.config("venue"), FeedStore(),
                             tournament=ACL_TOURNAMENT, table=ACL_TABLE, view_class="audience"),
    }
    for screen in screens.values():
        screen.start()
        assert screen.client.wait_ready(60)
    rules = ("cml", "fiim", "fiim-2015", "judge-guide")
    for n in range(GAMES):
        table.new_game(header(rules[n % 4], game=n))
        for action in random_game(rules[n % 4], 1000 + n, Mix(undo=0.03, foul=0.04)).entered:
            assert table.submit_line(action_to_dict(action))[0]
    final_seq = dict(table.screen_seqs.seq)
    table.close()

    frames = 0
    for info_class, screen in screens.items():
        deadline = time.monotonic() + 120
        offline = False
        while time.monotonic() < deadline:
            try:
                item = screen.client.inbox.get(timeout=5)
            except queue.Empty:
                break
            screen.handle(item)
            feed = screen.store.feed(ACL_TABLE, time.time())
            if feed.status == "offline":  # the table's clean stop came last: all is in
                assert feed.seq == final_seq[InfoClass(info_class)]
                offline = True
                break
            if feed.view is None:
                continue
            for lang in ("ru", "en"):
                frame = table_frame(feed, time.time(), lang, info_class)
                assert secrets_found(frame) == [], (info_class, feed.seq)
                assert secret_free(wall_frame([feed], time.time(), lang))
            frames += 1
        screen.close()
        assert offline, f"the {info_class} screen never saw the table go offline"
    assert frames > GAMES * 2 * 50  # thousands of frames, both classes
