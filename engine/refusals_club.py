"""The club game's refusals (engine/club/, seed 004) in Russian and English, and its
vocabulary as words of a sentence: the part of the catalogue that only the club game gives.

`engine.refusals` merges these texts into its `TEXTS`, so every screen renders a club
refusal it receives by key.
"""

from __future__ import annotations

from typing import Final

from engine.refusal_keys import R, Refusal

# key -> (ru, en), as in engine.refusals.TEXTS
CLUB_TEXTS: Final[dict[Refusal, tuple[str, str]]] = {
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
    R.CLUB_SEATS: ("в клубной игре от 3 до 15 мест, а не {seats}",
                   "a club game has 3 to 15 seats, not {seats}"),
    R.CLUB_MAFIA_COUNT: ("при {n} игроках на стороне мафии {side} (004 §1), а в раздаче названо "
                         "{named} (дон считается одним из них)",
                         "{n} players have {side} of the mafia side (004 §1), the deal names "
                         "{named} (the don counts as one)"),
    R.CLUB_ROLE_NEEDED: ("в игре на {n} игроков нужна карта «{role}» (004 §1)",
                         "a game of {n} players needs a {role} (004 §1)"),
    R.CLUB_ROLE_NONE: ("в игре на {n} игроков карты «{role}» нет (004 §1)",
                       "a game of {n} players has no a {role} (004 §1)"),
    R.CLUB_NO_PUTANA_TOURNAMENT: ("в турнирной игре путаны нет (004 §3)",
                                  "no putana in a tournament game (004 §3)"),
    R.CLUB_PUTANA_FROM: ("путана играет от 13 игроков, а посадка на {n} (004 §3)",
                         "the putana plays from 13 players on, not at {n} (004 §3)"),
    R.CLUB_NOT_A_SEAT: ("места №{seat} нет за этим столом (места 1-{seats})",
                        "seat {seat} is not at this table (seats 1-{seats})"),
    R.CLUB_TWO_CARDS: ("№{seat} получает две карты",
                       "seat {seat} is dealt two cards"),
    R.CLUB_NOT_NOW: ("{what}: не сейчас (сейчас {step})",
                     "{what}: not now (the game is at {step})"),
    R.CLUB_NOMINATION_BY: ("в номинации нужно указать, кто выставляет (by)",
                           "a nomination says who nominates ('by')"),
    R.CLUB_CANNOT_NOMINATE: ("№{seat} не за столом и не может выставлять",
                             "seat {seat} is not at the table and cannot nominate"),
    R.CLUB_MUTED_NOMINATE: ("у №{seat} три фола: сегодня он молчит и выставлять не может (004 §9,"
                            " club R6)",
                            "seat {seat} has three fouls and may not speak today, so he cannot "
                            "nominate (004 §9, club R6)"),
    R.CLUB_ONE_NOMINATION: ("№{seat} уже выставлял сегодня (004 §6: одна номинация на игрока)",
                            "seat {seat} has already nominated today (004 §6: one each)"),
    R.CLUB_NOT_AT_TABLE: ("№{seat} не за столом",
                          "seat {seat} is not at the table"),
    R.CLUB_ALREADY_NOMINATED: ("№{seat} уже выставлен сегодня (club R7)",
                               "seat {seat} is already nominated today (club R7)"),
    R.CLUB_IMMUNE_NOMINATION: ("у №{seat} иммунитет: в первый день его не выставляют (004 §5)",
                               "seat {seat} holds immunity: no nomination on day 1 (004 §5)"),
    R.CLUB_VOTERS_LISTED: ("в клубном голосовании называются номера голосующих (одного числа "
                           "голосов мало)",
                           "a club vote lists its 'voters' (a count alone is not enough)"),
    R.CLUB_VOTE_ORDER: ("следующий кандидат — №{expected}, а не №{seat} (голосуют в порядке "
                        "номинации)",
                        "the next candidate is seat {expected}, not seat {seat} (votes go in "
                        "nomination order)"),
    R.CLUB_VOTER_NOT_AT_TABLE: ("№{seat} не за столом и не может голосовать",
                                "seat {seat} is not at the table and cannot vote"),
    R.CLUB_BANNED_VOTE: ("у №{seat} четыре фола: сегодня он не голосует (004 §9)",
                         "seat {seat} has four fouls and may not vote today (004 §9)"),
    R.CLUB_ALREADY_VOTED: ("№{seat} уже проголосовал (004 §6: один голос на игрока)",
                           "seat {seat} has already voted (004 §6: one vote each)"),
    R.CLUB_NOT_TIED: ("№{seat} не из тех, кто разделил голоса ({tied})",
                      "seat {seat} is not one of the tied ({tied})"),
    R.CLUB_IMMUNE_KAMIKAZE: ("у №{seat} иммунитет: камикадзе не может забрать его в первый день "
                             "(004 §5)",
                             "seat {seat} holds immunity: the kamikaze cannot take him on day 1 "
                             "(004 §5)"),
    R.CLUB_NIGHT_ONE_ON: ("{what}: только с первой ночи (в нулевую ночь роли не ходят)",
                          "{what}: only in nights 1 and later (no role acts in the zero night)"),
    R.CLUB_ACT_ENTERED: ("{what}: уже введено этой ночью",
                         "{what}: already entered tonight"),
    R.CLUB_ACT_TOO_LATE: ("{what}: поздно, после этого уже был ход «{later}» (004 §7, порядок "
                          "ночи)",
                          "{what}: too late: {later} came after it (004 §7 order)"),
    R.CLUB_SHOT_FIRST: ("{what}: сначала введите выстрел мафии (004 §7, порядок ночи)",
                        "{what}: enter the mafia's shot first (004 §7 order)"),
    R.CLUB_NO_ACTOR: ("{what}: карты «{role}» нет за столом (или она уже не играет)",
                      "{what}: no {role} at the table (or his card stopped)"),
    R.CLUB_PUTANA_WITH: ("{what}: путана этой ночью у игрока с картой «{role}», он спит (004 §3, "
                         "club R15)",
                         "{what}: the putana is with the {role} tonight, he sleeps (004 §3, club "
                         "R15)"),
    R.CLUB_TARGET_NOT_AT_TABLE: ("{what}: №{seat} не за столом",
                                 "{what}: seat {seat} is not at the table"),
    R.CLUB_TARGET_SELF: ("{what}: своё место называть нельзя",
                         "{what}: not his own seat"),
    R.CLUB_IMMUNE_NIGHT: ("{what}: у №{seat} иммунитет в первую ночь (004 §5)",
                          "{what}: seat {seat} holds immunity in night 1 (004 §5)"),
    R.CLUB_PUTANA_TARGET: ("путана: назовите место за столом, кроме своего",
                           "putana: name a seat at the table other than her own"),
    R.CLUB_NO_MAFIA: ("выстрел мафии: мафии за столом нет",
                      "mafia_shot: no mafia at the table"),
    R.CLUB_MAFIA_BLOCKED: ("выстрел мафии: путана у мафиози, этой ночью мафия не стреляет — "
                           "введите null (club R15)",
                           "mafia_shot: the putana blocked a mafia player, so the mafia does not "
                           "shoot tonight: enter null (club R15)"),
    R.CLUB_CHECK_OTHER: ("{what}: назовите место, кроме своего",
                         "{what}: name a seat other than his own"),
    R.CLUB_CHECK_REMOVED: ("{what}: №{seat} удалён, его карта больше не в игре (004 §9, club R20)",
                           "{what}: seat {seat} was removed, his card no longer counts (004 §9, "
                           "club R20)"),
    R.CLUB_HEAL_TARGET: ("доктор: назовите место за столом",
                         "heal: name a seat at the table"),
    R.CLUB_SELF_HEAL: ("доктор: себя лечит один раз за игру (club R13)",
                       "heal: the doctor heals himself once a game (club R13)"),
    R.CLUB_HEAL_TWICE: ("доктор: №{seat} лечили прошлой ночью, две ночи подряд нельзя (club R13)",
                        "heal: seat {seat} was healed last night, not twice running (club R13)"),
    R.CLUB_KAMIKAZE_NIGHT: ("камикадзе: выбирает, только если сам гибнет этой ночью (004 §7)",
                            "kamikaze: he picks only when he dies tonight (004 §7)"),
    R.CLUB_KAMIKAZE_SHOT: ("камикадзе: №{seat} уже убит этой ночью",
                           "kamikaze: seat {seat} is shot dead tonight already"),
    R.CLUB_MAFIA_NOT_SHOT: ("мафия ещё не стреляла: введите выстрел мафии (место или null)",
                            "the mafia has not shot yet: enter mafia_shot (a seat or null)"),
    R.CLUB_KAMIKAZE_PICK: ("камикадзе гибнет этой ночью: сначала введите его выбор (место или "
                           "null) (004 §7.7)",
                           "the kamikaze dies tonight: enter his pick (kamikaze, a seat or null) "
                           "first (004 §7.7)"),
    R.CLUB_CLOSED: ("протокол закрыт: можно только отменить",
                    "the protocol is closed: only undo"),
    R.CLUB_GAME_OVER: ("игра окончена (победа {winner}): можно ввести только конец прощальной "
                       "речи, фолы, строки после игры и отмену",
                       "the game is over ({winner} won): only the end of a farewell, fouls, "
                       "after-game lines and undo"),
    R.CLUB_NOT_IN_GAME: ("{action}: такого хода в клубной игре нет",
                         "{action} is not part of the club game"),
    R.CLUB_ALREADY_DEALT: ("карты уже розданы",
                           "the cards are already dealt"),
    R.CLUB_DEAL_FIRST: ("начало игры: сначала раздайте карты",
                        "start: deal the cards first"),
    R.CLUB_ALREADY_STARTED: ("игра уже началась",
                             "the game has already started"),
    R.CLUB_NOT_NIGHT: ("день: сейчас не ночь",
                       "day: it is not night"),
    R.CLUB_DAY_NOT_OVER: ("ночь: день ещё не закончен (сейчас {step})",
                          "night: the day is not over (it is at {step})"),
    R.CLUB_NOBODY_SPEAKING: ("сейчас никто не говорит",
                             "nobody is speaking"),
    R.CLUB_KAMIKAZE_DAY: ("камикадзе: днём выбирает, только если его заголосовали (club R18)",
                          "kamikaze: by day he picks only when voted out (club R18)"),
    R.CLUB_PENDING_CHOICE: ("сначала введите ожидаемый выбор (маньяка или камикадзе), потом "
                            "удаление",
                            "first enter the pending choice (the maniac's or the kamikaze's), "
                            "then the removal"),
    R.CLUB_FOUL_KIND: ("фол: у клубного фола нет вида (kind)",
                       "foul: a club foul has no 'kind'"),
    R.CLUB_FOUL_NOT_STARTED: ("фол: игра ещё не началась",
                              "foul: the game has not started"),
    R.CLUB_FOUL_NOT_AT_TABLE: ("фол: №{seat} не за столом",
                               "foul: seat {seat} is not at the table"),
    R.CLUB_DISQUALIFY_NOT_STARTED: ("удаление: игра ещё не началась",
                                    "disqualify: the game has not started"),
    R.CLUB_DISQUALIFY_NOT_AT_TABLE: ("удаление: №{seat} не за столом",
                                     "disqualify: seat {seat} is not at the table"),
    R.CLUB_AFTER_RESULT: ("{what}: только после результата",
                          "{what}: only after the result"),
    R.CLUB_EXTRA_POINT: ("доп. балл: в клубе он равен 1 (или 0, чтобы снять)",
                         "extra: the club's extra point is 1 (or 0 to withdraw it)"),
    R.CLUB_EXTRA_SIDE: ("доп. балл: №{seat} не из победившей команды (004 §8)",
                        "extra: seat {seat} is not of the winning side (004 §8)"),
    R.CLUB_PENALTY_POINTS: ("штраф: клубные баллы целые и отрицательные, например -50",
                            "penalty: club points are whole and negative, e.g. -50"),
    R.CLUB_CLOSE_FAREWELL: ("закрытие: ещё идёт прощальная речь",
                            "close: a farewell is still going on"),
    R.CLUB_NOTHING_TO_UNDO: ("отменять нечего",
                             "nothing to undo"),
    R.CW_ACT_PUTANA: ('путана', 'putana'),
    R.CW_ACT_MAFIA_SHOT: ('выстрел мафии', 'mafia_shot'),
    R.CW_ACT_DON_CHECK: ('проверка дона', 'don_check'),
    R.CW_ACT_MANIAC_SHOT: ('выстрел маньяка', 'maniac_shot'),
    R.CW_ACT_HEAL: ('доктор', 'heal'),
    R.CW_ACT_COMMISSAR_CHECK: ('проверка комиссара', 'commissar_check'),
    R.CW_ACT_KAMIKAZE: ('камикадзе', 'kamikaze'),
    R.CW_ROLE_CITIZEN: ('мирный', 'citizen'),
    R.CW_ROLE_MAFIA: ('мафия', 'mafia'),
    R.CW_ROLE_DON: ('дон', 'don'),
    R.CW_ROLE_MANIAC: ('маньяк', 'maniac'),
    R.CW_ROLE_DOCTOR: ('доктор', 'doctor'),
    R.CW_ROLE_COMMISSAR: ('комиссар', 'commissar'),
    R.CW_ROLE_KAMIKAZE: ('камикадзе', 'kamikaze'),
    R.CW_ROLE_SAPPER: ('сапёр', 'sapper'),
    R.CW_ROLE_PUTANA: ('путана', 'putana'),
    R.CW_SIDE_CITY: ('города', 'city'),
    R.CW_SIDE_MAFIA: ('мафии', 'mafia'),
    R.CW_SIDE_MANIAC: ('маньяка', 'maniac'),
    R.CW_STEP_DEAL: ('раздача', 'deal'),
    R.CW_STEP_READY: ('перед началом', 'ready'),
    R.CW_STEP_ZERO_NIGHT: ('нулевая ночь', 'zero night'),
    R.CW_STEP_NIGHT: ('ночь', 'night'),
    R.CW_STEP_FAREWELL: ('прощальная речь', 'farewell'),
    R.CW_STEP_DISCUSSION: ('общее обсуждение', 'discussion'),
    R.CW_STEP_SPEECHES: ('речи', 'speeches'),
    R.CW_STEP_NOMINATIONS: ('номинация', 'nominations'),
    R.CW_STEP_JUSTIFICATION: ('оправдательные речи', 'justification'),
    R.CW_STEP_VOTE: ('голосование', 'vote'),
    R.CW_STEP_CATASTROPHE: ('авто катастрофа', 'catastrophe'),
    R.CW_STEP_PICK: ('выбор', 'pick'),
    R.CW_STEP_AWAIT_NIGHT: ('ожидание ночи', 'await night'),
    R.CW_DISCUSSION: ('общее обсуждение', 'the general discussion'),
    R.CW_NOMINATION: ('номинация', 'a nomination'),
    R.CW_NOMINATIONS_END: ('конец номинации', 'the end of nominations'),
    R.CW_VOTES: ('голоса', 'votes'),
    R.CW_MANIAC_CHOICE: ('выбор маньяка', "the maniac's choice"),
    R.CW_EXTRA: ('доп. балл', 'extra'),
    R.CW_PENALTY: ('штраф', 'penalty'),
    R.CW_PROTEST: ('протест', 'protest'),
    R.CW_CLOSE: ('закрытие протокола', 'close'),
}


