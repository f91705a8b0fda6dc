"""The club game's screen words (004; docs/club.md), in Russian and English.

Kept apart from the tournament game's screen words so both grow without touching each other;
the club's roles, causes, results and night steps are the game's vocabulary
(words/vocabulary.py). What a public screen may show of a player who left names no role: the
pick and the blast are announced by the host (004 §4, §7.8), but "камикадзе" on a seat would
tell the room who blew up; the role words appear only once the game is decided, or on the
judge's screen.
"""

from __future__ import annotations

from typing import Final

CLUB: Final[dict[str, tuple[str, str]]] = {
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
    # the judge's night, in the club's order (004 §7)
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
