"""A club game log turned into the judge's key presses (docs/pad.md "The club game", backwards).

Like firmware_sim/fromlog.py for the classic game, whose night cursor it reuses: the log is
replayed on the club engine alongside, because a bare NEXT at night passes the steps tonight
still has, and those depend on the moment (who is awake, who is blocked, whether the kamikaze
dies). A null `maniac_shot` is the maniac doing nothing: the pad passes his step (the result
is the same), so the line and an undo of it become that pass.
"""

from __future__ import annotations

from collections.abc import Iterable

from device.table.clubkeys import deal_slots
from device.table.tablevariant import club_night_steps
from engine import Undo
from engine.errors import IllegalAction, LogError
from engine.log import JsonObject, parse_json_line
from engine.replay import ReplayError
from engine.variant import GameVariant, find_variant
from engine.viewmodels import JudgeView
from engine.vocab import InfoClass, NightAct
from firmware_sim.fromlog import ConsoleOnly, Press, _Night, keys_of

NIGHT_LINES = frozenset(NightAct)
HOLDS = {"removal": 1, "team_loss": 2, "drop": 3}  # FOUL held once, twice, three times

Numbered = list[tuple[int, JsonObject]]


def _passed_maniac(numbered: Numbered) -> Numbered:
    """The log without null maniac shots and the undos that take them back."""
    lines = [line for _, line in numbered]
    stack: list[int] = []
    dropped: set[int] = set()
    for i, line in enumerate(lines):
        if line.get("action") != "undo":
            stack.append(i)
            continue
        if stack:
            undone = stack.pop()
            line_undone = lines[undone]
            if line_undone.get("action") == "maniac_shot" and line_undone["target"] is None:
                dropped.update((i, undone))
    skip = {i for i, line in enumerate(lines)
            if line.get("action") == "maniac_shot" and line.get("target") is None}
    return [pair for i, pair in enumerate(numbered) if i not in dropped | skip]


def _seat(value: object) -> list[Press]:
    return [] if value is None else [(str(value), False)]


def _judge(game: GameVariant) -> JudgeView:
    view = game.view(InfoClass.JUDGE)
    assert isinstance(view, JudgeView)
    return view


def _presses(line: JsonObject, game: GameVariant, night: _Night) -> list[Press]:
    name = str(line["action"])
    judge = _judge(game)
    steps = [str(step) for step in club_night_steps(game)]
    if name == "roles":
        slots = deal_slots(game.seats, line.get("don") is None)
        mafia = iter(keys_of(line["mafia"]))
        seats = [next(mafia) if slot == "mafia" else (str(line[slot]), False) for slot in slots
                 if slot == "mafia" or slot in line]
        no_don: list[Press] = [("NEXT", False)] if line.get("don") is None else []
        return [*no_don, *seats, ("NEXT", False)]
    if name in ("start", "night", "speech_end", "discussion_end", "nominations_end"):
        return [("NEXT", False)]
    if name == "day":
        return [*night.passing(judge, None, steps), ("NEXT", False)]
    if name in NIGHT_LINES:
        target = line.get("target", line.get("seat"))
        if name == "kamikaze" and judge.phase == "day":  # the pick of a kamikaze voted out
            return [*_seat(target), ("NEXT", False)]
        return [*night.passing(judge, name, steps), *_seat(target), ("NEXT", False)]
    if name == "nominate":
        return [("NOMINATE", False), (str(line["by"]), False), (str(line["seat"]), False)]
    if name == "votes":
        return [*keys_of(line["voters"]), ("VOTE", False)]
    if name == "catastrophe":
        return [(str(line["seat"]), False), ("NEXT", False)]
    if name == "foul":
        return [("FOUL", False), (str(line["seat"]), False)]
    if name == "disqualify":
        return [*[("FOUL", True)] * HOLDS[str(line["kind"])], (str(line["seat"]), False)]
    if name == "protest":
        return [("VOTE", False), (str(line["seat"]), False)]
    if name == "close":
        return [("NEXT", True)]
    if name == "extra" and "approved_by" not in line and line["points"] in (0, 1):
        points = "1" if line["points"] == 1 else "10"  # 10 = withdraw
        return [(str(line["seat"]), False), (points, False), ("NEXT", False)]
    raise ConsoleOnly(f"the pad has no keys for the club action {name!r} (it is typed at the "
                      "console: `mafiakit table --stdin`, docs/pad.md)")


def club_log_presses(lines: Iterable[str]) -> list[Press]:
    """Every key press of a whole log of a game of the club's rules (header first), in order;
    a bad or illegal line raises ReplayError("line N: ...") as `mafiakit replay` reports it."""
    game: GameVariant | None = None
    objs: Numbered = []
    for number, text in enumerate(lines, 1):
        if not text.strip():
            continue
        try:
            obj = parse_json_line(text)
            if game is None:
                variant = find_variant(obj)
                game = variant.open(variant.admit_header(obj)[1])
            else:
                objs.append((number, obj))
        except LogError as exc:
            raise ReplayError(number, str(exc)) from None
    if game is None:
        return []
    night = _Night()
    presses: list[Press] = []
    for number, obj in _passed_maniac(objs):
        try:
            presses += _line_presses(game, obj, night)
        except (LogError, IllegalAction, ConsoleOnly) as exc:
            raise ReplayError(number, str(exc)) from None
    return presses


def _line_presses(game: GameVariant, obj: JsonObject, night: _Night) -> list[Press]:
    """Apply one action line to `game`; return the keys that entered it."""
    judge = _judge(game)
    night.sync(judge)
    if isinstance(game.parse_line(obj), Undo):  # LogError for a line the game cannot read
        game.pop()
        return night.undo(judge)
    keys = _presses(obj, game, night)
    game.play_line(obj)
    return keys
