"""The classic game's log lines (docs/game-log.md, format version 1): JSON Lines, both ways;
the format's shared part (a line as read and written, its decoding) is `engine.log`.

Parsing happens at the boundary: a malformed line raises `LogError` with a reason a judge
understands, before the rules ever see it. Writing gives back exactly the documented form.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import NamedTuple, assert_never, cast

from engine import actions as act
from engine.classic.ruleset import BUILTIN
from engine.classic.scoring import lines as after_game
from engine.errors import LogError
from engine.log import FORMAT, VERSION, JsonObject, LogHeader, LogLine, check_fields
from engine.refusals import R
from engine.roles import is_seat
from engine.values import compare_by_class

ACTION_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    # action: (required fields, optional fields); "t" is allowed everywhere
    "roles": (frozenset({"don", "mafia", "sheriff"}), frozenset()),
    "start": (frozenset(), frozenset()),
    "day": (frozenset(), frozenset()),
    "night": (frozenset(), frozenset()),
    "speech_end": (frozenset(), frozenset()),
    "nominate": (frozenset({"seat"}), frozenset({"by"})),
    "withdraw": (frozenset({"seat"}), frozenset({"by"})),
    "votes": (frozenset({"seat"}), frozenset({"count", "voters"})),
    "lift": (frozenset(), frozenset({"count", "voters"})),
    "shoot": (frozenset(), frozenset({"target", "shots"})),
    "don_check": (frozenset({"seat"}), frozenset()),
    "sheriff_check": (frozenset({"seat"}), frozenset()),
    "best_move": (frozenset({"seats"}), frozenset()),
    "foul": (frozenset({"seat"}), frozenset({"reason", "kind"})),
    "disqualify": (frozenset({"seat", "kind"}), frozenset()),
    "undo": (frozenset(), frozenset()),
    **after_game.FIELDS,
}


def parse_header(obj: JsonObject, extra_rules: Iterable[str] = ()) -> LogHeader:
    """Check line 1; return it. Required: format, version, rules (a built-in id or one of
    `extra_rules`, the ids of league rulesets loaded from files)."""
    if obj.get("format") != FORMAT:
        raise LogError(R.LOG_HEADER_FORMAT, format=FORMAT)
    if obj.get("version") != VERSION or type(obj.get("version")) is not int:
        raise LogError(R.LOG_VERSION, version=repr(obj.get("version")), known=VERSION)
    rules = obj.get("rules")
    known = (*BUILTIN, *extra_rules)
    if not isinstance(rules, str) or rules not in known:
        raise LogError(R.LOG_RULES, rules=repr(rules), known=", ".join(known))
    players = obj.get("players")
    if players is not None and (
        not isinstance(players, list) or len(players) != 10
        or not all(isinstance(p, str) for p in players)
    ):
        raise LogError(R.LOG_PLAYERS)
    return cast(LogHeader, obj)  # every declared field was checked above


def _seat(obj: JsonObject, key: str, name: str) -> int:
    value = obj[key]
    if type(value) is not int or not 1 <= value <= 10:  # is_seat, without the call
        raise LogError(R.FIELD_SEAT, action=name, key=repr(key), value=json.dumps(value))
    return value


def _seats(obj: JsonObject, key: str, name: str) -> tuple[int, ...]:
    value = obj[key]
    if not isinstance(value, list) or not all(is_seat(v) for v in value):
        raise LogError(R.FIELD_SEATS, action=name, key=repr(key))
    return tuple(value)


def _count_or_voters(obj: JsonObject, name: str) -> tuple[int | None, tuple[int, ...] | None]:
    has_count, has_voters = "count" in obj, "voters" in obj
    if has_count == has_voters:
        raise LogError(R.COUNT_OR_VOTERS, action=name)
    if has_count:
        count = obj["count"]
        if type(count) is not int or not 0 <= count <= 10:
            raise LogError(R.COUNT_RANGE, action=name, value=json.dumps(count))
        return count, None
    return None, _seats(obj, "voters", name)


def parse_action(obj: JsonObject) -> act.Action:
    """A game-log action line (already JSON-decoded) -> an Action, or LogError.

    One table look-up by the action's name gives its fields and its reader; a bare line
    (`action` alone, as most are) of a field-less action is its one shared value."""
    name = obj.get("action")
    if not isinstance(name, str) or (reader := _READERS.get(name)) is None:
        raise LogError(R.UNKNOWN_ACTION, action=json.dumps(name))
    if len(obj) == 1 and reader.bare is not None:
        return reader.bare
    check_fields(obj, name, reader.required, reader.optional)
    return reader.build(obj, name)


def _roles(o: JsonObject, n: str) -> act.Action:
    mafia = _seats(o, "mafia", n)
    if len(mafia) != 2:
        raise LogError(R.ROLES_TWO_MAFIA)
    return act.Roles(don=_seat(o, "don", n), mafia=(mafia[0], mafia[1]),
                     sheriff=_seat(o, "sheriff", n))


def _by(o: JsonObject, n: str) -> int | None:
    return _seat(o, "by", n) if "by" in o else None


def _votes(o: JsonObject, n: str) -> act.Action:
    count, voters = _count_or_voters(o, n)
    return act.Votes(seat=_seat(o, "seat", n), count=count, voters=voters)


def _lift(o: JsonObject, n: str) -> act.Action:
    count, voters = _count_or_voters(o, n)
    return act.Lift(count=count, voters=voters)


def _shoot(o: JsonObject, n: str) -> act.Action:
    if ("target" in o) == ("shots" in o):
        raise LogError(R.SHOOT_TARGET_OR_SHOTS)
    if "target" in o:
        return act.Shoot(target=None if o["target"] is None else _seat(o, "target", n))
    shots = o["shots"]
    if not isinstance(shots, dict) or not shots:
        raise LogError(R.SHOOT_SHOTS_OBJECT)
    pairs: list[tuple[int, int | None]] = []
    for key, target in shots.items():
        if not key.isdigit() or not is_seat(int(key)):
            raise LogError(R.SHOOT_SHOTS_SEAT, key=json.dumps(key))
        if target is not None and not is_seat(target):
            raise LogError(R.SHOOT_SHOT_TARGET, seat=key)
        pairs.append((int(key), target))
    return act.Shoot(shots=tuple(sorted(pairs)))


def _best_move(o: JsonObject, n: str) -> act.Action:
    seats = _seats(o, "seats", n)
    if not 1 <= len(seats) <= 3:
        raise LogError(R.BEST_MOVE_SEATS)
    return act.BestMove(seats=seats)


def _foul(o: JsonObject, n: str) -> act.Action:
    reason = o.get("reason")
    if reason is not None and not isinstance(reason, str):
        raise LogError(R.FOUL_REASON_TEXT)
    if "kind" in o and o["kind"] != "voting":
        raise LogError(R.FOUL_KIND_VOTING)
    return act.Foul(seat=_seat(o, "seat", n), reason=reason,
                    kind="voting" if "kind" in o else None)


def _disqualify(o: JsonObject, n: str) -> act.Action:
    kind = o["kind"]
    if kind not in ("removal", "team_loss"):
        raise LogError(R.DISQUALIFY_KIND_FIELD)
    return act.Disqualify(seat=_seat(o, "seat", n), kind=kind)


_BUILD: dict[str, Callable[[JsonObject, str], act.Action]] = {
    "roles": _roles,
    "start": lambda o, n: act.Start(),
    "day": lambda o, n: act.Day(),
    "night": lambda o, n: act.Night(),
    "speech_end": lambda o, n: act.SpeechEnd(),
    "nominate": lambda o, n: act.Nominate(seat=_seat(o, "seat", n), by=_by(o, n)),
    "withdraw": lambda o, n: act.Withdraw(seat=_seat(o, "seat", n), by=_by(o, n)),
    "votes": _votes,
    "lift": _lift,
    "shoot": _shoot,
    "don_check": lambda o, n: act.DonCheck(seat=_seat(o, "seat", n)),
    "sheriff_check": lambda o, n: act.SheriffCheck(seat=_seat(o, "seat", n)),
    "best_move": _best_move,
    "foul": _foul,
    "disqualify": _disqualify,
    "undo": lambda o, n: act.Undo(),
    **after_game.BUILD,
}


class _Reader(NamedTuple):
    """One action's line: its required and optional fields, the function that reads it and,
    for an action without fields, its one value (actions are values: one shared instance
    serves every bare line)."""

    required: frozenset[str]
    optional: frozenset[str]
    build: Callable[[JsonObject, str], act.Action]
    bare: act.Action | None


compare_by_class(_Reader)


_READERS: dict[str, _Reader] = {
    name: _Reader(required, optional, _BUILD[name],
                  _BUILD[name]({"action": name}, name) if not required | optional else None)
    for name, (required, optional) in ACTION_FIELDS.items()}


def action_to_dict(a: act.Action) -> LogLine:
    """An Action -> its game-log line (without "t"); a new action without a line is a
    type error (`assert_never`)."""
    match a:
        case act.Extra() | act.Penalty() | act.LeaveColour() | act.Protest() | act.Close():
            return after_game.to_dict(a)
        case act.Roles():
            return {"action": "roles", "don": a.don, "mafia": list(a.mafia), "sheriff": a.sheriff}
        case act.Nominate() | act.Withdraw():
            out: LogLine = {"action": "nominate" if isinstance(a, act.Nominate)
                                   else "withdraw", "seat": a.seat}
            if a.by is not None:
                out["by"] = a.by
            return out
        case act.Votes():
            return {"action": "votes", "seat": a.seat, **_count_dict(a.count, a.voters)}
        case act.Lift():
            return {"action": "lift", **_count_dict(a.count, a.voters)}
        case act.Shoot():
            if a.shots is not None:
                return {"action": "shoot", "shots": {str(k): v for k, v in a.shots}}
            return {"action": "shoot", "target": a.target}
        case act.DonCheck() | act.SheriffCheck():
            name = "don_check" if isinstance(a, act.DonCheck) else "sheriff_check"
            return {"action": name, "seat": a.seat}
        case act.BestMove():
            return {"action": "best_move", "seats": list(a.seats)}
        case act.Foul():
            return {"action": "foul", "seat": a.seat,
                    **({"reason": a.reason} if a.reason is not None else {}),
                    **({"kind": a.kind} if a.kind is not None else {})}
        case act.Disqualify():
            return {"action": "disqualify", "seat": a.seat, "kind": a.kind}
        case act.Start() | act.Day() | act.Night() | act.SpeechEnd() | act.Undo():
            return {"action": _SIMPLE[type(a)]}
        case _:
            assert_never(a)


_SIMPLE: dict[type, str] = {act.Start: "start", act.Day: "day", act.Night: "night",
                            act.SpeechEnd: "speech_end", act.Undo: "undo"}


def _count_dict(count: int | None, voters: tuple[int, ...] | None) -> LogLine:
    return {"voters": list(voters)} if voters is not None else {"count": count}


def dump_lines(head: Mapping[str, object], actions: Iterable[act.Action]) -> Iterator[str]:
    """The game log as JSON lines (header first)."""
    yield json.dumps(head, ensure_ascii=False)
    for a in actions:
        yield json.dumps(action_to_dict(a), ensure_ascii=False)
