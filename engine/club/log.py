"""The club game log (docs/club.md): the header and every action line, both ways.

Strict like the classic reader: an unknown field, a wrong type or a seat off the table is
refused with a reason a host understands, before the rules see the line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TypeGuard, assert_never

from engine import actions as act
from engine.club import actions as ca
from engine.club.setup import MAX_SEATS, MIN_SEATS, Settings
from engine.errors import LogError
from engine.jsonvalue import JsonValue
from engine.log import FORMAT, VERSION, JsonObject, LogLine, check_fields, points_to_hundredths
from engine.vocab import NightAct

HEADER_FIELDS = frozenset({
    "format", "version", "rules", "seats", "players", "tournament", "immunity", "date",
    "double_points", "rating_cards", "stage", "game", "table", "judge", "club",
})
_DATE = re.compile(r"\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])")
CLASSIC_ONLY = ("shoot", "sheriff_check", "best_move", "lift", "withdraw", "colour_left")

_ROLE_KEYS = ("don", "maniac", "doctor", "commissar", "kamikaze", "sapper", "putana")
FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "roles": (frozenset({"mafia"}), frozenset(_ROLE_KEYS)),
    "start": (frozenset(), frozenset()),
    "day": (frozenset(), frozenset()),
    "night": (frozenset(), frozenset()),
    "speech_end": (frozenset(), frozenset()),
    "discussion_end": (frozenset(), frozenset()),
    "nominate": (frozenset({"by", "seat"}), frozenset()),
    "nominations_end": (frozenset(), frozenset()),
    "votes": (frozenset({"seat", "voters"}), frozenset()),
    "catastrophe": (frozenset({"seat"}), frozenset()),
    "putana": (frozenset({"seat"}), frozenset()),
    "mafia_shot": (frozenset({"target"}), frozenset()),
    "don_check": (frozenset({"seat"}), frozenset()),
    "maniac_shot": (frozenset({"target"}), frozenset()),
    "heal": (frozenset({"seat"}), frozenset()),
    "commissar_check": (frozenset({"seat"}), frozenset()),
    "kamikaze": (frozenset({"seat"}), frozenset()),
    "foul": (frozenset({"seat"}), frozenset({"reason"})),
    "disqualify": (frozenset({"seat", "kind"}), frozenset()),
    "undo": (frozenset(), frozenset()),
    "extra": (frozenset({"seat", "points"}), frozenset({"approved_by"})),
    "penalty": (frozenset({"seat", "points", "clause"}), frozenset({"note", "approved_by"})),
    "protest": (frozenset({"seat", "text"}), frozenset()),
    "close": (frozenset(), frozenset({"judge"})),
}


def _is_seat(value: object, n: int) -> TypeGuard[int]:
    return type(value) is int and 1 <= value <= n


def _seat_list(obj: JsonObject, key: str, n: int, what: str) -> tuple[int, ...]:
    value = obj[key]
    if not isinstance(value, list) or not all(_is_seat(v, n) for v in value):
        raise LogError(f"{what}: {key!r} must be a list of seat numbers 1-{n}")
    if len(set(value)) != len(value):
        raise LogError(f"{what}: {key!r} names a seat twice")
    return tuple(value)


def parse_header(obj: JsonObject) -> Settings:
    """Line 1 of a club log -> the game's settings (docs/club.md, "Header")."""
    if obj.get("format") != FORMAT:
        raise LogError(f'the first line must be the header with "format": "{FORMAT}"')
    if obj.get("version") != VERSION or type(obj.get("version")) is not int:
        raise LogError(f"unsupported log version {obj.get('version')!r} (this kit reads {VERSION})")
    if obj.get("rules") != "club":
        raise LogError('a club log says "rules": "club"')
    extra = sorted(set(obj) - HEADER_FIELDS)
    if extra:
        raise LogError(f"header: unknown field {', '.join(extra)}")
    n = obj.get("seats")
    if type(n) is not int or not MIN_SEATS <= n <= MAX_SEATS:
        raise LogError(f'header: "seats" must be a whole number {MIN_SEATS}-{MAX_SEATS}, '
                       f"not {json.dumps(n)}")
    players = obj.get("players")
    if players is not None and (not isinstance(players, list) or len(players) != n
                                or not all(isinstance(p, str) for p in players)):
        raise LogError(f'header: "players" must be a list of {n} nicknames (seat 1 first)')
    tournament = obj.get("tournament", False)
    if not (tournament is True or tournament is False or
            (isinstance(tournament, str) and tournament.strip())):
        raise LogError('header: "tournament" is the tournament\'s name, true or false')
    date = obj.get("date")
    if date is not None and (not isinstance(date, str) or not _DATE.match(date)):
        raise LogError('header: "date" must be an ISO date like "2026-11-27"')
    double = obj.get("double_points")
    if double is not None and type(double) is not bool:
        raise LogError('header: "double_points" must be true or false')
    immunity = _seat_list(obj, "immunity", n, "header") if "immunity" in obj else ()
    cards = _seat_list(obj, "rating_cards", n, "header") if "rating_cards" in obj else ()
    return Settings(seats=n, tournament=tournament is not False, immunity=immunity,
                    date=date, double_points=double, rating_cards=cards)


