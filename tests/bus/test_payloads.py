"""Payload models: every kind round-trips, every bad input is refused in words."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from bus.errors import describe_validation_error
from bus.payloads import (
    MAX_PAYLOAD_BYTES,
    MODELS,
    Claim,
    ClassicReveal,
    ClubReveal,
    Command,
    DecisionReply,
    DecisionRequest,
    Event,
    Heartbeat,
    Payload,
    PayloadError,
    Protocol,
    Reply,
    Snapshot,
    Status,
    StreamSnapshot,
    decode,
    encode,
    reveal_of,
)
from bus.testing import SAMPLE_TIME, sample_snapshot_fields, sample_stream, sample_view
from engine.replay import replay_game
from engine.roles import ClubRole, Role, Side
from engine.variant import GameVariant, open_game
from engine.viewmodels import JudgeView
from engine.vocab import InfoClass

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

HEADER = {"format": "mafia-game-log", "version": 1, "rules": "cml", "table": "3",
          "players": [f"Nick{n}" for n in range(1, 11)]}
RESULT = {"rules": "cml", "finished": True, "winner": "red", "removed": []}
REVEAL = {"variant": "classic",
          "roles": {str(n): "citizen" for n in range(1, 11)} | {"1": "sheriff", "2": "don",
                                                                 "5": "mafia", "8": "mafia"},
          "winner": "red", "termination": "all_black_out",
          "nights": [{"night": 1, "shot": 7, "shots": None, "don_check": None,
                      "sheriff_check": {"seat": 8, "black": True}}],
          "best_move": {"seat": 7, "guess": [2, 5, 8], "black_found": 3}}

VALID: dict[str, dict[str, Any]] = {
    "public": sample_snapshot_fields("public"),
    "audience": sample_snapshot_fields("audience"),
    "judge": sample_snapshot_fields("judge"),
    "status": {"state": "online", "bdseq": 3, "booted_at": SAMPLE_TIME,
               "software_version": "mafiakit 0.1.0"},
    "heartbeat": {"seq": 41, "bdseq": 3, "sent_at": SAMPLE_TIME, "uptime_s": 12.5,
                  "game_id": "cup-3-12", "last_public_seq": 31},
    "event": {"seq": 57, "game_id": "cup-3-12", "action": {"action": "nominate", "seat": 9},
              "accepted": True, "at": SAMPLE_TIME},
    "protocol": {"game_id": "cup-3-12", "header": HEADER,
                 "actions": [{"action": "roles", "don": 2, "mafia": [5, 8], "sheriff": 1}],
                 "result": RESULT, "reveal": REVEAL},
    "command": {"name": "action", "request_id": "hub-1:42",
                "args": {"action": {"action": "foul", "seat": 4}}},
    "reply": {"request_id": "hub-1:42", "name": "action", "ok": True},
    "decision_request": {"request_id": "page-5f3a:1", "kind": "extra_points", "table": "3",
                         "game_id": "r1-t3", "who": "Head judge", "why": "best defence",
                         "args": {"seat": 4, "points": 0.3}},
    "decision_reply": {"request_id": "page-5f3a:1", "ok": True, "decision_id": 7},
    "stream": sample_stream().model_dump(),
    "claim": {"kind": "probe", "instance": "5f3a9c2e01b4d7a8", "host": "pi-table-3",
              "address": "192.168.1.23", "booted_at": SAMPLE_TIME},
}


def raw(kind: str, **changes: Any) -> bytes:
    """A valid payload of `kind` with some fields changed (None removes a field)."""
    model = MODELS[kind].model_validate(VALID[kind])
    data = json.loads(encode(model))
    for key, value in changes.items():
        if value is None:
            data.pop(key)
        else:
            data[key] = value
    return json.dumps(data).encode()


@pytest.mark.parametrize("kind", sorted(MODELS))
def test_every_payload_round_trips(kind: str) -> None:
    model = MODELS[kind].model_validate(VALID[kind])
    again = decode(kind, encode(model))
    assert again == model
    assert json.loads(encode(model))["schema_version"] == MODELS[kind].VERSION


def test_versions_grew_where_the_json_changed() -> None:
    """Snapshots (no secret fields, screen seqs), heartbeat (last_public_seq) and protocol
    (the reveal) changed shape in issue 8: version 2; snapshots (the timer's time left at the
    table's clock instead of a wall-clock start) and heartbeat (clock_step_s) in issue 28:
    version 3; the protocol (one for every variant, its reveal tagged) in issue 27: version
    3; the rest is still version 1."""
    assert {kind: model.VERSION for kind, model in MODELS.items()} == {
        "public": 3, "audience": 3, "judge": 3, "heartbeat": 3, "protocol": 3,
        "status": 1, "event": 1, "command": 1, "reply": 1, "decision_request": 1,
        "decision_reply": 1, "stream": 1, "claim": 1}


def test_models_are_the_documented_ones() -> None:
    assert {
        "public": Snapshot, "audience": Snapshot, "judge": Snapshot, "status": Status,
        "heartbeat": Heartbeat, "event": Event, "protocol": Protocol, "command": Command,
        "reply": Reply, "decision_request": DecisionRequest, "decision_reply": DecisionReply,
        "stream": StreamSnapshot, "claim": Claim,
    } == MODELS


def test_timestamps_travel_as_iso_strings() -> None:
    data = json.loads(raw("public"))
    assert data["sent_at"] == "2026-11-29T18:30:00Z"


def test_a_snapshot_carries_no_wall_clock_start_and_a_version_2_one_is_refused() -> None:
    """docs/clock.md: a screen counts from the time left at the table's clock reading; a
    version 2 snapshot (timer_started_at) is refused in words, not misread."""
    data = json.loads(raw("public"))
    assert "timer_started_at" not in data and data["uptime_s"] == 1234.5
    old = {**data, "schema_version": 2, "timer_started_at": data["sent_at"]}
    del old["uptime_s"]
    with pytest.raises(PayloadError, match=r"unsupported schema_version 2 \(this kit reads "
                                           r"version 3\)"):
        decode("public", json.dumps(old).encode())


ENVELOPE_REJECTIONS = [
    ("command", b"x" * (MAX_PAYLOAD_BYTES + 1),
     f"command payload is too large: {MAX_PAYLOAD_BYTES + 1} bytes, the limit is 65536"),
    ("status", b"\xff\xfe{}", "status payload is not UTF-8 text"),
    ("command", b"{name: undo}", "command payload is not JSON"),
    ("command", b"", "command payload is not JSON"),
    ("heartbeat", b'{"schema_version": 1, "uptime_s": NaN}', "heartbeat payload is not JSON"),
    ("event", b"[1, 2]", "event payload is not a JSON object"),
    ("event", b'"hello"', "event payload is not a JSON object"),
    ("reply", b'{"ok": true}', "reply payload has no schema_version"),
    ("status", b'{"schema_version": 2}', "status payload: unsupported schema_version 2"),
    ("status", b'{"schema_version": "1"}', 'unsupported schema_version "1"'),
    ("status", b'{"schema_version": true}', "unsupported schema_version true"),
    ("status", b'{"schema_version": 1.0}', "unsupported schema_version 1.0"),
    ("public", b'{"schema_version": 1}',
     "public payload: unsupported schema_version 1 (this kit reads version 3)"),
    ("roles", b"{}", "unknown payload kind 'roles'"),
]


@pytest.mark.parametrize(("kind", "data", "message"), ENVELOPE_REJECTIONS)
def test_bad_envelopes_are_refused_in_words(kind: str, data: bytes, message: str) -> None:
    with pytest.raises(PayloadError) as caught:
        decode(kind, data)
    assert message in str(caught.value)


def test_a_payload_of_exactly_the_limit_is_read() -> None:
    body = raw("status")
    padded = body[:-1] + b" " * (MAX_PAYLOAD_BYTES - len(body)) + b"}"
    assert len(padded) == MAX_PAYLOAD_BYTES
    assert isinstance(decode("status", padded), Status)


FIELD_REJECTIONS = [
    ("status", {"colour": "red"}, "status payload: unknown field 'colour'"),
    ("status", {"bdseq": None}, "missing field 'bdseq'"),
    ("status", {"state": "asleep"}, "field 'state': Input should be 'online', 'offline' or 'lost'"),
    ("status", {"bdseq": -1}, "field 'bdseq'"),
    ("status", {"booted_at": "2026-11-29T18:30:00"}, "field 'booted_at'"),
    ("status", {"software_version": "x" * 41}, "field 'software_version'"),
    ("heartbeat", {"uptime_s": -1}, "field 'uptime_s'"),
    ("public", {"view_class": "judge"}, "a judge snapshot must carry a judge view, not 'public'"),
    ("public", {"names": ["A"] * 5}, "names must list all 10 seats or be empty, not 5"),
    ("public", {"names": ["A"] * 11}, "names must list all 10 seats or be empty, not 11"),
    ("public", {"names": ["A"] * 16}, "field 'names'"),
    ("public", {"names": ["x" * 41] * 10}, "field 'names.0'"),
    ("public", {"tournament": "Autumn Cup"}, "tournament id 'Autumn Cup' may contain only"),
    ("public", {"table": "3/4"}, "must not contain '/'"),
    ("public", {"seq": -1}, "field 'seq'"),
    ("public", {"game_id": "game 12"}, "field 'game_id'"),
    ("public", {"view": "day"}, "field 'view'"),
    ("event", {"accepted": False}, "a rejected action needs a reason"),
    ("event", {"action": {"seat": 3}}, "action needs an 'action' name, as in the game log"),
    ("event", {"seq": 0}, "field 'seq'"),
    ("event", {"reason": ""}, "field 'reason'"),
    ("protocol", {"header": {"format": "pgn"}}, "header.format must be 'mafia-game-log'"),
    ("protocol", {"actions": [{"action": "start"}, {}]}, "action 2 needs an 'action' name"),
    ("command", {"name": "shoot"}, "field 'name'"),
    ("command", {"request_id": ""}, "field 'request_id'"),
    ("command", {"request_id": "a b"},
     "field 'request_id' may contain only letters, digits and - _ . :"),
    ("command", {"args": {}}, "the action command needs action"),
    ("command", {"args": {"action": {"action": "foul"}, "force": True}},
     "the action command does not take force"),
    ("command", {"args": {"action": "foul"}}, "the action command needs an action object"),
    ("command", {"name": "undo"}, "the undo command does not take action"),
    # a club table seats 3-15 (004 §1): the bus takes 3-15 names, the table checks its own count
    ("command", {"name": "roster", "args": {"names": ["A"] * 16}}, "a roster is 3 to 15 nick"),
    ("command", {"name": "new_game", "args": {}}, "the new_game command needs header"),
    ("reply", {"ok": False}, "a failed reply needs an error text"),
    ("reply", {"error": "seat 11 does not exist"}, "a successful reply carries no error"),
]


@pytest.mark.parametrize(("kind", "changes", "message"), FIELD_REJECTIONS)
def test_wrong_fields_are_refused_in_words(
    kind: str, changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(PayloadError) as caught:
        decode(kind, raw(kind, **changes))
    assert message in str(caught.value)
    assert str(caught.value).startswith(f"{kind} payload")


def test_many_problems_are_summarised() -> None:
    data = raw("status", state="x", bdseq=-1, booted_at="y", software_version="")
    with pytest.raises(PayloadError, match=r"and 1 more problem$"):
        decode("status", data)


def test_a_snapshot_of_another_class_is_refused() -> None:
    with pytest.raises(PayloadError, match="public payload carries a judge snapshot"):
        decode("public", raw("judge"))


SECRETS = [
    ("roles", {"1": "sheriff"}),
    ("nights", [{"night": 1, "shot": 7}]),
    ("best_move", {"seat": 7, "guess": [1, 2, 5], "black_found": 2}),
    ("night_steps", ["sheriff_check"]),
    ("winner", "red"),
    ("actions", 57),
]


@pytest.mark.parametrize("view_class", ["public", "audience"])
@pytest.mark.parametrize(("key", "value"), SECRETS)
@pytest.mark.parametrize("phase", ["day", "finished"])
def test_open_snapshots_have_no_field_for_judge_data(
    view_class: str, key: str, value: Any, phase: str
) -> None:
    """Secrecy by type: not before the end, not after it (the reveal is on `protocol`)."""
    step = "speech" if phase == "day" else "farewell"
    leaking = sample_view(view_class, phase=phase, step=step, **{key: value})
    with pytest.raises(ValidationError) as caught:
        Snapshot.model_validate(sample_snapshot_fields(view_class, view=leaking))
    assert describe_validation_error(caught.value) == f"unknown field 'view.{view_class}.{key}'"
    with pytest.raises(PayloadError, match=f"unknown field 'view.{view_class}.{key}'"):
        decode(view_class, raw(view_class, view=leaking))


@pytest.mark.parametrize("step", ["shoot", "checks", "best_move", "morning"])
def test_open_snapshots_refuse_secret_night_steps(step: str) -> None:
    night = sample_view("public", phase="night", number=1, step=step, speaker=None, timer=None)
    with pytest.raises(ValueError, match=f"the night step '{step}'"):
        Snapshot.model_validate(sample_snapshot_fields("public", view=night))


@pytest.mark.parametrize("step", ["night", "zero_night"])
def test_open_snapshots_show_the_night_itself(step: str) -> None:
    night = sample_view("public", phase="night", number=1, step=step, speaker=None, timer=None)
    snapshot = Snapshot.model_validate(sample_snapshot_fields("public", view=night))
    assert snapshot.view.step == step


def test_the_protocol_carries_the_reveal() -> None:
    protocol = Protocol.model_validate(VALID["protocol"])
    assert protocol.reveal.roles[1] is Role.SHERIFF and protocol.reveal.winner == "red"
    with pytest.raises(PayloadError, match="missing field 'reveal'"):
        decode("protocol", raw("protocol", reveal=None))


def decided(example: str) -> tuple[dict[str, Any], GameVariant]:
    lines = (EXAMPLES / example).read_text(encoding="utf-8").splitlines()
    head, game = replay_game(lines)
    assert game.state.finished
    return dict(head), game


def published(example: str) -> bytes:
    """A decided example's protocol as a table publishes it (device/table/snapshots.py)."""
    head, game = decided(example)
    return encode(Protocol(game_id="g-1", header=head, actions=game.lines(),
                           result=dict(game.result()),
                           reveal=reveal_of(game.view(InfoClass.JUDGE))))


def test_one_protocol_for_every_variant_its_reveal_typed_by_the_variant() -> None:
    """Issue 27: one `Protocol`; its reveal a discriminated union on `variant` (a classic
    reveal with best move and the nights' shots, a club one with every card and the host's
    night record, 004 §7). Nothing picks the model by the header's rules."""
    classic = decode("protocol", published("cml-red-wins-by-lift.jsonl"))
    club = decode("protocol", published("club-seven-maniac-and-doctor.jsonl"))
    assert isinstance(classic, Protocol) and isinstance(classic.reveal, ClassicReveal)
    assert isinstance(club, Protocol) and isinstance(club.reveal, ClubReveal)
    assert club.reveal.winner is Side.CITY and club.reveal.roles[6] is ClubRole.MANIAC
    assert json.loads(encode(club))["reveal"]["variant"] == "club"
    assert "best_move" not in json.loads(encode(club))["reveal"]
    # the tag says which model reads the rest: a club reveal tagged classic is refused
    wrong = json.loads(encode(club))
    wrong["reveal"]["variant"] = "classic"
    with pytest.raises(PayloadError, match=r"protocol payload: .*reveal"):
        decode("protocol", json.dumps(wrong).encode())
    for tag, words in ((None, "its variant, one of classic, club, not null"),
                       ("toy", 'its variant, one of classic, club, not "toy"')):
        bad = json.loads(encode(classic))
        bad["reveal"].pop("variant")
        if tag is not None:
            bad["reveal"]["variant"] = tag
        with pytest.raises(PayloadError, match=words):
            decode("protocol", json.dumps(bad).encode())


@pytest.mark.parametrize(("example", "old", "variant"),
                         [("cml-red-wins-by-lift.jsonl", 2, "classic"),
                          ("club-seven-maniac-and-doctor.jsonl", 1, "club")])
def test_a_protocol_of_the_previous_release_reads_as_version_3(example: str, old: int,
                                                               variant: str) -> None:
    """The previous release published a classic `Protocol` (version 2) and a club
    `ClubProtocol` (version 1), neither reveal tagged: a hub or screen of this release reads
    both (`upgrade_protocol`), so a venue need not update its tables first."""
    now = decode("protocol", published(example))
    data = json.loads(encode(now))
    data["schema_version"] = old
    del data["reveal"]["variant"]
    again = decode("protocol", json.dumps(data).encode())
    assert isinstance(again, Protocol) and again == now and again.reveal.variant == variant
    data["schema_version"] = 3 - old  # the other one: not what that release wrote
    with pytest.raises(PayloadError, match="protocol payload"):
        decode("protocol", json.dumps(data).encode())
    for version in (0, 4, "2", True):
        data["schema_version"] = version
        with pytest.raises(PayloadError, match="unsupported schema_version"):
            decode("protocol", json.dumps(data).encode())


def test_a_reveal_is_read_off_a_decided_games_judge_view_only() -> None:
    """`reveal_of` builds what the protocol reveals from the judge view; a screen's view
    and an undecided game's have none (the table publishes no protocol then)."""
    _, game = decided("cml-red-wins-by-lift.jsonl")
    assert isinstance(reveal_of(game.view(InfoClass.JUDGE)), ClassicReveal)
    with pytest.raises(ValueError, match="judge view"):
        reveal_of(game.view(InfoClass.PUBLIC))
    head, _ = decided("cml-red-wins-by-lift.jsonl")
    going = open_game(head)  # the judge sees every role from the deal on: still no reveal
    judge = going.view(InfoClass.JUDGE)
    for line in game.lines():
        going.play_line(dict(line))
        if going.state.finished:
            break
        judge = going.view(InfoClass.JUDGE)  # the last one before the decision
    going.pop()
    assert isinstance(judge, JudgeView) and judge.roles and not going.state.finished
    with pytest.raises(ValueError, match="only once the game is decided"):
        reveal_of(judge)


def test_the_judge_snapshot_carries_everything() -> None:
    snapshot = Snapshot.model_validate(sample_snapshot_fields("judge"))
    assert isinstance(snapshot.view, JudgeView) and snapshot.view.roles is not None
    assert {seat: role.value for seat, role in snapshot.view.roles.items()
            if role != "citizen"} == {1: "sheriff", 2: "don", 5: "mafia", 8: "mafia"}


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"view": {**sample_view("judge"), "timer": None, "pad": "4 2"}},
         "nothing of the table's own"),
        ({"delay_minutes": 0}, "delay_minutes"),
        ({"as_of": SAMPLE_TIME + timedelta(hours=1)}, "a moment after it was sent"),
        ({"view": sample_view("public")}, "view"),
        ({"names": ["A", "B"]}, "names must list all 10 seats"),
    ],
)
def test_a_stream_snapshot_is_a_delayed_judge_view_only(changes: dict[str, Any],
                                                        words: str) -> None:
    """The stream class carries the judge's view of the game (roles, nights) and nothing
    the table keeps to itself; a public view or a moment from the future is refused."""
    with pytest.raises(ValidationError, match=words):
        sample_stream(**changes)
    shot = sample_stream()
    assert shot.view.roles is not None and shot.view.nights


