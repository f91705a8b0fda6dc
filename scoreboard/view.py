"""Reading one view dict (docs/views.md) into immutable, typed values.

A screen must never show half-understood data: a dict that breaks the contract raises ViewError
with words a judge understands, and the feed then keeps the previous state. Extra keys are
ignored and optional keys may be missing, so a newer engine does not break an older screen.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Final

from pydantic import BaseModel

from engine.viewmodels import Reveal

PHASES: Final = ("setup", "night", "day", "finished")
INFO_CLASSES: Final = ("public", "audience", "judge")
ROLES: Final = ("citizen", "sheriff", "mafia", "don")
WINNERS: Final = ("red", "black", "draw")
SEATS: Final = range(1, 11)


class ViewError(ValueError):
    """The table sent a state the scoreboard cannot read; the message says what is wrong."""


@dataclass(frozen=True)
class TimerSpec:
    """The running clock: its kind, full length and, when known, when it started."""

    kind: str
    seconds: float
    started_at: float | None = None  # wall-clock epoch seconds, from the table
    paused: bool = False
    remaining: float | None = None  # seconds left when paused


@dataclass(frozen=True)
class SeatOut:
    """How and when a player left the table."""

    cause: str
    day: int | None = None
    night: int | None = None


@dataclass(frozen=True)
class SeatView:
    """One seat as the view describes it."""

    seat: int
    at_table: bool = True
    out: SeatOut | None = None
    fouls: int = 0
    muted: bool = False


@dataclass(frozen=True)
class VoteView:
    """The voting round in progress; votes hold the counts entered so far."""

    round: int
    candidates: tuple[int, ...]
    current: int | None
    votes: tuple[tuple[int, int], ...] = ()
    voters: tuple[tuple[int, tuple[int, ...]], ...] = ()


@dataclass(frozen=True)
class RoundView:
    """A finished voting round of today."""

    candidates: tuple[int, ...]
    votes: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class LiftView:
    """The lift question: "Кто за то, чтобы все голосуемые игроки покинули стол?"."""

    candidates: tuple[int, ...]
    yes: int | None = None
    passed: bool | None = None


@dataclass(frozen=True)
class NightView:
    """One night of the judge's record (or of the protocol after the game)."""

    night: int
    shot: int | None = None
    shots: tuple[tuple[int, int | None], ...] | None = None
    don_check: tuple[int, bool] | None = None  # (seat, is the sheriff)
    sheriff_check: tuple[int, bool] | None = None  # (seat, is black)


@dataclass(frozen=True)
class BestMove:
    """The killed player's best move (лучший ход)."""

    seat: int
    guess: tuple[int, ...]
    black_found: int | None = None


@dataclass(frozen=True)
class View:
    """Everything one information class knows about a game at one moment."""

    info_class: str
    phase: str
    number: int
    step: str
    seats: tuple[SeatView, ...]
    rules: str = ""
    speaker: int | None = None
    timer: TimerSpec | None = None
    nominations: tuple[int, ...] | None = None
    vote: VoteView | None = None
    rounds: tuple[RoundView, ...] = ()
    lift: LiftView | None = None
    day_vote: str = "pending"
    winner: str | None = None
    termination: str | None = None
    roles: tuple[tuple[int, str], ...] | None = None
    nights: tuple[NightView, ...] | None = None
    best_move: BestMove | None = None
    night_steps: tuple[str, ...] | None = None

    @property
    def over(self) -> bool:
        """The game is decided: from now on the protocol is public."""
        return self.phase == "finished" or self.winner is not None


def read_view(data: Any, started_at: float | None = None) -> View:
    """Turn a view (the engine's typed model, or its JSON as received) into a View;
    `started_at` is the payload's timer start, if any."""
    if isinstance(data, BaseModel):
        data = data.model_dump(mode="json")
    if not isinstance(data, dict):
        raise ViewError(f"the game state must be a JSON object, not {_kind(data)}")
    info_class = data.get("view", "public")
    if info_class not in INFO_CLASSES:
        raise ViewError(f"unknown view class {info_class!r}; expected public, audience or judge")
    phase = data.get("phase")
    if phase not in PHASES:
        raise ViewError(f"unknown phase {phase!r}; expected one of {', '.join(PHASES)}")
    winner = data.get("winner")
    if winner is not None and winner not in WINNERS:
        raise ViewError(f"unknown winner {winner!r}; expected red, black or draw")
    return View(
        info_class=info_class,
        phase=phase,
        number=_count(data.get("number", 0), "the day or night number"),
        step=_text(data.get("step", ""), "the step"),
        seats=_seats(data.get("seats")),
        rules=_text(data.get("rules", ""), "the ruleset"),
        speaker=_seat_or_none(data.get("speaker"), "the speaker"),
        timer=_timer(data.get("timer"), started_at),
        nominations=_nominations(data.get("nominations")),
        vote=_vote(data.get("vote")),
        rounds=tuple(_round(r) for r in _list(data.get("rounds") or [], "rounds")),
        lift=_lift(data.get("lift")),
        day_vote=_text(data.get("day_vote") or "pending", "the day's vote state"),
        winner=winner,
        termination=_text_or_none(data.get("termination"), "the reason the game ended"),
        roles=_roles(data.get("roles")),
        nights=_nights(data.get("nights")),
        best_move=_best_move(data.get("best_move")),
        night_steps=_night_steps(data.get("night_steps")),
    )


