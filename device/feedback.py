"""What the players and the judge see and hear: seat LED patterns and the press / error signals.

The players see the seat LEDs, so everything here is computed from the PUBLIC view only and
refuses any other: that is the one place where the LEDs' secrecy is decided. At night and
during the deal the LEDs stay dark or uniform, and a key press never lights its seat there
(the judge is entering a shot, a check or the roles).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from device.leds import Pattern, Signal, Step
from device.pins import seat_of
from device.timer import WARN_AT

View = Mapping[str, Any]

RED_ROLES = frozenset({"citizen", "sheriff"})
BLACK_ROLES = frozenset({"mafia", "don"})

# A key was understood: its seat LED flips for a moment; the buzzer clicks.
OK_FLASH: Signal = (Step(0.12, contrast=True),)
OK_BEEP: Signal = (Step(0.03),)
# An impossible sequence: every LED flashes twice; the buzzer beeps twice, long.
ERROR_FLASH: Signal = (Step(0.1), Step(0.1, 0.0), Step(0.1), Step(0.1, 0.0))
ERROR_BEEP: Signal = (Step(0.15), Step(0.1, 0.0), Step(0.15))


def _public(view: View) -> View:
    if view.get("view") != "public":
        raise ValueError(
            f"the seat LEDs may only show the public view, not the {view.get('view')!r} view"
        )
    return view


def _winners(view: View) -> set[int]:
    roles: Mapping[str, str] = view.get("roles") or {}
    team = {"red": RED_ROLES, "black": BLACK_ROLES}.get(view.get("winner") or "", frozenset())
    return {int(seat) for seat, role in roles.items() if role in team}


def _candidates(view: View) -> set[int]:
    seats = set(view.get("nominations") or ())  # None where the ruleset hides them
    for key in ("vote", "lift"):
        if view.get(key):
            seats.update(view[key]["candidates"])
    return seats


def seat_pattern(public_view: View, seconds_left: float | None) -> tuple[Pattern, ...]:
    """The ten seat patterns for a public view; `seconds_left` is the running timer, if any.

    Day: the speaker steady (fast blink in his last 10 s), candidates the players know of
    pulsing slowly, the one being voted steady, the others at the table dim, the out dark.
    Night: all dark. Deal: all dim. Game over: the winners' seats pulse (roles are public).
    """
    view = _public(public_view)
    phase = view["phase"]
    if phase == "night":
        return (Pattern.OFF,) * 10
    if phase == "setup":
        return (Pattern.DIM,) * 10
    at_table = {entry["seat"] for entry in view["seats"] if entry["at_table"]}
    patterns = {seat: Pattern.DIM if seat in at_table else Pattern.OFF for seat in range(1, 11)}
    if phase == "finished":
        winners = _winners(view)
        if winners:
            patterns = {
                seat: Pattern.SLOW_PULSE if seat in winners else Pattern.OFF
                for seat in range(1, 11)
            }
    else:
        for seat in _candidates(view) & at_table:
            patterns[seat] = Pattern.SLOW_PULSE
        if view.get("vote"):
            patterns[view["vote"]["current"]] = Pattern.STEADY
    speaker = view.get("speaker")
    if speaker is not None:
        ending = seconds_left is not None and seconds_left <= WARN_AT
        patterns[speaker] = Pattern.FAST_BLINK if ending else Pattern.STEADY
    return tuple(patterns[seat] for seat in range(1, 11))


def press_feedback_seat(public_view: View, key: str) -> int | None:
    """The seat LED that may flash for a key press, or None (function keys, night, the deal)."""
    view = _public(public_view)
    if view["phase"] in ("day", "finished"):
        return seat_of(key)
    return None
