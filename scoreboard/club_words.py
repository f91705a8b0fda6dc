"""The club game's words (004; docs/club.md), in Russian and English, merged into i18n.TEXTS.

Kept apart from the tournament game's dictionary so both grow without touching each other.
What a public screen may show of a player who left names no role: the pick and the blast are
announced by the host (004 §4, §7.8), but "камикадзе" on a seat would tell the room who
blew up; the role words appear only once the game is decided, or on the judge's screen.
"""

from __future__ import annotations

from typing import Final

CLUB_TEXTS: Final[dict[str, tuple[str, str]]] = {
    # the day cycle (004 §6)
    "banner.discussion": ("Общее обсуждение", "General discussion"),
    "banner.nominations": ("Выставление", "Nominations"),
    "banner.justification": ("Оправдательные речи", "Justification speeches"),
    "banner.catastrophe": ("Авто катастрофа", "Car crash"),
    "banner.pick": ("Выбор", "The pick"),
    "sub.speeches": ("Говорит {seat} {name}", "Speaking: {seat} {name}"),
    "sub.justification": ("Оправдывается {seat} {name}", "Justifying: {seat} {name}"),
    "sub.pick": ("Выбирает {seat} {name}", "Choosing: {seat} {name}"),
    "timer.discussion": ("Обсуждение", "Discussion"),
    "timer.justification": ("Оправдательная речь", "Justification"),
    # how a player left, as every screen shows it
    "left.catastrophe": ("авто катастрофа", "car crash"),
    "left.kamikaze": ("взорван", "blown up"),
    "left.sapper": ("подорван", "mined"),
    "left.dropped": ("выбыл", "dropped out"),
    # the result (004 §1: three sides, each wins alone)
    "winner.city": ("Победа города", "The city wins"),
    "winner.mafia": ("Победа мафии", "The mafia wins"),
    "winner.maniac": ("Победа маньяка", "The maniac wins"),
    "term.mafia_and_maniac_out": ("Мафия и маньяк покинули стол",
                                  "The mafia and the maniac have left the table"),
    "term.maniac_last_two": ("Маньяк остался вдвоём", "The maniac is one of the last two"),
    "term.mafia_parity": ("Мафии не меньше половины стола",
                          "The mafia holds half the table"),
    # the club's cards
    "role.maniac": ("маньяк", "maniac"),
    "role.doctor": ("доктор", "doctor"),
    "role.commissar": ("комиссар", "commissar"),
    "role.kamikaze": ("камикадзе", "kamikaze"),
    "role.sapper": ("сапёр", "sapper"),
    "role.putana": ("путана", "putana"),
    # the judge's night, in the club's order (004 §7)
    "step.putana": ("путана", "putana"),
    "step.mafia_shot": ("выстрел мафии", "mafia's shot"),
    "step.maniac_shot": ("выстрел маньяка", "maniac's shot"),
    "step.heal": ("доктор лечит", "doctor's heal"),
    "step.commissar_check": ("проверка комиссара", "commissar's check"),
    "step.kamikaze": ("камикадзе", "kamikaze"),
    "club.night": ("Ночь {n}: {acts}", "Night {n}: {acts}"),
    "club.putana": ("путана → {seat}", "putana → {seat}"),
    "club.mafia_shot": ("мафия → {seat}", "mafia → {seat}"),
    "club.don_check": ("дон проверил {seat}: {found}", "don checked {seat}: {found}"),
    "club.maniac_shot": ("маньяк → {seat}", "maniac → {seat}"),
    "club.heal": ("доктор лечил {seat}", "doctor healed {seat}"),
    "club.saved": ("спасён {seat}", "{seat} saved"),
    "club.commissar_check": ("комиссар проверил {seat}: {found}",
                             "commissar checked {seat}: {found}"),
    "club.kamikaze": ("камикадзе → {seat}", "kamikaze → {seat}"),
    "club.blast": ("взрыв: {seats}", "blast: {seats}"),
    "found.doctor": ("доктор", "doctor"),
    "found.commissar": ("комиссар", "commissar"),
    "found.putana": ("путана", "putana"),
    "found.none": ("никто", "nobody"),
    "found.mafia": ("мафия", "mafia"),
    "found.city": ("город", "city"),
}
