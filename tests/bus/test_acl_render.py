"""Rendering deploy/mosquitto/acl.conf for the tables of a tournament."""

from __future__ import annotations

import paho.mqtt.client as mqtt
import pytest

from bus.acl import TEMPLATE, parse_table, render_acl, template_text
from mafiakit.cli import main

TEMPLATE_TEXT = """user hub
topic read mafia/v1/#
#@table user table-{tournament}-{table}
#@table topic write mafia/v1/{tournament}/tables/{table}/public
"""


def active_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line and not line.startswith("#")]


def test_each_table_gets_its_own_block() -> None:
    text = render_acl([("cup", "3"), ("cup", "4")], TEMPLATE_TEXT)
    assert active_lines(text) == [
        "user hub",
        "topic read mafia/v1/#",
        "user table-cup-3",
        "topic write mafia/v1/cup/tables/3/public",
        "user table-cup-4",
        "topic write mafia/v1/cup/tables/4/public",
    ]


def test_each_personal_head_judge_gets_his_own_block() -> None:
    """docs/web.md "Who decided": head-judge-NAME writes only its own decide topic."""
    text = render_acl([("cup", "3")], template_text(),
                      head_judges=["head-judge-anna", "head-judge-anna", "head-judge-boris"])
    lines = active_lines(text)
    assert lines.count("user head-judge-anna") == 1
    anna = lines[lines.index("user head-judge-anna"):lines.index("user head-judge-boris")]
    assert [line for line in anna if line.startswith("topic write")] == [
        "topic write mafia/v1/+/hub/decide/head-judge-anna"]
    for account in ("head-judge", "table-cup-3", "hub"):
        with pytest.raises(ValueError, match="not a personal head judge's account"):
            render_acl([("cup", "3")], template_text(), head_judges=[account])


def test_mafiakit_acl_renders_head_judges(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["acl", "--table", "cup/3", "--head-judge", "anna"]) == 0
    assert "user head-judge-anna" in capsys.readouterr().out
    assert main(["acl", "--table", "cup/3", "--head-judge", "a+b"]) == 2
    assert "head judge name" in capsys.readouterr().err


def test_the_same_table_twice_is_rendered_once() -> None:
    text = render_acl([("cup", "3"), ("cup", "3")], TEMPLATE_TEXT)
    assert active_lines(text).count("user table-cup-3") == 1


def test_two_tables_on_one_account_are_refused() -> None:
    with pytest.raises(ValueError, match="tables a-b/c and a/b-c would share the account"):
        render_acl([("a-b", "c"), ("a", "b-c")], TEMPLATE_TEXT)


def test_a_template_without_table_block_is_refused() -> None:
    with pytest.raises(ValueError, match="has no table block"):
        render_acl([("cup", "3")], "user hub\n")


def test_bad_ids_never_reach_the_acl() -> None:
    with pytest.raises(ValueError, match="must not contain '#'"):
        render_acl([("cup", "#")], TEMPLATE_TEXT)


def test_the_shipped_template_gives_tables_nothing_until_rendered() -> None:
    lines = active_lines(template_text())
    assert not [line for line in lines if "{" in line or "table-" in line]
    assert {"user hub", "user scoreboard", "user venue"} <= set(lines)


def test_the_shipped_template_keeps_secrets_from_screens() -> None:
    """Scoreboard and venue rules match no judge, events, cmd or reply topic."""
    blocks: dict[str, list[str]] = {}
    user = ""
    for line in active_lines(TEMPLATE.read_text(encoding="utf-8")):
        if line.startswith("user "):
            user = line.removeprefix("user ")
            blocks[user] = []
        else:
            blocks[user].append(line)
    secret = ["judge", "events", "cmd/undo", "reply"]
    forbidden = {
        "scoreboard": [*secret, "audience"],
        "venue": secret,
    }
    for screen, kinds in forbidden.items():
        assert all(rule.startswith("topic read ") for rule in blocks[screen])
        filters = [rule.split()[-1] for rule in blocks[screen]]
        for kind in kinds:
            topic = f"mafia/v1/cup/tables/3/{kind}"
            assert not [f for f in filters if mqtt.topic_matches_sub(f, topic)], (screen, kind)
        assert [f for f in filters if mqtt.topic_matches_sub(f, "mafia/v1/cup/tables/3/public")]


@pytest.mark.parametrize(
    ("spec", "expected"), [("cup/3", ("cup", "3")), ("Осень-2026/A1", ("Осень-2026", "A1"))]
)
def test_parse_table(spec: str, expected: tuple[str, str]) -> None:
    assert parse_table(spec) == expected


@pytest.mark.parametrize(
    ("spec", "message"),
    [("cup", "must be written as TOURNAMENT/TABLE"), ("cup/3/4", "must not contain '/'"),
     ("/3", "tournament id is empty")],
)
def test_parse_table_refuses(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_table(spec)