def parse_action(obj: JsonObject, n: int) -> ca.ClubAction:
    """A club action line (already JSON-decoded) -> an action, or LogError."""
    name = obj.get("action")
    if type(name) is str and len(obj) == 1 and (bare := _BARE.get(name)) is not None:
        return bare  # `{"action": "speech_end"}`: six lines in ten
    if not isinstance(name, str) or (fields := FIELDS.get(name)) is None:  # one look-up
        if name in CLASSIC_ONLY:
            raise LogError(f"{name} is not part of the club game")
        raise LogError(f"unknown action {json.dumps(name)}")
    check_fields(obj, name, *fields)
    return _BUILD[name](obj, name, n)


def _seat(o: JsonObject, key: str, name: str, n: int, *, null: bool = False) -> int | None:
    value = o[key]
    if value is None and null:
        return None
    if not _is_seat(value, n):
        also = " or null" if null else ""
        raise LogError(f"{name}: {key!r} must be a seat number 1-{n}{also}, "
                       f"not {json.dumps(value)}")
    return value


def _one(o: JsonObject, key: str, name: str, n: int) -> int:
    seat = _seat(o, key, name, n)
    assert seat is not None
    return seat


def _text(o: JsonObject, key: str, name: str) -> str | None:
    value = o.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip() or len(value) > 2000:
        raise LogError(f"{name}: {key!r} must be non-empty text")
    return value.strip()


def _roles(o: JsonObject, name: str, n: int) -> ca.ClubAction:
    seats = {k: _one(o, k, name, n) for k in _ROLE_KEYS if k in o}
    return ca.ClubRoles(mafia=_seat_list(o, "mafia", n, name), **seats)


def _night(step: NightAct, key: str) -> Callable[[JsonObject, str, int], ca.ClubAction]:
    null = key == "target" or step is NightAct.KAMIKAZE
    return lambda o, name, n: ca.NightAction(step, _seat(o, key, name, n, null=null))


def _votes(o: JsonObject, name: str, n: int) -> ca.ClubAction:
    return act.Votes(seat=_one(o, "seat", name, n), voters=_seat_list(o, "voters", n, name))


def _foul(o: JsonObject, name: str, n: int) -> ca.ClubAction:
    return act.Foul(seat=_one(o, "seat", name, n), reason=_text(o, "reason", name))


def _disqualify(o: JsonObject, name: str, n: int) -> ca.ClubAction:
    kind = o["kind"]
    if kind not in ("removal", "drop", "team_loss"):
        raise LogError('disqualify: \'kind\' must be "removal", "drop" or "team_loss"')
    return ca.ClubDisqualify(seat=_one(o, "seat", name, n), kind=kind)


def _penalty(o: JsonObject, name: str, n: int) -> ca.ClubAction:
    clause = _text(o, "clause", name)
    if clause is None:
        raise LogError("penalty: 'clause' must be non-empty text")
    return act.Penalty(seat=_one(o, "seat", name, n),
                       points=points_to_hundredths(o["points"], name), clause=clause,
                       note=_text(o, "note", name), approved_by=_text(o, "approved_by", name))


def _protest(o: JsonObject, name: str, n: int) -> ca.ClubAction:
    text = _text(o, "text", name)
    if text is None:
        raise LogError("protest: 'text' must be non-empty text")
    return act.Protest(seat=_one(o, "seat", name, n), text=text)


