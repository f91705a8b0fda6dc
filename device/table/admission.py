"""Admission: everything that enters the table is checked here, before the journal.

The journal is written only with what the table can replay and publish, so the reply to a
command and the journal always agree, and whatever the journal holds, the table starts. Every
refusal is a sentence a judge can read (issue 9: sizes, ids, names, nesting, types).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Final, cast

from pydantic import ValidationError

from bus.errors import PayloadError, describe_validation_error
from bus.jsonsafe import json_depth
from bus.nicknames import MAX_MARKS_IN_A_ROW, MAX_NAME_LENGTH, nickname_problem, text_problem
from bus.payloads import COMMAND_ARGS, Payload, encode
from engine.classic.log import parse_action
from engine.errors import IllegalAction, LogError
from engine.log import JsonObject, LogLine
from engine.refusals import Param, Phrase, R, Refusal
from engine.variant import GameVariant, find_variant, open_game
from engine.viewmodels import MAX_SEATS, MIN_SEATS

MAX_DEPTH: Final = 6  # an action line is flat; a header holds a list of names
MAX_REASON: Final = 200  # a foul's reason: a short note for the protocol, not a letter
MAX_TIME: Final = 40  # "t": an ISO 8601 time
MAX_ACTION_BYTES: Final = 2048  # the longest legal line (a foul with a full reason) is < 1 KB
MAX_HEADER_BYTES: Final = 4096
GAME_ID: Final = re.compile(r"[A-Za-z0-9_.:-]{1,64}")


class Refused(LogError):
    """An input the table will not take; the message says why, in words."""


def read_console_line(text: str) -> object:
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


def _flat_enough(value: object, what: Phrase, limit: int) -> None:
    if json_depth(value) > limit:
        raise Refused(R.TOO_DEEP, what=what, limit=limit)


def _size(value: object, what: Phrase, limit: int) -> None:
    try:
        size = len(json.dumps(value, ensure_ascii=False).encode("utf-8"))
    except (TypeError, ValueError):
        raise Refused(R.NOT_PLAIN_JSON, what=what) from None
    if size > limit:
        raise Refused(R.TOO_BIG, what=what, size=size, limit=limit)


def text_refusal(text: object, what: str | Phrase, name: Phrase, limit: int,
                 nickname: bool = False) -> Phrase | None:
    """Why `text` cannot be shown, by key (None: it can). bus.nicknames decides; this only
    says its verdict in the table's language."""
    if nickname:
        problem = nickname_problem(text)
    else:
        problem = text_problem(text, "", limit) if isinstance(text, str) else "not text"
    if problem is None:
        return None
    said: dict[str, Param] = {"what": what, "name": name}
    if not isinstance(text, str):
        return Phrase(R.NAME_NOT_TEXT, said)
    if nickname and not text.strip():
        return Phrase(R.NAME_EMPTY, said)
    if nickname and (text != text.strip() or "  " in text):
        return Phrase(R.NAME_SPACES, {**said, "value": repr(text[:MAX_NAME_LENGTH])})
    if len(text) > limit:
        return Phrase(R.TEXT_TOO_LONG, {**said, "size": len(text), "limit": limit})
    if "U+" in problem:
        return Phrase(R.TEXT_INVISIBLE, {**said, "code": problem[problem.index("U+"):]})
    return Phrase(R.TEXT_MARKS, {**said, "limit": MAX_MARKS_IN_A_ROW})


def _refuse(refusal: Phrase | None) -> None:
    if refusal is not None:
        raise Refused(refusal.key, **refusal.params)


def admit_action(line: object, game: GameVariant | None = None) -> LogLine:
    """A game-log action line the journal can hold and replay, and the bus can carry; read
    as a line of `game`'s kind (a club line names club actions and seats 1-N, docs/club.md)
    or, without a game, as a classic one."""
    if not isinstance(line, dict):
        raise Refused(R.ACTION_NOT_OBJECT)
    _flat_enough(line, Phrase(R.W_THE_ACTION), 2)
    name = line.get("action")
    what = f"{name}" if isinstance(name, str) and len(name) < 20 else "the action"
    if "t" in line:
        t = line["t"]
        if not isinstance(t, str) or len(t) > MAX_TIME or not _is_time(t):
            raise Refused(R.ACTION_TIME, action=what)
    reason = line.get("reason")
    if isinstance(reason, str):
        _refuse(text_refusal(reason, what, Phrase(R.W_THE_REASON), MAX_REASON))
    _size(line, Phrase(R.W_THE_ACTION), MAX_ACTION_BYTES)
    # LogError in words: unknown action, missing or wrong fields, a seat off the table
    if game is None:
        parse_action(line)
    else:
        game.parse_line(line)
    return dict(line)


