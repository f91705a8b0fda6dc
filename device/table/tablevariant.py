"""The table side of the variant protocol: what a table needs of a game beyond
engine/variant.py's `GameVariant`, one `TableVariant` per game, found by the game's variant.

A game is keyed in on the pad with its own grammar (the classic one of device/table/keys.py,
the club's of device/table/clubkeys.py), its nights are called aloud in its own order
(device/table/nightscript.py), and the console prints its own help
(device/table/console_help.py). The engine names the variant (`find_variant`, by the header's
`rules`) but may not import device/, so the table's half of each variant is registered here,
by the variant's name (`Variant.name`): the pad bridge, the night script and the console ask
`table_variant(rules)` and never which game it is. A third variant that plays like one of
these is one line, `register("toy", TABLE_VARIANTS["club"])`; one with its own keys brings
its grammar and help.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple, Protocol

from device.hardware.pad import KeyEvent
from device.table.clubkeys import ClubDecoder
from device.table.console_help import CLASSIC_HELP, CLUB_HELP, HelpBook
from device.table.keys import PadDecoder, Result
from engine.club.night import ACTOR, ORDER
from engine.club.state import ClubState
from engine.club.timer import night_steps
from engine.variant import GameVariant, find_variant
from engine.viewmodels import JudgeView
from engine.vocab import NightAct, NightStep

Call = NightAct | NightStep  # a night step called aloud


class PadGrammar(Protocol):
    """A game's key grammar on the pad: one key event at a time, in the game as it is."""

    def feed(self, event: KeyEvent, game: GameVariant, judge: JudgeView) -> Result: ...

    def text(self, game: GameVariant, judge: JudgeView) -> str:
        """The unfinished key sequence, for the judge's screen."""
        ...


class TableVariant(NamedTuple):
    """What the table does differently for one game (the rules are the engine's)."""

    pad: Callable[[], PadGrammar]  # a fresh decoder of the game's key grammar
    night_order: Callable[[JudgeView], tuple[Call, ...]]  # every call of a night, in order
    night_step: Callable[[JudgeView], Call | None]  # the step the engine waits for at night
    help: HelpBook  # the console's `help`


class ClassicPad:
    """The classic grammar (docs/pad.md; 000-003)."""

    def __init__(self) -> None:
        self.decoder = PadDecoder()

    def feed(self, event: KeyEvent, game: GameVariant, judge: JudgeView) -> Result:
        return self.decoder.feed(event, judge)

    def text(self, game: GameVariant, judge: JudgeView) -> str:
        return self.decoder.text(judge)


class ClubPad:
    """The club grammar (docs/pad.md "The club game"; 004), which walks tonight's steps
    still to come."""

    def __init__(self) -> None:
        self.decoder = ClubDecoder()

    def feed(self, event: KeyEvent, game: GameVariant, judge: JudgeView) -> Result:
        return self.decoder.feed(event, judge, club_night_steps(game))

    def text(self, game: GameVariant, judge: JudgeView) -> str:
        return self.decoder.text(judge, club_night_steps(game))


def club_night_steps(game: GameVariant) -> tuple[NightAct, ...]:
    """Tonight's steps still to come of a game of the club's rules (its pad walks them)."""
    state = game.state
    if not isinstance(state, ClubState):  # a registry line that pairs a game with this pad
        raise TypeError(f"the club pad keys a game of the club's rules, not {game.rules_id!r}")
    return night_steps(state)


def _classic_step(view: JudgeView) -> Call | None:
    """000 I.7.3-7.8: the engine's next night step."""
    return view.night_steps[0] if view.night_steps else None


def _club_order(view: JudgeView) -> tuple[Call, ...]:
    """004 §7's order, for the roles the game dealt (a card nobody holds is never called)."""
    dealt = set((view.roles or {}).values())
    return tuple(step for step in ORDER if step not in ACTOR or ACTOR[step] in dealt)


TABLE_VARIANTS: Final[dict[str, TableVariant]] = {
    "classic": TableVariant(ClassicPad, lambda view: tuple(NightStep), _classic_step,
                            CLASSIC_HELP),  # the enum is the classic night's order
    "club": TableVariant(ClubPad, _club_order, lambda view: view.club_night_step, CLUB_HELP),
}


def register(name: str, table: TableVariant) -> None:
    """The table's half of the variant `name` (engine/variant.py's `register` is the other)."""
    TABLE_VARIANTS[name] = table


def unregister(name: str) -> None:
    TABLE_VARIANTS.pop(name, None)


def table_variant(rules: str) -> TableVariant:
    """The table's half of the game a header's `rules` opens (a LookupError that says what
    to do for a variant the table was never taught)."""
    name = find_variant({"rules": rules}).name
    found = TABLE_VARIANTS.get(name)
    if found is None:
        raise LookupError(f"the table has no pad grammar, night script or help for the "
                          f"{name!r} game: register its TableVariant "
                          "(device/table/tablevariant.py)")
    return found
