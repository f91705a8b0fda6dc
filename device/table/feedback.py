"""What the players and the judge see and hear: seat LED patterns and the press / error signals.

The players see the seat LEDs, so everything here is computed from the PUBLIC view only (the
type admits no other), plus the end-of-game reveal once the game is decided. At night and
during the deal the LEDs stay dark or uniform, and a key press never lights its seat there
(the judge is entering a shot, a check or the roles).
"""

from __future__ import annotations

from device.hardware.leds import Pattern
from device.hardware.pins import seat_of
from device.table.timer import WARN_AT
from engine.roles import Team
from engine.viewmodels import PublicView, Reveal
from engine.vocab import Phase, Winner


def _public(view: PublicView) -> PublicView:
    """The one runtime gate besides the type: a view of another class never lights a seat."""
    if not isinstance(view, PublicView):
        raise ValueError(f"the seat LEDs may only show the public view, not "
                         f"{type(view).__name__}")
    return view


def _winners(reveal: Reveal | frozenset[int] | None) -> set[int]:
    if isinstance(reveal, frozenset):  # a club game's winning seats (device.table.bridge.winners)
        return set(reveal)
    if reveal is None or reveal.winner is Winner.DRAW:
        return set()
    team = Team(reveal.winner.value)
    return {seat for seat, role in reveal.roles.items() if role.team is team}


def _candidates(view: PublicView) -> set[int]:
    seats = set(view.nominations or ())  # None where the ruleset hides them
    if view.vote is not None:
        seats.update(view.vote.candidates)
    if view.lift is not None:
        seats.update(view.lift.candidates)
    return seats


def seat_pattern(view: PublicView, seconds_left: float | None,
                 reveal: Reveal | frozenset[int] | None = None) -> tuple[Pattern, ...]:
    """One pattern per seat of the view (3 to 15, 004 §1), seat 1 first; `seconds_left` is
    the running timer, if any; `reveal` the decided game's roles and result, or a club
    game's winning seats (None before).

    Day: the speaker steady (fast blink in his last 10 s), candidates the players know of
    pulsing slowly, the one being voted steady, the others at the table dim, the out dark.
    Night: all dark. Deal: all dim. Game over: the winners' seats pulse (roles are public).
    """
    phase = _public(view).phase
    seats = range(1, len(view.seats) + 1)
    if phase == Phase.NIGHT:
        return (Pattern.OFF,) * len(seats)
    if phase == Phase.SETUP:
        return (Pattern.DIM,) * len(seats)
    at_table = {entry.seat for entry in view.seats if entry.at_table}
    patterns = {seat: Pattern.DIM if seat in at_table else Pattern.OFF for seat in seats}
    if phase == Phase.FINISHED:
        winners = _winners(reveal)
        if winners:
            patterns = {
                seat: Pattern.SLOW_PULSE if seat in winners else Pattern.OFF for seat in seats
            }
    else:
        for seat in _candidates(view) & at_table:
            patterns[seat] = Pattern.SLOW_PULSE
        if view.vote is not None:
            patterns[view.vote.current] = Pattern.STEADY
    speaker = view.speaker
    if speaker is not None:
        ending = seconds_left is not None and seconds_left <= WARN_AT
        patterns[speaker] = Pattern.FAST_BLINK if ending else Pattern.STEADY
    return tuple(patterns[seat] for seat in seats)


def press_feedback_seat(view: PublicView, key: str) -> int | None:
    """The seat LED that may flash for a key press, or None (function keys, night, the deal)."""
    if _public(view).phase in (Phase.DAY, Phase.FINISHED):
        seat = seat_of(key)
        return seat if seat is not None and seat <= len(view.seats) else None
    return None
