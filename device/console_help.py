"""The console judge's `help`: every action the table takes, its fields and an example line,
in Russian and English, for the game the table plays (classic or club).

The fields come from the engine's own tables (`engine.log.ACTION_FIELDS`, the club game's
`engine.club.log.FIELDS`), so a field the engine adds shows up here by itself; the examples
and the one-line meanings are written here, and tests/device/test_console_help.py checks that
every action the engine reads has one and that every example is a line the engine reads.
"""

from __future__ import annotations

import json
from typing import Final, NamedTuple

from engine.club.log import FIELDS as CLUB_FIELDS
from engine.log import ACTION_FIELDS
from engine.refusals import Lang


class Entry(NamedTuple):
    example: dict[str, object]
    ru: str
    en: str


# the classic game (000-003), in the order a game goes
CLASSIC: Final[dict[str, Entry]] = {
    "roles": Entry({"action": "roles", "don": 3, "mafia": [5, 8], "sheriff": 1},
                   "раздача: места дона, двух мафий и шерифа",
                   "the deal: the seats of the don, the two mafia and the sheriff"),
    "start": Entry({"action": "start"}, "«Наступает ночь»: нулевая ночь",
                   "\"night falls\": the zero night"),
    "day": Entry({"action": "day"}, "«Доброе утро»: день", "\"good morning\": the day"),
    "speech_end": Entry({"action": "speech_end"}, "конец речи (в т.ч. прощальной)",
                        "end of a speech (a farewell too)"),
    "nominate": Entry({"action": "nominate", "seat": 4, "by": 1},
                      "выставление: seat - кого, by - кто (в своей речи)",
                      "a nomination: seat - who, by - the speaker"),
    "withdraw": Entry({"action": "withdraw", "seat": 4, "by": 1},
                      "снять кандидатуру (где правила позволяют)",
                      "withdraw a nomination (where the rules allow it)"),
    "votes": Entry({"action": "votes", "seat": 4, "voters": [2, 6, 9]},
                   "голоса за кандидата: voters - места, или count - число",
                   "votes for a candidate: voters - their seats, or count - how many"),
    "lift": Entry({"action": "lift", "count": 6},
                  "подъём: кто за то, чтобы поднять всех (voters или count)",
                  "the lift: who votes to remove them all (voters or count)"),
    "night": Entry({"action": "night"}, "«Город засыпает»: ночь", "the night"),
    "shoot": Entry({"action": "shoot", "target": 7},
                   "выстрел мафии (target; без target - промах)",
                   "the mafia's shot (target; none: a miss)"),
    "don_check": Entry({"action": "don_check", "seat": 1}, "проверка дона", "the don's check"),
    "sheriff_check": Entry({"action": "sheriff_check", "seat": 5}, "проверка шерифа",
                           "the sheriff's check"),
    "best_move": Entry({"action": "best_move", "seats": [3, 5, 8]},
                       "лучший ход убитого первым (1-3 места)",
                       "the best move of the first one killed (1-3 seats)"),
    "foul": Entry({"action": "foul", "seat": 6},
                  "фол (reason - за что; kind: \"voting\" - на голосовании)",
                  "a foul (reason - what for; kind: \"voting\" - in a vote)"),
    "disqualify": Entry({"action": "disqualify", "seat": 6, "kind": "removal"},
                        "удаление: kind removal или team_loss (с поражением команды)",
                        "a removal: kind removal, or team_loss (the team loses)"),
    "colour_left": Entry({"action": "colour_left", "seat": 7, "named": 5, "colour": "black"},
                         "цвет, оставленный в прощальной речи (cml, 000 III.5.1)",
                         "the colour left on record in a farewell (cml, 000 III.5.1)"),
    "extra": Entry({"action": "extra", "seat": 2, "points": 0.3},
                   "доп. баллы после игры (approved_by - кто согласовал сверх лимита)",
                   "extra points after the game (approved_by - who allowed more)"),
    "penalty": Entry({"action": "penalty", "seat": 4, "points": -0.3, "clause": "000 III.6.1.7"},
                     "штраф: clause - пункт правил, обязательно (note - пояснение)",
                     "a penalty: clause - the rule's clause, required (note - a remark)"),
    "protest": Entry({"action": "protest", "seat": 5, "text": "..."},
                     "протест игрока, его словами", "a player's protest, in his words"),
    "close": Entry({"action": "close", "judge": "Ivanova"},
                   "подпись судьи: протокол закрыт", "the judge's signature: the protocol closed"),
    "undo": Entry({"action": "undo"}, "отменить последнюю строку", "take back the last line"),
}

