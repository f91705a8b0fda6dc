"""Whole club games keyed in through the mock pins of a fifteen-seat table (issue 15 item 3).

Random legal club games (engine/club/playout.py, undos, fouls and removals included) for
tables of 3 to 15 seats, and the hand-checked club examples (examples/club-*), become the
judge's key presses (firmware_sim/clubfromlog.py); the keys drive gpiozero's MockFactory pins
of the club pad (21 keys, 15 LEDs on the chain), the real table service decodes them with the
club grammar (device/table/clubkeys.py) and journals them. After every accepted action the seat
LEDs must show the public view's pattern (dark at night, seats beyond the game's dark
always); at the end the journaled game must equal the played one, line by line, and give the
same result.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from device.config import TableSettings
from device.hardware.kit import TableHardware
from device.hardware.leds import Pattern, level_byte, pattern_level
from device.hardware.pins import PinMap
from device.table.feedback import seat_pattern
from device.table.service import TableService
from device.testing import at_each_action
from engine.club.game import ClubGame
from engine.club.log import action_to_dict, dump_lines, header, parse_action, parse_header
from engine.club.playout import ClubMix, random_club_game
from engine.club.result import result
from engine.club.views import public_view
from firmware_sim.board import MockBoard
from firmware_sim.clock import ManualClock
from firmware_sim.fromlog import log_to_script
from firmware_sim.script import ScriptPlayer, parse_script, replay_virtual, schedule

# (seats, seed): 3 and 15 and the sizes where a role joins the deal (004 §1-3)
RANDOM = [(3, 1), (6, 2), (7, 3), (8, 4), (10, 5), (12, 6), (12, 7), (13, 8), (15, 9), (15, 10)]
EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("club-*.jsonl"))
GAMES: list[tuple[str, int, int]] = [("random", n, seed) for n, seed in RANDOM] + [
    (p.stem, 0, 0) for p in EXAMPLES]
ACTIONS_SEEN: set[str] = set()
PAD_ACTIONS = {"roles", "start", "day", "night", "speech_end", "discussion_end", "nominate",
               "nominations_end", "votes", "catastrophe", "putana", "mafia_shot", "don_check",
               "maniac_shot", "heal", "commissar_check", "kamikaze", "foul", "disqualify",
               "undo", "extra", "protest", "close",  # docs/club.md less `penalty` (console)
               "disqualify:removal", "disqualify:team_loss", "disqualify:drop",
               "mafia_shot:null", "kamikaze:nobody", "kamikaze:seat"}


def example(path: Path) -> tuple[ClubGame, list[str]]:
    """A hand-checked club example up to its first line only the console enters (extra
    points with `approved_by`, a penalty); the signature without the judge's name and a foul
    without its reason, which go on the paper (docs/pad.md)."""
    head, *rest = path.read_text(encoding="utf-8").splitlines()
    game = ClubGame(parse_header(json.loads(head)))
    lines = [head]
    for text in rest:
        line = json.loads(text)
        if line["action"] == "penalty" or "approved_by" in line:
            break
        line.pop("judge", None)
        line.pop("reason", None)  # a foul's words are the judge's, not the pad's
        game.push(parse_action(line, game.settings.seats))
        lines.append(json.dumps(line, ensure_ascii=False))
    return game, lines


def played(seats: int, seed: int) -> tuple[ClubGame, list[str]]:
    """A random club game and its log, with the after-game lines a judge keys on the pad:
    an extra point for a winner (004 §8), a protest and the signature."""
    p = random_club_game(seats, seed, ClubMix(undo=0.05, foul=0.05, disqualify=0.01))
    game = p.game
    assert game is not None
    s = game.state
    assert s.roles is not None
    winner = next(x for x, role in enumerate(s.roles, 1) if role.side == s.winner)
    lines = list(dump_lines(header(game.settings), p.entered))
    after: tuple[dict[str, object], ...] = (
        {"action": "extra", "seat": winner, "points": 1},
        {"action": "protest", "seat": 1, "text": "—"}, {"action": "close"})
    for line in after:
        game.push(parse_action(line, seats))
        lines.append(json.dumps(line, ensure_ascii=False))
    return game, lines


def check_leds(service: TableService, board: MockBoard) -> None:
    """The seat LED pins against the club public view's pattern, right after an action."""
    game = service.table_game
    assert isinstance(game, ClubGame)
    public = public_view(game)
    left = None if service.countdown is None else service.countdown.remaining(service.mono())
    levels = board.led_bytes()
    seats = len(public.seats)
    for seat, pattern in enumerate(seat_pattern(public, left, game.winners()), start=1):
        if pattern in (Pattern.OFF, Pattern.STEADY, Pattern.DIM):
            assert levels[seat - 1] == level_byte(pattern_level(pattern, 0.0)), (
                seat, public.step)
    assert levels[seats:] == (0,) * (len(levels) - seats)  # seats beyond the game: dark
    if public.phase == "night":
        assert levels == (0,) * len(levels)


