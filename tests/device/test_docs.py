"""The printed documents agree with the code: the wiring table and the pad's coverage."""

from __future__ import annotations

import re
from pathlib import Path

from gpiozero.pins.mock import MockFactory

from device.hardware.pins import PinMap

ROOT = Path(__file__).resolve().parents[2]
ROW = re.compile(r"^\| (key \S+|LED chain \w+|buzzer) \| GPIO (\d+) \| (\d+) \|$", re.MULTILINE)


def test_the_wiring_page_lists_the_default_map_with_the_right_header_pins() -> None:
    rows = ROW.findall((ROOT / "deploy" / "wiring.md").read_text(encoding="utf-8"))
    board = MockFactory().board_info
    header_pin = {gpio: info.number for gpio in range(28)
                  for _, info in board.find_pin(f"GPIO{gpio}")}
    classic = [(job, pin) for pin, job in PinMap().uses()]
    club_extra = [(job, pin) for pin, job in PinMap(seats=15).uses() if (job, pin) not in classic]
    assert [(job, int(gpio)) for job, gpio, _ in rows] == classic + club_extra
    assert all(header_pin[int(gpio)] == int(physical) for _, gpio, physical in rows)


def test_the_cheat_sheet_names_every_key() -> None:
    sheet = (ROOT / "docs" / "pad.md").read_text(encoding="utf-8")
    for key in ("NEXT", "NOMINATE", "FOUL", "VOTE", "UNDO", "TIMER"):
        assert f"**{key}**" in sheet
