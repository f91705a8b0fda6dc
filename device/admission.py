"""Admission: everything that enters the table is checked here, before the journal.

The journal is written only with what the table can replay and publish, so the reply to a
command and the journal always agree, and whatever the journal holds, the table starts. Every
refusal is a sentence a judge can read (issue 9: sizes, ids, names, nesting, types).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime
from typing import Any, Final

from pydantic import ValidationError

from bus.errors import PayloadError, describe_validation_error
from bus.jsonsafe import json_depth
from bus.nicknames import MAX_NAME_LENGTH, nickname_problem, text_problem
from bus.payloads import Payload, encode
from device import tablegame
from device.tablegame import TableGame
from engine.club import log as club_log
from engine.errors import IllegalAction, LogError
from engine.log import parse_action, parse_header
from engine.refusals import R

MAX_DEPTH: Final = 6  # an action line is flat; a header holds a list of names
MAX_REASON: Final = 200  # a foul's reason: a short note for the protocol, not a letter
MAX_TIME: Final = 40  # "t": an ISO 8601 time
MAX_ACTION_BYTES: Final = 2048  # the longest legal line (a foul with a full reason) is < 1 KB
MAX_HEADER_BYTES: Final = 4096
GAME_ID: Final = re.compile(r"[A-Za-z0-9_.:-]{1,64}")


class Refused(LogError):
    """An input the table will not take; the message says why, in words."""


def read_console_line(text: str) -> Any:
    """A console line -> JSON; too deep, too big or not JSON is refused in words, in the
    console's language (the keys of engine/refusals.py)."""
    if len(text) > 4 * MAX_HEADER_BYTES:
        raise Refused(R.LINE_TOO_LONG, size=len(text), limit=4 * MAX_HEADER_BYTES)
    try:
        value = json.loads(text)
    except RecursionError:
        raise Refused(R.LINE_TOO_DEEP, limit=MAX_DEPTH) from None
    except ValueError:
        raise Refused(R.LINE_NOT_JSON) from None
    if json_depth(value) > MAX_DEPTH:
        raise Refused(R.LINE_TOO_DEEP, limit=MAX_DEPTH)
    return value


def _flat_enough(value: Any, what: str, limit: int) -> None:
    if json_depth(value) > limit:
        raise Refused(f"{what} is nested too deeply (at most {limit} levels)")


def _size(value: Any, what: str, limit: int) -> None:
    try:
        size = len(json.dumps(value, ensure_ascii=False).encode("utf-8"))
    except (TypeError, ValueError):
        raise Refused(f"{what} is not plain JSON") from None
    if size > limit:
        raise Refused(f"{what} is {size} bytes; at most {limit}")


def admit_action(line: Any, game: TableGame | None = None) -> dict[str, Any]:
    """A game-log action line the journal can hold and replay, and the bus can carry; read
    as a line of `game`'s kind (a club line names club actions and seats 1-N, docs/club.md)
    or, without a game, as a classic one."""
    if not isinstance(line, dict):
        raise Refused("an action must be a JSON object such as {\"action\": \"day\"}")
    _flat_enough(line, "the action", 2)
    name = line.get("action")
    what = f"{name}" if isinstance(name, str) and len(name) < 20 else "the action"
    if "t" in line:
        t = line["t"]
        if not isinstance(t, str) or len(t) > MAX_TIME or not _is_time(t):
            raise Refused(f"{what}: 't' must be an ISO 8601 time such as "
                          "2026-11-30T19:05:00+00:00")
    reason = line.get("reason")
    if isinstance(reason, str):
        problem = text_problem(reason, "the reason", MAX_REASON)
        if problem is not None:
            raise Refused(f"{what}: {problem}")
    _size(line, "the action", MAX_ACTION_BYTES)
    # LogError in words: unknown action, missing or wrong fields, a seat off the table
    if game is None:
        parse_action(line)
    else:
        tablegame.parse_line(game, line)
    return dict(line)


def _is_time(text: str) -> bool:
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


def admit_game_id(value: Any) -> str:
    if not isinstance(value, str) or not GAME_ID.fullmatch(value):
        shown = json.dumps(value)[:80] if not isinstance(value, dict | list) else "an object"
        raise Refused(f"game id {shown} may have only letters, digits and - _ . : "
                      "(1 to 64 of them)")
    return value


def admit_names(value: Any, what: str = "a roster", seats: int = 10) -> list[str]:
    """One nickname a seat, seat 1 first: ten, or the club game's `seats` (bus.nicknames
    says what a nickname may hold)."""
    if not isinstance(value, list) or len(value) != seats:
        raise Refused(f"{what} is a list of {seats} nicknames, seat 1 first")
    for seat, name in enumerate(value, start=1):
        problem = nickname_problem(name, f"the nickname of seat {seat}")
        if problem is not None:
            raise Refused(f"{what}: {problem} (at most {MAX_NAME_LENGTH} letters)")
    return list(value)


def admit_header(value: Any) -> dict[str, Any]:
    """The first line of a game log, small enough to publish with every protocol."""
    if not isinstance(value, dict):
        raise Refused('the header must be a JSON object such as {"format": "mafia-game-log", '
                      '"version": 1, "rules": "cml"}')
    _flat_enough(value, "the header", 3)
    _size(value, "the header", MAX_HEADER_BYTES)
    if any(not isinstance(key, str) for key in value):
        raise Refused("the header's keys must be text")
    if tablegame.is_club_header(value):  # docs/club.md "Header": seats 3-15 and its fields
        seats = club_log.parse_header(dict(value)).seats
        header = dict(value)
    else:
        seats, header = 10, dict(parse_header(dict(value)))
    if header.get("players") is not None:
        admit_names(header["players"], "the header's players", seats)
    return header


def admit_publishable(build: Callable[[], list[Payload]]) -> None:
    """The payloads an accepted input makes (its event; the protocol when the game is
    decided) must be ones the bus carries, or the table could not publish what it journaled."""
    try:
        for payload in build():
            encode(payload)
    except ValidationError as exc:
        raise Refused(f"this would make a message the bus refuses: "
                      f"{describe_validation_error(exc)}") from None
    except PayloadError as exc:
        raise Refused(f"this would make a message the bus refuses: {exc}") from None


def check_saved(game_id: str, header: dict[str, Any], names: list[str]) -> None:
    """A journal game the table can publish (older kits admitted less carefully)."""
    admit_game_id(game_id)
    admit_header(header)
    if names:
        admit_names(names, seats=tablegame.seats(tablegame.open_game(header)))


def replay_saved(header: dict[str, Any], lines: list[dict[str, Any]]) -> TableGame:
    """The journal's game, classic or club, line by line (no line-length limit: the
    journal is ours)."""
    game = tablegame.open_game(admit_header(header))
    for number, line in enumerate(lines, start=1):
        try:
            tablegame.apply(game, tablegame.parse_line(game, line))
        except (LogError, IllegalAction) as exc:
            raise Refused(f"line {number}: {exc}") from None
    return game
