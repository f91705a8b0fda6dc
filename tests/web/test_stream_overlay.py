"""The delayed stream class on the production ACL and in the overlay: only the
`stream-{tournament}-{table}` account (and the hub) receives the `stream` topic; the table's
scoreboard, venue, overlay and head judges' accounts subscribe to it and get nothing, live or
retained; the overlay logged in with the stream account shows the roles and the nights only
once the table's clock has passed the delay, at both sizes and in both languages.

The table runs on the test's thread with its wall clock passed in (time as data): the delay is
two real minutes in its config, and the test moves the clock instead of waiting.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from bus.broker import MosquittoProcess
from bus.client import BusClient, Received
from bus.messages import decode_message
from bus.payloads import StreamSnapshot
from bus.testing import (
    ACL_OVERLAY_USER,
    ACL_STREAM_USER,
    ACL_TABLE,
    ACL_TABLE_USER,
    ACL_TOURNAMENT,
    HEAD_JUDGE_USERS,
    connected_client,
    next_of,
)
from bus.topics import table_topic
from device.config import TableSettings
from device.table.service import TableService
from device.testing import settle
from engine.classic.log import action_to_dict
from engine.classic.playout import random_game
from engine.log import header
from firmware_sim.clock import ManualClock
from tests.web.conftest import NAMES, keep_screenshot, overlay_url
from tests.web.test_overlay_screens import BACKDROP, CYRILLIC, LATIN, SIZES, boxes, overlaps

DELAY = 2.0  # minutes
T0 = 1_800_000_000.0
STREAM = table_topic(ACL_TOURNAMENT, ACL_TABLE, "stream")
PUBLIC = table_topic(ACL_TOURNAMENT, ACL_TABLE, "public")
GAME = [action_to_dict(a) for a in random_game("cml", 11).entered]
SHOT = next(n for n, line in enumerate(GAME) if line["action"] == "shoot")
FORBIDDEN = ("scoreboard", "venue", ACL_OVERLAY_USER, "head-judge", HEAD_JUDGE_USERS[0])


def stream_table(broker: MosquittoProcess, journal: Path, clock: ManualClock) -> TableService:
    """Table cup/3 on its own account, the stream class on with a two-minute delay."""
    settings = TableSettings(
        journal=journal, tournament=ACL_TOURNAMENT, table=ACL_TABLE,
        stream={"delay_minutes": DELAY},
        broker={"url": broker.config(ACL_TABLE_USER).url(with_password=True)})
    service = TableService(settings, wall=clock).start()
    assert service.bus is not None and service.bus.wait_ready(30)
    settle(service)
    return service


def play(service: TableService, clock: ManualClock, lines: list[dict[str, Any]]) -> None:
    for line in lines:
        clock.now += 1
        ok, why = service.submit_line(dict(line))
        assert ok, why


def until_marker(watcher: BusClient, marker: bytes) -> list[Received]:
    """Everything `watcher` received before the table's marker on the public topic."""
    seen: list[Received] = []
    while True:
        item = next_of(watcher, Received)
        if item.topic == PUBLIC and item.payload == marker:
            return seen
        seen.append(item)


def mark(service: TableService, marker: bytes) -> None:
    """A non-retained marker from the table's own connection, after what it sent before."""
    assert service.bus is not None
    service.bus.publish(PUBLIC, marker, qos=1, retain=False)


def test_only_the_stream_account_receives_the_stream(
    acl_broker: MosquittoProcess, tmp_path: Path
) -> None:
    clock = ManualClock(T0)
    table = stream_table(acl_broker, tmp_path / "t.sqlite", clock)
    live = {user: connected_client(acl_broker.config(user), f"live-{user}", STREAM, PUBLIC)
            for user in (*FORBIDDEN, ACL_STREAM_USER)}
    late: dict[str, BusClient] = {}
    try:
        table.new_game(header("cml", game=1))
        table.set_names(NAMES)
        play(table, clock, GAME[:SHOT + 1])
        clock.now += DELAY * 60
        settle(table)
        mark(table, b"marker-1")
        got = {user: until_marker(client, b"marker-1") for user, client in live.items()}
        late = {user: connected_client(acl_broker.config(user), f"late-{user}", STREAM, PUBLIC)
                for user in (*FORBIDDEN, ACL_STREAM_USER)}
        mark(table, b"marker-2")
        got_late = {user: until_marker(client, b"marker-2") for user, client in late.items()}
    finally:
        table.close()
        for client in [*live.values(), *late.values()]:
            client.close()
    for user in FORBIDDEN:
        assert [i.topic for i in got[user] + got_late[user] if i.topic == STREAM] == [], user
    for received in (got[ACL_STREAM_USER], got_late[ACL_STREAM_USER]):
        shots = [decode_message(i.topic, i.payload)[1] for i in received if i.topic == STREAM]
        assert shots, "the stream account received no stream snapshot (the check could not fail)"
        last = shots[-1]
        assert isinstance(last, StreamSnapshot) and last.view.roles is not None
        assert last.actions == SHOT + 1 and last.names == NAMES


