"""Whole games from key presses alone, through the mock pins into the real table service.

The judge's keys (from each example log, bouncing contacts included) drive the pins; the
table service decodes them, the engine records them, the journal keeps them. The protocol
must equal the example's; at every accepted action the seat LED pins must show the public
view's pattern (and never anything at night): the frames are read off the SPI wires of the
seat LED chain. The same games run on the fifteen-seat club table (21 keys, 15 LEDs on the
chain): its seats 11-15 stay dark through a ten-seat game.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from device.config import TableSettings
from device.hardware.electrical import ChainPower
from device.hardware.kit import TableHardware
from device.hardware.leds import LED_COLOR, Pattern, level_byte, pattern_level
from device.hardware.pins import PinMap
from device.table.feedback import seat_pattern
from device.table.service import TableService
from device.testing import at_each_action
from engine.classic.log import ACTION_FIELDS, dump_lines
from engine.classic.playout import Mix, random_game
from engine.classic.protocol import result
from engine.classic.replay import replay
from engine.classic.views import judge_view, public_view, reveal
from engine.log import header
from firmware_sim.board import MockBoard
from firmware_sim.clock import ManualClock
from firmware_sim.fromlog import log_to_script
from firmware_sim.script import ScriptPlayer, parse_script, replay_virtual, schedule
from tests.classic import classic_game

# the classic games; the hand-checked club games (examples/club-*) wait for the pad's club
# keys (the table plays them from the console: tests/device/test_club_service.py)
EXAMPLES = sorted(p for p in (Path(__file__).resolve().parents[2] / "examples").glob("*.jsonl")
                  if not p.name.startswith("club-"))


def random_log(rules: str, seed: int) -> str:
    """A random game with undos, fouls and disqualifications, as a game-log text."""
    p = random_game(rules, seed, Mix(undo=0.06, foul=0.05, disqualify=0.01))
    return "\n".join(dump_lines(header(rules), p.entered)) + "\n"


CONSOLE_ONLY = {"penalty"}  # docs/pad.md: a penalty names its clause, typed at the console
PAD_WORDS = {"protest": "text", "close": "judge"}  # on the paper protocol, not on the pad


def keyed(line: str) -> str:
    """A log line as the pad records it: a protest's words and the judge's name stay on
    paper (docs/pad.md, "After the result")."""
    obj = json.loads(line)
    field = PAD_WORDS.get(obj["action"])
    if field == "text":
        obj["text"] = "—"
    elif field is not None:
        obj.pop(field, None)
    return json.dumps(obj, ensure_ascii=False)


def pad_part(text: str) -> str:
    """The log up to its first line that only the console enters."""
    lines = text.splitlines()
    cut = next((i for i, line in enumerate(lines[1:], start=1)
                if json.loads(line)["action"] in CONSOLE_ONLY), len(lines))
    return "\n".join([lines[0], *map(keyed, lines[1:cut])]) + "\n"


GAMES = [(p.stem, pad_part(p.read_text(encoding="utf-8"))) for p in EXAMPLES] + [
    (f"random-{rules}-{seed}", random_log(rules, seed))
    for rules, seed in (("fiim", 5), ("cml", 9), ("judge-guide", 21), ("fiim-2015", 3))]
ACTIONS_SEEN: set[str] = set()


def check_leds(service: TableService, board: MockBoard) -> None:
    """The seat LED pins against the public view's pattern, right after an action."""
    game = classic_game(service)
    public = public_view(game.state, game.rules)
    left = None if service.countdown is None else service.countdown.remaining(service.mono())
    levels = board.led_bytes()
    assert len(levels) == board.pin_map.seats
    for seat, pattern in enumerate(seat_pattern(public, left, reveal(game.state)),
                                   start=1):
        if pattern in (Pattern.OFF, Pattern.STEADY, Pattern.DIM):
            assert levels[seat - 1] == level_byte(pattern_level(pattern, 0.0)), (
                seat, public.step)
    assert levels[10:] == (0,) * (len(levels) - 10)  # a club table's extra seats stay dark
    if public.phase == "night":
        assert levels == (0,) * len(levels)