def _is_time(text: str) -> bool:
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


def admit_game_id(value: object) -> str:
    if not isinstance(value, str) or not GAME_ID.fullmatch(value):
        shown = json.dumps(value)[:80] if not isinstance(value, dict | list) else "an object"
        raise Refused(R.GAME_ID_CHARS, value=shown)
    return value


def admit_names(value: object, what: Refusal = R.W_A_ROSTER, seats: int = 10) -> list[str]:
    """One nickname a seat, seat 1 first: ten, or the club game's `seats` (bus.nicknames
    says what a nickname may hold)."""
    if not isinstance(value, list) or len(value) != seats:
        raise Refused(R.NAMES_COUNT, what=Phrase(what), seats=seats)
    check_nicknames(value, Phrase(what))
    return list(value)


def check_nicknames(names: Sequence[object], what: Phrase) -> None:
    """Each seat's nickname, refused by key (seat 1 first)."""
    for seat, name in enumerate(names, start=1):
        _refuse(text_refusal(name, what, Phrase(R.W_SEAT_NICKNAME, {"seat": seat}),
                             MAX_NAME_LENGTH, nickname=True))


def check_console_args(command: str, args: Mapping[str, object]) -> None:
    """A console command's fields, and a roster's nicknames, refused by key before the bus's
    own (English) check of the same, so the console answers in its language."""
    required, optional = COMMAND_ARGS[command]
    missing, unknown = required - args.keys(), args.keys() - required - optional
    if missing:
        raise Refused(R.COMMAND_NEEDS, command=command, fields=", ".join(sorted(missing)))
    if unknown:
        raise Refused(R.COMMAND_TAKES_NOT, command=command, fields=", ".join(sorted(unknown)))
    if command == "roster":
        names = args["names"]
        if not (isinstance(names, list) and MIN_SEATS <= len(names) <= MAX_SEATS):
            raise Refused(R.ROSTER_COUNT, low=MIN_SEATS, high=MAX_SEATS, limit=MAX_NAME_LENGTH)
        check_nicknames(names, Phrase(R.W_A_ROSTER))


def admit_header(value: object) -> LogLine:
    """The first line of a game log, small enough to publish with every protocol."""
    if not isinstance(value, dict):
        raise Refused(R.HEADER_NOT_OBJECT)
    _flat_enough(value, Phrase(R.W_THE_HEADER), 3)
    _size(value, Phrase(R.W_THE_HEADER), MAX_HEADER_BYTES)
    if any(not isinstance(key, str) for key in value):
        raise Refused(R.HEADER_KEYS_TEXT)
    seats, header = find_variant(value).admit_header(value)  # the variant's own reader
    if header.get("players") is not None:
        admit_names(header["players"], R.W_HEADER_PLAYERS, seats)
    return cast(LogLine, header)  # JSON: `_size` wrote it as such, the variant kept its values


def admit_publishable(build: Callable[[], list[Payload]]) -> list[bytes]:
    """The payloads an accepted input makes (its event; the protocol when the game is
    decided) must be ones the bus carries, or the table could not publish what it journaled.
    Returns them encoded, in order: the very bytes the table publishes once journaled."""
    try:
        return [encode(payload) for payload in build()]
    except ValidationError as exc:
        raise Refused(R.BUS_REFUSES, why=describe_validation_error(exc)) from None
    except PayloadError as exc:
        raise Refused(R.BUS_REFUSES, why=str(exc)) from None


def engine_line(line: LogLine) -> JsonObject:
    """A JSON line (a header, an action) as the engine's readers take it: they only read it
    (`dict` is invariant, so to mypy a `dict[str, JsonValue]` is no `dict[str, object]`)."""
    return cast(JsonObject, line)


def check_saved(game_id: str, header: LogLine, names: list[str]) -> None:
    """A journal game the table can publish (older kits admitted less carefully)."""
    admit_game_id(game_id)
    admit_header(header)
    if names:
        admit_names(names, seats=open_game(engine_line(header)).seats)


def replay_saved(header: LogLine, lines: list[LogLine]) -> GameVariant:
    """The journal's game, of whichever variant, line by line (no line-length limit: the
    journal is ours)."""
    game = open_game(engine_line(admit_header(header)))
    for number, line in enumerate(lines, start=1):
        try:
            game.play_line(engine_line(line))
        except (LogError, IllegalAction) as exc:
            raise Refused(f"line {number}: {exc}") from None
    return game
