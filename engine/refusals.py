"""Every refusal the engine can give, by key, in Russian and English.

A refusal travels as a key and parameters (`Phrase`): the command line prints the English
text, the judge's screen and the console print the text in their own language. A parameter
may itself be a phrase (a word such as "the don's check", or a list of reasons), so no
English word leaks into a Russian sentence. Pure data: no I/O.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final, Literal, Union

from pydantic import BaseModel, ConfigDict

Lang = Literal["ru", "en"]
LANGS: Final[tuple[Lang, ...]] = ("ru", "en")


class Refusal(StrEnum):
    """The key of a refusal (or of a word used inside one)."""

    UNKEYED = "unkeyed"  # a refusal given as English text, not yet in this catalogue
    # the game as a whole
    UNKNOWN_ACTION = "unknown_action"
    GAME_OVER = "game_over"
    RESULT_DRAW = "result_draw"
    RESULT_WON = "result_won"
    NOTHING_TO_UNDO = "nothing_to_undo"
    NOT_A_SEAT = "not_a_seat"
    NOT_AT_TABLE = "not_at_table"
    NOT_DEALT = "not_dealt"
    NOT_STARTED = "not_started"
    ALREADY_DEALT = "already_dealt"
    TWO_CARDS = "two_cards"
    DEAL_FIRST = "deal_first"
    ALREADY_STARTED = "already_started"
    # day
    ALREADY_DAY = "already_day"
    NOT_SHOT_YET = "not_shot_yet"
    ALREADY_NIGHT = "already_night"
    STILL_SPEAKING = "still_speaking"
    VOTE_NOT_FINISHED = "vote_not_finished"
    LIFT_PENDING = "lift_pending"
    NOBODY_SPEAKING = "nobody_speaking"
    OWN_SPEECH_ONLY = "own_speech_only"
    NOT_SPEAKING = "not_speaking"
    NO_VOTE_TODAY = "no_vote_today"
    ONE_NOMINATION = "one_nomination"
    ALREADY_NOMINATED = "already_nominated"
    NO_WITHDRAWAL = "no_withdrawal"
    DID_NOT_NOMINATE = "did_not_nominate"
    # votes
    VOTER_NOT_AT_TABLE = "voter_not_at_table"
    LISTED_TWICE = "listed_twice"
    TWO_VOTES = "two_votes"
    NO_VOTING_ROUND = "no_voting_round"
    NOT_CANDIDATE = "not_candidate"
    LAST_CANDIDATE = "last_candidate"
    VOTE_ORDER = "vote_order"
    VOTE_COUNT = "vote_count"
    VOTES_LEFT = "votes_left"
    NO_LIFT = "no_lift"
    LIFT_RANGE = "lift_range"
    # discipline
    FOUL_KIND = "foul_kind"
    VOTING_FOUL_LIMIT = "voting_foul_limit"
    DISQUALIFY_KIND = "disqualify_kind"
    ALREADY_REMOVED = "already_removed"
    ALREADY_DISQUALIFIED = "already_disqualified"
    # night
    AT_NIGHT_ONLY = "at_night_only"
    NONE_IN_ZERO_NIGHT = "none_in_zero_night"
    SHOT_FIRST = "shot_first"
    SHOOT_AT_NIGHT = "shoot_at_night"
    NO_ZERO_NIGHT_SHOT = "no_zero_night_shot"
    ALREADY_SHOT = "already_shot"
    NOT_BLACK = "not_black"
    TWO_SHOTS = "two_shots"
    SHOT_MISSING = "shot_missing"
    DON_OUT = "don_out"
    SHERIFF_OUT = "sheriff_out"
    DON_CHECKED = "don_checked"
    SHERIFF_CHECKED = "sheriff_checked"
    DON_SELF = "don_self"
    SHERIFF_SELF = "sheriff_self"
    BEST_MOVE_RECORDED = "best_move_recorded"
    BEST_MOVE_NIGHT = "best_move_night"
    NOBODY_KILLED = "nobody_killed"
    REMOVED_AFTER_SHOT = "removed_after_shot"
    NO_BEST_MOVE_VOTE = "no_best_move_vote"
    NO_BEST_MOVE_LEFT = "no_best_move_left"
    BEST_MOVE_SIZE = "best_move_size"
    NAMED_TWICE = "named_twice"
    BEST_MOVE_SELF = "best_move_self"
    # after the game
    DECIDED_FIRST = "decided_first"
    NO_EXTRA_TO_WITHDRAW = "no_extra_to_withdraw"
    PENALTY_NEGATIVE = "penalty_negative"
    NO_COLOUR_LEFT = "no_colour_left"
    COLOUR_FAREWELL_ONLY = "colour_farewell_only"
    COLOUR_SELF = "colour_self"
    COLOUR_TWICE = "colour_twice"
    CLOSE_SPEAKING = "close_speaking"
    PROTOCOL_CLOSED = "protocol_closed"
    EXTRA = "extra"
    EXTRA_CLAUSE = "extra_clause"
    EXTRA_NEGATIVE = "extra_negative"
    EXTRA_TENTHS = "extra_tenths"
    EXTRA_NONE_AT_DRAW = "extra_none_at_draw"
    EXTRA_RANGE = "extra_range"
    EXTRA_TEAM_CAP = "extra_team_cap"
    EXTRA_SOLE = "extra_sole"
    EXTRA_ONE_MORE = "extra_one_more"
    EXTRA_ONE_MORE_RANGE = "extra_one_more_range"
    EXTRA_MAX_PLAYERS = "extra_max_players"
    EXTRA_GAME_CAP = "extra_game_cap"
    EXTRA_APPROVAL = "extra_approval"
    NEED_POINTS = "need_points"
    NEED_PLAYERS = "need_players"
    NEED_TOTAL = "need_total"
    # the judge's pad (device/keys.py): sequences it cannot take, before the rules see them
    PAD_NO_VOTE = "pad_no_vote"
    PAD_FOUL_BEFORE_START = "pad_foul_before_start"
    PAD_NOMINATE_OUTSIDE_SPEECH = "pad_nominate_outside_speech"
    PAD_UNKNOWN_KEY = "pad_unknown_key"
    PAD_VERB_NEEDS_SEAT = "pad_verb_needs_seat"
    PAD_NOTHING_TO_UNDO = "pad_nothing_to_undo"
    PAD_DEALT_NEXT = "pad_dealt_next"
    PAD_ZERO_NIGHT = "pad_zero_night"
    PAD_GAME_OVER = "pad_game_over"
    PAD_SEAT_ALONE_SPEECH = "pad_seat_alone_speech"
    PAD_SEAT_ALONE = "pad_seat_alone"
    PAD_VOTES_FIRST = "pad_votes_first"
    PAD_NOTHING_NEXT = "pad_nothing_next"
    PAD_ROLE_TWICE = "pad_role_twice"
    PAD_FIFTH_ROLE = "pad_fifth_role"
    PAD_ROLES_INCOMPLETE = "pad_roles_incomplete"
    PAD_COUNT_TOO_HIGH = "pad_count_too_high"
    PAD_VOTE_OUTSIDE = "pad_vote_outside"
    PAD_NIGHT_DONE = "pad_night_done"
    PAD_BEST_MOVE_THREE = "pad_best_move_three"
    PAD_UNKNOWN_STEP = "pad_unknown_step"
    PAD_EXTRA_POINTS = "pad_extra_points"
    PAD_NO_SUCH_SEAT = "pad_no_such_seat"
    TIMER_NONE = "timer_none"
    # the club game (engine/club/, seed 004)
    CLUB_SEATS = "club_seats"
    CLUB_MAFIA_COUNT = "club_mafia_count"
    CLUB_ROLE_NEEDED = "club_role_needed"
    CLUB_ROLE_NONE = "club_role_none"
    CLUB_NO_PUTANA_TOURNAMENT = "club_no_putana_tournament"
    CLUB_PUTANA_FROM = "club_putana_from"
    CLUB_NOT_A_SEAT = "club_not_a_seat"
    CLUB_TWO_CARDS = "club_two_cards"
    CLUB_NOT_NOW = "club_not_now"
    CLUB_NOMINATION_BY = "club_nomination_by"
    CLUB_CANNOT_NOMINATE = "club_cannot_nominate"
    CLUB_MUTED_NOMINATE = "club_muted_nominate"
    CLUB_ONE_NOMINATION = "club_one_nomination"
    CLUB_NOT_AT_TABLE = "club_not_at_table"
    CLUB_ALREADY_NOMINATED = "club_already_nominated"
    CLUB_IMMUNE_NOMINATION = "club_immune_nomination"
    CLUB_VOTERS_LISTED = "club_voters_listed"
    CLUB_VOTE_ORDER = "club_vote_order"
    CLUB_VOTER_NOT_AT_TABLE = "club_voter_not_at_table"
    CLUB_BANNED_VOTE = "club_banned_vote"
    CLUB_ALREADY_VOTED = "club_already_voted"
    CLUB_NOT_TIED = "club_not_tied"
    CLUB_IMMUNE_KAMIKAZE = "club_immune_kamikaze"
    CLUB_NIGHT_ONE_ON = "club_night_one_on"
    CLUB_ACT_ENTERED = "club_act_entered"
    CLUB_ACT_TOO_LATE = "club_act_too_late"
    CLUB_SHOT_FIRST = "club_shot_first"
    CLUB_NO_ACTOR = "club_no_actor"
    CLUB_PUTANA_WITH = "club_putana_with"
    CLUB_TARGET_NOT_AT_TABLE = "club_target_not_at_table"
    CLUB_TARGET_SELF = "club_target_self"
    CLUB_IMMUNE_NIGHT = "club_immune_night"
    CLUB_PUTANA_TARGET = "club_putana_target"
    CLUB_NO_MAFIA = "club_no_mafia"
    CLUB_MAFIA_BLOCKED = "club_mafia_blocked"
    CLUB_CHECK_OTHER = "club_check_other"
    CLUB_CHECK_REMOVED = "club_check_removed"
    CLUB_HEAL_TARGET = "club_heal_target"
    CLUB_SELF_HEAL = "club_self_heal"
    CLUB_HEAL_TWICE = "club_heal_twice"
    CLUB_KAMIKAZE_NIGHT = "club_kamikaze_night"
    CLUB_KAMIKAZE_SHOT = "club_kamikaze_shot"
    CLUB_MAFIA_NOT_SHOT = "club_mafia_not_shot"
    CLUB_KAMIKAZE_PICK = "club_kamikaze_pick"
    CLUB_CLOSED = "club_closed"
    CLUB_GAME_OVER = "club_game_over"
    CLUB_NOT_IN_GAME = "club_not_in_game"
    CLUB_ALREADY_DEALT = "club_already_dealt"
    CLUB_DEAL_FIRST = "club_deal_first"
    CLUB_ALREADY_STARTED = "club_already_started"
    CLUB_NOT_NIGHT = "club_not_night"
    CLUB_DAY_NOT_OVER = "club_day_not_over"
    CLUB_NOBODY_SPEAKING = "club_nobody_speaking"
    CLUB_KAMIKAZE_DAY = "club_kamikaze_day"
    CLUB_PENDING_CHOICE = "club_pending_choice"
    CLUB_FOUL_KIND = "club_foul_kind"
    CLUB_FOUL_NOT_STARTED = "club_foul_not_started"
    CLUB_FOUL_NOT_AT_TABLE = "club_foul_not_at_table"
    CLUB_DISQUALIFY_NOT_STARTED = "club_disqualify_not_started"
    CLUB_DISQUALIFY_NOT_AT_TABLE = "club_disqualify_not_at_table"
    CLUB_AFTER_RESULT = "club_after_result"
    CLUB_EXTRA_POINT = "club_extra_point"
    CLUB_EXTRA_SIDE = "club_extra_side"
    CLUB_PENALTY_POINTS = "club_penalty_points"
    CLUB_CLOSE_FAREWELL = "club_close_farewell"
    CLUB_NOTHING_TO_UNDO = "club_nothing_to_undo"
    # words of the club game inside its refusals
    CW_ACT_PUTANA = "cw_act_putana"
    CW_ACT_MAFIA_SHOT = "cw_act_mafia_shot"
    CW_ACT_DON_CHECK = "cw_act_don_check"
    CW_ACT_MANIAC_SHOT = "cw_act_maniac_shot"
    CW_ACT_HEAL = "cw_act_heal"
    CW_ACT_COMMISSAR_CHECK = "cw_act_commissar_check"
    CW_ACT_KAMIKAZE = "cw_act_kamikaze"
    CW_ROLE_CITIZEN = "cw_role_citizen"
    CW_ROLE_MAFIA = "cw_role_mafia"
    CW_ROLE_DON = "cw_role_don"
    CW_ROLE_MANIAC = "cw_role_maniac"
    CW_ROLE_DOCTOR = "cw_role_doctor"
    CW_ROLE_COMMISSAR = "cw_role_commissar"
    CW_ROLE_KAMIKAZE = "cw_role_kamikaze"
    CW_ROLE_SAPPER = "cw_role_sapper"
    CW_ROLE_PUTANA = "cw_role_putana"
    CW_SIDE_CITY = "cw_side_city"
    CW_SIDE_MAFIA = "cw_side_mafia"
    CW_SIDE_MANIAC = "cw_side_maniac"
    CW_STEP_DEAL = "cw_step_deal"
    CW_STEP_READY = "cw_step_ready"
    CW_STEP_ZERO_NIGHT = "cw_step_zero_night"
    CW_STEP_NIGHT = "cw_step_night"
    CW_STEP_FAREWELL = "cw_step_farewell"
    CW_STEP_DISCUSSION = "cw_step_discussion"
    CW_STEP_SPEECHES = "cw_step_speeches"
    CW_STEP_NOMINATIONS = "cw_step_nominations"
    CW_STEP_JUSTIFICATION = "cw_step_justification"
    CW_STEP_VOTE = "cw_step_vote"
    CW_STEP_CATASTROPHE = "cw_step_catastrophe"
    CW_STEP_PICK = "cw_step_pick"
    CW_STEP_AWAIT_NIGHT = "cw_step_await_night"
    CW_DISCUSSION = "cw_discussion"
    CW_NOMINATION = "cw_nomination"
    CW_NOMINATIONS_END = "cw_nominations_end"
    CW_VOTES = "cw_votes"
    CW_MANIAC_CHOICE = "cw_maniac_choice"
    CW_EXTRA = "cw_extra"
    CW_PENALTY = "cw_penalty"
    CW_PROTEST = "cw_protest"
    CW_CLOSE = "cw_close"
    # words used inside refusals
    W_SEAT = "w_seat"
    W_VOTER = "w_voter"
    W_BY = "w_by"
    W_NAMED_SEAT = "w_named_seat"
    W_SHOOTER = "w_shooter"
    W_TARGET = "w_target"
    W_NOMINATION = "w_nomination"
    W_WITHDRAWAL = "w_withdrawal"
    W_DON_CHECK = "w_don_check"
    W_SHERIFF_CHECK = "w_sheriff_check"
    W_BEST_MOVE = "w_best_move"
    W_EXTRA_POINTS = "w_extra_points"
    W_PENALTY = "w_penalty"
    W_PROTEST = "w_protest"
    W_SIGNATURE = "w_signature"
    W_RED = "w_red"
    W_BLACK = "w_black"
    W_AT_DRAW = "w_at_draw"
    W_TO_WINNER = "w_to_winner"
    W_TO_LOSER = "w_to_loser"
    W_FOULS = "w_fouls"
    W_DISQUALIFIED = "w_disqualified"
    W_FAREWELL = "w_farewell"
    W_REGULAR = "w_regular"
    W_SPEECH = "w_speech"
    W_SHORT_SPEECH = "w_short_speech"
    W_MUTED_TURN = "w_muted_turn"
    W_TIE_SPEECH = "w_tie_speech"
    W_MAJORITY_SPEECH = "w_majority_speech"
    W_FOUL = "w_foul"
    W_REMOVE = "w_remove"
    W_TEAM_LOSS = "w_team_loss"
    W_NOMINATE = "w_nominate"
    W_WITHDRAW = "w_withdraw"
    W_ON_RECORD = "w_on_record"
    W_PROTEST_KEY = "w_protest_key"


R = Refusal

# key -> (ru, en). The English is what the command line and the game log's tools print.
TEXTS: Final[dict[Refusal, tuple[str, str]]] = {
    R.UNKEYED: ("{text}", "{text}"),
    R.UNKNOWN_ACTION: ("неизвестное действие {action}", "unknown action {action}"),
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

# Words for values of the engine's vocabulary that appear inside refusals.
VALUE_WORDS: Final[dict[str, Refusal]] = {
    "red": R.W_RED, "black": R.W_BLACK, "fouls": R.W_FOULS, "disqualified": R.W_DISQUALIFIED,
    "farewell": R.W_FAREWELL, "regular": R.W_REGULAR, "speech": R.W_SPEECH,
    "short_speech": R.W_SHORT_SPEECH, "muted_turn": R.W_MUTED_TURN,
    "tie_speech": R.W_TIE_SPEECH, "majority_speech": R.W_MAJORITY_SPEECH,
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


Param = Union[int, str, "Phrase", tuple["Phrase", ...]]


@dataclass(frozen=True)
class Phrase:
    """A refusal (or a word) by key, with its parameters; rendered per language."""

    key: Refusal
    params: Mapping[str, Param] = field(default_factory=dict)

    def text(self, lang: Lang = "en") -> str:
        template = TEXTS[self.key][LANGS.index(lang)]
        return template.format(**{k: _param_text(v, lang) for k, v in self.params.items()})

    def wire(self) -> RefusalView:
        """The form the table publishes to the judge's screen."""
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


class RefusalView(BaseModel):
    """A refusal on the wire: the screen renders it in its own language; a key it does not
    know (a newer table) falls back to the English `last_error`."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    key: str
    params: dict[str, int | str | RefusalView | list[RefusalView]] = {}

    def text(self, lang: Lang) -> str | None:
        """The text in `lang`, or None when a key is not in this catalogue."""
        try:
            return self.phrase().text(lang)
        except (ValueError, KeyError, IndexError):
            return None

    def phrase(self) -> Phrase:
        return Phrase(Refusal(self.key), {k: _param_read(v) for k, v in self.params.items()})


def _param_wire(value: Param) -> int | str | RefusalView | list[RefusalView]:
    if isinstance(value, Phrase):
        return value.wire()
    if isinstance(value, tuple):
        return [p.wire() for p in value]
    return value


def _param_read(value: int | str | RefusalView | list[RefusalView]) -> Param:
    if isinstance(value, RefusalView):
        return value.phrase()
    if isinstance(value, list):
        return tuple(v.phrase() for v in value)
    return value


def placeholders(template: str) -> set[str]:
    """The {names} a template fills (for the catalogue's own test)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
