"""The stream overlay (web/overlay/) in a real headless Chromium, on a real broker over
WebSockets, following a real table service."""

from __future__ import annotations

import json
import queue
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from bus.broker import MosquittoProcess
from bus.client import BusClient, Received
from bus.testing import connected_client
from bus.topics import table_topic
from device.table.service import TableService
from engine.classic.log import action_to_dict
from engine.classic.playout import random_game
from engine.log import header
from engine.vocab import InfoClass
from tests.web.conftest import NAMES, overlay_url, start_table

WAIT_MS = 15_000


def publics(watcher: BusClient) -> list[dict[str, Any]]:
    """Every public snapshot the watcher has received so far, in order."""
    out: list[dict[str, Any]] = []
    while True:
        try:
            item = watcher.inbox.get_nowait()
        except queue.Empty:
            return out
        if isinstance(item, Received) and item.topic.endswith("/public") and item.payload:
            out.append(json.loads(item.payload))


def public_seq(table: TableService) -> int:
    """The seq of the table's latest public snapshot (it counts public changes only)."""
    return table.screen_seqs.seq[InfoClass.PUBLIC]


def wait_drawn_seq(page: Page, game_id: str, seq: int) -> None:
    page.wait_for_function(
        "([game, seq]) => { const s = window.overlayState.snapshot;"
        " return s && s.game_id === game && s.seq === seq; }",
        arg=[game_id, seq], timeout=WAIT_MS)


def play(table: TableService, seed: int, upto: int | None = None) -> list[dict[str, Any]]:
    lines = [action_to_dict(a) for a in random_game("cml", seed).entered]
    for line in lines[:upto]:
        ok, reason = table.submit_line(line)
        assert ok, reason
    return lines


def test_a_game_appears_in_the_overlay_move_by_move(
    web_broker: MosquittoProcess, page: Page, tmp_path: Path
) -> None:
    watcher = connected_client(web_broker.config(), "watcher", table_topic("cup", "3", "public"))
    table = start_table(web_broker.url, tmp_path / "j.sqlite")
    try:
        table.new_game(header("cml", game=1))
        table.set_names(NAMES)
        page.goto(overlay_url(web_broker.ws_url, "tournament=cup&table=3&lang=ru"))
        page.wait_for_selector("#overlay[data-state=live]", timeout=WAIT_MS)
        play(table, seed=11)
        # The table's own count of public snapshots, exact once every line is in: waiting for
        # the first "finished" snapshot raced with any later public change of the decided game.
        last = public_seq(table)
        seen = publics(watcher)
        while not seen or seen[-1]["seq"] != last:
            seen += [json.loads(next_public(watcher).payload)]
        assert seen[-1]["view"]["phase"] == "finished"
        wait_drawn_seq(page, table.game_id, last)
        page.wait_for_selector("#overlay[data-winner]:not([data-winner=''])", timeout=WAIT_MS)
        drawn = page.evaluate("window.overlayDrawn")
    finally:
        table.close()
        watcher.close()
    by_seq = {(d["game"], d["seq"]): d for d in drawn}
    checked = 0
    for snap in seen:
        if snap["game_id"] != table.game_id:
            continue
        shown = by_seq.get((snap["game_id"], snap["seq"]))
        assert shown is not None, f"the overlay never drew seq {snap['seq']}"
        view = snap["view"]
        assert shown["speaker"] == view["speaker"], snap["seq"]
        assert shown["out"] == [s["seat"] for s in view["seats"] if not s["at_table"]]
        assert shown["fouls"] == [s["fouls"] for s in view["seats"]]
        assert shown["names"] == NAMES
        checked += 1
    assert checked > 50
    assert page.locator("#seats .role").count() == 10  # the reveal, from the protocol
    assert page.locator("#banner").inner_text() in {"Победа красных", "Победа чёрных", "Ничья"}


def next_public(watcher: BusClient) -> Received:
    while True:
        item = watcher.inbox.get(timeout=WAIT_MS / 1000)
        if isinstance(item, Received) and item.topic.endswith("/public") and item.payload:
            return item


def test_the_overlay_recovers_after_a_broker_restart_and_a_page_reload(
    web_broker: MosquittoProcess, page: Page, tmp_path: Path
) -> None:
    table = start_table(web_broker.url, tmp_path / "j.sqlite")
    try:
        table.new_game(header("cml", game=2))
        table.set_names(NAMES)
        lines = play(table, seed=5, upto=30)
        page.goto(overlay_url(web_broker.ws_url, "tournament=cup&table=3&lang=en"))
        page.wait_for_selector("#overlay[data-state=live]", timeout=WAIT_MS)
        wait_drawn_seq(page, table.game_id, public_seq(table))  # the retained state, at once

        web_broker.restart(down_for=1.0)
        page.wait_for_selector("#overlay[data-state=down]", timeout=WAIT_MS)
        # issue 25: the link is named, with the broker's address, not "no link"
        assert page.locator("#link").inner_text() == (
            f"No connection to the broker at 127.0.0.1:{web_broker.ws_port}")
        page.wait_for_selector("#overlay[data-state=live]", timeout=WAIT_MS)
        for line in lines[30:40]:
            assert table.submit_line(line)[0]
        wait_drawn_seq(page, table.game_id, public_seq(table))  # live again after the restart

        page.reload()
        page.wait_for_selector("#overlay[data-state=live]", timeout=WAIT_MS)
        wait_drawn_seq(page, table.game_id, public_seq(table))  # a reload shows the same game
        assert page.locator("#seats .seat").count() == 10
    finally:
        table.close()


def test_the_overlay_says_offline_when_the_table_is_gone(
    web_broker: MosquittoProcess, page: Page, tmp_path: Path
) -> None:
    table = start_table(web_broker.url, tmp_path / "j.sqlite")
    table.new_game(header("cml", game=3))
    page.goto(overlay_url(web_broker.ws_url, "tournament=cup&table=3&lang=ru"))
    page.wait_for_selector("#overlay[data-state=live]", timeout=WAIT_MS)
    table.close()
    page.wait_for_selector("#overlay[data-state=offline]", timeout=WAIT_MS)
    assert page.locator("#link").inner_text() == "Стол не в сети"


def test_mafiakit_broker_serves_the_pages_and_websockets(mosquitto_binary: str) -> None:
    import signal
    import subprocess
    import sys
    import urllib.request

    process = subprocess.Popen([sys.executable, "-m", "mafiakit.cli", "broker", "--port", "0",
                                "--ws-port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        assert process.stdout.readline().startswith("mosquitto running at mqtt://127.0.0.1:")
        line = process.stdout.readline()
        assert line.startswith("browsers on this machine: MQTT over WebSockets at "
                               "ws://127.0.0.1:"), line
        pages = line.split()[-2].split("/overlay/")[0]
        with urllib.request.urlopen(pages + "/overlay/index.html") as answer:
            assert b'id="overlay"' in answer.read()
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=10) == 0
