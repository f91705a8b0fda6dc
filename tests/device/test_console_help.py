"""The console judge's `help` (issue 25): every action the engine reads is listed, classic and
club, with its fields as the engine reads them and an example line the engine takes."""

from __future__ import annotations

import pytest

from device.table.console_help import (
    CLASSIC,
    CLASSIC_HELP,
    CLUB_ACTIONS,
    CLUB_HELP,
    HelpBook,
    fields_of,
    help_text,
)
from engine.classic.log import ACTION_FIELDS, parse_action
from engine.club.log import FIELDS as CLUB_FIELDS
from engine.club.log import parse_action as club_action


def test_every_action_the_engine_reads_has_its_line() -> None:
    assert set(CLASSIC) == set(ACTION_FIELDS)
    assert set(CLUB_ACTIONS) == set(CLUB_FIELDS)


@pytest.mark.parametrize("name", sorted(CLASSIC))
def test_each_classic_example_is_a_line_the_engine_reads(name: str) -> None:
    example = CLASSIC[name].example
    assert example["action"] == name
    parse_action(dict(example))  # LogError if the example were wrong


@pytest.mark.parametrize("name", sorted(CLUB_ACTIONS))
def test_each_club_example_is_a_line_the_engine_reads(name: str) -> None:
    example = CLUB_ACTIONS[name].example
    assert example["action"] == name
    club_action(dict(example), 12)


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("book", [CLASSIC_HELP, CLUB_HELP], ids=["classic", "club"])
def test_the_help_names_each_action_its_fields_and_example(lang: str, book: HelpBook) -> None:
    text = help_text(lang, book)  # type: ignore[arg-type]
    for name in book.entries:
        assert f"\n  {name:<16}{{\"action\": \"{name}\"" in text, name
        assert fields_of(name, book) in text
    assert '"clause": "000 III.6.1.7"' in text  # the penalty names its clause
    assert fields_of("penalty", book) == "clause, points, seat, [approved_by], [note]"
