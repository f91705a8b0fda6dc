"""OBS scene switching (web/overlay/obs.js) in a real headless Chromium: the overlay follows a
real table on a real broker and talks obs-websocket v5 to a small OBS stand-in below, which
does the protocol's own handshake (Hello, Identify with the SHA-256 challenge, Identified),
records every request and answers it as OBS does."""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import secrets
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from playwright.sync_api import Page
from websockets.sync.server import Server, ServerConnection, serve
from websockets.typing import Subprotocol

from bus.broker import MosquittoProcess, free_port
from bus.testing import connected_client
from bus.topics import table_topic
from engine.classic.log import action_to_dict
from engine.classic.playout import random_game
from engine.classic.views import step
from engine.log import header
from engine.vocab import Step
from tests.classic import classic_game
from tests.hub.helpers import wait_for
from tests.web.conftest import NAMES, overlay_url, start_table
from tests.web.test_overlay import WAIT_MS, next_public, public_seq, publics, wait_drawn_seq

AUTH_FAILED = 4009  # obs-websocket v5 WebSocketCloseCode::AuthenticationFailed
SCENES = {"setup": "Рассадка", "night": "Ночь", "day": "День", "speech": "Речь крупно",
          "vote": "Голосование", "pause": "Пауза", "end": "Итоги"}
SPEECH_STEPS = {"farewell", "speech", "short_speech", "muted_turn", "tie_speech",
                "majority_speech"}


def sha_b64(text: str) -> str:
    return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