def test_names_may_be_empty_before_the_roster() -> None:
    snapshot = Snapshot.model_validate(sample_snapshot_fields("public", names=[]))
    assert snapshot.names == []


def test_encode_refuses_what_receivers_would_refuse() -> None:
    huge = Protocol.model_validate(
        {**VALID["protocol"], "actions": [{"action": "foul", "note": "x" * 100}] * 700}
    )
    with pytest.raises(PayloadError, match="protocol payload is too large"):
        encode(huge)


def test_payloads_are_immutable() -> None:
    status = Status.model_validate(VALID["status"])
    with pytest.raises(ValueError, match="frozen"):
        status.bdseq = 4  # type: ignore[misc]


def test_same_session_compares_boot_and_bdseq() -> None:
    online = Status.model_validate(VALID["status"])
    lost = online.model_copy(update={"state": "lost"})
    older = online.model_copy(update={"state": "lost", "bdseq": 2})
    reboot = online.model_copy(update={"booted_at": SAMPLE_TIME.replace(hour=19)})
    assert online.same_session(lost)
    assert not online.same_session(older)
    assert not online.same_session(reboot)


@pytest.mark.parametrize("name", ["undo", "rebirth", "ping"])
def test_commands_without_arguments(name: str) -> None:
    command = Command(name=name, request_id="r1")
    assert decode("command", encode(command)) == command


