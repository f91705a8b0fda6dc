"""The words of the game's vocabulary: every member of the enums in engine/vocab.py and
engine/roles.py, in Russian and English, under the namespace its enum shares with its kin.

Enums of the same kind share a namespace, so one thing has one word on every screen, page and
paper: the classic and the club causes of leaving (`left.*`), roles (`role.*`), results
(`winner.*`), endings (`term.*`), steps (`step.*`) and night steps (`night_step.*`).
Nouns are lower case (a screen capitalizes a title itself); results and endings are
sentences. tests/words/test_catalogue.py checks that every member has its words.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from engine.roles import ClubRole, Role, Side, Team
from engine.vocab import (
    AfterSpeeches,
    Cause,
    ClubCause,
    ClubOutCause,
    ClubSpeech,
    ClubStep,
    ClubTermination,
    DayVote,
    InfoClass,
    NightAct,
    NightStep,
    Phase,
    SpeechKind,
    Step,
    Termination,
    Winner,
)

# enum -> the namespace of its members' words ("left.kill" for Cause.KILL)
NAMESPACES: Final[dict[type[StrEnum], str]] = {
    Phase: "phase",
    Step: "step", ClubStep: "step",
    NightStep: "night_step", NightAct: "night_step",
    SpeechKind: "speech", ClubSpeech: "speech",
    AfterSpeeches: "then",
    DayVote: "day_vote",
    Cause: "left", ClubOutCause: "left",
    ClubCause: "club_cause",
    InfoClass: "info_class",
    Winner: "winner", Side: "winner",
    Termination: "term", ClubTermination: "term",
    Role: "role", ClubRole: "role",
    Team: "team",
}

# key -> (ru, en)
VOCABULARY: Final[dict[str, tuple[str, str]]] = {
    # where the game is (Phase)
    "phase.setup": ("раздача", "deal"),
    "phase.night": ("ночь", "night"),
    "phase.day": ("день", "day"),
    "phase.finished": ("игра окончена", "game over"),
    # the step a view shows (Step, ClubStep: 004 §6)
    "step.deal": ("раздача карт", "dealing cards"),
    "step.ready": ("карты розданы", "cards are dealt"),
    "step.zero_night": ("нулевая ночь", "zero night"),
    "step.night": ("ночь", "night"),
    "step.shoot": ("выстрел", "shot"),
    "step.checks": ("проверки", "checks"),
    "step.best_move": ("лучший ход", "best move"),
    "step.morning": ("утро", "morning"),
    "step.farewell": ("прощальная речь", "farewell speech"),
    "step.regular": ("речь", "speech"),
    "step.speech": ("речь", "speech"),
    "step.short_speech": ("короткая речь", "short speech"),
    "step.muted_turn": ("ход без речи", "turn without speech"),
    "step.tie_speech": ("речь при равенстве", "tie speech"),
    "step.majority_speech": ("речь 30 секунд", "30-second speech"),
    "step.vote": ("голосование", "vote"),
    "step.lift": ("подъём", "lift"),
    "step.await_night": ("наступает ночь", "night falls"),
    "step.over": ("игра окончена", "game over"),
    "step.discussion": ("общее обсуждение", "general discussion"),
    "step.speeches": ("речи", "speeches"),
    "step.nominations": ("выставление", "nominations"),
    "step.justification": ("оправдательные речи", "justification speeches"),
    "step.catastrophe": ("авто катастрофа", "car crash"),
    "step.pick": ("выбор", "the pick"),
    # a step of the judge's night (NightStep, 000 I.7.3-7.8; NightAct, 004 §7), and the morning
    "night_step.shoot": ("выстрел", "shot"),
    "night_step.don_check": ("проверка дона", "don's check"),
    "night_step.sheriff_check": ("проверка шерифа", "sheriff's check"),
    "night_step.best_move": ("лучший ход", "best move"),
    "night_step.morning": ("утро", "morning"),
    "night_step.putana": ("путана", "putana"),
    "night_step.mafia_shot": ("выстрел мафии", "mafia's shot"),
    "night_step.maniac_shot": ("выстрел маньяка", "maniac's shot"),
    "night_step.heal": ("доктор лечит", "doctor's heal"),
    "night_step.commissar_check": ("проверка комиссара", "commissar's check"),
    "night_step.kamikaze": ("камикадзе", "kamikaze"),
    # a speech (SpeechKind, ClubSpeech)
    "speech.farewell": ("прощальная речь", "farewell speech"),
    "speech.regular": ("очередная речь", "regular speech"),
    "speech.speech": ("речь", "speech"),
    "speech.short_speech": ("короткая речь", "short speech"),
    "speech.muted_turn": ("ход без речи", "turn without speech"),
    "speech.tie_speech": ("речь при равенстве", "tie speech"),
    "speech.majority_speech": ("речь 30 секунд", "30-second speech"),
    "speech.justification": ("оправдательная речь", "justification speech"),
    # what follows the speeches (AfterSpeeches)
    "then.vote": ("голосование", "the vote"),
    "then.revote": ("переголосование", "the revote"),
    "then.night": ("ночь", "the night"),
    # today's vote (DayVote)
    "day_vote.pending": ("Голосование впереди", "The vote is ahead"),
    "day_vote.none": ("Никто не выставлен", "Nobody was nominated"),
    "day_vote.skipped": ("Голосование не проводится", "No vote today"),
    "day_vote.cancelled": ("Голосование отменено", "The vote is cancelled"),
    "day_vote.held": ("Голосование состоялось", "The vote is over"),
    # how a player left, as every screen shows it (Cause; ClubOutCause: a public screen names
    # no role, so the kamikaze's pick is "blown up", 004 §4, §7.8)
    "left.vote": ("заголосован", "voted out"),
    "left.lift": ("поднят", "lifted"),
    "left.kill": ("убит", "killed"),
    "left.fouls": ("удалён за фолы", "out on fouls"),
    "left.disqualified": ("дисквалифицирован", "disqualified"),
    "left.catastrophe": ("авто катастрофа", "car crash"),
    "left.kamikaze": ("взорван", "blown up"),
    "left.sapper": ("подорван", "mined"),
    "left.dropped": ("выбыл", "dropped out"),
    # why a player left a club game, as the judge and the protocol know it (ClubCause)
    "club_cause.vote": ("заголосован", "voted out"),
    "club_cause.catastrophe": ("авто катастрофа", "car crash"),
    "club_cause.mafia": ("убит мафией", "shot by the mafia"),
    "club_cause.maniac": ("убит маньяком", "shot by the maniac"),
    "club_cause.kamikaze": ("взорван камикадзе", "taken by the kamikaze"),
    "club_cause.sapper": ("подорван сапёром", "mined by the sapper"),
    "club_cause.fouls": ("удалён за фолы", "out on fouls"),
    "club_cause.disqualified": ("дисквалифицирован", "disqualified"),
    "club_cause.dropped": ("выбыл", "dropped out"),
    # who may see a view (InfoClass, docs/views.md)
    "info_class.public": ("все", "everyone"),
    "info_class.audience": ("зрители", "the audience"),
    "info_class.judge": ("судья", "the judge"),
    # the result (Winner: 000 I.1.4 "победа красных"; Side: 004 §1, three sides)
    "winner.red": ("Победа красных", "Red team wins"),
    "winner.black": ("Победа чёрных", "Black team wins"),
    "winner.draw": ("Ничья", "Draw"),
    "winner.city": ("Победа города", "City wins"),
    "winner.mafia": ("Победа мафии", "Mafia wins"),
    "winner.maniac": ("Победа маньяка", "Maniac wins"),
    # why the game ended (Termination; ClubTermination: club R21, R22)
    "term.all_black_out": ("Все чёрные игроки покинули стол", "All black players are out"),
    "term.black_parity": ("Чёрных не меньше, чем красных", "Black players equal the red"),
    "term.quiet_rounds": ("Три круга без изменений", "Three rounds without change"),
    "term.four_player_misses": ("Три промаха подряд при четырёх игроках",
                                "Three misses in a row at four players"),
    "term.team_loss": ("Поражение команды за нарушение", "Team loss for a violation"),
    "term.mafia_and_maniac_out": ("Мафия и маньяк покинули стол",
                                  "The mafia and the maniac have left the table"),
    "term.maniac_last_two": ("Маньяк остался вдвоём", "The maniac is one of the last two"),
    "term.mafia_parity": ("Мафии не меньше половины стола", "The mafia holds half the table"),
    # the cards (Role; ClubRole, 004 §1-3)
    "role.citizen": ("мирный", "citizen"),
    "role.sheriff": ("шериф", "sheriff"),
    "role.mafia": ("мафия", "mafia"),
    "role.don": ("дон", "don"),
    "role.maniac": ("маньяк", "maniac"),
    "role.doctor": ("доктор", "doctor"),
    "role.commissar": ("комиссар", "commissar"),
    "role.kamikaze": ("камикадзе", "kamikaze"),
    "role.sapper": ("сапёр", "sapper"),
    "role.putana": ("путана", "putana"),
    # a colour (Team): the sheriff's check answers with it (000 I.7.6)
    "team.red": ("красный", "red"),
    "team.black": ("чёрный", "black"),
}