_BUILD: dict[str, Callable[[JsonObject, str, int], ca.ClubAction]] = {
    "roles": _roles,
    "start": lambda o, name, n: act.Start(),
    "day": lambda o, name, n: act.Day(),
    "night": lambda o, name, n: act.Night(),
    "speech_end": lambda o, name, n: act.SpeechEnd(),
    "discussion_end": lambda o, name, n: ca.DiscussionEnd(),
    "nominate": lambda o, name, n: act.Nominate(seat=_one(o, "seat", name, n),
                                                 by=_one(o, "by", name, n)),
    "nominations_end": lambda o, name, n: ca.NominationsEnd(),
    "votes": _votes,
    "catastrophe": lambda o, name, n: ca.Catastrophe(_one(o, "seat", name, n)),
    "putana": _night(NightAct.PUTANA, "seat"),
    "mafia_shot": _night(NightAct.MAFIA_SHOT, "target"),
    "don_check": _night(NightAct.DON_CHECK, "seat"),
    "maniac_shot": _night(NightAct.MANIAC_SHOT, "target"),
    "heal": _night(NightAct.HEAL, "seat"),
    "commissar_check": _night(NightAct.COMMISSAR_CHECK, "seat"),
    "kamikaze": _night(NightAct.KAMIKAZE, "seat"),
    "foul": _foul,
    "disqualify": _disqualify,
    "undo": lambda o, name, n: act.Undo(),
    "extra": lambda o, name, n: act.Extra(seat=_one(o, "seat", name, n),
                                          points=points_to_hundredths(o["points"], name),
                                          approved_by=_text(o, "approved_by", name)),
    "penalty": _penalty,
    "protest": _protest,
    "close": lambda o, name, n: act.Close(judge=_text(o, "judge", name)),
}

_BARE: dict[str, ca.ClubAction] = {
    name: _BUILD[name]({"action": name}, name, MIN_SEATS)
    for name, (required, _) in FIELDS.items() if not required}
"""The action of each line that may be its name alone, built once: values are frozen, so the
same `SpeechEnd()` serves every `{"action": "speech_end"}` line."""

_TARGET = (NightAct.MAFIA_SHOT, NightAct.MANIAC_SHOT)


def action_to_dict(a: ca.ClubAction) -> LogLine:
    """An action -> its club game-log line (without "t"); `assert_never` makes a new action
    without a line a type error."""
    match a:
        case ca.ClubRoles():
            out: LogLine = {"action": "roles", "mafia": list(a.mafia)}
            out.update({k: getattr(a, k) for k in _ROLE_KEYS if getattr(a, k) is not None})
            return out
        case ca.NightAction():
            return {"action": a.act.value, "target" if a.act in _TARGET else "seat": a.seat}
        case act.Nominate():
            return {"action": "nominate", "by": a.by, "seat": a.seat}
        case act.Votes():
            return {"action": "votes", "seat": a.seat, "voters": list(a.voters or ())}
        case ca.Catastrophe():
            return {"action": "catastrophe", "seat": a.seat}
        case act.Foul():
            return {"action": "foul", "seat": a.seat,
                    **({"reason": a.reason} if a.reason is not None else {})}
        case ca.ClubDisqualify():
            return {"action": "disqualify", "seat": a.seat, "kind": a.kind}
        case act.Extra():
            return {"action": "extra", "seat": a.seat, "points": a.points / 100}
        case act.Penalty():
            return {"action": "penalty", "seat": a.seat, "points": a.points / 100,
                    "clause": a.clause}
        case act.Protest():
            return {"action": "protest", "seat": a.seat, "text": a.text}
        case act.Close():
            return {"action": "close", **({"judge": a.judge} if a.judge else {})}
        case act.Start():
            return {"action": "start"}
        case act.Day():
            return {"action": "day"}
        case act.Night():
            return {"action": "night"}
        case act.SpeechEnd():
            return {"action": "speech_end"}
        case act.Undo():
            return {"action": "undo"}
        case ca.DiscussionEnd():
            return {"action": "discussion_end"}
        case ca.NominationsEnd():
            return {"action": "nominations_end"}
        case _:
            assert_never(a)


def header(settings: Settings, **fields: JsonValue) -> LogLine:
    out: LogLine = {"format": FORMAT, "version": VERSION, "rules": "club",
                           "seats": settings.seats}
    if settings.tournament:
        out["tournament"] = True
    if settings.immunity:
        out["immunity"] = list(settings.immunity)
    if settings.date is not None:
        out["date"] = settings.date
    if settings.double_points is not None:
        out["double_points"] = settings.double_points
    if settings.rating_cards:
        out["rating_cards"] = list(settings.rating_cards)
    return {**out, **fields}


def dump_lines(head: Mapping[str, object], actions: Iterable[ca.ClubAction]) -> Iterator[str]:
    yield json.dumps(head, ensure_ascii=False)
    for a in actions:
        yield json.dumps(action_to_dict(a), ensure_ascii=False)
