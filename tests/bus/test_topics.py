"""The topic tree: builders, parser, id checks and the delivery policy, table by table."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bus import topics
from bus.topics import TopicError, TopicRef

BUILT = [
    (topics.table_topic("cup", "3", "status"), "mafia/v1/cup/tables/3/status"),
    (topics.table_topic("cup", "3", "public"), "mafia/v1/cup/tables/3/public"),
    (topics.table_topic("cup", "3", "audience"), "mafia/v1/cup/tables/3/audience"),
    (topics.table_topic("cup", "3", "judge"), "mafia/v1/cup/tables/3/judge"),
    (topics.table_topic("cup", "3", "events"), "mafia/v1/cup/tables/3/events"),
    (topics.table_topic("cup", "3", "protocol"), "mafia/v1/cup/tables/3/protocol"),
    (topics.table_topic("cup", "3", "heartbeat"), "mafia/v1/cup/tables/3/heartbeat"),
    (topics.table_topic("cup", "3", "reply"), "mafia/v1/cup/tables/3/reply"),
    (topics.table_topic("cup", "3", "stream"), "mafia/v1/cup/tables/3/stream"),
    (topics.command_topic("cup", "3", "undo"), "mafia/v1/cup/tables/3/cmd/undo"),
    (topics.hub_topic("cup", "status"), "mafia/v1/cup/hub/status"),
    (topics.hub_topic("cup", "public/standings"), "mafia/v1/cup/hub/public/standings"),
    (topics.table_base("Осень-2026", "A_1.b"), "mafia/v1/Осень-2026/tables/A_1.b"),
]


@pytest.mark.parametrize(("built", "expected"), BUILT)
def test_builders_make_the_documented_tree(built: str, expected: str) -> None:
    assert built == expected


PARSED = [
    ("mafia/v1/cup/tables/3/status", TopicRef("cup", "3", "status")),
    ("mafia/v1/cup/tables/3/judge", TopicRef("cup", "3", "judge")),
    ("mafia/v1/cup/tables/3/events", TopicRef("cup", "3", "events")),
    ("mafia/v1/cup/tables/3/stream", TopicRef("cup", "3", "stream")),
    ("mafia/v1/cup/tables/3/cmd/new_game", TopicRef("cup", "3", "cmd", "new_game")),
    ("mafia/v1/cup/hub/status", TopicRef("cup", None, "hub", "status")),
    ("mafia/v1/cup/hub/public/tables", TopicRef("cup", None, "hub", "public/tables")),
]


@pytest.mark.parametrize(("topic", "ref"), PARSED)
def test_parse_splits_a_topic_back(topic: str, ref: TopicRef) -> None:
    assert topics.parse(topic) == ref


BAD_TOPICS = [
    ("other/v1/cup/tables/3/status", "is not a mafiakit topic"),
    ("mafia/v2/cup/tables/3/status", "is not a mafiakit topic"),
    ("mafia/v1/cup", "too short"),
    ("mafia/v1/cup/desks/3/status", "expected mafia/v1/<tournament>/tables"),
    ("mafia/v1/cup/tables/3", "expected mafia/v1/<tournament>/tables"),
    ("mafia/v1/cup/tables/3/secrets", "unknown table topic kind 'secrets'"),
    ("mafia/v1/cup/tables/3/public/extra", "unknown table topic kind 'public/extra'"),
    ("mafia/v1/cup/tables/3/cmd", "ends with cmd/<name>"),
    ("mafia/v1/cup/tables/3/cmd/undo/reply", "ends with cmd/<name>"),
    ("mafia/v1/cup/tables/3/cmd/explode", "unknown command 'explode'"),
    ("mafia/v1/+/tables/3/status", "must not contain '+'"),
    ("mafia/v1/cup/tables/#/status", "must not contain '#'"),
    ("mafia/v1//tables/3/status", "tournament id is empty"),
    ("mafia/v1/cup/hub/a b", "may contain only letters"),
]


@pytest.mark.parametrize(("topic", "message"), BAD_TOPICS)
def test_parse_refuses_foreign_or_malformed_topics(topic: str, message: str) -> None:
    with pytest.raises(TopicError, match=re.escape(message)):
        topics.parse(topic)


BAD_IDS = [
    ("", "is empty"),
    ("a/b", "must not contain '/': it would split the topic"),
    ("a+b", r"must not contain '\+': it is an MQTT wildcard"),
    ("a#", "must not contain '#': it is an MQTT wildcard"),
    ("x" * 41, "is 41 characters long; at most 40 allowed"),
    ("Autumn Cup", r"may contain only letters, digits, '-', '_' and '.', not ' '"),
    ("$SYS", r"not '\$'"),
    ("a:b", "not ':'"),
]


@pytest.mark.parametrize(("value", "message"), BAD_IDS)
def test_ids_are_checked_with_a_clear_reason(value: str, message: str) -> None:
    with pytest.raises(TopicError, match=f"^tournament id .*{message}|^tournament id {message}"):
        topics.table_topic(value, "3", "public")
    with pytest.raises(TopicError, match="table id"):
        topics.table_topic("cup", value, "public")


def test_an_id_of_exactly_the_limit_is_accepted() -> None:
    assert topics.check_id("x" * topics.MAX_ID_LENGTH) == "x" * 40


def test_an_id_that_is_not_text_is_refused() -> None:
    with pytest.raises(TopicError, match="must be text, not int"):
        topics.check_id(3, "table id")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: topics.table_topic("cup", "3", "cmd"), "use command_topic"),
        (lambda: topics.table_topic("cup", "3", "roles"), "unknown table topic kind 'roles'"),
        (lambda: topics.command_topic("cup", "3", "shoot"), "unknown command 'shoot'"),
        (lambda: topics.hub_topic("cup", "public/+"), "must not contain"),
        (lambda: topics.table_filter("roles"), "unknown table topic kind"),
    ],
)
def test_builders_refuse_unknown_kinds(call: object, message: str) -> None:
    with pytest.raises(TopicError, match=message):
        call()  # type: ignore[operator]


FILTERS = [
    (("status",), "mafia/v1/+/tables/+/status"),
    (("public", "cup"), "mafia/v1/cup/tables/+/public"),
    (("judge", "cup", "3"), "mafia/v1/cup/tables/3/judge"),
    (("cmd", "cup", "3"), "mafia/v1/cup/tables/3/cmd/+"),
]


@pytest.mark.parametrize(("args", "expected"), FILTERS)
def test_subscription_filters(args: tuple[str, ...], expected: str) -> None:
    assert topics.table_filter(*args) == expected


DELIVERIES = [
    ("mafia/v1/cup/tables/3/status", 1, True),
    ("mafia/v1/cup/tables/3/heartbeat", 0, False),
    ("mafia/v1/cup/tables/3/public", 1, True),
    ("mafia/v1/cup/tables/3/audience", 1, True),
    ("mafia/v1/cup/tables/3/judge", 1, True),
    ("mafia/v1/cup/tables/3/events", 1, False),
    ("mafia/v1/cup/tables/3/protocol", 1, True),
    ("mafia/v1/cup/tables/3/cmd/action", 1, False),
    ("mafia/v1/cup/tables/3/reply", 1, False),
    ("mafia/v1/cup/tables/3/stream", 1, True),  # retained: a reloaded page sees it at once
    ("mafia/v1/cup/hub/public/standings", 1, True),
    ("mafia/v1/cup/hub/decide/head-judge-anna", 1, False),
    ("mafia/v1/cup/hub/judge/reply", 1, False),
    ("mafia/v1/cup/hub/judge/state", 1, True),
    ("mafia/v1/cup/hub/public/players", 1, True),
]


@pytest.mark.parametrize(("topic", "qos", "retain"), DELIVERIES)
def test_delivery_policy(topic: str, qos: int, retain: bool) -> None:
    assert topics.delivery(topic) == topics.Delivery(qos=qos, retain=retain)


def test_every_kind_has_a_delivery_policy() -> None:
    assert set(topics.DELIVERY) == {*topics.TABLE_KINDS, "hub"}


HEAD_JUDGE_TOPICS = [
    (topics.decide_topic, "mafia/v1/cup/hub/decide/head-judge"),
    (topics.judge_reply_topic, "mafia/v1/cup/hub/judge/reply"),
    (topics.judge_state_topic, "mafia/v1/cup/hub/judge/state"),
    (topics.players_topic, "mafia/v1/cup/hub/public/players"),
]


@pytest.mark.parametrize(("build", "expected"), HEAD_JUDGE_TOPICS)
def test_head_judge_topics(build: Callable[[str], str], expected: str) -> None:
    """The head judge's contract (docs/hub.md): one builder per topic, parsed back as hub."""
    assert build("cup") == expected
    ref = topics.parse(expected)
    assert (ref.tournament, ref.table, ref.kind) == ("cup", None, "hub")
    assert ref.name == expected.removeprefix("mafia/v1/cup/hub/")
    with pytest.raises(TopicError, match="wildcard"):
        build("c+p")


