"""The game log (docs/game-log.md, format version 1): JSON Lines, the part every variant
shares: the format's name and version, a line as read and as written, the JSON decoding of
one line and the check of an action line's fields. Each variant reads and writes its own
actions (the classic game: `engine.classic.log`; the club game: `engine.club.log`).

Parsing happens at the boundary: a malformed line raises `LogError` with a reason a judge
understands, before the rules ever see it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import NotRequired, TypedDict

from engine.errors import LogError
from engine.jsonvalue import JsonValue
from engine.refusals import R

FORMAT, VERSION = "mafia-game-log", 1
MAX_LINE = 16_384

LogLine = dict[str, JsonValue]
"""A line as written: the header or an action, ready for `json.dumps`."""

JsonObject = dict[str, object]
"""A line as read: a decoded JSON object whose values are checked before use."""


class LogHeader(TypedDict):
    """Line 1 once a variant's reader (`engine.classic.log.parse_header`) has checked it;
    other header fields pass through unchecked."""

    format: str
    version: int
    rules: str
    players: NotRequired[list[str]]


def parse_json_line(text: str) -> JsonObject:
    if len(text) > MAX_LINE:
        raise LogError(R.LINE_TOO_LONG, size=len(text), limit=MAX_LINE)
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:  # where it breaks, never the library's own words
        raise LogError(R.LOG_NOT_JSON, column=exc.colno) from None
    except ValueError:
        raise LogError(R.LOG_NOT_JSON, column=1) from None
    except RecursionError:  # Python's own limit, about a thousand levels
        raise LogError(R.LINE_TOO_DEEP, limit=1000) from None
    if not isinstance(obj, dict):
        raise LogError(R.LOG_NOT_OBJECT)
    return obj


_NOT_FIELDS = frozenset({"action", "t"})


def check_fields(obj: Mapping[str, object], name: str, required: frozenset[str],
                 optional: frozenset[str]) -> None:
    """An action line's fields, for every ruleset: each required one, none unknown, and `t`
    (when present) a time string, as the game-log format says."""
    if len(obj) == 1 and "action" in obj:  # `action` alone, as most lines are: no set
        if required:
            raise LogError(R.MISSING_FIELD, action=name, fields=", ".join(sorted(required)))
        return
    keys = obj.keys() - _NOT_FIELDS  # one new set per line: this runs for every action
    if not required <= keys:
        raise LogError(R.MISSING_FIELD, action=name, fields=", ".join(sorted(required - keys)))
    extra = keys - required
    if extra and not extra <= optional:
        raise LogError(R.UNKNOWN_FIELD, action=name, fields=", ".join(sorted(extra - optional)))
    if "t" in obj and not isinstance(obj["t"], str):
        raise LogError(R.FIELD_TIME, action=name)


def header(rules: str, **fields: JsonValue) -> LogLine:
    return {"format": FORMAT, "version": VERSION, "rules": rules, **fields}


def points_to_hundredths(value: object, n: str) -> int:
    """0.3 -> 30 (an extra point or a penalty in a log line, either variant); refuses what
    is not a number with at most two decimals."""
    if not isinstance(value, int | float) or isinstance(value, bool) or not (
            math.isfinite(value) and abs(value) <= 100):
        raise LogError(f"{n}: 'points' must be a number like 0.3, not {json.dumps(value)}")
    scaled = float(value) * 100
    if abs(scaled - round(scaled)) > 1e-6:
        raise LogError(f"{n}: 'points' has at most two decimals, not {json.dumps(value)}")
    return round(scaled)
