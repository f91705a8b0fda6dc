"""The games of the kit behind one interface, and `find_variant` (python-chess's variants).

Every game the kit plays (the classic tournament game, `engine.classic.game.Game`; the club game,
`engine.club.game.ClubGame`; a third one later) is a `GameVariant`: the table service, the
journal's replay and the screens hold "a game" and call these methods, never asking which
game it is. `find_variant(header)` picks the variant by the header's `rules`: the registry
below is the one place that names them, and a third variant joins it by one line
(`register`).

A `typing.Protocol`, not an abstract base class: the two engines keep their own classes
(slots, no common base on the hot path: `push` is what `bench engine` times), mypy checks
each against the protocol structurally, and a variant in a test needs nothing of ours to
inherit. The caller speaks game-log lines (`parse_line` to check one, `play_line` to push
it, `lines` for the protocol); the action objects stay the variant's own, typed inside it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from importlib import import_module
from typing import TYPE_CHECKING, NamedTuple, Protocol

from engine.values import compare_by_class

if TYPE_CHECKING:
    from engine.log import JsonObject, LogLine
    from engine.timer import Timer
    from engine.viewmodels import Reveal, View
    from engine.vocab import InfoClass


class VariantState(Protocol):
    """What a caller may read of any variant's state: whether the game is decided."""

    @property
    def finished(self) -> bool: ...

    @property
    def phase(self) -> object:
        """The phase, compared with `engine.vocab.Phase` (the night script follows nights)."""
        ...

    @property
    def winner(self) -> object:
        """Who won (the variant's own vocabulary), None while undecided."""
        ...


class GameVariant(Protocol):
    """One game of some variant, with push/pop undo (docs/architecture.md, "The variant
    protocol")."""

    @property
    def rules_id(self) -> str:
        """The header's `rules` the game was opened with ("cml", "club", ...)."""
        ...

    @property
    def seats(self) -> int:
        """Seats at the table (classic: 10; club: 3-15, 004 §1)."""
        ...

    @property
    def state(self) -> VariantState: ...

    @property
    def actions(self) -> Sequence[object]:
        """The actions in effect, oldest first (each the variant's own type)."""
        ...

    def parse_line(self, line: JsonObject) -> object:
        """A game-log line -> this game's action, applied to nothing (LogError in a judge's
        words): what the table checks before anything else."""
        ...

    def play_line(self, line: JsonObject) -> LogLine | None:
        """Push the line's action (an undo pops): the line of the action an undo took back,
        else None. LogError or IllegalAction (nothing changed) when refused."""
        ...

    def pop(self) -> object:
        """Undo the last action in effect (IllegalAction when there is none)."""
        ...

    def is_legal_line(self, line: JsonObject) -> bool:
        """Whether the line reads and the rules take it now (nothing changes)."""
        ...

    def lines(self) -> list[LogLine]:
        """The actions in effect as game-log lines (shared: never change one)."""
        ...

    def view(self, info_class: InfoClass) -> View:
        """The engine's view for one information class (docs/views.md)."""
        ...

    def timer(self) -> Timer | None:
        """What is timed now and for how long (the device runs the clock)."""
        ...

    def timer_identity(self, timer: Timer | None) -> tuple[object, ...] | None:
        """What makes "a new countdown": equal identities keep the running one."""
        ...

    def winners(self) -> Reveal | frozenset[int] | None:
        """What the seat LEDs may show of a decided game (None while it goes on)."""
        ...

    def result(self) -> Mapping[str, object]:
        """The result object once decided (docs/game-log.md; the club's with `score`)."""
        ...

    def scored_result(self) -> Mapping[str, object]:
        """The result with the points and the after-game lines (`mafiakit replay`)."""
        ...


class Variant(NamedTuple):
    """A game the kit plays: how a header opens it and what the table's defaults are (a
    NamedTuple: a replay imports no `dataclasses`, tests/engine/test_startup.py)."""

    name: str
    open: Callable[[JsonObject], GameVariant]
    # the header as admitted (its fields checked by the variant's own reader): (seats, header)
    admit_header: Callable[[JsonObject], tuple[int, JsonObject]]
    # the table's own game: (rules, tournament, table, seats or None, today's date)
    default_header: Callable[[str, str, str, int | None, str], LogLine]
    # where its decided games add up: a tournament's standings, or a club evening (004 §8)
    standings: bool = False
    evening: bool = False


compare_by_class(Variant)

# rules -> the variant, or the module that defines it as VARIANT-named attribute (imported
# on the first header that names it: a classic replay never loads the club engine)
_BY_RULES: dict[str, Variant | tuple[str, str]] = {
    "club": ("engine.club.game", "CLUB_VARIANT"),
}
_DEFAULT: list[Variant | tuple[str, str]] = [("engine.classic.game", "CLASSIC_VARIANT")]
# ^ the classic game: every `rules` no other variant claims


def register(rules: str, variant: Variant) -> None:
    """A variant for headers whose `rules` is `rules` (a third variant: one call)."""
    _BY_RULES[rules] = variant


def unregister(rules: str) -> None:
    _BY_RULES.pop(rules, None)


def named_rules() -> tuple[str, ...]:
    """The `rules` a variant other than the classic game claims ("club", ...): beside the
    ruleset ids, what a table's or a hub's `rules` setting may say (bus/settings.py)."""
    return tuple(_BY_RULES)


def find_variant(header: Mapping[str, object]) -> Variant:
    """The variant a header opens: by its `rules`; the classic game for a ruleset id (its
    own reader refuses an unknown one in words)."""
    rules = header.get("rules")
    found = _BY_RULES.get(rules) if isinstance(rules, str) else None
    if found is None:
        found = _DEFAULT[0]
        if not isinstance(found, Variant):
            found = _DEFAULT[0] = _load(found)
    elif not isinstance(found, Variant):
        found = _BY_RULES[str(rules)] = _load(found)
    return found


def _load(where: tuple[str, str]) -> Variant:
    variant = getattr(import_module(where[0]), where[1])
    if not isinstance(variant, Variant):
        raise TypeError(f"{where[0]}.{where[1]} is not a Variant")
    return variant


def open_game(header: JsonObject) -> GameVariant:
    """A fresh game for an admitted header."""
    return find_variant(header).open(header)