def test_a_head_judge_decides_on_the_topic_of_his_own_account() -> None:
    """docs/web.md "Who decided": the broker lets an account write its own decide topic only,
    so the hub reads who decided from the topic's last level."""
    topic = topics.decide_topic("cup", topics.head_judge_account("anna"))
    assert topic == "mafia/v1/cup/hub/decide/head-judge-anna"
    assert topics.decide_account("cup", topic) == "head-judge-anna"
    assert topics.decide_account("other", topic) is None
    assert topics.decide_account("cup", "mafia/v1/cup/hub/decide") is None
    assert topics.decide_filter("cup") == "mafia/v1/cup/hub/decide/+"
    assert [topics.is_head_judge(a) for a in ("head-judge", "head-judge-anna", "head-judge-",
                                               "table-cup-3", "head-judges")] == [
        True, True, False, False, False]
    with pytest.raises(TopicError, match="head judge name"):
        topics.head_judge_account("anna/boris")


def test_table_account_name() -> None:
    assert topics.account_name("cup", "3") == "table-cup-3"
    with pytest.raises(TopicError, match="table id"):
        topics.account_name("cup", "3 ")


def test_stream_account_name() -> None:
    assert topics.stream_account("cup", "3") == "stream-cup-3"
    with pytest.raises(TopicError, match="tournament id"):
        topics.stream_account("c/p", "3")


ID = st.text(
    alphabet=st.characters(categories=("Lu", "Ll", "Nd"), include_characters="-_."),
    min_size=1,
    max_size=topics.MAX_ID_LENGTH,
)


@given(tournament=ID, table=ID, kind=st.sampled_from(topics.TABLE_KINDS))
def test_any_valid_table_topic_round_trips(tournament: str, table: str, kind: str) -> None:
    if kind == "cmd":
        topic = topics.command_topic(tournament, table, "ping")
        expected = TopicRef(tournament, table, "cmd", "ping")
    else:
        topic = topics.table_topic(tournament, table, kind)
        expected = TopicRef(tournament, table, kind)
    assert topics.parse(topic) == expected
