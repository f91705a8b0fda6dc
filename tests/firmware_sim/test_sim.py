"""The simulated table: key scripts onto mock pins, the window, and `mafiakit sim`."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pygame
import pytest

from device.hardware.kit import TableHardware
from device.hardware.leds import Pattern
from device.hardware.pad import KeyEvent
from device.table.keys import Action, PadDecoder
from engine.viewmodels import JudgeView
from firmware_sim.board import MockBoard
from firmware_sim.clock import ManualClock
from firmware_sim.run import PadCheck
from firmware_sim.script import (
    HOLD_EXTRA,
    TAP,
    Drive,
    ScriptError,
    ScriptPlayer,
    ScriptStep,
    parse_script,
    replay_virtual,
    schedule,
)
from firmware_sim.window import LED_OFF, LED_ON, SimWindow, _layout
from firmware_sim.words import key_name, pad_event, ready
from mafiakit.cli import main

SCRIPT = """
# a foul on 4, then seat 7 removed
300 foul
150 4
500 FOUL hold   # held past the hold time
150 7
"""


def test_a_script_parses_into_steps() -> None:
    assert parse_script(SCRIPT) == [
        ScriptStep(300, "FOUL", False, 3),
        ScriptStep(150, "4", False, 4),
        ScriptStep(500, "FOUL", True, 5),
        ScriptStep(150, "7", False, 6),
    ]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("100 NEXT\n100 NXT", "line 2: unknown key 'NXT'"),
        ("soon NEXT", "line 1: the delay must be whole milliseconds, got 'soon'"),
        ("-5 NEXT", "line 1: the delay must be whole milliseconds"),
        ("100 NEXT long", "line 1: expected '<delay_ms> <KEY> [hold]'"),
        ("\n\n100", "line 3: expected '<delay_ms> <KEY> [hold]'"),
        ("100 4 hold now", "line 1: expected"),
    ],
)
def test_a_bad_script_line_is_refused_with_its_number(text: str, words: str) -> None:
    with pytest.raises(ScriptError, match=re.escape(words)):
        parse_script(text)


def test_schedule_spreads_bounce_and_keeps_the_timing() -> None:
    drives = schedule(parse_script("100 3\n50 NEXT hold"), bounce=2)
    press = [d for d in drives if d.key == "3"][:5]
    assert [d.low for d in press] == [True, False, True, False, True]
    assert press[0].t == pytest.approx(0.1)
    assert press[-1].t - press[0].t < 0.003
    next_down = next(d for d in drives if d.key == "NEXT")
    assert next_down.t == pytest.approx(0.1 + TAP + 0.05)
    assert drives[-1].t > next_down.t + 0.8 + HOLD_EXTRA - 0.001
    assert drives == sorted(drives, key=lambda d: d.t)


def test_a_player_drives_the_mock_pins_when_their_time_comes(
    hardware: TableHardware, board: MockBoard
) -> None:
    player = ScriptPlayer(board, [Drive(0.1, "2", True), Drive(0.2, "2", False)], start=10.0)
    player.apply_due(10.05)
    assert not board.is_down("2")
    player.apply_due(10.1)
    assert board.is_down("2")
    assert player.next_time() == pytest.approx(10.2)
    player.apply_due(11.0)
    assert not board.is_down("2")
    assert player.finished


def test_a_bouncy_replay_in_virtual_time_gives_clean_events(
    hardware: TableHardware, board: MockBoard, clock: ManualClock
) -> None:
    seen: list[KeyEvent] = []
    player = ScriptPlayer(board, schedule(parse_script(SCRIPT), bounce=3), clock())
    replay_virtual(hardware, player, clock, seen.append)
    assert [(e.key, e.kind) for e in seen] == [
        ("FOUL", "press"), ("FOUL", "release"),
        ("4", "press"), ("4", "release"),
        ("FOUL", "press"), ("FOUL", "hold"), ("FOUL", "release"),
        ("7", "press"), ("7", "release"),
    ]


def test_a_script_through_pins_filter_and_grammar_records_the_actions(
    hardware: TableHardware, board: MockBoard, clock: ManualClock
) -> None:
    day = JudgeView.model_validate({
        "view": "judge", "rules": "cml", "phase": "day", "step": "speech", "number": 1,
        "speaker": 2, "timer": None,
        "seats": [{"seat": s, "at_table": True, "out": None, "fouls": 0, "muted": False}
                  for s in range(1, 11)],
        "nominations": None, "vote": None, "rounds": [], "lift": None, "day_vote": "pending",
        "winner": None, "termination": None, "roles": None, "nights": [], "best_move": None,
        "night_steps": [], "actions": 9,
    })
    decoder = PadDecoder()
    recorded = []

    def judge(event: KeyEvent) -> None:
        result = decoder.feed(event, day)
        if isinstance(result, Action):
            recorded.append(result.action)

    player = ScriptPlayer(board, schedule(parse_script(SCRIPT), bounce=2), clock())
    replay_virtual(hardware, player, clock, judge)
    assert recorded == [
        {"action": "foul", "seat": 4},
        {"action": "disqualify", "seat": 7, "kind": "removal"},
    ]


def test_the_window_draws_the_leds_from_the_pins(
    hardware: TableHardware, board: MockBoard
) -> None:
    hardware.show([Pattern.STEADY, Pattern.OFF, *[Pattern.DIM] * 8])
    board.press("NEXT")
    window = SimWindow(hardware, board, status=lambda: "FOUL _")
    surface = window.render_to_surface()
    leds, keys = _layout()
    assert tuple(surface.get_at(leds[1]))[:3] == LED_ON
    assert tuple(surface.get_at(leds[2]))[:3] == LED_OFF
    pressed = surface.get_at((keys["NEXT"].left + 3, keys["NEXT"].top + 25))
    released = surface.get_at((keys["VOTE"].left + 3, keys["VOTE"].top + 25))
    assert pressed != released


def test_the_window_turns_clicks_and_keyboard_keys_into_pin_levels(
    hardware: TableHardware, board: MockBoard
) -> None:
    window = SimWindow(hardware, board)
    _, keys = _layout()
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=keys["FOUL"].center)
    assert window.handle(down)
    assert board.is_down("FOUL")
    window.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(0, 0)))
    assert not board.is_down("FOUL")
    window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_0))
    assert board.is_down("10")
    window.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_0))
    assert not board.is_down("10")
    window.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5)))  # no key
    assert not any(board.is_down(key) for key in keys)
    assert not window.handle(pygame.event.Event(pygame.QUIT))


def test_sim_pad_only_headless_prints_clean_events_and_saves_a_screenshot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "game.keys"
    script.write_text("100 4\n100 NEXT hold\n")
    shot = tmp_path / "table.png"
    code = main(["sim", "--pad-only", "--script", str(script), "--headless", "--bounce", "2",
                 "--screenshot", str(shot)])
    assert code == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(x["key"], x["kind"]) for x in lines] == [
        ("4", "press"), ("4", "release"), ("NEXT", "press"), ("NEXT", "hold"),
        ("NEXT", "release"),
    ]
    assert pygame.image.load(str(shot)).get_size() == (800, 480)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--headless"], "give --script FILE"),
        (["--script", "{tmp}/missing.keys", "--headless"], "No such file"),
        (["--script", "{tmp}/bad.keys", "--headless"], "line 1: unknown key 'PASS'"),
    ],
)
def test_sim_refuses_bad_input_with_exit_code_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    (tmp_path / "bad.keys").write_text("100 PASS\n")
    code = main(["sim", *[a.format(tmp=tmp_path) for a in args]])
    captured = capsys.readouterr()
    assert code == 2
    assert words in captured.err
    assert captured.out == ""


def test_sim_headless_plays_the_game_on_the_table_service_and_shows_its_leds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--headless` is the same table as the window, in virtual time (not a pad check)."""
    example = Path(__file__).resolve().parents[2] / "examples" / "cml-red-wins-by-lift.jsonl"
    assert main(["sim", "--from-log", str(example)]) == 0
    script = tmp_path / "game.keys"
    script.write_text(capsys.readouterr().out, encoding="utf-8")
    shot = tmp_path / "table.png"
    assert main(["sim", "--headless", "--script", str(script), "--screenshot", str(shot)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["state"] == "game over: red wins" and report["last_error"] is None
    image = pygame.image.load(str(shot))
    leds, _ = _layout()
    lit = [seat for seat, centre in leds.items() if tuple(image.get_at(centre))[:3] == LED_ON]
    assert len(lit) >= 5  # the players still at the table glow at the end


def test_a_long_status_line_stays_clear_of_seat_3s_label(
    hardware: TableHardware, board: MockBoard
) -> None:
    def top(status: str) -> list[tuple[int, ...]]:
        surface = SimWindow(hardware, board, status=lambda: status).render_to_surface()
        return [tuple(surface.get_at((x, y))) for x in range(370, 800) for y in range(40)]

    long = "illegal: seat 7 cannot be nominated twice in one day, " * 3
    assert top(long) == top("")


def test_a_russian_simulator_speaks_russian_in_a_font_with_cyrillic(
    hardware: TableHardware, board: MockBoard, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    window = SimWindow(hardware, board, status=lambda: "День 1 · Говорит №2", lang="ru")
    words = [key_name(key, "ru") for key in ("NEXT", "NOMINATE", "FOUL", "VOTE", "UNDO",
                                             "TIMER")]
    assert not any(re.search("[A-Za-z]", word) for word in words)
    for text in (*words, "День 1 · Говорит №2"):
        assert None not in window._font.metrics(text), text  # every glyph is in the font
    # the whole game on a Russian table: the top line never falls back to English
    example = Path(__file__).resolve().parents[2] / "examples" / "cml-red-wins-by-lift.jsonl"
    assert main(["sim", "--from-log", str(example)]) == 0
    keys = capsys.readouterr().out.splitlines()
    seen = []
    for count in (3, 12, 40, len(keys)):
        script = tmp_path / f"{count}.keys"
        script.write_text("\n".join(keys[:count]) + "\n", encoding="utf-8")
        assert main(["sim", "--headless", "--lang", "ru", "--script", str(script)]) == 0
        seen.append(json.loads(capsys.readouterr().out)["status"])
    assert seen[-1] == "Победа красных"
    assert all(text and not re.search("[A-Za-z]", text) for text in seen), seen


def test_a_russian_table_refuses_a_key_in_russian(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 11: the pad's refusal on the window's top line is in the window's language."""
    script = tmp_path / "foul.keys"
    script.write_text("500 FOUL\n", encoding="utf-8")
    assert main(["sim", "--headless", "--lang", "ru", "--script", str(script)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["last_error"] == "fouls count only once the game has started"
    assert "фолы считаются только после начала игры" in report["status"]


def test_a_russian_pad_check_says_ready_and_each_key_in_russian(
    hardware: TableHardware, board: MockBoard
) -> None:
    """Issue 25: the simulator's top line said "ready" and "FOUL press" on a Russian table."""
    def top(status: str) -> list[tuple[int, ...]]:
        surface = SimWindow(hardware, board, status=lambda: status, lang="ru").render_to_surface()
        return [tuple(surface.get_at((x, y))) for x in range(16, 360) for y in range(8, 36)]

    assert top("") == top("Пульт готов") != top("ready")
    assert ready("en") == "Pad ready"
    check = PadCheck(hardware, "ru")
    check(KeyEvent("FOUL", "press", 0.0))
    assert check.last == "клавиша Фол нажата" == pad_event("FOUL", "press", "ru")
    check(KeyEvent("4", "hold", 0.1))
    assert check.last == "клавиша 4 удерживается"
    assert not re.search("[A-Za-z]", check.last)
    assert pad_event("FOUL", "press", "en") == "FOUL press"