def effective(lines: list[str]) -> list[dict[str, object]]:
    """The lines in effect after the undos, as the pad keys them (a null maniac shot is his
    step passed: no line, the same result; firmware_sim/clubfromlog.py)."""
    kept: list[dict[str, object]] = []
    for text in lines[1:]:
        line = json.loads(text)
        if line["action"] == "undo":
            kept.pop()
        else:
            kept.append(line)
    return [line for line in kept
            if not (line["action"] == "maniac_shot" and line["target"] is None)]


@pytest.mark.parametrize(("name", "seats", "seed"), GAMES,
                         ids=[f"{name}-{n}-seats-{s}" if s else name for name, n, s in GAMES])
def test_a_club_game_keyed_in_through_the_pins(name: str, seats: int, seed: int,
                                               tmp_path: Path) -> None:
    original, lines = played(seats, seed) if name == "random" else example(
        next(p for p in EXAMPLES if p.stem == name))
    clock = ManualClock()
    factory = MockFactory()
    pins = PinMap(seats=15)  # the club table's pad
    board = MockBoard(pins, factory)
    hardware = TableHardware(pins, factory, clock, background=False)
    service = TableService(TableSettings(journal=tmp_path / "t.sqlite", rules="club",
                                         seats=15), connect=False, hardware=hardware,
                           mono=clock)
    service.new_game(json.loads(lines[0]))
    checked = at_each_action(service, lambda svc: check_leds(svc, board))
    try:
        steps = parse_script(log_to_script("\n".join(lines), gap_ms=300))
        player = ScriptPlayer(board, schedule(steps, bounce=3), clock())
        replay_virtual(hardware, player, clock, service.handle)
    finally:
        service.close()
    assert service.last_error is None
    game = service.table_game
    assert isinstance(game, ClubGame)
    assert [action_to_dict(a) for a in game.actions] == effective(lines)
    assert result(game) == result(original)
    assert result(game)["closed"] == ('{"action": "close"}' in lines)  # signed with NEXT held
    saved = TableService(TableSettings(journal=tmp_path / "t.sqlite"), connect=False)
    assert saved.table_game.state == game.state  # the journal has every keyed action
    saved.close()
    assert len(checked) >= len(game.actions)
    for text in lines[1:]:
        line = json.loads(text)
        ACTIONS_SEEN.add(line["action"])
        if line["action"] == "disqualify" or line.get("target", 0) is None:
            ACTIONS_SEEN.add(f"{line['action']}:{line.get('kind', 'null')}")
        if line["action"] == "kamikaze":
            ACTIONS_SEEN.add(f"kamikaze:{'nobody' if line['seat'] is None else 'seat'}")


def test_every_club_pad_action_was_keyed_in_across_the_games() -> None:
    """Runs after the parametrized games (file order): every club line the pad keys went
    through the pins at least once."""
    if not ACTIONS_SEEN:
        pytest.fail("run with the club games above")
    assert PAD_ACTIONS == ACTIONS_SEEN
