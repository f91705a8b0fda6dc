"""The after-game lines of the game log (docs/scoring.md), both ways.

`engine.classic.log` merges `FIELDS` and `BUILD` into its tables and asks `to_dict` for these
actions, so a log with after-game lines reads and writes like any other.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import assert_never

from engine import actions as act
from engine.errors import LogError
from engine.jsonvalue import JsonValue
from engine.log import points_to_hundredths
from engine.roles import is_seat

MAX_TEXT = 2000

FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "extra": (frozenset({"seat", "points"}), frozenset({"approved_by"})),
    "penalty": (frozenset({"seat", "points", "clause"}), frozenset({"note", "approved_by"})),
    "colour_left": (frozenset({"seat", "named", "colour"}), frozenset()),
    "protest": (frozenset({"seat", "text"}), frozenset()),
    "close": (frozenset(), frozenset({"judge"})),
}


def _seat(o: dict[str, object], key: str, n: str) -> int:
    value = o[key]
    if not isinstance(value, int) or not is_seat(value):
        raise LogError(f"{n}: {key!r} must be a seat number 1-10, not {json.dumps(value)}")
    return value


def _text(o: dict[str, object], key: str, n: str, *, required: bool = False) -> str | None:
    value = o.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_TEXT:
        raise LogError(f"{n}: {key!r} must be non-empty text of at most {MAX_TEXT} characters")
    return value.strip()


def _extra(o: dict[str, object], n: str) -> act.Action:
    return act.Extra(seat=_seat(o, "seat", n), points=points_to_hundredths(o["points"], n),
                     approved_by=_text(o, "approved_by", n))


def _penalty(o: dict[str, object], n: str) -> act.Action:
    clause = _text(o, "clause", n, required=True)
    assert clause is not None
    return act.Penalty(seat=_seat(o, "seat", n), points=points_to_hundredths(o["points"], n),
                       clause=clause, note=_text(o, "note", n),
                       approved_by=_text(o, "approved_by", n))


def _colour_left(o: dict[str, object], n: str) -> act.Action:
    if o["colour"] != "black":
        raise LogError('colour_left: \'colour\' must be "black" (000 III.5.1)')
    return act.LeaveColour(seat=_seat(o, "seat", n), named=_seat(o, "named", n))


def _protest(o: dict[str, object], n: str) -> act.Action:
    text = _text(o, "text", n, required=True)
    assert text is not None
    return act.Protest(seat=_seat(o, "seat", n), text=text)


BUILD: dict[str, Callable[[dict[str, object], str], act.Action]] = {
    "extra": _extra,
    "penalty": _penalty,
    "colour_left": _colour_left,
    "protest": _protest,
    "close": lambda o, n: act.Close(judge=_text(o, "judge", n)),
}


def _points(h: int) -> float | int:
    return h // 100 if h % 100 == 0 else h / 100


AfterGameAction = act.Extra | act.Penalty | act.LeaveColour | act.Protest | act.Close


def to_dict(a: AfterGameAction) -> dict[str, JsonValue]:
    """An after-game action -> its game-log line."""
    out: dict[str, JsonValue]
    match a:
        case act.Extra():
            out = {"action": "extra", "seat": a.seat, "points": _points(a.points)}
        case act.Penalty():
            out = {"action": "penalty", "seat": a.seat, "points": _points(a.points),
                   "clause": a.clause}
            if a.note is not None:
                out["note"] = a.note
        case act.LeaveColour():
            return {"action": "colour_left", "seat": a.seat, "named": a.named,
                    "colour": a.colour}
        case act.Protest():
            return {"action": "protest", "seat": a.seat, "text": a.text}
        case act.Close():
            return {"action": "close", **({"judge": a.judge} if a.judge else {})}
        case _:
            assert_never(a)
    if a.approved_by is not None:
        out["approved_by"] = a.approved_by
    return out
