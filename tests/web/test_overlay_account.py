"""The `overlay` account on the production ACL: over WebSockets it reads one table's public
state and nothing else, writes nothing, and no role reaches a browser before the game ends."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion
from playwright.sync_api import Page

from bus.broker import MosquittoProcess
from bus.testing import (
    ACL_OTHER_TABLE_USER,
    ACL_OVERLAY_USER,
    ACL_TABLE,
    ACL_TABLE_USER,
    ACL_TOURNAMENT,
    connected_client,
)
from bus.topics import command_topic, parse, table_topic
from engine.classic.log import action_to_dict
from engine.classic.playout import Mix, random_game
from engine.log import header
from tests.web.conftest import NAMES, overlay_url, start_table

ROLE_WORDS = ('"sheriff"', '"don"', '"mafia"', '"citizen"')


class WsClient:
    """A bare paho client over WebSockets, as a browser connects: records what arrives."""

    def __init__(self, broker: MosquittoProcess, user: str) -> None:
        assert broker.ws_port is not None
        self.got: list[tuple[str, bytes]] = []
        self.ready = threading.Event()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, transport="websockets",
                                  client_id=f"ws-{user}")
        self.client.username_pw_set(user, broker.users[user])
        self.client.on_connect = lambda c, u, f, rc, p: self.ready.set()
        self.client.on_message = lambda c, u, m: self.got.append((m.topic, bytes(m.payload)))
        self.client.connect(broker.host, broker.ws_port)
        self.client.loop_start()
        assert self.ready.wait(10), "no WebSockets connection"

    def subscribe(self, topic_filter: str) -> None:
        done = threading.Event()
        self.client.on_subscribe = lambda c, u, mid, codes, p: done.set()
        self.client.subscribe(topic_filter, qos=1)
        assert done.wait(10)

    def close(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()


def test_the_overlay_account_reads_its_table_only_and_writes_nothing(
    acl_broker: MosquittoProcess, tmp_path: Path
) -> None:
    overlay = WsClient(acl_broker, ACL_OVERLAY_USER)
    overlay.subscribe("mafia/v1/#")
    hub = connected_client(acl_broker.config("hub"), "hub-watch", "mafia/v1/#")
    url = acl_broker.config(ACL_TABLE_USER).url(with_password=True)
    table = start_table(url, tmp_path / "t3.sqlite", ACL_TOURNAMENT, ACL_TABLE)
    other_url = acl_broker.config(ACL_OTHER_TABLE_USER).url(with_password=True)
    other = start_table(other_url, tmp_path / "t4.sqlite", ACL_TOURNAMENT, "4")
    try:
        for service in (table, other):
            service.new_game(header("cml", game=1))
            for line in [action_to_dict(a) for a in random_game("cml", 3).entered][:20]:
                assert service.submit_line(line)[0]
        # A write attempt on the table's command topic: refused by the broker, never delivered.
        attempt = command_topic(ACL_TOURNAMENT, ACL_TABLE, "undo")
        overlay.client.publish(attempt, b'{"name":"undo","request_id":"x"}', qos=1)
        forged = table_topic(ACL_TOURNAMENT, ACL_TABLE, "public")
        overlay.client.publish(forged, b"{}", qos=1).wait_for_publish(5)
        table.publish_all()
        # The hub reads everything: once it has the republished judge snapshot, so has the
        # overlay whatever it may read.
        hub_saw = []
        while True:
            item = hub.inbox.get(timeout=15)
            hub_saw.append(item)
            if getattr(item, "topic", "").endswith(f"/{ACL_TABLE}/judge"):
                break
    finally:
        table.close()
        other.close()
        hub.close()
    overlay.close()
    kinds = {(parse(topic).table, parse(topic).kind) for topic, _ in overlay.got}
    assert kinds, "the overlay account received nothing"
    assert kinds <= {(ACL_TABLE, k) for k in ("public", "status", "heartbeat", "protocol")}, kinds
    assert (ACL_TABLE, "public") in kinds
    assert all(getattr(i, "topic", "") != attempt for i in hub_saw)
    assert not any(t == forged and p == b"{}" for t, p in overlay.got)


def test_the_overlay_page_logs_in_with_its_account(
    acl_broker: MosquittoProcess, page: Page, tmp_path: Path
) -> None:
    url = acl_broker.config(ACL_TABLE_USER).url(with_password=True)
    table = start_table(url, tmp_path / "t.sqlite", ACL_TOURNAMENT, ACL_TABLE)
    try:
        table.new_game(header("cml", game=5))
        table.set_names(NAMES)
        query = (f"tournament={ACL_TOURNAMENT}&table={ACL_TABLE}&lang=en"
                 f"#user={ACL_OVERLAY_USER}&password={acl_broker.users[ACL_OVERLAY_USER]}")
        page.goto(overlay_url(acl_broker.ws_url, query))
        page.wait_for_selector("#overlay[data-state=live]", timeout=15_000)
        page.wait_for_function("window.overlayState.snapshot !== null", timeout=15_000)
        assert page.locator("#seats .name").all_inner_texts() == NAMES
        assert "password" not in page.url  # kept in the page's storage, not in the address
        page.goto(overlay_url(acl_broker.ws_url, query.replace("password=", "password=x")))
        page.wait_for_selector("#overlay[data-state=refused]", timeout=15_000)
        assert page.locator("#link").inner_text() == (  # issue 25: the broker named (lang=en)
            f"The broker at 127.0.0.1:{acl_broker.ws_port} refused the login: check the user "
            "and password")
        assert page.locator("#login").is_visible()
        assert page.locator("#seats .seat").count() == 0
    finally:
        table.close()


@pytest.mark.slow
def test_no_role_reaches_a_browser_before_the_game_ends(
    private_acl_broker: MosquittoProcess, page: Page, tmp_path: Path
) -> None:
    """100 random games through a real table; the page records every message it received."""
    broker = private_acl_broker
    url = broker.config(ACL_TABLE_USER).url(with_password=True)
    table = start_table(url, tmp_path / "t.sqlite", ACL_TOURNAMENT, ACL_TABLE)
    page.add_init_script("window.liveRecord = [];")
    query = (f"tournament={ACL_TOURNAMENT}&table={ACL_TABLE}"
             f"#user={ACL_OVERLAY_USER}&password={broker.users[ACL_OVERLAY_USER]}")
    page.goto(overlay_url(broker.ws_url, query))
    page.wait_for_selector("#overlay[data-state=live]", timeout=15_000)
    rules = ("cml", "fiim", "fiim-2015", "judge-guide")
    try:
        for n in range(100):
            table.new_game(header(rules[n % 4], game=n))
            for action in random_game(rules[n % 4], n, Mix(undo=0.03, foul=0.03)).entered:
                assert table.submit_line(action_to_dict(action))[0]
        last = table.game_id
        page.wait_for_function(
            "(game) => window.overlayState.protocol"
            " && window.overlayState.protocol.game_id === game",
            arg=last, timeout=60_000)
        received: list[list[Any]] = page.evaluate("window.liveRecord")
    finally:
        table.close()
    checked = protocols = 0
    for topic, text in received:
        kind = topic.rsplit("/", 1)[1]
        assert kind in {"public", "status", "heartbeat", "protocol"}, topic
        if not text:
            continue
        data = json.loads(text)
        if kind == "protocol":
            assert data["result"]["winner"] is not None  # only decided games are revealed
            protocols += 1
        elif kind == "public":  # decided or not: the result and roles are on `protocol` only
            assert not any(word in text for word in ROLE_WORDS), text[:300]
            assert "winner" not in data["view"], text[:300]
            checked += 1
    assert checked > 1000 and protocols >= 100
