"""The judge's pad in words: what the table reports of an unfinished key sequence
(device/table/keys.py, clubkeys.py: "SHOOT _", "VOTE #4: 2 5", "MAFIA SHOT _"), which the
judge's screen and the simulator say in their language (`words.pad_text`), and the names of the
pad's function keys and key events as the simulator's pad check shows them.

The English of a `pad.*` word is the word the table reports, exactly: the screen finds it in
the table's text and puts the Russian in its place.
"""

from __future__ import annotations

from typing import Final

PAD: Final[dict[str, tuple[str, str]]] = {
    # the club pad's own words (device/table/clubkeys.py: "MAFIA SHOT _", "NOMINATE 3 -> _")
    "pad.commissar_check": ("ПРОВЕРКА КОМИССАРА", "COMMISSAR CHECK"),
    "pad.maniac_chooses": ("МАНЬЯК ВЫБИРАЕТ", "MANIAC CHOOSES"),
    "pad.kamikaze_pick": ("ВЫБОР КАМИКАДЗЕ", "KAMIKAZE PICK"),
    "pad.maniac_shot": ("ВЫСТРЕЛ МАНЬЯКА", "MANIAC SHOT"),
    "pad.mafia_shot": ("ВЫСТРЕЛ МАФИИ", "MAFIA SHOT"),
    "pad.kamikaze": ("КАМИКАДЗЕ", "KAMIKAZE"),
    "pad.commissar": ("КОМИССАР", "COMMISSAR"),
    "pad.putana": ("ПУТАНА", "PUTANA"),
    "pad.maniac": ("МАНЬЯК", "MANIAC"),
    "pad.doctor": ("ДОКТОР", "DOCTOR"),
    "pad.sapper": ("САПЁР", "SAPPER"),
    "pad.no_don": ("без дона", "no don"),
    "pad.heal": ("ЛЕЧЕНИЕ", "HEAL"),
    "pad.deal": ("РАЗДАЧА", "DEAL"),
    "pad.drop": ("СКИНУЛ НОМЕРОК", "DROP"),
    # the classic pad's (device/table/keys.py), shared by the club pad
    "pad.close_hold_next": ("ЗАКРЫТЬ ПРОТОКОЛ: удерживайте ДАЛЕЕ", "CLOSE: hold NEXT"),
    # a new game waits for the judge's yes (table/newgame.py: "NEW GAME r2-t3: hold NEXT ...")
    "pad.undo_keep_playing": ("ОТМЕНА: играть дальше", "UNDO: keep playing"),
    "pad.hold_next": ("удерживайте ДАЛЕЕ", "hold NEXT"),
    "pad.new_game": ("НОВАЯ ИГРА", "NEW GAME"),
    "pad.sheriff_check": ("ПРОВЕРКА ШЕРИФА", "SHERIFF CHECK"),
    "pad.don_check": ("ПРОВЕРКА ДОНА", "DON CHECK"),
    "pad.best_move": ("ЛУЧШИЙ ХОД", "BEST MOVE"),
    "pad.team_loss": ("ПОРАЖЕНИЕ КОМАНДЫ", "TEAM LOSS"),
    "pad.on_record": ("ПОД ЗАПИСЬ", "ON RECORD"),
    "pad.points_withdrawn": ("снять", "withdraw"),
    "pad.nominate": ("ВЫСТАВЛЕНИЕ", "NOMINATE"),
    "pad.protest": ("ПРОТЕСТ", "PROTEST"),
    "pad.extra": ("ДОП. БАЛЛЫ", "EXTRA"),
    "pad.withdraw": ("СНЯТИЕ", "WITHDRAW"),
    "pad.morning": ("УТРО", "MORNING"),
    "pad.sheriff": ("ШЕРИФ", "SHERIFF"),
    "pad.remove": ("УДАЛЕНИЕ", "REMOVE"),
    "pad.count": ("ГОЛОСОВ", "COUNT"),
    "pad.shoot": ("ВЫСТРЕЛ", "SHOOT"),
    "pad.mafia": ("МАФИЯ", "MAFIA"),
    "pad.foul": ("ФОЛ", "FOUL"),
    "pad.vote": ("ГОЛОСОВАНИЕ", "VOTE"),
    "pad.lift": ("ПОДЪЁМ", "LIFT"),
    "pad.next": ("ДАЛЕЕ", "NEXT"),
    "pad.don": ("ДОН", "DON"),
    "pad.none": ("без", "no"),
    # the function keys, as printed on a Russian pad, and the pad check's events
    "key.next": ("Далее", "NEXT"),
    "key.nominate": ("Выставить", "NOMINATE"),
    "key.foul": ("Фол", "FOUL"),
    "key.vote": ("Голос", "VOTE"),
    "key.undo": ("Отмена", "UNDO"),
    "key.timer": ("Таймер", "TIMER"),
    "key.space": ("пробел", "space"),
    "key.ready": ("Пульт готов", "Pad ready"),
    # "Фол нажата" is wrong Russian: the key's name comes with the word "клавиша"
    "key.press": ("клавиша {key} нажата", "{key} press"),
    "key.hold": ("клавиша {key} удерживается", "{key} hold"),
    "key.release": ("клавиша {key} отпущена", "{key} release"),
    # the simulator's window (firmware_sim/window.py)
    "sim.title": ("Стол мафии (симулятор)", "Mafia table (simulated)"),
}
