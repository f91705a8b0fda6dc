"""Every refusal the engine can give, by key, in Russian and English.

A refusal travels as a key and parameters (`Phrase`): the command line prints the English
text, the judge's screen and the console print the text in their own language. A parameter
may itself be a phrase (a word such as "the don's check", or a list of reasons), so no
English word leaks into a Russian sentence. Pure data: no I/O. The keys are in
`engine.refusal_keys`, the club game's texts in `engine.refusals_club`; the wire form
(`RefusalView`, a pydantic model) in `engine.refusal_view`, imported only when a refusal is
published or read, so replaying a log never loads pydantic.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import TYPE_CHECKING, Final, Literal, Union

from engine.refusal_keys import R, Refusal
from engine.refusals_club import (
    CLUB_ACT_WORDS,
    CLUB_ROLE_WORDS,
    CLUB_SIDE_WORDS,
    CLUB_STEP_WORDS,
    CLUB_TEXTS,
)
from engine.values import Value

if TYPE_CHECKING:
    from engine.refusal_view import RefusalView

__all__ = [
    "CLUB_ACT_WORDS", "CLUB_ROLE_WORDS", "CLUB_SIDE_WORDS", "CLUB_STEP_WORDS", "LANGS",
    "TEXTS", "VALUE_WORDS", "Lang", "Param", "Phrase", "R", "Refusal", "phrase",
    "placeholders", "word",
]

Lang = Literal["ru", "en"]
LANGS: Final[tuple[Lang, ...]] = ("ru", "en")

# key -> (ru, en). The English is what the command line and the game log's tools print.
TEXTS: Final[dict[Refusal, tuple[str, str]]] = {
    R.UNKNOWN_ACTION: ("неизвестное действие {action}", "unknown action {action}"),
    R.LINE_TOO_LONG: ("строка длиной {size} символов; не больше {limit}",
                      "the line is {size} characters long; at most {limit}"),
    R.LINE_TOO_DEEP: ("в строке слишком много вложенных скобок (не больше {limit} уровней)",
                      "the line is nested too deeply (at most {limit} levels)"),
    R.LINE_NOT_JSON: ("строка не в формате JSON", "the line is not JSON"),
    R.LINE_NOT_OBJECT: ('строка - один объект JSON, например {{"action": "day"}}',
                        'a line is one JSON object, e.g. {{"action": "day"}}'),
    R.LINE_UNREADABLE: ("стол не смог прочитать эту строку ({kind}); игра не изменилась",
                        "the table could not read this line ({kind}); the game is unchanged"),
    R.MISSING_FIELD: ("{action}: не хватает поля {fields}", "{action}: missing field {fields}"),
    R.UNKNOWN_FIELD: ("{action}: неизвестное поле {fields}", "{action}: unknown field {fields}"),
    R.FIELD_SEAT: ("{action}: в поле {key} - номер места 1-10, а не {value}",
                   "{action}: {key} must be a seat number 1-10, not {value}"),
    R.FIELD_SEATS: ("{action}: в поле {key} - список номеров мест 1-10",
                    "{action}: {key} must be a list of seat numbers 1-10"),
    R.UNKNOWN_COMMAND: ('неизвестная команда {name}: консоль принимает "roster" и "new_game"',
                        'unknown command {name}: the console takes "roster" and "new_game"'),
    R.SEE_HELP: ("примеры строк: введите `help`", "type `help` for examples"),
    R.LOG_NOT_JSON: ("строка не в формате JSON ({kind})", "not valid JSON ({kind})"),
    R.LOG_NOT_OBJECT: ("строка журнала - объект JSON {{...}}",
                       "a log line must be a JSON object {{...}}"),
    R.LOG_HEADER_FORMAT: ('первая строка - заголовок с "format": "{format}"',
                          'the first line must be the header with "format": "{format}"'),
    R.LOG_VERSION: ("версия журнала {version} не поддерживается (комплект читает версию {known})",
                    "unsupported log version {version} (this kit reads {known})"),
    R.LOG_RULES: ("неизвестные правила {rules}: выберите одни из {known}",
                  "unknown rules {rules}: use one of {known}"),
    R.LOG_PLAYERS: ('"players" - список из 10 ников (первым - место 1)',
                    '"players" must be a list of 10 nicknames (seat 1 first)'),
    R.FIELD_TIME: ("{action}: в поле 't' - время в формате ISO 8601",
                   "{action}: 't' must be an ISO 8601 time string"),
    R.COUNT_OR_VOTERS: ("{action}: укажите либо 'count', либо 'voters' (что-то одно)",
                        "{action}: give either 'count' or 'voters' (exactly one)"),
    R.COUNT_RANGE: ("{action}: в поле 'count' - целое число 0-10, а не {value}",
                    "{action}: 'count' must be a whole number 0-10, not {value}"),
    R.ROLES_TWO_MAFIA: ("roles: в поле 'mafia' - ровно два места",
                        "roles: 'mafia' must list exactly two seats"),
    R.SHOOT_TARGET_OR_SHOTS: ("shoot: укажите либо 'target', либо 'shots' (что-то одно)",
                              "shoot: give either 'target' or 'shots' (exactly one)"),
    R.SHOOT_SHOTS_OBJECT: ('shoot: в поле \'shots\' - объект вида {{"3": 7, "5": 7, "8": null}}',
                           'shoot: \'shots\' must be an object like {{"3": 7, "5": 7, "8": null}}'),
    R.SHOOT_SHOTS_SEAT: ("shoot: {key} в 'shots' - не номер места 1-10",
                         "shoot: {key} in 'shots' is not a seat number 1-10"),
    R.SHOOT_SHOT_TARGET: ("shoot: выстрел №{seat} - номер места 1-10 или null",
                          "shoot: the shot of seat {seat} must be a seat 1-10 or null"),
    R.BEST_MOVE_SEATS: ("best_move: в поле 'seats' - от одного до трёх мест",
                        "best_move: 'seats' must name one to three seats"),
    R.FOUL_REASON_TEXT: ("foul: в поле 'reason' - текст", "foul: 'reason' must be text"),
    R.FOUL_KIND_VOTING: ('foul: в поле \'kind\' может быть только "voting" (000 II.1.6)',
                         'foul: \'kind\' can only be "voting" (000 II.1.6)'),
    R.DISQUALIFY_KIND_FIELD: ('disqualify: в поле \'kind\' - "removal" или "team_loss"',
                              'disqualify: \'kind\' must be "removal" or "team_loss"'),
    R.ACTION_NOT_OBJECT: ('действие - объект JSON, например {{"action": "day"}}',
                          'an action must be a JSON object such as {{"action": "day"}}'),
    R.ACTION_TIME: ("{action}: в поле 't' - время ISO 8601, например 2026-11-30T19:05:00+00:00",
                    "{action}: 't' must be an ISO 8601 time such as 2026-11-30T19:05:00+00:00"),
    R.TOO_DEEP: ("{what}: слишком много вложенных скобок (не больше {limit} уровней)",
                 "{what} is nested too deeply (at most {limit} levels)"),
    R.NOT_PLAIN_JSON: ("{what}: не простой JSON", "{what} is not plain JSON"),
    R.TOO_BIG: ("{what}: {size} байт; не больше {limit}",
                "{what} is {size} bytes; at most {limit}"),
    R.HEADER_NOT_OBJECT: ('заголовок - объект JSON, например {{"format": "mafia-game-log", '
                          '"version": 1, "rules": "cml"}}',
                          'the header must be a JSON object such as {{"format": '
                          '"mafia-game-log", "version": 1, "rules": "cml"}}'),
    R.HEADER_KEYS_TEXT: ("ключи заголовка - текст", "the header's keys must be text"),
    R.GAME_ID_CHARS: ("в номере игры {value} допустимы только латинские буквы, цифры и - _ . : "
                      "(от 1 до 64 знаков)",
                      "game id {value} may have only letters, digits and - _ . : "
                      "(1 to 64 of them)"),
    R.NAMES_COUNT: ("{what}: список из {seats} ников, первым - место 1",
                    "{what} is a list of {seats} nicknames, seat 1 first"),
    R.ROSTER_COUNT: ("состав - от {low} до {high} ников (в классической игре 10), "
                     "каждый не длиннее {limit} букв",
                     "a roster is {low} to {high} nicknames (10 in the classic game) "
                     "of at most {limit} letters"),
    R.NAME_NOT_TEXT: ("{what}: {name} - не текст", "{what}: {name} must be text"),
    R.NAME_EMPTY: ("{what}: {name} пуст", "{what}: {name} is empty"),
    R.NAME_SPACES: ("{what}: {name} {value} - пробелы по краям или два подряд",
                    "{what}: {name} {value} has spaces at its ends or two in a row"),
    R.TEXT_TOO_LONG: ("{what}: {name} - {size} символов; не больше {limit}",
                      "{what}: {name} is {size} characters long; at most {limit}"),
    R.TEXT_INVISIBLE: ("{what}: {name} - невидимый или управляющий символ {code}",
                       "{what}: {name} contains the invisible or control character {code}"),
    R.TEXT_MARKS: ("{what}: {name} - больше {limit} надстрочных знаков на одной букве",
                   "{what}: {name} piles up more than {limit} accents on one letter"),
    R.BUS_REFUSES: ("получилось бы сообщение, которое шина не примет: {why}",
                    "this would make a message the bus refuses: {why}"),
    R.COMMAND_NEEDS: ("команде {command} нужно поле {fields}",
                      "the {command} command needs {fields}"),
    R.COMMAND_TAKES_NOT: ("команда {command} не принимает поле {fields}",
                          "the {command} command does not take {fields}"),
    R.W_THE_ACTION: ("действие", "the action"),
    R.W_THE_HEADER: ("заголовок", "the header"),
    R.W_THE_REASON: ("причина фола", "the reason"),
    R.W_A_ROSTER: ("состав", "a roster"),
    R.W_HEADER_PLAYERS: ("игроки заголовка", "the header's players"),
    R.W_SEAT_NICKNAME: ("ник №{seat}", "the nickname of seat {seat}"),
    R.GAME_OVER: ("игра окончена ({result}): можно ввести только конец прощальной речи, "
                  "фолы, дисквалификации, строки после игры и отмену",
                  "the game is over ({result}): only the end of a farewell speech, fouls, "
                  "disqualifications, after-game lines and undo can be entered"),
    R.RESULT_DRAW: ("ничья", "a draw"),
    R.RESULT_WON: ("победа {team}", "{team} won"),
    R.NOTHING_TO_UNDO: ("отменять нечего", "nothing to undo"),
    R.NOT_A_SEAT: ("{what} {value}: такого места нет (1-10)",
                   "{what} {value} is not a seat number 1-10"),
    R.NOT_AT_TABLE: ("№{seat} не за столом", "seat {seat} is not at the table"),
    R.NOT_DEALT: ("карты ещё не розданы: сначала вводятся роли",
                  "the cards are not dealt yet: the roles line comes first"),
    R.NOT_STARTED: ("игра не началась: сначала «Наступает ночь» (start)",
                    "the game has not started: «Наступает ночь» (start) comes first"),
    R.ALREADY_DEALT: ("карты уже розданы (отмена — чтобы раздать заново)",
                      "the cards are already dealt (undo to deal again)"),
    R.TWO_CARDS: ("№{seat} получает две карты", "seat {seat} is given two cards"),
    R.DEAL_FIRST: ("сначала раздайте карты: роли вводятся до начала игры",
                   "deal the cards first: the roles line comes before start"),
    R.ALREADY_STARTED: ("игра уже началась", "the game has already started"),
    R.ALREADY_DAY: ("уже идёт день {number}", "it is already day {number}"),
    R.NOT_SHOT_YET: ("мафия ещё не стреляла: сначала введите выстрел (или промах)",
                     "the mafia has not shot yet: enter the shot (or a miss) first"),
    R.ALREADY_NIGHT: ("уже идёт ночь {number}", "it is already night {number}"),
    R.STILL_SPEAKING: ("№{seat} ещё говорит ({kind})", "seat {seat} is still speaking ({kind})"),
    R.VOTE_NOT_FINISHED: ("голосование не закончено", "the vote is not finished"),
    R.LIFT_PENDING: ("вопрос о подъёме ещё не решён", "the lift question is pending"),
    R.NOBODY_SPEAKING: ("сейчас никто не говорит", "nobody is speaking now"),
    R.OWN_SPEECH_ONLY: ("{what} делается только во время собственной дневной речи игрока",
                        "a {what} is made only during a player's own day speech"),
    R.NOT_SPEAKING: ("№{by} сейчас не говорит (говорит №{seat})",
                     "seat {by} is not speaking now (seat {seat} is)"),
    R.NO_VOTE_TODAY: ("сегодня голосования нет (отменено удалением): кандидатуры не "
                      "принимаются",
                      "there is no vote today (cancelled by a removal): nominations are not "
                      "taken"),
    R.ONE_NOMINATION: ("№{seat} уже выставил №{done} сегодня (одно выставление в день)",
                       "seat {seat} has already nominated seat {done} today "
                       "(one nomination a day)"),
    R.ALREADY_NOMINATED: ("№{seat} уже выставлен сегодня",
                          "seat {seat} is already nominated today"),
    R.NO_WITHDRAWAL: ("по правилам {rules} снимать кандидатуру нельзя",
                      "withdrawing a nomination is not allowed under {rules}"),
    R.DID_NOT_NOMINATE: ("№{seat} сегодня не выставлял №{target}",
                         "seat {seat} did not nominate seat {target} today"),
    R.VOTER_NOT_AT_TABLE: ("№{seat} не за столом и не может голосовать",
                           "seat {seat} is not at the table and cannot vote"),
    R.LISTED_TWICE: ("№{seat} указан дважды", "seat {seat} is listed twice"),
    R.TWO_VOTES: ("два голоса от №{seat} в этом круге", "two votes from seat {seat} in this round"),
    R.NO_VOTING_ROUND: ("сейчас голосование не идёт", "no voting round is running now"),
    R.NOT_CANDIDATE: ("№{seat} не кандидат в этом круге (кандидаты: {candidates})",
                      "seat {seat} is not a candidate in this round (candidates: {candidates})"),
    R.LAST_CANDIDATE: ("№{seat} — последний кандидат: ему достаются все оставшиеся голоса, "
                       "за него ничего не вводится",
                       "seat {seat} is the last candidate: he receives all remaining votes, "
                       "enter none for him"),
    R.VOTE_ORDER: ("голоса вводятся в порядке выставления: следующий №{seat}",
                   "votes go in nomination order: next is seat {seat}"),
    R.VOTE_COUNT: ("число голосов {count} — не целое число ≥ 0",
                   "vote count {count} is not a whole number ≥ 0"),
    R.VOTES_LEFT: ("в этом круге осталось голосов: {left} (уже подано {cast})",
                   "only {left} votes are left in this round ({cast} already cast)"),
    R.NO_LIFT: ("вопрос о подъёме сейчас не ставится", "the lift question is not put now"),
    R.LIFT_RANGE: ("голосов за подъём может быть 0-{at_table} (игроков за столом)",
                   "lift votes must be 0-{at_table} (players at the table)"),
    R.FOUL_KIND: ("вид фола {kind} — не «voting» (или без вида)",
                  "foul kind {kind} is not \"voting\" (or none)"),
    R.VOTING_FOUL_LIMIT: ("у №{seat} фолов: {have}; фол на голосовании (рука поднята раньше "
                          "или поставлена на стол до голосования) никогда не бывает четвёртым "
                          "(000 II.1.6 «4ый фол не выдается»)",
                          "seat {seat} has {have} fouls: a voting foul (a hand lifted early or "
                          "put on the table before the vote) is never a fourth foul "
                          "(000 II.1.6 «4ый фол не выдается»)"),
    R.DISQUALIFY_KIND: ("вид дисквалификации {kind} — не removal и не team_loss",
                        "disqualification kind {kind} is not removal or team_loss"),
    R.ALREADY_REMOVED: ("№{seat} уже удалён дисциплинарно ({how})",
                        "seat {seat} was already removed by discipline ({how})"),
    R.ALREADY_DISQUALIFIED: ("№{seat} уже дисквалифицирован",
                             "seat {seat} is already disqualified"),
    R.AT_NIGHT_ONLY: ("{what} — только ночью; сейчас день {number}",
                      "{what} happens at night; it is day {number}"),
    R.NONE_IN_ZERO_NIGHT: ("в нулевую ночь нет хода «{what}»",
                           "there is no {what} in the zero night"),
    R.SHOT_FIRST: ("сначала выстрел мафии, потом {what}",
                   "the mafia's shot comes before the {what}"),
    R.SHOOT_AT_NIGHT: ("мафия стреляет ночью; сейчас день {number}",
                       "the mafia shoots at night; it is day {number}"),
    R.NO_ZERO_NIGHT_SHOT: ("в нулевую ночь не стреляют", "there is no shooting in the zero night"),
    R.ALREADY_SHOT: ("мафия уже стреляла этой ночью", "the mafia has already shot tonight"),
    R.NOT_BLACK: ("№{seat} — не чёрный игрок за столом",
                  "seat {seat} is not a black player at the table"),
    R.TWO_SHOTS: ("два выстрела от №{seat}", "two shots from seat {seat}"),
    R.SHOT_MISSING: ("нет выстрела чёрного №{seat} (null — не стрелял)",
                     "the shot of black seat {seat} is missing (null = no shot)"),
    R.DON_OUT: ("дона нет за столом: проверки дона нет",
                "the don is out: there is no don's check"),
    R.SHERIFF_OUT: ("шерифа нет за столом: проверки шерифа нет",
                    "the sheriff is out: there is no sheriff's check"),
    R.DON_CHECKED: ("дон уже проверял этой ночью (одна проверка за ночь)",
                    "the don has already checked tonight (one check a night)"),
    R.SHERIFF_CHECKED: ("шериф уже проверял этой ночью (одна проверка за ночь)",
                        "the sheriff has already checked tonight (one check a night)"),
    R.DON_SELF: ("дон не может проверить себя", "the don cannot check himself"),
    R.SHERIFF_SELF: ("шериф не может проверить себя", "the sheriff cannot check himself"),
    R.BEST_MOVE_RECORDED: ("лучший ход уже записан", "the best move is already recorded"),
    R.BEST_MOVE_NIGHT: ("лучший ход делается только в ночь {night}",
                        "the best move is made only in night {night}"),
    R.NOBODY_KILLED: ("этой ночью никого не убили: лучшего хода нет",
                      "nobody was killed tonight: there is no best move"),
    R.REMOVED_AFTER_SHOT: ("№{seat} удалён дисциплинарно после выстрела: он уходит по этому "
                           "удалению, без лучшего хода (000 I.8.1, 003 6.5)",
                           "seat {seat} was removed by discipline after the shot: he leaves by "
                           "that removal, without a best move (000 I.8.1, 003 6.5)"),
    R.NO_BEST_MOVE_VOTE: ("лучшего хода нет: голосование первого дня удалило больше игроков, "
                          "чем {limit} (000 I.7.8)",
                          "no best move: day 1's vote removed more than {limit} player "
                          "(000 I.7.8)"),
    R.NO_BEST_MOVE_LEFT: ("лучшего хода нет: в первый день стол покинуло больше игроков, чем "
                          "{limit} (002 «стол покинул не более одного игрока»)",
                          "no best move: more than {limit} player left the table on day 1 "
                          "(002 «стол покинул не более одного игрока»)"),
    R.BEST_MOVE_SIZE: ("в лучшем ходе от 1 до {max} номеров, а не {n}",
                       "the best move names 1 to {max} seats, not {n}"),
    R.NAMED_TWICE: ("№{seat} назван в лучшем ходе дважды",
                    "seat {seat} is named twice in the best move"),
    R.BEST_MOVE_SELF: ("№{seat} не может назвать себя в лучшем ходе",
                       "seat {seat} cannot name himself in the best move"),
    R.DECIDED_FIRST: ("{what}: вводится только после того, как определён результат",
                      "{what} can be entered only after the result is decided"),
    R.NO_EXTRA_TO_WITHDRAW: ("у №{seat} нет доп. баллов, которые можно снять",
                             "seat {seat} has no extra points to withdraw"),
    R.PENALTY_NEGATIVE: ("штраф — это отрицательные баллы, например -0.3",
                         "a penalty is negative points, e.g. -0.3"),
    R.NO_COLOUR_LEFT: ("в правилах {rules} нет цвета «под запись» (только cml, 000 III.5)",
                       "{rules} has no colour left on record (only cml, 000 III.5)"),
    R.COLOUR_FAREWELL_ONLY: ("№{seat} может оставить цвет только в прощальной речи после "
                             "ночного убийства (000 III.5.1)",
                             "seat {seat} can leave a colour only during his farewell after a "
                             "night kill (000 III.5.1)"),
    R.COLOUR_SELF: ("№{seat} не может оставить под запись себя",
                    "seat {seat} cannot leave himself on record"),
    R.COLOUR_TWICE: ("№{seat} уже оставил цвет в этой речи",
                     "seat {seat} has already left a colour in this farewell"),
    R.CLOSE_SPEAKING: ("№{seat} ещё говорит: сначала завершите речь",
                       "seat {seat} is still speaking: end the speech first"),
    R.PROTOCOL_CLOSED: ("протокол закрыт и подписан: принимается только отмена",
                        "the protocol is closed and signed: only undo is accepted"),
    R.EXTRA: ("доп. баллы: {reason}", "extra points: {reason}"),
    R.EXTRA_CLAUSE: ("доп. баллы: {reason} ({clause})", "extra points: {reason} ({clause})"),
    R.EXTRA_NEGATIVE: ("они не бывают отрицательными; введите вместо них штраф",
                       "they cannot be negative; enter a penalty line instead"),
    R.EXTRA_TENTHS: ("{points} не кратно 0.1 (все правила называют их в десятых)",
                     "{points} is not a multiple of 0.1 (every seed names them in tenths)"),
    R.EXTRA_NONE_AT_DRAW: ("при ничьей они не даются", "none are given at a draw"),
    R.EXTRA_RANGE: ("{points} для №{seat} вне пределов {low}-{high} {who}",
                    "{points} for seat {seat} is outside {low}-{high} {who}"),
    R.EXTRA_TEAM_CAP: ("у {team} было бы {total}, больше предела {cap}",
                       "the {team} team would hold {total}, above its {cap}"),
    R.EXTRA_SOLE: ("у №{seat} {points}, поэтому больше никто из {team} их не получает",
                   "seat {seat} has {points}, so no other {team} player may get any"),
    R.EXTRA_ONE_MORE: ("у №{seat} {points}, поэтому доп. баллы может получить ещё только один "
                       "из {team}, а не {n}",
                       "seat {seat} has {points}, so only one more {team} player may get extra "
                       "points, not {n}"),
    R.EXTRA_ONE_MORE_RANGE: ("у №{seat} {points}, поэтому ещё один из {team} получает "
                             "{low}-{high}, а не {other}",
                             "seat {seat} has {points}, so the one more {team} player gets "
                             "{low}-{high}, not {other}"),
    R.EXTRA_MAX_PLAYERS: ("в игре их получают не больше {max} игроков; №{seat} был бы {n}-м",
                          "at most {max} players get them in a game; seat {seat} would be "
                          "number {n}"),
    R.EXTRA_GAME_CAP: ("доп. баллы игры составили бы {total}, больше {cap}",
                       "the game's extra points would total {total}, above {cap}"),
    R.EXTRA_APPROVAL: ("{needs}: нужно согласие главного судьи (добавьте approved_by)",
                       "{needs}: this needs the head judge's approval (add approved_by)"),
    R.NEED_POINTS: ("{points} — не меньше {limit}", "{points} is at least {limit}"),
    R.NEED_PLAYERS: ("их получили бы игроков: {n}", "{n} players would hold them"),
    R.NEED_TOTAL: ("сумма игры была бы {total}, больше {limit}",
                   "the game's total would be {total}, above {limit}"),
    R.PAD_NO_VOTE: ("голосование не идёт", "no vote is running"),
    R.PAD_FOUL_BEFORE_START: ("фолы считаются только после начала игры",
                              "fouls count only once the game has started"),
    R.PAD_NOMINATE_OUTSIDE_SPEECH: ("выставляют только во время собственной речи игрока",
                                    "nominations are made during a player's own speech"),
    R.PAD_UNKNOWN_KEY: ("неизвестная клавиша {key}", "unknown key {key}"),
    R.PAD_VERB_NEEDS_SEAT: ("«{verb}»: нужен номер места; ничего не записано",
                            "{verb} needs a seat number; nothing was recorded"),
    R.PAD_NOTHING_TO_UNDO: ("отменять пока нечего", "nothing to undo yet"),
    R.PAD_DEALT_NEXT: ("карты розданы: «Далее» начинает ночь",
                       "the cards are dealt: NEXT starts the night"),
    R.PAD_ZERO_NIGHT: ("в нулевую ночь выбирать нечего: «Далее» её завершает",
                       "nothing to choose in the zero night: NEXT ends it"),
    R.PAD_GAME_OVER: ("игра окончена: работают только «Фол», «Далее» (конец прощальной речи) "
                      "и «Отмена»",
                      "the game is over: only FOUL, NEXT (end a farewell) and UNDO work"),
    R.PAD_SEAT_ALONE_SPEECH: ("номер места сам по себе ничего не записывает: сначала "
                              "«Выставить» или «Фол»",
                              "a seat key alone records nothing: press NOMINATE or FOUL first"),
    R.PAD_SEAT_ALONE: ("номер места сам по себе ничего не записывает: для фола сначала «Фол»",
                       "a seat key alone records nothing: press FOUL first for a foul"),
    R.PAD_VOTES_FIRST: ("сначала голоса: номера голосующих, затем «Голос»",
                        "votes first: press the voters' seats, then VOTE"),
    R.PAD_NOTHING_NEXT: ("игра окончена: дальше ничего нет",
                         "the game is over: nothing comes next"),
    R.PAD_ROLE_TWICE: ("у №{seat} уже есть роль: введите роли заново",
                       "seat {seat} already has a role: enter the roles again"),
    R.PAD_FIFTH_ROLE: ("все четыре роли уже введены: введите их заново, затем «Далее»",
                       "all four roles were in: enter them again, then NEXT"),
    R.PAD_ROLES_INCOMPLETE: ("нужны дон, две мафии и шериф: введено {n} из 4",
                             "roles need the don, two mafia and the sheriff: {n} of 4 entered"),
    R.PAD_COUNT_TOO_HIGH: ("голосов {count}, а за столом только {present} игроков",
                           "{count} votes, but only {present} players are at the table"),
    R.PAD_VOTE_OUTSIDE: ("«Голос» работает только на голосовании и при вопросе о подъёме",
                         "VOTE works only during a vote or the lift question"),
    R.PAD_NIGHT_DONE: ("ночные шаги закончены: «Далее» — утро",
                       "the night's steps are done: NEXT brings the morning"),
    R.PAD_BEST_MOVE_THREE: ("в лучшем ходе не больше трёх номеров: введите заново",
                            "the best move names at most three seats: enter it again"),
    R.PAD_UNKNOWN_STEP: ("пульт не знает ночного шага {step}",
                         "this pad does not know the night step {step}"),
    R.PAD_EXTRA_POINTS: ("доп. баллы для №{seat}: нажмите баллы номером места (1 = 0.1 … "
                         "7 = 0.7, 10 = снять), затем «Далее»",
                         "extra points for seat {seat}: press the points as a seat key "
                         "(1 = 0.1 ... 7 = 0.7, 10 = withdraw), then NEXT"),
    R.PAD_NO_SUCH_SEAT: ("места {seat} нет: в этой игре {seats} мест",
                         "there is no seat {seat}: this game has {seats} seats"),
    # the club pad (device/clubkeys.py, docs/pad.md "The club game")
    R.PAD_CLUB_ROLES_FULL: ("все карты введены: «Далее» записывает раздачу",
                            "every card is entered: NEXT records the deal"),
    R.PAD_CLUB_ROLES_INCOMPLETE: ("раздача не полна: следующая карта — {role}",
                                  "the deal is not complete: the next card is the {role}"),
    R.PAD_CLUB_NOMINATE_WHEN: ("в клубной игре выставляют после речей, на этапе выставления: "
                               "«Выставить», кто выставляет, кого (004 §6)",
                               "in the club game nominations come after the speeches, at the "
                               "nominations step: NOMINATE, who nominates, whom (004 §6)"),
    R.PAD_CLUB_SEAT_ALONE_NOMINATIONS: ("номер места сам по себе ничего не записывает: "
                                        "выставление — «Выставить», кто выставляет, кого",
                                        "a seat key alone records nothing: a nomination is "
                                        "NOMINATE, who nominates, whom"),
    R.PAD_CLUB_NO_WITHDRAW: ("в клубной игре выставление не снимают (004 §6); «Отмена» "
                             "отменяет последнюю запись",
                             "the club game takes back no nomination (004 §6); UNDO undoes "
                             "the last record"),
    R.PAD_CLUB_VOTE_OUTSIDE: ("«Голос» работает только на голосовании, после оправдательных "
                              "речей", "VOTE works only in the vote, after the justification "
                              "speeches"),
    R.PAD_CLUB_CATASTROPHE_SEAT: ("авто катастрофа: маньяк указывает одного из равных — его "
                                  "номер, затем «Далее» (004 §6)",
                                  "авто катастрофа: the maniac points at one of the tied: "
                                  "that seat, then NEXT (004 §6)"),
    R.PAD_CLUB_EXTRA_POINTS: ("доп. балл для №{seat}: 1 = один балл (004 §8), 10 = снять, "
                              "затем «Далее»", "an extra point for seat {seat}: 1 = one point "
                              "(004 §8), 10 = withdraw, then NEXT"),
    R.W_DROP: ("Скинул номерок", "DROP"),
    R.TIMER_NONE: ("таймер сейчас не идёт", "no timer is running"),
    R.W_FOUL: ("Фол", "FOUL"),
    R.W_REMOVE: ("Удаление", "REMOVE"),
    R.W_TEAM_LOSS: ("Поражение команды", "TEAM LOSS"),
    R.W_NOMINATE: ("Выставить", "NOMINATE"),
    R.W_WITHDRAW: ("Снять", "WITHDRAW"),
    R.W_ON_RECORD: ("Под запись", "ON RECORD"),
    R.W_PROTEST_KEY: ("Протест", "PROTEST"),
    R.W_SEAT: ("место", "seat"),
    R.W_VOTER: ("голосующий", "voter"),
    R.W_BY: ("выставляющий (by)", "by"),
    R.W_NAMED_SEAT: ("названное место", "named seat"),
    R.W_SHOOTER: ("стрелявший", "shooter"),
    R.W_TARGET: ("цель", "target"),
    R.W_NOMINATION: ("выставление", "nomination"),
    R.W_WITHDRAWAL: ("снятие кандидатуры", "withdrawal"),
    R.W_DON_CHECK: ("проверка дона", "don's check"),
    R.W_SHERIFF_CHECK: ("проверка шерифа", "sheriff's check"),
    R.W_BEST_MOVE: ("лучший ход", "best move"),
    R.W_EXTRA_POINTS: ("доп. баллы", "extra points"),
    R.W_PENALTY: ("штраф", "a penalty"),
    R.W_PROTEST: ("протест", "a protest"),
    R.W_SIGNATURE: ("подпись", "the signature"),
    R.W_RED: ("красных", "red"),
    R.W_BLACK: ("чёрных", "black"),
    R.W_AT_DRAW: ("при ничьей", "at a draw"),
    R.W_TO_WINNER: ("для победителя", "to a winner"),
    R.W_TO_LOSER: ("для проигравшего", "to a loser"),
    R.W_FOULS: ("фолы", "fouls"),
    R.W_DISQUALIFIED: ("дисквалификация", "disqualified"),
    R.W_FAREWELL: ("прощальная речь", "farewell"),
    R.W_REGULAR: ("речь", "regular"),
    R.W_SPEECH: ("речь", "speech"),
    R.W_SHORT_SPEECH: ("короткая речь", "short_speech"),
    R.W_MUTED_TURN: ("пропуск речи", "muted_turn"),
    R.W_TIE_SPEECH: ("речь при равенстве", "tie_speech"),
    R.W_MAJORITY_SPEECH: ("речь 30 секунд", "majority_speech"),
    **CLUB_TEXTS,
}


# Words for values of the engine's vocabulary that appear inside refusals.
VALUE_WORDS: Final[dict[str, Refusal]] = {
    "red": R.W_RED, "black": R.W_BLACK, "fouls": R.W_FOULS, "disqualified": R.W_DISQUALIFIED,
    "farewell": R.W_FAREWELL, "regular": R.W_REGULAR, "speech": R.W_SPEECH,
    "short_speech": R.W_SHORT_SPEECH, "muted_turn": R.W_MUTED_TURN,
    "tie_speech": R.W_TIE_SPEECH, "majority_speech": R.W_MAJORITY_SPEECH,
}


Param = Union[int, str, "Phrase", tuple["Phrase", ...]]


class Phrase(Value):
    """A refusal (or a word) by key, with its parameters; rendered per language."""

    key: Refusal
    params: Mapping[str, Param] = {}  # one shared empty dict, read-only by its type

    def text(self, lang: Lang = "en") -> str:
        template = TEXTS[self.key][LANGS.index(lang)]
        return template.format(**{k: _param_text(v, lang) for k, v in self.params.items()})

    def wire(self) -> RefusalView:
        """The form the table publishes to the judge's screen."""
        from engine.refusal_view import RefusalView

        return RefusalView(key=self.key.value,
                           params={k: _param_wire(v) for k, v in self.params.items()})


def phrase(key: Refusal, **params: Param) -> Phrase:
    return Phrase(key, params)


def word(value: str) -> Param:
    """A vocabulary value as a word of the sentence (its own text if it has no word)."""
    key = VALUE_WORDS.get(value)
    return value if key is None else Phrase(key)


def _param_text(value: Param, lang: Lang) -> str:
    if isinstance(value, Phrase):
        return value.text(lang)
    if isinstance(value, tuple):
        return "; ".join(p.text(lang) for p in value)
    return str(value)


def _param_wire(value: Param) -> int | str | RefusalView | list[RefusalView]:
    if isinstance(value, Phrase):
        return value.wire()
    if isinstance(value, tuple):
        return [p.wire() for p in value]
    return value


def placeholders(template: str) -> set[str]:
    """The {names} a template fills (for the catalogue's own test)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}

