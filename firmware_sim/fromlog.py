"""A game log turned into the key presses a judge makes on the pad (docs/pad.md, backwards).

It makes demo key scripts from real games (`mafiakit sim --from-log game.jsonl`), and it lets
the tests play every example game back through the pad to prove the grammar can enter any of
them. The log is replayed on the engine alongside, because some keys depend on the moment:
which night steps a bare NEXT must pass, and what a `shots` line meant (the pad enters the
judge's decision, the killed seat or a miss).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine import Undo
from engine.classic.game import Game
from engine.classic.log import parse_action, parse_header
from engine.classic.views import judge_view
from engine.errors import IllegalAction, LogError
from engine.log import JsonObject, parse_json_line
from engine.replay import ReplayError
from engine.variant import find_variant
from engine.viewmodels import JudgeView

Press = tuple[str, bool]  # (key, held past the hold time)


class ConsoleOnly(ValueError):
    """A log line the pad has no keys for: it is typed at the console (docs/pad.md)."""


def keys_of(value: object) -> list[Press]:
    """A line's list of seats (checked by the engine's reader first) as seat keys."""
    if not isinstance(value, list):
        raise TypeError(f"a list of seats, not {value!r}")
    return [(str(seat), False) for seat in value]


def _tally(line: JsonObject) -> list[Press]:
    """Voters then VOTE, or VOTE / count / VOTE (an empty list is VOTE VOTE)."""
    if line.get("voters"):
        return [*keys_of(line["voters"]), ("VOTE", False)]
    count = line.get("count") or 0
    return [("VOTE", False), *([(str(count), False)] if count else []), ("VOTE", False)]


class _Night:
    """Mirror of the pad's night cursor: the steps a bare NEXT has passed tonight."""

    def __init__(self) -> None:
        self.number: int | None = None
        self.skipped: list[str] = []
        self.skip_actions = -1  # `actions` when the last step was passed

    def sync(self, judge: JudgeView) -> None:
        """Forget the passed steps once the night is over, as the pad does."""
        if self.skipped and (judge.phase != "night" or judge.number != self.number):
            self.skipped = []

    def undo(self, judge: JudgeView) -> list[Press]:
        """UNDO for each bare NEXT just pressed (the pad takes those back first), then one
        UNDO for the last record."""
        presses: list[Press] = []
        while self.skipped and self.skip_actions == judge.actions:
            self.skipped.pop()
            presses.append(("UNDO", False))
        return [*presses, ("UNDO", False)]

    def passing(self, judge: JudgeView, until: str | None,
                steps: Sequence[str] | None = None) -> list[Press]:
        """NEXT for every pending step before `until` (None: all of them) not yet passed;
        `steps` are tonight's steps (the judge view's, or the club's from device.table.clubkeys)."""
        presses: list[Press] = []
        for step in judge.night_steps if steps is None else steps:
            if step == until:
                break
            if step not in self.skipped and step != "shoot":
                self.skipped.append(step)
                self.number, self.skip_actions = judge.number, judge.actions
                presses.append(("NEXT", False))
        return presses


