"""The head judge's requests (issue 24, item 7, the hub's side): a retained request is not
taken by a hub that starts; every request with a readable id is answered, however broken
its numbers or brackets; `who` and `why` are checked like nicknames and bounded; the same
decision sent again under a new request id is refused as a repeat."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import pytest

from bus.broker import MosquittoProcess
from bus.client import Received
from bus.payloads import DecisionRefusal, DecisionReply
from bus.testing import connected_client, next_of, raw_publish
from bus.topics import decide_topic, judge_reply_topic
from hub import cli
from hub.remote import RemoteDesk
from hub.store import Store
from tests.hub.helpers import HubWatcher, T, hub_settings, running_hub, stored, wait_for
from tests.hub.test_decisions import finished_protocol

ZWSP, RLO = "\u200b", "\u202e"


def fields(**changes: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"schema_version": 1, "request_id": "page:1", "kind": "extra_points",
                           "table": "1", "game_id": "g1", "who": "Anna",
                           "why": "the best speech of the evening", "args": {"seat": 4,
                                                                             "points": 0.3}}
    return out | changes


@pytest.fixture
def desk(tmp_path: Path) -> RemoteDesk:
    store = Store(tmp_path / "hub.sqlite")
    store.add_protocol("1", "g1", finished_protocol(3, "1"), "now")
    return RemoteDesk(store, ("1",), lambda: "2026-11-30T23:30:00+00:00")


BROKEN = [
    ('"points": 1e400', "number of points"),  # reads as infinity
    ('"points": ' + "7" * 5000, "a number too long to read"),
    ('"points": ' + "[" * 20 + "]" * 20, "nested too deeply (at most 16 levels)"),
    ('"points": ' + "[" * 30_000 + "]" * 30_000, "nested too deeply"),
]


@pytest.mark.parametrize(("points", "why"), BROKEN)
def test_every_request_with_a_readable_id_is_answered(desk: RemoteDesk, points: str,
                                                     why: str) -> None:
    text = json.dumps(fields()).replace('"points": 0.3', points)
    reply = desk.decide(text.encode(), "head-judge")
    assert reply is not None and not reply.ok and why in (reply.error or ""), reply
    assert reply.request_id == "page:1" and reply.reason is not None
    assert desk.store.decisions() == []


@pytest.mark.parametrize(("changes", "why"), [
    ({"who": "An\x00na"}, "the head judge's name contains the invisible or control "
                          "character U+0000"),
    ({"who": f"{RLO}annA"}, "U+202E"),
    ({"who": f"Anna{ZWSP}"}, "U+200B"),
    ({"who": "A" * 41}, "the head judge's name is 41 characters long; at most 40"),
    ({"why": "x" * 2000}, "the reason is 2000 characters long; at most 500"),
    ({"why": f"seen on the {RLO}video"}, "the reason contains the invisible or control "
                                         "character U+202E"),
    ({"why": "two\nlines"}, "U+000A"),
])
def test_who_and_why_are_checked_like_nicknames(desk: RemoteDesk, changes: dict[str, Any],
                                               why: str) -> None:
    reply = desk.decide(json.dumps(fields(**changes)).encode(), "head-judge")
    assert reply is not None and not reply.ok and why in (reply.error or ""), reply
    assert reply.reason is not None and reply.reason.key is DecisionRefusal.BAD_REQUEST
    assert desk.store.decisions() == []


def test_the_cli_checks_who_and_why_alike(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "hub.toml").write_text('tournament = "cup"\ntables = ["1"]\n', encoding="utf-8")
    args = argparse.Namespace(config=tmp_path / "hub.toml", table="1", game="g1",
                              kind="order_replay", who=f"Anna{ZWSP}", why="noise", arg=[])
    assert cli.decide(args) == 2
    assert "U+200B" in capsys.readouterr().err


def test_the_same_decision_under_a_new_request_id_is_refused_as_a_repeat(
        desk: RemoteDesk) -> None:
    first = desk.decide(json.dumps(fields()).encode(), "head-judge-anna")
    assert first is not None and first.ok
    again = desk.decide(json.dumps(fields(request_id="page:2")).encode(), "head-judge-anna")
    assert again == DecisionReply(
        request_id="page:2", ok=False, error="decision 1 on game g1 at table 1 already "
        "records exactly this (kind, arguments, who and why)", reason=again.reason
        if again is not None else None)
    assert again is not None and again.reason is not None
    assert again.reason.key is DecisionRefusal.REPEATED
    assert again.reason.params == {"game": "g1", "table": "1", "decision": 1}
    # another head judge, or another reason, is another decision (the rules then decide)
    other = desk.decide(json.dumps(fields(request_id="page:3")).encode(), "head-judge-boris")
    assert other is not None and other.ok
    assert len(desk.store.decisions()) == 2


def test_a_retained_request_is_not_taken_by_a_hub_that_starts(
        private_broker: MosquittoProcess, tmp_path: Path) -> None:
    settings = hub_settings(tmp_path, private_broker.url, 1)
    store = Store(settings.database)
    store.add_protocol("1", "g1", finished_protocol(3, "1"), "now")
    store.close()
    config = private_broker.config()
    left = decide_topic(T, "head-judge-anna")
    raw_publish(config, [(left, json.dumps(fields()).encode(), True)])  # nobody acting now
    judge = connected_client(config, "judge", judge_reply_topic(T))
    try:
        with running_hub(settings) as hub:
            wait_for("the retained request refused", lambda: any(
                "retained decision request" in reason
                for _, reason in stored(hub).quarantined()))
            # cleared from the broker: a page connecting now gets no such request
            late = HubWatcher(config, "late", filters=("#",))
            try:
                late.until("the retained hub pages", lambda p: "judge/state" in p)
                assert not [t for t, text in late.seen if t.startswith("decide/") and text]
            finally:
                late.close()
            # a live request is taken, and answered
            raw_publish(config, [(left, json.dumps(fields(request_id="page:2")).encode(),
                                  False)])
            reply = next_of(judge, Received)
            assert json.loads(reply.payload)["request_id"] == "page:2"
            assert [d[2] for d in stored(hub).decisions()] == ["head-judge-anna"]
    finally:
        judge.close()


def test_a_hub_answers_a_broken_request_on_the_broker(private_broker: MosquittoProcess,
                                                      tmp_path: Path) -> None:
    settings = hub_settings(tmp_path, private_broker.url, 1)
    store = Store(settings.database)  # a decided game: the request reaches every check
    store.add_protocol("1", "g1", finished_protocol(3, "1"), "now")
    store.close()
    config = private_broker.config()
    judge = connected_client(config, "judge", judge_reply_topic(T))
    try:
        with running_hub(settings):
            text = json.dumps(fields()).replace('"points": 0.3', '"points": 1e400')
            raw_publish(config, [(decide_topic(T, "head-judge"), text.encode(), False)])
            reply = DecisionReply.model_validate_json(next_of(judge, Received).payload)
            assert reply.request_id == "page:1" and not reply.ok
    finally:
        judge.close()
