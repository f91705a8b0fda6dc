"""The console judge's own texts (`mafiakit table --stdin`), in Russian and English.

The answers keep their machine words (`ready ID SEQ`, `ok SEQ`, `error: ...`: scripts read
them); everything a judge reads after them follows `--lang` (issue 11), Russian by default as
the screens (issue 25). The refusals are the engine's catalogue (engine/refusals.py), `help`
is device/console_help.py; this file holds the rest.
"""

from __future__ import annotations

import sys
from typing import Any, Final, Protocol

from engine.refusals import Lang

READING: Final[dict[Lang, str]] = {
    "en": "table: reading game-log lines from stdin (`help` for examples)",
    "ru": "table: читаю строки протокола игры со стандартного ввода (`help` - примеры)",
}


class _Table(Protocol):
    game_id: str
    header: dict[str, Any]
    names: list[str]
    seq: int


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
    ru = lang == "ru"
    if not table.game_id:
        rules = table.header.get("rules", "?")
        return (f"table: игры ещё нет: её пришлёт хаб, или первая строка откроет игру стола "
                f"(правила {rules})" if ru else
                f"table: no game yet: the hub sends one, or the first line opens the table's "
                f"own (rules {rules})")
    head = table.header
    facts = [f"{'правила' if ru else 'rules'} {head.get('rules', '?')}"]
    if head.get("game") is not None:
        facts.append(f"{'игра' if ru else 'game'} {head['game']}")
    if head.get("tournament"):
        facts.append(str(head["tournament"]))
    said = ((f"table: игра {table.game_id}" if ru else f"table: game {table.game_id}")
            + f" ({', '.join(facts)})")
    if first and table.seq:
        said += (f", продолжается: принято строк {table.seq}" if ru else
                 f", resumed: {table.seq} lines taken")
    if table.names:
        players = ", ".join(f"{seat} {name}" for seat, name in enumerate(table.names, start=1))
        return f"{said}; {'игроки' if ru else 'players'}: {players}"
    return said + ("; игроков ещё нет (их пришлёт хаб, или команда roster)" if ru else
                   "; no players yet (the hub sends them, or the roster command)")