def _presses(
    line: JsonObject, judge: JudgeView, shot: int | None, night: _Night
) -> list[Press]:
    name = str(line["action"])
    seat = str(line.get("seat"))
    if name == "roles":
        don, sheriff = (str(line["don"]), False), (str(line["sheriff"]), False)
        return [don, *keys_of(line["mafia"]), sheriff, ("NEXT", False)]
    if name in ("start", "night", "speech_end"):
        return [("NEXT", False)]
    if name == "day":
        return [*night.passing(judge, None), ("NEXT", False)]
    if name == "shoot":
        return [*([(str(shot), False)] if shot else []), ("NEXT", False)]
    if name in ("don_check", "sheriff_check"):
        return [*night.passing(judge, name), (seat, False), ("NEXT", False)]
    if name == "best_move":
        return [*night.passing(judge, name), *keys_of(line["seats"]), ("NEXT", False)]
    if name == "nominate":
        return [("NOMINATE", False), (seat, False)]
    if name == "withdraw":
        return [("NOMINATE", True), (seat, False)]
    if name in ("votes", "lift"):
        return _tally(line)
    if name == "foul":
        return [("FOUL", False), (seat, False)]
    if name == "disqualify":
        holds = 2 if line["kind"] == "team_loss" else 1
        return [*[("FOUL", True)] * holds, (seat, False)]
    if name == "colour_left":  # in the farewell: NOMINATE, the named seat (000 III.5.1)
        return [("NOMINATE", False), (str(line["named"]), False)]
    if name == "protest":  # the words go on the paper protocol; the pad notes the seat
        return [("VOTE", False), (seat, False)]
    if name == "close":  # the signature: NEXT held (the judge signs the paper protocol)
        return [("NEXT", True)]
    points = line.get("points", -1)
    tenths = (points if isinstance(points, int | float) else -1) * 10
    if name == "extra" and "approved_by" not in line and tenths in range(10):
        # docs/pad.md: seat, the points as a seat key (10 = withdraw), NEXT
        return [(seat, False), (str(int(tenths) or 10), False), ("NEXT", False)]
    raise ConsoleOnly(f"the pad has no keys for the action {name!r} (it is typed at the "
                      "console: `mafiakit table --stdin`, docs/pad.md)")


def log_presses(lines: Iterable[str]) -> list[Press]:
    """Every key press of a whole game log (header first), in order.

    A bad or illegal line raises ReplayError("line N: ...") as `mafiakit replay` reports it.
    """
    game: Game | None = None
    night = _Night()
    presses: list[Press] = []
    for number, text in enumerate(lines, 1):
        if not text.strip():
            continue
        try:
            obj = parse_json_line(text)
            if game is None:
                game = Game(parse_header(obj)["rules"])
                continue
            presses += _line_presses(game, obj, night)
        except (LogError, IllegalAction, ConsoleOnly) as exc:
            raise ReplayError(number, str(exc)) from None
    return presses


def _line_presses(game: Game, obj: JsonObject, night: _Night) -> list[Press]:
    """Apply one action line to `game`; return the keys that entered it."""
    judge = judge_view(game.state, game.rules, len(game.actions))
    night.sync(judge)
    action = parse_action(obj)
    if isinstance(action, Undo):
        game.pop()
        return night.undo(judge)
    game.push(action)
    after = judge_view(game.state, game.rules, len(game.actions))
    shot = after.nights[-1].shot if obj["action"] == "shoot" else None
    return _presses(obj, judge, shot, night)


def key_script(presses: Iterable[Press], gap_ms: int = 400) -> str:
    """A key script (see script.py) pressing the keys `gap_ms` apart."""
    return "".join(f"{gap_ms} {key}{' hold' if held else ''}\n" for key, held in presses)


def variant_presses(lines: list[str]) -> list[Press]:
    """Every key press of a whole game log, in the grammar of the header's variant (the
    club's: firmware_sim/clubfromlog.py), as the table picks its pad's grammar
    (device/table/tablevariant.py)."""
    from firmware_sim.clubfromlog import club_log_presses

    by_variant = {"classic": log_presses, "club": club_log_presses}
    first = next((line for line in lines if line.strip()), "")
    try:
        name = find_variant(parse_json_line(first)).name
    except LogError:
        name = "classic"  # whose reader says in words what is wrong with the header
    keyed = by_variant.get(name)
    if keyed is None:
        raise ReplayError(1, f"the pad has no keys for a {name} game (it is typed at the "
                             "console: `mafiakit table --stdin`, docs/pad.md)")
    return keyed(lines)


def log_to_script(text: str, gap_ms: int = 400) -> str:
    """A whole game log (JSON Lines text) as a key script, in its variant's grammar."""
    return key_script(variant_presses(text.splitlines()), gap_ms)
