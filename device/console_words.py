"""The console judge's own texts (`mafiakit table --stdin`), in Russian and English.

The answers keep their machine words (`ready ID SEQ`, `ok SEQ`, `error: ...`: scripts read
them); everything a judge reads after them follows `--lang` (issue 11). The refusals are the
engine's catalogue (engine/refusals.py); this file holds only what is not a refusal.
"""

from __future__ import annotations

from typing import Final

from engine.refusals import Lang

HELP: Final[dict[Lang, str]] = {
    "en": """\
The console judge: type one game-log line a line, as JSON; the table answers `ok SEQ`
(the number of accepted lines) or `error: REASON`.
  {"action": "roles", "don": 3, "mafia": [5, 8], "sheriff": 1}    deal the roles (seats 1-10)
  {"action": "start"}  {"action": "day"}  {"action": "nominate", "seat": 4, "by": 1}
  {"action": "undo"}                                              take back the last line
Table commands:
  {"command": "roster", "names": ["Ann", "Bo", ...]}             the nicknames, seat 1 first
  {"command": "new_game", "header": {"format": "mafia-game-log", "version": 1, "rules": "cml"}}
  {"command": "new_game", "header": {"format": "mafia-game-log", "version": 1, "rules": "club",
   "seats": 7}}                     a club game of 3-15 seats: then its lines (docs/club.md)
A new game asked for while a game runs (here or by the hub) waits: `confirm` abandons the
game at the table and opens it (or on the pad: hold TIMER, then hold NEXT; UNDO says no).
The actions and their fields are the game-log format's (examples/*.jsonl are whole games).
`help` shows this again; Ctrl-D (end of input) stops the table, nothing is lost.
""",
    "ru": """\
Консоль судьи: по одной строке протокола игры в строке, в JSON; стол отвечает `ok N`
(сколько строк принято) или `error: ПРИЧИНА`.
  {"action": "roles", "don": 3, "mafia": [5, 8], "sheriff": 1}    раздать роли (места 1-10)
  {"action": "start"}  {"action": "day"}  {"action": "nominate", "seat": 4, "by": 1}
  {"action": "undo"}                                              отменить последнюю строку
Команды стола:
  {"command": "roster", "names": ["Аня", "Бо", ...]}             никнеймы, начиная с места 1
  {"command": "new_game", "header": {"format": "mafia-game-log", "version": 1, "rules": "cml"}}
  {"command": "new_game", "header": {"format": "mafia-game-log", "version": 1, "rules": "club",
   "seats": 7}}                     клубная игра на 3-15 мест, затем её строки (docs/club.md)
Новая игра, заказанная посреди игры (здесь или хабом), ждёт: `confirm` прерывает игру за
столом и открывает её (или на пульте: удерживайте ТАЙМЕР, затем ДАЛЕЕ; ОТМЕНА - нет).
Действия и их поля - из формата протокола игры (examples/*.jsonl - целые игры).
`help` покажет это снова; Ctrl-D (конец ввода) останавливает стол, ничего не теряется.
""",
}

READING: Final[dict[Lang, str]] = {
    "en": "table: reading game-log lines from stdin (`help` for examples)",
    "ru": "table: читаю строки протокола игры со стандартного ввода (`help` - примеры)",
}