# the club game (004), where it differs
CLUB: Final[dict[str, Entry]] = {
    **{name: CLASSIC[name] for name in ("start", "day", "speech_end", "night", "don_check",
                                        "extra", "penalty", "protest", "close", "undo")},
    "roles": Entry({"action": "roles", "mafia": [3, 5], "don": 8, "maniac": 2, "doctor": 6,
                    "commissar": 1}, "раздача: места мафии и ролей стола",
                   "the deal: the mafia's seats and every role of the table"),
    "discussion_end": Entry({"action": "discussion_end"}, "конец общего обсуждения",
                            "end of the general discussion"),
    "nominate": Entry({"action": "nominate", "seat": 4, "by": 1},
                      "выставление: seat - кого, by - кто", "a nomination: seat - who, by - who"),
    "nominations_end": Entry({"action": "nominations_end"}, "выставление закончено",
                             "no more nominations"),
    "votes": Entry({"action": "votes", "seat": 4, "voters": [2, 6, 7]},
                   "голоса за кандидата (места голосовавших)", "votes for a candidate (seats)"),
    "catastrophe": Entry({"action": "catastrophe", "seat": 5},
                         "подрыв сапёра: seat - кого он забирает", "the sapper's blast: seat"),
    "putana": Entry({"action": "putana", "seat": 8}, "путана блокирует", "the putana blocks"),
    "mafia_shot": Entry({"action": "mafia_shot", "target": 4}, "выстрел мафии",
                        "the mafia's shot"),
    "maniac_shot": Entry({"action": "maniac_shot", "target": 6}, "выстрел маньяка",
                         "the maniac's shot"),
    "heal": Entry({"action": "heal", "seat": 4}, "доктор лечит", "the doctor heals"),
    "commissar_check": Entry({"action": "commissar_check", "seat": 3}, "проверка комиссара",
                             "the commissar's check"),
    "kamikaze": Entry({"action": "kamikaze", "seat": 3}, "камикадзе забирает",
                      "the kamikaze takes a seat"),
    "foul": Entry({"action": "foul", "seat": 6}, "фол (reason - за что)",
                  "a foul (reason - what for)"),
    "disqualify": Entry({"action": "disqualify", "seat": 6, "kind": "removal"},
                        "удаление: kind removal или team_loss",
                        "a removal: kind removal or team_loss"),
}

_HEAD: Final[dict[Lang, str]] = {
    "ru": ("Консоль судьи: одна строка протокола игры в строке, в JSON; стол отвечает `ok N` "
           "(сколько строк принято) или `error: ПРИЧИНА`.\n{what}\n"
           "Поля в [скобках] необязательны. Действия:\n"),
    "en": ("The console judge: one game-log line a line, as JSON; the table answers `ok N` "
           "(the lines accepted) or `error: REASON`.\n{what}\n"
           "Fields in [brackets] are optional. Actions:\n"),
}
_WHAT: Final[dict[tuple[Lang, bool], str]] = {
    ("ru", False): "Игра стола: классическая (10 мест).",
    ("ru", True): "Игра стола: клубная (004), свои действия ночью.",
    ("en", False): "This table plays the classic game (ten seats).",
    ("en", True): "This table plays the club game (004), with its own night.",
}
_TAIL: Final[dict[Lang, str]] = {
    "ru": """\
Команды стола:
  {"command": "roster", "names": ["Аня", "Бо", ...]}    никнеймы, начиная с места 1
  {"command": "new_game"}     следующая игра стола (клуб: с датой и номером игры вечера)
  {"command": "new_game", "header": {"format": "mafia-game-log", "version": 1, "rules": "cml"}}
  {"command": "new_game", "header": {"format": "mafia-game-log", "version": 1, "rules": "club",
   "seats": 7}}     клубная игра на 3-15 мест
На турнире игру и состав присылает хаб: консоль показывает их, когда они приходят.
Новая игра, заказанная посреди игры (здесь или хабом), ждёт: `confirm` прерывает игру за
столом и открывает её (или на пульте: удерживайте ТАЙМЕР, затем ДАЛЕЕ; ОТМЕНА - нет).
`help` - это снова; Ctrl-D (конец ввода) останавливает стол, ничего не теряется.
""",
    "en": """\
Table commands:
  {"command": "roster", "names": ["Ann", "Bo", ...]}    the nicknames, seat 1 first
  {"command": "new_game"}     the table's next game (club: dated, numbered in the evening)
  {"command": "new_game", "header": {"format": "mafia-game-log", "version": 1, "rules": "cml"}}
  {"command": "new_game", "header": {"format": "mafia-game-log", "version": 1, "rules": "club",
   "seats": 7}}     a club game of 3-15 seats
At a tournament the hub sends the game and the players: the console shows them as they come.
A new game asked for while a game runs (here or by the hub) waits: `confirm` abandons the
game at the table and opens it (or on the pad: hold TIMER, then hold NEXT; UNDO says no).
`help` shows this again; Ctrl-D (end of input) stops the table, nothing is lost.
""",
}


def fields_of(name: str, club: bool) -> str:
    """"seat, [by]": the action's fields as the engine reads them."""
    required, optional = (CLUB_FIELDS if club else ACTION_FIELDS)[name]
    return ", ".join([*sorted(required), *(f"[{f}]" for f in sorted(optional))])


def help_text(lang: Lang, club: bool = False) -> str:
    entries = CLUB if club else CLASSIC
    lines = [_HEAD[lang].format(what=_WHAT[lang, club])]
    for name, entry in entries.items():
        meaning = entry.ru if lang == "ru" else entry.en
        fields = fields_of(name, club) or "-"
        label = "поля" if lang == "ru" else "fields"
        lines.append(f"  {name:<16}{json.dumps(entry.example, ensure_ascii=False)}\n"
                     f"  {'':<16}{meaning} ({label}: {fields})\n")
    lines.append(_TAIL[lang])
    return "".join(lines)
