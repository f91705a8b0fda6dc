"""A sample tournament for the venue's screen: 120 players at twelve tables, the standings
after round 3 (with places shared by lot) and round 4's seating, as the hub's retained pages
(bus/hubpages.py) carry them. Used by `mafiakit scoreboard --venue --sample tournament`, the
tests and the reference images in docs/img."""

from __future__ import annotations

import json
import random
from typing import Final

from scoreboard.board import PLAYERS, ROUNDS, HubBoard

RUSSIAN: Final = (
    "Антарес", "Бармалей", "Гроссмейстер", "Ёжик", "Лиса", "Шторм", "Ясень", "Граф", "Сова",
    "Барон", "Кит", "Туман", "Эхо", "Шерлок", "Полярная звезда", "Маэстро Длинноник",
    "Вьюга", "Гроза", "Дюна", "Жасмин", "Зубр", "Искра", "Кедр", "Лавина", "Метель",
    "Нарвал", "Облако", "Пилот", "Рысь", "Сапсан", "Тайга", "Ураган", "Филин", "Хамелеон",
    "Циклон", "Чародей", "Шаман", "Щегол", "Юнга", "Ягуар", "Альбатрос", "Бриз", "Вереск",
    "Гепард", "Дозор", "Енот", "Журавль", "Зенит", "Изумруд", "Кобра", "Ледокол", "Мираж",
    "Нептун", "Оникс", "Пересмешник", "Рубин", "Сфинкс", "Тень", "Удав", "Факел",
)
LATIN: Final = (
    "Lynx", "Mira", "Orion", "Vega", "Zed", "Nova", "Volt", "Tesla", "Atlas", "Blaze",
    "Comet", "Delta", "Echo", "Falcon", "Ghost", "Hawk", "Indigo", "Jazz", "Kodiak", "Luna",
    "Maverick", "Nebula", "Onyx", "Phoenix", "Quartz", "Raven", "Sable", "Titan", "Umbra",
    "Viper", "Wolf", "Xenon", "Yeti", "Zephyr", "Aurora", "Bishop", "Cipher", "Drift",
    "Ember", "Frost", "Glitch", "Harbor", "Ion", "Jester", "Karma", "Legend", "Mystic",
    "Ninja", "Oracle", "Pixel", "Quest", "Rogue", "Storm Chaser", "Tango", "Unity", "Vortex",
    "Whisper", "Xander", "Yukon", "Zodiac",
)
NICKNAMES: Final = RUSSIAN + LATIN  # 120 players, 12 tables of 10
TABLES: Final = 12


def _json(value: object) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode()


def sample_pages(players: int = len(NICKNAMES), seed: int = 3, as_of: int = 3,
                 next_round: int = 4, hidden: bool = False) -> dict[str, bytes]:
    """Hub topic name -> retained page: the standings after round `as_of` (players 3 and 4
    share a place by lot, other equal totals are placed by a tie-break) and every player's
    seat in `next_round`, `players` players (a multiple of ten, at most 120)."""
    rng = random.Random(seed)
    names = list(NICKNAMES[:players])
    seats = names[:]
    rng.shuffle(seats)
    nexts = {name: {"round": next_round, "table": str(i // 10 + 1), "seat": i % 10 + 1}
             for i, name in enumerate(seats)}
    totals = sorted(((rng.randrange(0, 181) / 20, name) for name in names), reverse=True)
    totals[3] = (totals[2][0], totals[3][1])  # equal through the chain: a lot
    rows = []
    for i, (total, name) in enumerate(totals):
        lot = i in (2, 3)
        tied = any(other == total for j, (other, _) in enumerate(totals) if j != i)
        rows.append({"place": 3 if lot else i + 1, "player": name, "total": total,
                     "games": as_of, "wins": rng.randint(0, as_of), "lot": lot,
                     "tie_break": "wins" if tied and not lot else None})
    return {PLAYERS: _json({
        "tournament": "autumn-cup", "name": "Autumn Cup 2026",
        "rounds": list(range(1, as_of + 1)),
        "players": [{"player": name, "next": nexts[name]} for name in names],
        "standings": None if hidden else rows,
        "standings_as_of": {"as_of_round": as_of, "hidden": hidden}}),
        f"{ROUNDS}{next_round}": _json({"round": next_round, "games": []})}


def sample_board(players: int = len(NICKNAMES), hidden: bool = False) -> HubBoard:
    """A HubBoard holding `sample_pages`."""
    board = HubBoard()
    for name, raw in sample_pages(players, hidden=hidden).items():
        board.on_page(name, raw)
    return board
