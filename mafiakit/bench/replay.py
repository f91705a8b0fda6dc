"""The timing loop of `mafiakit bench engine`, shared by the classic and the club games.

A game is replayed from its game-log lines: each line parsed and validated, each action
checked against the rules and applied, undo lines included (docs/benchmarks.md). The rounds
over every game take turns with rounds of a floor: the same lines walked through a bare loop
that only copies each line and looks its action up in a table, the least any replay does.
The machine is shared, and a busy neighbour slows both alike, so `ratio_to_floor` (engine
time / floor time) still compares two runs when the absolute figures do not.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypedDict, TypeVar

from engine.actions import Undo
from engine.log import JsonObject

S = TypeVar("S")  # what opens a game: the classic rules' id, the club's settings
A = TypeVar("A")  # the variant's action
A_contra = TypeVar("A_contra", contravariant=True)
FLOOR_WALKS = 10  # a floor round walks the lines this often: long enough to time steadily
Line = JsonObject  # a game-log line as the engine's reader takes it


def as_line(line: Mapping[str, object]) -> Line:
    """A written game-log line (`action_to_dict`'s) as the engine's reader takes it: a copy,
    made when the games are generated, before anything is timed."""
    return dict(line)


class Playable(Protocol[A_contra]):
    """A game as a replay drives it: push an action, pop one (an undo line)."""

    def push(self, action: A_contra, /) -> object: ...

    def pop(self) -> object: ...


class Target(TypedDict):
    games_per_s: str
    us_per_action_p99: str


class Figures(TypedDict):
    """What `measure` reports (docs/benchmarks.md, `bench engine`)."""

    games: int
    actions: int
    actions_per_game: float
    games_per_s: float
    games_per_s_best: float
    us_per_action_p50: float
    us_per_action_p99: float
    us_per_action_max: float
    floor_games_per_s: float
    ratio_to_floor: float
    target: Target


@dataclass(frozen=True, slots=True)
class Replayer(Generic[S, A]):
    """How one kind of game is replayed: a new game from its setup, and the reader of its
    lines (the engine's own parse, bound to the setup once per game, not once per line)."""

    new_game: Callable[[S], Playable[A]]
    reader: Callable[[S], Callable[[Line], A]]


def replay(how: Replayer[S, A], setup: S, lines: Sequence[Line]) -> Playable[A]:
    """One whole game, line by line: parse + rules + apply (`Undo` is `pop`); the game."""
    game = how.new_game(setup)
    parse = how.reader(setup)
    for line in lines:
        action = parse(line)
        if isinstance(action, Undo):
            game.pop()
        else:
            game.push(action)
    return game


def _floor(logs: Sequence[tuple[S, Sequence[Line]]]) -> None:
    seen: dict[object, int] = {}
    for _, lines in logs:
        for line in lines:
            copy = dict(line)
            name = copy["action"]
            seen[name] = seen.get(name, 0) + 1


def measure(how: Replayer[S, A], logs: Sequence[tuple[S, Sequence[Line]]], *, rounds: int,
            warm_up: int) -> Figures:
    """games/s over whole games (median and best round), µs per action (p50/p99/max)."""
    n = len(logs)
    actions = sum(len(lines) for _, lines in logs)
    for setup, lines in logs[:warm_up]:
        replay(how, setup, lines)
    times: list[float] = []
    floors: list[float] = []
    clock = time.perf_counter
    for _ in range(rounds):
        t0 = clock()
        for setup, lines in logs:
            replay(how, setup, lines)
        t1 = clock()
        for _ in range(FLOOR_WALKS):
            _floor(logs)
        floors.append((clock() - t1) / FLOOR_WALKS)
        times.append(t1 - t0)
    per_action = _per_action(how, logs)
    median, floor = statistics.median(times), statistics.median(floors)
    return {
        "games": n,
        "actions": actions,
        "actions_per_game": round(actions / n, 1),
        "games_per_s": round(n / median, 1),
        "games_per_s_best": round(n / min(times), 1),
        "us_per_action_p50": _us(per_action, 0.5),
        "us_per_action_p99": _us(per_action, 0.99),
        "us_per_action_max": round(per_action[-1] / 1000, 2),
        "floor_games_per_s": round(n / floor, 1),
        "ratio_to_floor": round(median / floor, 2),
        "target": {"games_per_s": ">= 1000", "us_per_action_p99": "< 100"},
    }


def _per_action(how: Replayer[S, A], logs: Sequence[tuple[S, Sequence[Line]]]) -> list[int]:
    """Each line's parse + rules + apply on its own clock (ns), sorted."""
    out: list[int] = []
    clock = time.perf_counter_ns
    for setup, lines in logs:
        game = how.new_game(setup)
        parse = how.reader(setup)
        for line in lines:
            t0 = clock()
            action = parse(line)
            if isinstance(action, Undo):
                game.pop()
            else:
                game.push(action)
            out.append(clock() - t0)
    out.sort()
    return out


def _us(sorted_ns: list[int], q: float) -> float:
    return round(sorted_ns[min(int(len(sorted_ns) * q), len(sorted_ns) - 1)] / 1000, 2)