def test_a_failed_reply_carries_the_table_s_reason() -> None:
    reply = Reply(request_id="r1", name="action", ok=False, error="seat 11 does not exist")
    assert decode("reply", encode(reply)).error == "seat 11 does not exist"  # type: ignore[attr-defined]


def test_payload_base_is_versioned() -> None:
    assert Payload.VERSION == 1
    for model in MODELS.values():
        assert model.model_fields["schema_version"].default == model.VERSION


DECISION_REFUSALS = [
    ("decision_request", {"kind": "promote"}, "kind"),
    ("decision_request", {"table": "3/4"}, "must not contain '/'"),
    ("decision_request", {"who": "   "}, "the head judge's name is empty"),
    ("decision_request", {"why": "  ok  "}, "give the reason in a few words"),
    ("decision_request", {"request_id": "a b"}, "request_id"),
    ("decision_reply", {"ok": False}, "a refused decision has an error and no decision_id"),
    ("decision_reply", {"decision_id": 0}, "decision_id"),
    ("decision_reply", {"error": "late"}, "a recorded decision has its decision_id and no error"),
]


@pytest.mark.parametrize(("kind", "changes", "message"), DECISION_REFUSALS)
def test_bad_decision_messages_are_refused_in_words(
        kind: str, changes: dict[str, Any], message: str) -> None:
    data = json.loads(raw(kind)) | changes
    with pytest.raises(PayloadError, match=message):
        decode(kind, json.dumps(data).encode())


def test_a_status_says_which_machine_holds_the_table() -> None:
    """Issue 25: one table per number; the birth names its instance and machine."""
    status = decode("status", raw("status", instance="5f3a9c2e01b4d7a8", host="pi-table-3",
                                  address="192.168.1.23"))
    assert isinstance(status, Status) and status.where() == "pi-table-3 (192.168.1.23)"
    old = decode("status", raw("status"))  # an older kit's birth: an instance of its own
    assert isinstance(old, Status) and old.instance is None and old.where() == "an unnamed machine"
    with pytest.raises(PayloadError, match="host"):
        decode("status", raw("status", host="pi 3\nforged line"))


def test_a_rebirth_may_ask_for_the_events_from_a_seq() -> None:
    assert Command(name="rebirth", request_id="r", args={"game_id": "r1-t1", "since": 5})
    for bad in ({"since": 0}, {"since": "5"}, {"game_id": 3}, {"from": 1}):
        with pytest.raises(ValidationError):
            Command(name="rebirth", request_id="r", args=bad)
