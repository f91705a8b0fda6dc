"""The console judge's texts: its `help` (every action the table takes, its fields and an
example line, for the game the table plays) and the line it prints whenever the game or its
players change, in the judge's language.

Each game's help is a `HelpBook`, picked by the game's variant (device/table/tablevariant.py).
The fields come from the engine's own tables (`engine.classic.log.ACTION_FIELDS`, the club game's
`engine.club.log.FIELDS`), so a field the engine adds shows up here by itself; the examples
are written here, the words (the one-line meanings: `help.ACTION`, a game's own where it has
one, `help.club.ACTION`) are the catalogue's (words/console.py), and
tests/device/test_console_help.py checks that every action the engine reads has both and that
every example is a line the engine reads.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from typing import Final, NamedTuple, Protocol

from engine.classic.log import ACTION_FIELDS
from engine.club.log import FIELDS as CLUB_FIELDS
from words import Lang, has, t


class Entry(NamedTuple):
    example: dict[str, object]


# the classic game (000-003), in the order a game goes
CLASSIC: Final[dict[str, Entry]] = {
    "roles": Entry({"action": "roles", "don": 3, "mafia": [5, 8], "sheriff": 1}),
    "start": Entry({"action": "start"}),
    "day": Entry({"action": "day"}),
    "speech_end": Entry({"action": "speech_end"}),
    "nominate": Entry({"action": "nominate", "seat": 4, "by": 1}),
    "withdraw": Entry({"action": "withdraw", "seat": 4, "by": 1}),
    "votes": Entry({"action": "votes", "seat": 4, "voters": [2, 6, 9]}),
    "lift": Entry({"action": "lift", "count": 6}),
    "night": Entry({"action": "night"}),
    "shoot": Entry({"action": "shoot", "target": 7}),
    "don_check": Entry({"action": "don_check", "seat": 1}),
    "sheriff_check": Entry({"action": "sheriff_check", "seat": 5}),
    "best_move": Entry({"action": "best_move", "seats": [3, 5, 8]}),
    "foul": Entry({"action": "foul", "seat": 6}),
    "disqualify": Entry({"action": "disqualify", "seat": 6, "kind": "removal"}),
    "colour_left": Entry({"action": "colour_left", "seat": 7, "named": 5, "colour": "black"}),
    "extra": Entry({"action": "extra", "seat": 2, "points": 0.3}),
    "penalty": Entry({"action": "penalty", "seat": 4, "points": -0.3, "clause": "000 III.6.1.7"}),
    "protest": Entry({"action": "protest", "seat": 5, "text": "..."}),
    "close": Entry({"action": "close", "judge": "Ivanova"}),
    "undo": Entry({"action": "undo"}),
}

# the club game (004), where it differs
CLUB_ACTIONS: Final[dict[str, Entry]] = {
    **{name: CLASSIC[name] for name in ("start", "day", "speech_end", "night", "don_check",
                                        "extra", "penalty", "protest", "close", "undo")},
    "roles": Entry({"action": "roles", "mafia": [3, 5], "don": 8, "maniac": 2, "doctor": 6,
                    "commissar": 1}),
    "discussion_end": Entry({"action": "discussion_end"}),
    "nominate": Entry({"action": "nominate", "seat": 4, "by": 1}),
    "nominations_end": Entry({"action": "nominations_end"}),
    "votes": Entry({"action": "votes", "seat": 4, "voters": [2, 6, 7]}),
    "catastrophe": Entry({"action": "catastrophe", "seat": 5}),
    "putana": Entry({"action": "putana", "seat": 8}),
    "mafia_shot": Entry({"action": "mafia_shot", "target": 4}),
    "maniac_shot": Entry({"action": "maniac_shot", "target": 6}),
    "heal": Entry({"action": "heal", "seat": 4}),
    "commissar_check": Entry({"action": "commissar_check", "seat": 3}),
    "kamikaze": Entry({"action": "kamikaze", "seat": 3}),
    "foul": Entry({"action": "foul", "seat": 6}),
    "disqualify": Entry({"action": "disqualify", "seat": 6, "kind": "removal"}),
}


class HelpBook(NamedTuple):
    """One game's help: its actions with an example each, the engine's table of their fields,
    and where its words are."""

    what: str  # the word key of the game's name in the help's first line
    entries: Mapping[str, Entry]
    fields: Mapping[str, tuple[frozenset[str], frozenset[str]]]  # required, optional
    own_words: str | None = None  # the key prefix of the game's own meanings ("help.club.")


CLASSIC_HELP: Final = HelpBook("help.what.classic", CLASSIC, ACTION_FIELDS)
CLUB_HELP: Final = HelpBook("help.what.club", CLUB_ACTIONS, CLUB_FIELDS, "help.club.")


def fields_of(name: str, book: HelpBook) -> str:
    """"seat, [by]": the action's fields as the engine reads them."""
    required, optional = book.fields[name]
    return ", ".join([*sorted(required), *(f"[{f}]" for f in sorted(optional))])


def meaning_key(name: str, book: HelpBook) -> str:
    """The key of an action's one-line meaning: the game's own where it has one."""
    own = None if book.own_words is None else f"{book.own_words}{name}"
    return own if own is not None and has(own) else f"help.{name}"


def help_text(lang: Lang, book: HelpBook = CLASSIC_HELP) -> str:
    lines = [t(lang, "help.head", what=t(lang, book.what))]
    label = t(lang, "help.fields")
    for name, entry in book.entries.items():
        fields = fields_of(name, book) or "-"
        lines.append(f"  {name:<16}{json.dumps(entry.example, ensure_ascii=False)}\n"
                     f"  {'':<16}{t(lang, meaning_key(name, book))} ({label}: {fields})\n")
    lines.append(t(lang, "help.tail"))
    return "".join(lines)


class _Table(Protocol):
    @property
    def game_id(self) -> str: ...
    @property
    def header(self) -> Mapping[str, object]: ...
    @property
    def names(self) -> Sequence[str]: ...
    @property
    def seq(self) -> int: ...


class GameNotice:
    """A line on the console (stderr: stdout keeps the machine answers) whenever the game or
    its players change: what the hub sent (issue 25), or what the judge typed."""

    def __init__(self, lang: Lang) -> None:
        self.lang = lang
        self._shown: tuple[str, tuple[str, ...]] | None = None

    def __call__(self, table: _Table) -> None:
        now = (table.game_id, tuple(table.names))
        if now == self._shown:
            return
        first = self._shown is None
        self._shown = now
        print(game_line(self.lang, table, first), file=sys.stderr, flush=True)


def game_line(lang: Lang, table: _Table, first: bool = False) -> str:
    head = table.header
    if not table.game_id:
        return t(lang, "console.no_game", rules=head.get("rules", "?"))
    facts = [t(lang, "console.rules", rules=head.get("rules", "?"))]
    if head.get("game") is not None:
        facts.append(t(lang, "console.number", number=head["game"]))
    if head.get("tournament"):
        facts.append(str(head["tournament"]))
    said = t(lang, "console.game", game=table.game_id, facts=", ".join(facts))
    if first and table.seq:
        said = t(lang, "console.resumed", said=said, seq=table.seq)
    if table.names:
        players = ", ".join(f"{seat} {name}" for seat, name in enumerate(table.names, start=1))
        return t(lang, "console.players", said=said, players=players)
    return t(lang, "console.no_players", said=said)
