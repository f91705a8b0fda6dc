"""The simulator for tables of 3 to 15 seats (004 §1): its window, its keys, `--seats`, and
reviewed reference images of the window at 3, 7, 12 and 15 seats (mid-game and the end).

The LEDs are the real table's: `device.table.feedback.seat_pattern` of the public view, through the
real `TableHardware` onto gpiozero mock pins, read back off the LED chain's SPI wires. Rewrite
the references with MAFIAKIT_UPDATE_REFERENCES=1, then look at them before committing.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from gpiozero.pins.mock import MockFactory

from device.hardware.kit import TableHardware
from device.hardware.leds import PULSE_PERIOD
from device.hardware.pins import PinMap
from device.table.feedback import seat_pattern
from engine.viewmodels import PublicView
from firmware_sim.board import MockBoard
from firmware_sim.clock import ManualClock
from firmware_sim.run import seats_problem
from firmware_sim.window import LED_OFF, LED_ON, SIZE, SimWindow, _layout
from firmware_sim.words import status
from mafiakit.cli import main
from scoreboard.samples import sample_reveal, sample_view
from scoreboard.testing import check_reference
from scoreboard.view import read_view

REFERENCE = Path(__file__).parent / "reference"
TABLES = (3, 7, 12, 15)


def window_at(seats: int, moment: str) -> tuple[pygame.Surface, tuple[float, ...]]:
    """The simulator window showing the sample game of `seats` seats at `moment`."""
    name = f"seats{seats}_{moment}"
    public = read_view(sample_view(name))
    assert isinstance(public, PublicView)
    reveal = sample_reveal(name)
    clock = ManualClock()
    factory = MockFactory()
    pins = PinMap(seats=seats)
    board = MockBoard(pins, factory)
    hardware = TableHardware(pins, factory, clock, background=False)
    try:
        hardware.show(seat_pattern(public, 41.0, reveal))
        clock.advance(0.01 if reveal is None else PULSE_PERIOD / 2)  # the winners' pulse at
        # its brightest
        hardware.poll()
        winner = None if reveal is None else reveal.winner.value
        window = SimWindow(hardware, board, lang="ru",
                           status=lambda: status(public, winner, "", None, "ru"))
        return window.render_to_surface(), board.led_values()
    finally:
        hardware.close()


@pytest.mark.parametrize("moment", ["mid", "over"])
@pytest.mark.parametrize("seats", TABLES)
def test_the_window_matches_its_reference(seats: int, moment: str, tmp_path: Path) -> None:
    image, _ = window_at(seats, moment)
    difference = check_reference(image, REFERENCE / f"sim-seats{seats}-{moment}.png")
    if not difference.acceptable():
        pygame.image.save(image, str(tmp_path / f"sim-seats{seats}-{moment}.png"))
    assert difference.acceptable(), f"{difference.differing} pixels differ; see {tmp_path}"


@pytest.mark.parametrize("seats", range(3, 16))
def test_every_led_and_key_of_a_table_is_in_the_window_and_apart(seats: int) -> None:
    leds, keys = _layout(seats)
    assert sorted(leds) == list(range(1, seats + 1))
    screen = pygame.Rect((0, 0), SIZE)
    rects = list(keys.values())
    assert all(screen.contains(rect) for rect in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert {key for key in keys if key.isdigit()} == {str(n) for n in range(1, seats + 1)}
    for seat, (x, y) in leds.items():
        assert screen.inflate(-44, -44).collidepoint(x, y), seat
        assert all(abs(x - ox) + abs(y - oy) >= 44 for other, (ox, oy) in leds.items()
                   if other != seat), seat


def test_the_leds_show_the_speaker_and_the_players_out_at_fifteen_seats() -> None:
    image, values = window_at(15, "mid")
    leds, _ = _layout(15)
    assert len(values) == 15
    assert tuple(image.get_at(leds[4]))[:3] == LED_ON  # the speaker
    assert tuple(image.get_at(leds[3]))[:3] == LED_OFF  # voted out on day 1
    assert tuple(image.get_at(leds[14]))[:3] == LED_OFF  # killed on night 1
    assert LED_OFF != tuple(image.get_at(leds[15]))[:3] != LED_ON  # at the table: dim


def test_the_keyboard_reaches_seats_eleven_to_fifteen(factory: MockFactory) -> None:
    pins = PinMap(seats=15)
    board = MockBoard(pins, factory)
    hardware = TableHardware(pins, factory, ManualClock(), background=False)
    try:
        window = SimWindow(hardware, board)
        window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F3))
        assert board.is_down("13")
        window.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_F3))
        assert not board.is_down("13")
        _, keys = _layout(15)
        window.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                         pos=keys["15"].center))
        assert board.is_down("15")
    finally:
        hardware.close()


@pytest.mark.parametrize(
    ("seats", "rules", "words"),
    [
        (2, "cml", "a table has 3 to 15 seats"),
        (16, None, "a table has 3 to 15 seats"),
        (12, "cml", "the cml rules seat exactly 10 players; 12 players play the club game"),
        (16, "club", "a table has 3 to 15 seats"),
    ],
)
def test_a_table_the_kit_cannot_seat_is_refused_in_words(
    seats: int, rules: str | None, words: str
) -> None:
    problem = seats_problem(seats, rules)
    assert problem is not None and words in problem


# The club game at 3, 12 and 15 seats: refused while the pad had no club keys; issue 15 item 3
# gave the pad the club grammar (docs/pad.md, "The club game"), so `sim --rules club --seats 12`
# plays a club game now (tests/firmware_sim/test_sim_club.py plays one).
@pytest.mark.parametrize(("seats", "rules"), [(10, "cml"), (15, None), (3, None),
                                              (12, "club"), (3, "club"), (15, "club")])
def test_the_tables_the_simulator_can_run(seats: int, rules: str | None) -> None:
    assert seats_problem(seats, rules) is None


def test_sim_pad_only_at_fifteen_seats_keys_seat_fifteen(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "club.keys"
    script.write_text("100 15\n100 NEXT\n")
    shot = tmp_path / "club.png"
    assert main(["sim", "--pad-only", "--seats", "15", "--headless", "--script", str(script),
                 "--screenshot", str(shot)]) == 0
    pressed = [line for line in capsys.readouterr().out.splitlines() if '"press"' in line]
    assert '"key": "15"' in pressed[0] and '"key": "NEXT"' in pressed[1]
    assert pygame.image.load(str(shot)).get_size() == SIZE


def test_sim_refuses_a_twelve_seat_classic_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--seats", "12", "--rules", "fiim", "--headless", "--script",
                 "/dev/null"]) == 2
    assert "the club game (rules club)" in capsys.readouterr().err


def test_sim_without_a_desktop_says_so_instead_of_running_unseen(tmp_path: Path) -> None:
    """Over SSH (no DISPLAY, no driver chosen) SDL draws into memory: before, the simulator then
    ran with no window until killed; now it stops at once and says what to run instead."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["XDG_RUNTIME_DIR"] = str(tmp_path)  # keeps SDL's own Wayland probe quiet
    done = subprocess.run([sys.executable, "-m", "mafiakit.cli", "sim", "--pad-only"],
                          env=env, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2, done.stderr
    assert "sim: no screen found (no desktop)" in done.stderr
    assert "--headless --script FILE --screenshot" in done.stderr
    assert "Traceback" not in done.stderr
