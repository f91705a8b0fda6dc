"""decode_message: the topic decides the model, and topic and payload must agree."""

from __future__ import annotations

import pytest

from bus import topics
from bus.messages import PAYLOAD_OF_HUB_TOPIC, PAYLOAD_OF_KIND, decode_message
from bus.payloads import MODELS, Command, DecisionRequest, PayloadError, Status, encode
from bus.testing import SAMPLE_TIME, sample_snapshot, sample_stream


def test_every_table_kind_maps_to_a_payload() -> None:
    assert set(PAYLOAD_OF_KIND) == set(topics.TABLE_KINDS)
    assert set(PAYLOAD_OF_KIND.values()) | set(PAYLOAD_OF_HUB_TOPIC.values()) == set(MODELS)


def test_a_snapshot_is_decoded_by_its_topic() -> None:
    snapshot = sample_snapshot("audience")
    ref, payload = decode_message(topics.table_topic("cup", "3", "audience"), encode(snapshot))
    assert ref == topics.TopicRef("cup", "3", "audience")
    assert payload == snapshot


def test_a_snapshot_on_another_tables_topic_is_refused() -> None:
    with pytest.raises(PayloadError, match="a snapshot of table cup/3 arrived on the topic of "
                                           "table cup/4"):
        decode_message(topics.table_topic("cup", "4", "public"), encode(sample_snapshot("public")))


def test_a_stream_snapshot_is_decoded_on_its_own_tables_stream_topic_only() -> None:
    shot = sample_stream()
    ref, payload = decode_message(topics.table_topic("cup", "3", "stream"), encode(shot))
    assert (ref.kind, payload) == ("stream", shot)
    with pytest.raises(PayloadError, match="a snapshot of table cup/3 arrived on the topic of "
                                           "table cup/4"):
        decode_message(topics.table_topic("cup", "4", "stream"), encode(shot))
    with pytest.raises(PayloadError, match="judge payload"):
        decode_message(topics.table_topic("cup", "3", "judge"), encode(shot))


def test_a_judge_snapshot_on_the_public_topic_is_refused() -> None:
    with pytest.raises(PayloadError, match="public payload carries a judge snapshot"):
        decode_message(topics.table_topic("cup", "3", "public"), encode(sample_snapshot("judge")))


def test_a_command_must_match_its_topic() -> None:
    undo = encode(Command(name="undo", request_id="r1"))
    ref, payload = decode_message(topics.command_topic("cup", "3", "undo"), undo)
    assert (ref.name, payload) == ("undo", Command(name="undo", request_id="r1"))
    with pytest.raises(PayloadError, match="the undo command arrived on the cmd/ping topic"):
        decode_message(topics.command_topic("cup", "3", "ping"), undo)


def test_the_hub_status_is_a_status() -> None:
    status = Status(state="online", bdseq=0, booted_at=SAMPLE_TIME, software_version="hub")
    ref, payload = decode_message(topics.hub_topic("cup", "status"), encode(status))
    assert (ref.kind, payload) == ("hub", status)


@pytest.mark.parametrize(
    ("topic", "message"),
    [
        ("mafia/v1/cup/hub/public/standings", "no payload model for hub topic 'public/standings'"),
        ("sensors/door", "is not a mafiakit topic"),
        ("mafia/v1/cup/tables/3/roles", "unknown table topic kind 'roles'"),
    ],
)
def test_topics_without_a_model_are_refused(topic: str, message: str) -> None:
    with pytest.raises(PayloadError, match=message):
        decode_message(topic, b"{}")


def test_a_decision_request_is_decoded_on_the_decide_topic_only() -> None:
    request = DecisionRequest(request_id="p-1", kind="change_result", table="3",
                              game_id="r1-t3", who="Head judge", why="protest upheld",
                              args={"winner": "black"})
    ref, payload = decode_message(topics.decide_topic("cup", "head-judge-anna"), encode(request))
    assert (ref.kind, ref.name, payload) == ("hub", "decide/head-judge-anna", request)
    with pytest.raises(PayloadError, match="decision_reply payload"):
        decode_message(topics.judge_reply_topic("cup"), encode(request))
    with pytest.raises(PayloadError, match="no payload model for hub topic 'judge/state'"):
        decode_message(topics.judge_state_topic("cup"), b"{}")