def _kind(value: Any) -> str:
    names = {list: "a list", str: "text", int: "a number", float: "a number", bool: "yes/no"}
    return "nothing" if value is None else names.get(type(value), type(value).__name__)


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise ViewError(f"{what} must be text, not {_kind(value)}")
    return value


def _text_or_none(value: Any, what: str) -> str | None:
    return None if value is None else _text(value, what)


def _count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ViewError(f"{what} must be a whole number of 0 or more, not {value!r}")
    return int(value)


def _seconds(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise ViewError(f"{what} must be a number of seconds of 0 or more, not {value!r}")
    return float(value)


def _seat(value: Any, what: str) -> int:
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value not in SEATS:
        raise ViewError(f"{what}: seat {value!r} does not exist; seats are numbered 1 to 10")
    return int(value)


def _seat_or_none(value: Any, what: str) -> int | None:
    return None if value is None else _seat(value, what)


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise ViewError(f"{what} must be a list, not {_kind(value)}")
    return value


def _dict(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ViewError(f"{what} must be a JSON object, not {_kind(value)}")
    return value


def _seats_list(value: Any, what: str) -> tuple[int, ...]:
    return tuple(_seat(v, what) for v in _list(value, what))


def _seats(value: Any) -> tuple[SeatView, ...]:
    items = _list(value, "the seats")
    if len(items) != 10:
        raise ViewError(f"the seats list must have 10 seats, it has {len(items)}")
    seats = []
    for index, item in enumerate(items, start=1):
        entry = _dict(item, f"seat {index}")
        number = _seat(entry.get("seat", index), f"seat entry {index}")
        if number != index:
            raise ViewError(f"seat entry {index} is numbered {number}; seats must come in order")
        out = entry.get("out")
        seats.append(
            SeatView(
                seat=number,
                at_table=bool(entry.get("at_table", out is None)),
                out=None if out is None else _out(out, number),
                fouls=_count(entry.get("fouls", 0), f"fouls of seat {number}"),
                muted=bool(entry.get("muted", False)),
            )
        )
    return tuple(seats)


def _out(value: Any, seat: int) -> SeatOut:
    entry = _dict(value, f"how seat {seat} left")
    day, night = entry.get("day"), entry.get("night")
    return SeatOut(
        cause=_text(entry.get("cause", ""), f"why seat {seat} left"),
        day=None if day is None else _count(day, f"the day seat {seat} left"),
        night=None if night is None else _count(night, f"the night seat {seat} left"),
    )


def _timer(value: Any, started_at: float | None) -> TimerSpec | None:
    if value is None:
        return None
    entry = _dict(value, "the timer")
    start = entry.get("started_at", started_at)
    remaining = entry.get("remaining")
    return TimerSpec(
        kind=_text(entry.get("kind", ""), "the timer kind"),
        seconds=_seconds(entry.get("seconds", 0), "the timer length"),
        started_at=None if start is None else _epoch(start),
        paused=bool(entry.get("paused", False)),
        remaining=None if remaining is None else _seconds(remaining, "the time left"),
    )


def _epoch(value: Any) -> float:
    """Wall-clock time as epoch seconds, or an ISO 8601 text with a time zone."""
    from datetime import datetime

    if isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            raise ViewError(f"the timer start {value!r} is not a date and time") from None
        if moment.tzinfo is None:
            raise ViewError(f"the timer start {value!r} needs a time zone, e.g. +03:00 or Z")
        return moment.timestamp()
    return _seconds(value, "the timer start")


def _nominations(value: Any) -> tuple[int, ...] | None:
    return None if value is None else _seats_list(value, "nominations")


def _votes(value: Any, what: str) -> tuple[tuple[int, int], ...]:
    entry = _dict(value or {}, what)
    return tuple(
        sorted((_seat(k, what), _count(v, f"votes for seat {k}")) for k, v in entry.items())
    )


def _vote(value: Any) -> VoteView | None:
    if value is None:
        return None
    entry = _dict(value, "the vote")
    voters = _dict(entry.get("voters") or {}, "the voters")
    return VoteView(
        round=_count(entry.get("round", 1), "the vote round"),
        candidates=_seats_list(entry.get("candidates", []), "vote candidates"),
        current=_seat_or_none(entry.get("current"), "the candidate being voted"),
        votes=_votes(entry.get("votes"), "the votes"),
        voters=tuple(
            sorted((_seat(k, "voters"), _seats_list(v, "voters")) for k, v in voters.items())
        ),
    )


def _round(value: Any) -> RoundView:
    entry = _dict(value, "a finished vote round")
    return RoundView(
        candidates=_seats_list(entry.get("candidates", []), "round candidates"),
        votes=_votes(entry.get("votes"), "round votes"),
    )


def _lift(value: Any) -> LiftView | None:
    if value is None:
        return None
    entry = _dict(value, "the lift question")
    yes, passed = entry.get("yes"), entry.get("passed")
    return LiftView(
        candidates=_seats_list(entry.get("candidates", []), "lift candidates"),
        yes=None if yes is None else _count(yes, "the lift votes"),
        passed=None if passed is None else bool(passed),
    )


def _roles(value: Any) -> tuple[tuple[int, str], ...] | None:
    if value is None:
        return None
    entry = _dict(value, "the roles")
    roles = []
    for key, role in entry.items():
        if role not in ROLES:
            raise ViewError(f"unknown role {role!r} for seat {key}")
        roles.append((_seat(key, "roles"), role))
    return tuple(sorted(roles))


def _check(value: Any, key: str, what: str) -> tuple[int, bool] | None:
    if value is None:
        return None
    entry = _dict(value, what)
    return _seat(entry.get("seat"), what), bool(entry.get(key))


def _nights(value: Any) -> tuple[NightView, ...] | None:
    if value is None:
        return None
    nights = []
    for item in _list(value, "the nights"):
        entry = _dict(item, "a night")
        shots = entry.get("shots")
        nights.append(
            NightView(
                night=_count(entry.get("night", 0), "the night number"),
                shot=_seat_or_none(entry.get("shot"), "the night shot"),
                shots=None if shots is None else tuple(
                    sorted(
                        (_seat(k, "shots"), _seat_or_none(v, "shots"))
                        for k, v in _dict(shots, "the shots").items()
                    )
                ),
                don_check=_check(entry.get("don_check"), "sheriff", "the don's check"),
                sheriff_check=_check(entry.get("sheriff_check"), "black", "the sheriff's check"),
            )
        )
    return tuple(nights)


def _best_move(value: Any) -> BestMove | None:
    if value is None:
        return None
    entry = _dict(value, "the best move")
    found = entry.get("black_found")
    return BestMove(
        seat=_seat(entry.get("seat"), "the best move"),
        guess=_seats_list(entry.get("guess", []), "the best move guess"),
        black_found=None if found is None else _count(found, "black found"),
    )


def _night_steps(value: Any) -> tuple[str, ...] | None:
    if value is None:
        return None
    return tuple(_text(v, "a night step") for v in _list(value, "the night steps"))


def with_reveal(view: View, reveal: Reveal) -> View:
    """A decided game's view with the protocol's reveal: roles, result, nights, best move.

    Public and audience snapshots never carry these (secrecy by type); a screen gets them
    only from the retained `protocol` topic of the same game.
    """
    best = reveal.best_move
    return replace(
        view,
        winner=reveal.winner.value,
        termination=reveal.termination.value,
        roles=tuple(sorted((seat, role.value) for seat, role in reveal.roles.items())),
        nights=tuple(
            NightView(
                night=n.night, shot=n.shot,
                shots=None if n.shots is None else tuple(sorted(n.shots.items())),
                don_check=None if n.don_check is None else (n.don_check.seat,
                                                             n.don_check.sheriff),
                sheriff_check=None if n.sheriff_check is None else (n.sheriff_check.seat,
                                                                    n.sheriff_check.black),
            )
            for n in reveal.nights
        ),
        best_move=None if best is None else BestMove(seat=best.seat, guess=best.guess,
                                                     black_found=best.black_found),
    )
