"""The console judge's words (`mafiakit table --stdin`): its `help` (device/table/console_help.py)
and the line it prints when the game or its players change, in Russian and English.

The answers keep their machine words (`ready ID SEQ`, `ok SEQ`, `error: ...`: scripts read
them); everything a judge reads after them follows `--lang` (issue 11), Russian by default as
the screens (issue 25). The refusals are the engine's catalogue (engine/refusal_texts.py).
The help's examples are JSON: its braces are doubled, as in every template here.
"""

from __future__ import annotations

from typing import Final

CONSOLE: Final[dict[str, tuple[str, str]]] = {
    "console.reading": ("table: читаю строки протокола игры со стандартного ввода (`help` - "
                        "примеры)",
                        "table: reading game-log lines from stdin (`help` for examples)"),
    "console.no_game": ("table: игры ещё нет: её пришлёт хаб, или первая строка откроет игру "
                        "стола (правила {rules})",
                        "table: no game yet: the hub sends one, or the first line opens the "
                        "table's own (rules {rules})"),
    "console.game": ("table: игра {game} ({facts})", "table: game {game} ({facts})"),
    "console.rules": ("правила {rules}", "rules {rules}"),
    "console.number": ("игра {number}", "game {number}"),
    "console.resumed": ("{said}, продолжается: принято строк {seq}",
                        "{said}, resumed: {seq} lines taken"),
    "console.players": ("{said}; игроки: {players}", "{said}; players: {players}"),
    "console.no_players": ("{said}; игроков ещё нет (их пришлёт хаб, или команда roster)",
                           "{said}; no players yet (the hub sends them, or the roster "
                           "command)"),
    # the help: its head, the game the table plays, each action's meaning, the table's commands
    "help.head": ("""\
Консоль судьи: одна строка протокола игры в строке, в JSON; стол отвечает
`ok N` (сколько строк принято) или `error: ПРИЧИНА`.
{what}
Поля в [скобках] необязательны. Действия:
""", """\
The console judge: one game-log line a line, as JSON; the table answers
`ok N` (the lines accepted) or `error: REASON`.
{what}
Fields in [brackets] are optional. Actions:
"""),
    "help.what.classic": ("Игра стола: классическая (10 мест).",
                          "This table plays the classic game (ten seats)."),
    "help.what.club": ("Игра стола: клубная (004), свои действия ночью.",
                       "This table plays the club game (004), with its own night."),
    "help.fields": ("поля", "fields"),
    "help.roles": ("раздача: места дона, двух мафий и шерифа",
                  "the deal: the seats of the don, the two mafia and the sheriff"),
    "help.start": ("«Наступает ночь»: нулевая ночь", "\"night falls\": the zero night"),
    "help.day": ("«Доброе утро»: день", "\"good morning\": the day"),
    "help.speech_end": ("конец речи (в т.ч. прощальной)", "end of a speech (a farewell too)"),
    "help.nominate": ("выставление: seat - кого, by - кто (в своей речи)",
                     "a nomination: seat - who, by - the speaker"),
    "help.withdraw": ("снять кандидатуру (где правила позволяют)",
                     "withdraw a nomination (where the rules allow it)"),
    "help.votes": ("голоса за кандидата: voters - места, или count - число",
                  "votes for a candidate: voters - their seats, or count - how many"),
    "help.lift": ("подъём: кто за то, чтобы поднять всех (voters или count)",
                 "the lift: who votes to remove them all (voters or count)"),
    "help.night": ("«Город засыпает»: ночь", "the night"),
    "help.shoot": ("выстрел мафии (target; без target - промах)",
                  "the mafia's shot (target; none: a miss)"),
    "help.don_check": ("проверка дона", "the don's check"),
    "help.sheriff_check": ("проверка шерифа", "the sheriff's check"),
    "help.best_move": ("лучший ход убитого первым (1-3 места)",
                      "the best move of the first one killed (1-3 seats)"),
    "help.foul": ("фол (reason - за что; kind: \"voting\" - на голосовании)",
                 "a foul (reason - what for; kind: \"voting\" - in a vote)"),
    "help.disqualify": ("удаление: kind removal или team_loss (с поражением команды)",
                       "a removal: kind removal, or team_loss (the team loses)"),
    "help.colour_left": ("цвет, оставленный в прощальной речи (cml, 000 III.5.1)",
                        "the colour left on record in a farewell (cml, 000 III.5.1)"),
    "help.extra": ("доп. баллы после игры (approved_by - кто согласовал сверх лимита)",
                  "extra points after the game (approved_by - who allowed more)"),
    "help.penalty": ("штраф: clause - пункт правил, обязательно (note - пояснение)",
                    "a penalty: clause - the rule's clause, required (note - a remark)"),
    "help.protest": ("протест игрока, его словами", "a player's protest, in his words"),
    "help.close": ("подпись судьи: протокол закрыт", "the judge's signature: the protocol closed"),
    "help.undo": ("отменить последнюю строку", "take back the last line"),
    # the club game's own (004), where it differs
    "help.club.roles": ("раздача: места мафии и ролей стола",
                       "the deal: the mafia's seats and every role of the table"),
    "help.club.discussion_end": ("конец общего обсуждения", "end of the general discussion"),
    "help.club.nominate": ("выставление: seat - кого, by - кто",
                          "a nomination: seat - who, by - who"),
    "help.club.nominations_end": ("выставление закончено", "no more nominations"),
    "help.club.votes": ("голоса за кандидата (места голосовавших)",
                       "votes for a candidate (seats)"),
    "help.club.catastrophe": ("подрыв сапёра: seat - кого он забирает",
                             "the sapper's blast: seat"),
    "help.club.putana": ("путана блокирует", "the putana blocks"),
    "help.club.mafia_shot": ("выстрел мафии", "the mafia's shot"),
    "help.club.maniac_shot": ("выстрел маньяка", "the maniac's shot"),
    "help.club.heal": ("доктор лечит", "the doctor heals"),
    "help.club.commissar_check": ("проверка комиссара", "the commissar's check"),
    "help.club.kamikaze": ("камикадзе забирает", "the kamikaze takes a seat"),
    "help.club.foul": ("фол (reason - за что)", "a foul (reason - what for)"),
    "help.club.disqualify": ("удаление: kind removal или team_loss",
                            "a removal: kind removal or team_loss"),
    "help.tail": ("""\
Команды стола:
  {{"command": "roster", "names": ["Аня", "Бо", ...]}}    никнеймы, начиная с места 1
  {{"command": "new_game"}}     следующая игра стола (клуб: с датой и номером игры вечера)
  {{"command": "new_game", "header": {{"format": "mafia-game-log", "version": 1,
   "rules": "cml"}}}}
  {{"command": "new_game", "header": {{"format": "mafia-game-log", "version": 1, "rules": "club",
   "seats": 7}}}}     клубная игра на 3-15 мест
На турнире игру и состав присылает хаб: консоль показывает их, когда они приходят.
Новая игра, заказанная посреди игры (здесь или хабом), ждёт: `confirm` прерывает игру за
столом и открывает её (или на пульте: удерживайте ТАЙМЕР, затем ДАЛЕЕ; ОТМЕНА - нет).
`help` - это снова; Ctrl-D (конец ввода) останавливает стол, ничего не теряется.
""", """\
Table commands:
  {{"command": "roster", "names": ["Ann", "Bo", ...]}}    the nicknames, seat 1 first
  {{"command": "new_game"}}     the table's next game (club: dated, numbered in the evening)
  {{"command": "new_game", "header": {{"format": "mafia-game-log", "version": 1,
   "rules": "cml"}}}}
  {{"command": "new_game", "header": {{"format": "mafia-game-log", "version": 1, "rules": "club",
   "seats": 7}}}}     a club game of 3-15 seats
At a tournament the hub sends the game and the players: the console shows them as they come.
A new game asked for while a game runs (here or by the hub) waits: `confirm` abandons the
game at the table and opens it (or on the pad: hold TIMER, then hold NEXT; UNDO says no).
`help` shows this again; Ctrl-D (end of input) stops the table, nothing is lost.
"""),
}