# The club table (15 LEDs on the chain, 21 keys) plays a game of each ruleset; the mock SPI is
# bit-banged in Python (about 20 ms a frame), so not every game is played twice.
CLUB_GAMES = {"random-fiim-5", "random-cml-9", "random-judge-guide-21", "random-fiim-2015-3"}
RUNS = [(name, text, 10) for name, text in GAMES] + [
    (name, text, 15) for name, text in GAMES if name in CLUB_GAMES]


@pytest.mark.parametrize(("name", "text", "seats"), RUNS,
                         ids=[f"{name}-{seats}-seats" for name, _, seats in RUNS])
def test_a_game_keyed_in_through_the_pins(
    name: str, text: str, seats: int, tmp_path: Path
) -> None:
    head, original = replay(text.splitlines())
    clock = ManualClock()
    factory = MockFactory()
    pins = PinMap(seats=seats)
    board = MockBoard(pins, factory)
    hardware = TableHardware(pins, factory, clock, background=False)
    service = TableService(TableSettings(journal=tmp_path / "t.sqlite", rules=head["rules"]),
                           connect=False, hardware=hardware, mono=clock)
    service.new_game(header(head["rules"]))
    checked = at_each_action(service, lambda svc: check_leds(svc, board))
    try:
        steps = parse_script(log_to_script(text, gap_ms=300))
        player = ScriptPlayer(board, schedule(steps, bounce=3), clock())
        replay_virtual(hardware, player, clock, service.handle)
    finally:
        service.close()
    assert service.last_error is None
    game = classic_game(service)
    assert result(game.state, head["rules"]) == result(original.state, head["rules"])
    saved = TableService(TableSettings(journal=tmp_path / "t.sqlite"), connect=False)
    assert saved.table_game.state == game.state  # the journal has every keyed action
    saved.close()
    assert len(checked) >= len(original.actions)
    ACTIONS_SEEN.update(json.loads(line)["action"] for line in text.splitlines()[1:])


def test_every_game_log_action_was_keyed_in_across_the_examples() -> None:
    """Runs after the parametrized games (file order): every action kind went through."""
    if not ACTIONS_SEEN:
        pytest.fail("run with the example games above")
    assert set(ACTION_FIELDS) - CONSOLE_ONLY == ACTIONS_SEEN  # extra points included


def test_a_club_tables_extra_seat_key_is_refused_in_a_ten_seat_game(tmp_path: Path) -> None:
    """Seat keys 11-15 exist on the club table's pad; a ten-seat game has no such seat: the
    judge gets one line, every LED flashes the error, nothing is recorded."""
    clock = ManualClock()
    factory = MockFactory()
    pins = PinMap(seats=15)
    board = MockBoard(pins, factory)
    hardware = TableHardware(pins, factory, clock, background=False)
    service = TableService(TableSettings(journal=tmp_path / "t.sqlite"), connect=False,
                           hardware=hardware, mono=clock)
    try:
        board.press("12")
        clock.advance(0.01)
        hardware.poll()
        while not service.inbox.empty():
            service.handle(service.inbox.get())
        assert service.last_error == "there is no seat 12: this game has 10 seats"
        assert service.refusal is not None  # and by key, for a Russian judge's screen
        assert service.refusal.text("ru") == "места 12 нет: в этой игре 10 мест"
        assert service.bridge is not None
        game = classic_game(service)
        judge = judge_view(game.state, game.rules)
        pad = service.bridge.grammar(game)
        assert "12" not in pad.text(game, judge)  # the deal did not take it
        # the error flash, on every LED of the chain, at the supply's cap for fifteen seats
        # at full (deploy/wiring.md, "Electrical figures")
        capped = ChainPower(15).capped([LED_COLOR] * 15)
        assert board.led_bytes() == tuple(max(pixel) for pixel in capped)
        assert set(board.led_bytes()) == {220}
        assert service.seq == 0
    finally:
        service.close()