class FakeObs:
    """obs-websocket v5 as OBS 28+ speaks it, on 127.0.0.1:`port`: Hello (with a challenge
    when `password` is set), Identify checked (close 4009 on a wrong answer), Identified, and a
    RequestResponse for each request (code 600 for a scene it does not have)."""

    def __init__(self, password: str | None, port: int = 0) -> None:
        self.password = password
        self.identifies: list[dict[str, Any]] = []
        self.requests: list[dict[str, Any]] = []
        self.server: Server = serve(self._session, "127.0.0.1", port,
                                    subprotocols=[Subprotocol("obswebsocket.json")])
        self.port = self.server.socket.getsockname()[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def scenes(self) -> list[str]:
        return [r["d"]["requestData"]["sceneName"] for r in self.requests]

    def _session(self, conn: ServerConnection) -> None:
        hello: dict[str, Any] = {"obsWebSocketVersion": "5.1.0", "rpcVersion": 1}
        expected = None
        if self.password is not None:
            challenge, salt = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
            hello["authentication"] = {"challenge": challenge, "salt": salt}
            expected = sha_b64(sha_b64(self.password + salt) + challenge)
        conn.send(json.dumps({"op": 0, "d": hello}))
        identify = json.loads(conn.recv())
        self.identifies.append(identify)
        if identify.get("op") != 1 or identify["d"].get("rpcVersion") != 1:
            conn.close(4006, "expected Identify")  # UnknownOpCode
            return
        if expected is not None and identify["d"].get("authentication") != expected:
            conn.close(AUTH_FAILED, "Authentication failed.")
            return
        conn.send(json.dumps({"op": 2, "d": {"negotiatedRpcVersion": 1}}))
        for raw in conn:
            message = json.loads(raw)
            assert message["op"] == 6, message
            self.requests.append(message)
            name = message["d"]["requestData"]["sceneName"]
            ok = name in SCENES.values()
            status: dict[str, Any] = {"result": ok, "code": 100 if ok else 600}
            if not ok:
                status["comment"] = f"No source was found by the name of `{name}`."
            conn.send(json.dumps({"op": 7, "d": {
                "requestType": message["d"]["requestType"],
                "requestId": message["d"]["requestId"], "requestStatus": status}}))

    def close(self) -> None:
        self.server.shutdown()
        self.thread.join()


@contextlib.contextmanager
def fake_obs(password: str | None, port: int = 0) -> Iterator[FakeObs]:
    obs = FakeObs(password, port)
    try:
        yield obs
    finally:
        obs.close()


def kind_of(snapshot: dict[str, Any]) -> str:
    """The moment docs/web.md names for a public snapshot ("OBS scenes")."""
    view = snapshot["view"]
    if (view.get("timer") or {}).get("paused"):
        return "pause"
    if view["phase"] in ("night", "setup"):
        return str(view["phase"])
    if view["phase"] == "finished":
        return "end"
    if view["step"] in ("vote", "lift"):
        return "vote"
    if view["step"] in SPEECH_STEPS and view["speaker"] is not None:
        return "speech"
    return "day"


def scene_of(snapshot: dict[str, Any]) -> str:
    return SCENES[kind_of(snapshot)]


def changes(scenes: list[str]) -> list[str]:
    return [s for i, s in enumerate(scenes) if i == 0 or s != scenes[i - 1]]


def obs_query(obs_url: str, password: str | None, scenes: dict[str, str]) -> str:
    query = {"tournament": "cup", "table": "3", "lang": "ru", "obs": obs_url}
    if password is not None:
        query["obs_password"] = password
    query.update({f"scene_{kind}": name for kind, name in scenes.items()})
    return urlencode(query)


def test_the_scenes_follow_a_game_with_a_pause(
    web_broker: MosquittoProcess, page: Page, tmp_path: Path
) -> None:
    password = "пароль obs-1"  # not ASCII, with a space: the hash is of its UTF-8
    watcher = connected_client(web_broker.config(), "watcher", table_topic("cup", "3", "public"))
    table = start_table(web_broker.url, tmp_path / "j.sqlite")
    try:
        with fake_obs(password) as obs:
            table.new_game(header("cml", game=1))
            table.set_names(NAMES)
            page.goto(overlay_url(web_broker.ws_url, obs_query(obs.url, password, SCENES)))
            page.wait_for_selector("#overlay[data-state=live]", timeout=WAIT_MS)
            first = public_seq(table)
            wait_drawn_seq(page, table.game_id, first)
            wait_for("the first scene request", lambda: len(obs.requests) == 1)
            paused = False
            for line in [action_to_dict(a) for a in random_game("cml", 11).entered]:
                ok, reason = table.submit_line(line)
                assert ok, reason
                if not paused and table.countdown is not None and step(
                        classic_game(table).state, classic_game(table).rules) is Step.SPEECH:
                    table.timer_key()  # the judge's TIMER key: pause, then go on
                    table.timer_key()
                    paused = True
            assert paused
            last = public_seq(table)
            wait_drawn_seq(page, table.game_id, last)
            seen = publics(watcher)
            while not seen or seen[-1]["seq"] != last:  # the watcher may lag behind the page
                seen += [json.loads(next_public(watcher).payload)]
            seen = [s for s in seen if s["game_id"] == table.game_id and s["seq"] >= first]
            expected = changes([scene_of(s) for s in seen])
            wait_for("every scene request", lambda: len(obs.requests) >= len(expected))
            assert obs.scenes() == expected
            assert page.evaluate("window.obsState.sent") == expected
            assert page.evaluate("window.obsState.failed") == []
    finally:
        table.close()
        watcher.close()
    assert len(obs.identifies) == 1
    assert obs.identifies[0]["d"]["eventSubscriptions"] == 0
    for kind in ("pause", "night", "speech", "vote", "day", "end"):  # the game had each
        assert SCENES[kind] in expected, kind
    pause = expected.index(SCENES["pause"])
    assert expected[pause - 1] == expected[pause + 1] == SCENES["speech"]
    assert expected[-1] == SCENES["end"]
    ids = [r["d"]["requestId"] for r in obs.requests]
    assert len(set(ids)) == len(ids)
    assert {r["d"]["requestType"] for r in obs.requests} == {"SetCurrentProgramScene"}


def test_a_wrong_obs_password_is_refused_and_the_overlay_goes_on(
    web_broker: MosquittoProcess, page: Page, tmp_path: Path
) -> None:
    table = start_table(web_broker.url, tmp_path / "j.sqlite")
    try:
        with fake_obs("right") as obs:
            table.new_game(header("cml", game=2))
            table.set_names(NAMES)
            page.goto(overlay_url(web_broker.ws_url, obs_query(obs.url, "wrong", SCENES)))
            page.wait_for_selector("#overlay[data-state=live]", timeout=WAIT_MS)
            page.wait_for_function("window.obsState.link === 'refused'", timeout=WAIT_MS)
            assert "password" in page.evaluate("window.obsState.problem")
            for line in [action_to_dict(a) for a in random_game("cml", 5).entered][:20]:
                assert table.submit_line(line)[0]
            wait_drawn_seq(page, table.game_id, public_seq(table))  # the overlay still draws
            assert page.locator("#seats .seat").count() == 10
            assert len(obs.identifies) == 1  # refused once, not hammered with the same answer
            assert obs.requests == []
    finally:
        table.close()


def test_the_overlay_works_without_obs_and_finds_it_when_it_starts(
    web_broker: MosquittoProcess, page: Page, tmp_path: Path
) -> None:
    port = free_port()  # nothing listens there yet: OBS is not running
    table = start_table(web_broker.url, tmp_path / "j.sqlite")
    try:
        table.new_game(header("cml", game=3))
        table.set_names(NAMES)
        lines = [action_to_dict(a) for a in random_game("cml", 7).entered]
        scenes = {"day": "День", "night": "Ночь"}  # the rest falls back (docs/web.md)
        page.goto(overlay_url(web_broker.ws_url,
                              obs_query(f"ws://127.0.0.1:{port}", None, scenes)))
        page.wait_for_selector("#overlay[data-state=live]", timeout=WAIT_MS)
        for line in lines[:25]:
            assert table.submit_line(line)[0]
        wait_drawn_seq(page, table.game_id, public_seq(table))
        assert page.evaluate("window.obsState.link") in ("down", "connecting")
        assert page.evaluate("window.obsState.sent") == []
        with fake_obs(None, port) as obs:  # OBS starts, no password set
            wait_for("the scene of the moment", lambda: len(obs.requests) == 1)
            kind = kind_of(page.evaluate("window.overlayState.snapshot"))
            assert kind in ("day", "speech", "vote", "night"), kind
            assert obs.scenes() == [scenes.get(kind, scenes["day"])]
            assert "authentication" not in obs.identifies[0]["d"]
    finally:
        table.close()


def test_without_obs_and_a_scene_in_the_address_nothing_is_switched(
    web_broker: MosquittoProcess, page: Page, tmp_path: Path
) -> None:
    table = start_table(web_broker.url, tmp_path / "j.sqlite")
    try:
        table.new_game(header("cml", game=4))
        for query in ("scene_day=Day&obs_password=y", f"obs=ws://127.0.0.1:{free_port()}"):
            page.goto(overlay_url(web_broker.ws_url, f"tournament=cup&table=3&{query}"))
            wait_drawn_seq(page, table.game_id, public_seq(table))
            assert page.evaluate("window.obsState") == {
                "on": False, "link": "off", "scene": None, "wanted": None, "sent": [],
                "failed": [], "problem": None}, query
    finally:
        table.close()