def open_stream_page(page: Page, broker: MosquittoProcess, lang: str) -> None:
    query = (f"tournament={ACL_TOURNAMENT}&table={ACL_TABLE}&lang={lang}"
             f"#user={ACL_STREAM_USER}&password={broker.users[ACL_STREAM_USER]}")
    page.goto(overlay_url(broker.ws_url, query))
    page.wait_for_selector("#overlay[data-state=live]", timeout=15_000)


def wait_actions(page: Page, game_id: str, actions: int) -> None:
    page.wait_for_function(
        "([g, n]) => { const s = window.overlayState.snapshot;"
        " return s && s.game_id === g && s.actions === n; }",
        arg=[game_id, actions], timeout=15_000)


def test_the_stream_overlay_shows_the_roles_only_after_the_delay(
    acl_broker: MosquittoProcess, page: Page, tmp_path: Path
) -> None:
    clock = ManualClock(T0)
    table = stream_table(acl_broker, tmp_path / "t.sqlite", clock)
    try:
        table.new_game(header("cml", game=2))
        table.set_names(NAMES)
        opened = clock.now
        play(table, clock, GAME[:SHOT + 1])  # the deal at opened+1, the shot at opened+SHOT+1
        open_stream_page(page, acl_broker, "ru")
        clock.now = opened + DELAY * 60  # the opening is old enough, the deal is not
        settle(table)
        wait_actions(page, table.game_id, 0)
        assert page.locator("#seats .name").all_inner_texts() == NAMES
        assert page.locator("#seats .role").count() == 0
        assert page.locator("#nights").is_hidden()
        assert page.locator("#delay").inner_text() == "Задержка 2 мин"
        clock.now = opened + 1 + DELAY * 60  # the deal is as old as the delay
        settle(table)
        wait_actions(page, table.game_id, 1)
        roles = page.locator("#seats .role").all_inner_texts()
        assert len(roles) == 10 and roles.count("Дон") == 1 and roles.count("Шериф") == 1
        assert page.locator("#nights").is_hidden()  # the night has not happened yet for it
        clock.now = opened + SHOT + 1 + DELAY * 60
        settle(table)
        wait_actions(page, table.game_id, SHOT + 1)
        assert page.locator("#nights").inner_text().startswith("Ночь 1: выстрел")
        assert page.evaluate("window.overlayState.protocol") is None  # no live reveal read
        page.add_style_tag(content=BACKDROP)
        keep_screenshot(page, tmp_path, "stream-1080-ru-mid.png")
    finally:
        table.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", ["1080", "720"])
def test_the_stream_overlay_fits_its_frame_in_one_language(
    acl_broker: MosquittoProcess, chromium: Browser, tmp_path: Path, size: str, lang: str
) -> None:
    """The end of a game as the stream shows it: roles, the nights, the best move if any, the
    winner; everything inside the frame, nothing overlapping, one language."""
    width, height = SIZES[size]
    clock = ManualClock(T0)
    table = stream_table(acl_broker, tmp_path / "t.sqlite", clock)
    context = chromium.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    try:
        table.new_game(header("cml", game=3))
        table.set_names(NAMES)
        play(table, clock, GAME)
        clock.now += DELAY * 60
        settle(table)
        open_stream_page(page, acl_broker, lang)
        wait_actions(page, table.game_id, len(GAME))
        page.add_style_tag(content=BACKDROP)
        page.wait_for_selector("#banner:not([hidden])", timeout=15_000)
        parts = {name: boxes(page, sel) for name, sel in
                 (("seats", "#seats .seat"), ("top", "#top > div"), ("banner", "#banner"),
                  ("nights", "#nights"))}
        assert len(parts["seats"]) == 10 and len(parts["nights"]) == 1
        assert page.locator("#seats .role").count() == 10
        for box in [b for group in parts.values() for b in group]:
            assert box["x"] >= 0 and box["y"] >= 0, box
            assert box["x"] + box["w"] <= width and box["y"] + box["h"] <= height, box
        for a, b in (("top", "banner"), ("nights", "banner"), ("nights", "top"),
                     ("nights", "seats"), ("seats", "banner")):
            for one in parts[a]:
                assert not any(overlaps(one, other) for other in parts[b]), (a, b)
        words = " ".join(page.locator(sel).inner_text() for sel in ("#top", "#banner",
                                                                     "#nights"))
        words += " ".join(page.locator("#seats .cause, #seats .role").all_inner_texts())
        letters = set(words.lower())
        assert letters & (CYRILLIC if lang == "ru" else LATIN), words
        assert not letters & (LATIN if lang == "ru" else CYRILLIC), words
        keep_screenshot(page, tmp_path, f"stream-{size}-{lang}-end.png")
    finally:
        context.close()
        table.close()