# The club game's vocabulary (engine/vocab.py, engine/roles.py) as words of a sentence.
CLUB_ACT_WORDS: Final[dict[str, Refusal]] = {
    "putana": R.CW_ACT_PUTANA,
    "mafia_shot": R.CW_ACT_MAFIA_SHOT,
    "don_check": R.CW_ACT_DON_CHECK,
    "maniac_shot": R.CW_ACT_MANIAC_SHOT,
    "heal": R.CW_ACT_HEAL,
    "commissar_check": R.CW_ACT_COMMISSAR_CHECK,
    "kamikaze": R.CW_ACT_KAMIKAZE,
}
CLUB_ROLE_WORDS: Final[dict[str, Refusal]] = {
    "citizen": R.CW_ROLE_CITIZEN,
    "mafia": R.CW_ROLE_MAFIA,
    "don": R.CW_ROLE_DON,
    "maniac": R.CW_ROLE_MANIAC,
    "doctor": R.CW_ROLE_DOCTOR,
    "commissar": R.CW_ROLE_COMMISSAR,
    "kamikaze": R.CW_ROLE_KAMIKAZE,
    "sapper": R.CW_ROLE_SAPPER,
    "putana": R.CW_ROLE_PUTANA,
}
CLUB_SIDE_WORDS: Final[dict[str, Refusal]] = {
    "city": R.CW_SIDE_CITY,
    "mafia": R.CW_SIDE_MAFIA,
    "maniac": R.CW_SIDE_MANIAC,
}
CLUB_STEP_WORDS: Final[dict[str, Refusal]] = {
    "deal": R.CW_STEP_DEAL,
    "ready": R.CW_STEP_READY,
    "zero_night": R.CW_STEP_ZERO_NIGHT,
    "night": R.CW_STEP_NIGHT,
    "farewell": R.CW_STEP_FAREWELL,
    "discussion": R.CW_STEP_DISCUSSION,
    "speeches": R.CW_STEP_SPEECHES,
    "nominations": R.CW_STEP_NOMINATIONS,
    "justification": R.CW_STEP_JUSTIFICATION,
    "vote": R.CW_STEP_VOTE,
    "catastrophe": R.CW_STEP_CATASTROPHE,
    "pick": R.CW_STEP_PICK,
    "await_night": R.CW_STEP_AWAIT_NIGHT,
}

