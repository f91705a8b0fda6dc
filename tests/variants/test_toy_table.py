"""The table's half of a third variant (device/table/tablevariant.py): the test-only "toy"
game (tests/variants/toy.py) is a table setting with its own seats as soon as its one line is
registered, and with one more line, the table's (its pad grammar, night order and help: the
club's), a real table keys it in through the mock pins. Nothing in device/ names it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory
from pydantic import ValidationError

from device.config import TableSettings
from device.hardware.kit import TableHardware
from device.hardware.pins import PinMap
from device.table import tablevariant
from device.table.console_help import CLUB_HELP
from device.table.service import TableService
from device.table.tablevariant import TABLE_VARIANTS, table_variant
from engine.replay import ReplayError
from engine.variant import find_variant
from firmware_sim.board import MockBoard
from firmware_sim.clock import ManualClock
from firmware_sim.clubfromlog import club_log_presses
from firmware_sim.fromlog import key_script, log_to_script
from firmware_sim.script import ScriptPlayer, parse_script, replay_virtual, schedule
from tests.variants.test_toy import SEVEN, seven
from tests.variants.toy import RULES, SEATS, ToyGame


@pytest.fixture
def toy_table(toy: None) -> Iterator[None]:
    """... and the table's: a toy is keyed, called and helped as the club game."""
    tablevariant.register(RULES, TABLE_VARIANTS["club"])
    try:
        yield
    finally:
        tablevariant.unregister(RULES)


def test_without_its_line_a_table_cannot_be_set_to_the_toy(tmp_path: Path) -> None:
    with pytest.raises(ValidationError, match='or the rules of another game: "club"'):
        TableSettings(rules=RULES, journal=tmp_path / "t.sqlite")


def test_the_toy_is_a_table_setting_with_the_seats_its_variant_admits(toy: None) -> None:
    """The seat check is the variant's own (its header with those seats), not a club range
    written into the config."""
    assert TableSettings(rules=RULES, seats=SEATS).seats == SEATS
    with pytest.raises(ValidationError, match=f"seats = 8: the {RULES} rules seat exactly "
                                              f"{SEATS} players; 8 players play the club game"):
        TableSettings(rules=RULES, seats=8)
    with pytest.raises(ValidationError, match="seats = 16: a club game has 3 to 15 seats, not 16"):
        TableSettings(rules="club", seats=16)  # the club's own words for its range
    TableSettings(rules="club", seats=3)
    TableSettings(rules="cml", seats=10)


def test_a_table_never_taught_the_toy_says_what_to_do(toy: None) -> None:
    with pytest.raises(LookupError, match="register its TableVariant"):
        table_variant(RULES)
    assert table_variant("club").help is CLUB_HELP
    assert table_variant("fiim") is TABLE_VARIANTS["classic"]  # every ruleset is the classic


def test_the_simulator_says_it_has_no_keys_for_a_game_it_was_not_taught(toy: None) -> None:
    header, lines = seven()
    with pytest.raises(ReplayError, match="the pad has no keys for a toy game"):
        log_to_script("\n".join(json.dumps(x) for x in (header, *lines)))


def test_a_toy_table_keys_a_game_in_through_the_pins(toy_table: None, tmp_path: Path) -> None:
    """The seven-seat club example as a toy, keyed on a club pad's pins with the grammar the
    toy's table line names, up to its deciding line (a decided toy's protocol is not a bus
    payload yet, tests/variants/test_toy.py)."""
    header, lines = seven()
    replica = find_variant(header).open(header)
    deciding = next(n for n, line in enumerate(lines)
                    if replica.play_line(line) is None and replica.state.finished)
    club_head = SEVEN.read_text(encoding="utf-8").splitlines()[0]
    keys = key_script(club_log_presses([club_head, *(json.dumps(x) for x in lines[:deciding]
                                                     )]), gap_ms=300)
    clock = ManualClock()
    factory = MockFactory()
    pins = PinMap(seats=15)
    board = MockBoard(pins, factory)
    hardware = TableHardware(pins, factory, clock, background=False)
    table = TableService(TableSettings(journal=tmp_path / "t.sqlite", rules=RULES),
                         connect=False, hardware=hardware, mono=clock)
    try:
        table.new_game(dict(header), game_id="toy-1")
        player = ScriptPlayer(board, schedule(parse_script(keys), bounce=3), clock())
        replay_virtual(hardware, player, clock, table.handle)
        assert table.last_error is None
        assert isinstance(table.table_game, ToyGame)
        expected = find_variant(header).open(header)
        for line in lines[:deciding]:
            expected.play_line(line)
        assert table.table_game.lines() == expected.lines()
        assert table.table_game.state == expected.state and not table.table_game.state.finished
    finally:
        table.close()

