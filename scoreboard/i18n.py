"""Every word the scoreboard shows, in Russian and English.

The view model builds all screen text through `t()`, so the renderer never chooses words and the
secrecy check can scan a frame's text in either language. Keep English free of "don't": the
checker would read its "don" as a role label.
"""

from __future__ import annotations

import re
from typing import Final

from scoreboard.club_words import CLUB_TEXTS

LANGS: Final = ("ru", "en")

# key -> (ru, en); {placeholders} are filled by t().
TEXTS: Final[dict[str, tuple[str, str]]] = {
    # header
    "table": ("Стол {table}", "Table {table}"),
    "judge_table": ("Стол {table} · судья", "Table {table} · judge"),
    "wall_title": ("Все столы", "All tables"),
    "seat_ref": ("№{seat}", "#{seat}"),
    # liveness
    "status.online": ("в сети", "online"),
    "status.offline": ("нет связи", "offline"),
    "status.stale": ("нет сигнала", "no signal"),
    "status.unknown": ("ожидание", "waiting"),
    "notice.offline": ("Стол не в сети: последнее известное состояние",
                       "Table offline: last known state"),
    "notice.stale": ("Нет сигнала от стола", "No signal from the table"),
    "notice.no_view": ("Ожидание данных от стола", "Waiting for the table"),
    # the screen's own link to the broker (scoreboard/link.py): the table is not to blame
    "status.nolink": ("нет брокера", "no broker"),
    "link.connecting": ("Подключение к брокеру {address}…",
                        "Connecting to the broker at {address}…"),
    "link.down": ("Нет связи с брокером {address}", "No connection to the broker at {address}"),
    "link.refused": ("Брокер {address} не пустил экран: проверьте имя и пароль в --broker",
                     "The broker at {address} refused this screen: check the user and "
                     "password in --broker"),
    "link.no_table": ("Брокер {address} не знает стол {table} турнира «{tournament}»: "
                      "проверьте --table и --tournament",
                      "The broker at {address} has nothing from table {table} of tournament "
                      "'{tournament}': check --table and --tournament"),
    "link.no_hub": ("Брокер {address} не знает хаб турнира «{tournament}»: проверьте "
                    "--tournament и что хаб запущен",
                    "The broker at {address} has no hub of tournament '{tournament}': check "
                    "--tournament and that the hub is running"),
    "link.no_tournament": ("Брокер {address} не знает ни одного стола турнира «{tournament}»: "
                           "проверьте --tournament",
                           "The broker at {address} has no table of tournament "
                           "'{tournament}': check --tournament"),
    # phase banners
    "banner.deal": ("Раздача карт", "Dealing cards"),
    "banner.ready": ("Карты розданы", "Cards are dealt"),
    "banner.zero_night": ("Нулевая ночь", "Zero night"),
    "banner.night": ("Ночь {number}", "Night {number}"),
    "banner.day": ("День {number}", "Day {number}"),
    "banner.farewell": ("Прощальная речь", "Farewell speech"),
    "banner.tie_speech": ("Равенство голосов", "Tied vote"),
    "banner.majority_speech": ("Речь 30 секунд", "30-second speech"),
    "banner.vote": ("Голосование", "Vote"),
    "banner.lift": ("Подъём", "Lift"),
    "banner.over": ("Игра окончена", "Game over"),
    "banner.waiting": ("Ожидание", "Waiting"),
    # subtitles
    "sub.speech": ("Говорит {seat} {name}", "Speaking: {seat} {name}"),
    "sub.farewell": ("{seat} {name}", "{seat} {name}"),
    "sub.muted_turn": ("{seat} {name} без права речи, может выставить",
                       "{seat} {name} has lost this speech, may nominate"),
    "sub.tie_speech": ("Речь при равенстве: {seat} {name}", "Tie speech: {seat} {name}"),
    "sub.majority_speech": ("Речь {seat} {name}, 30 секунд", "{seat} {name} speaks 30 seconds"),
    "sub.vote": ("Голосуем за {seat} {name}", "Voting on {seat} {name}"),
    "sub.ready": ("Скоро наступит ночь", "Night falls soon"),
    # a vote with no time limit: the seat being voted on stands where the clock would
    "focus.vote": ("На голосовании", "On the vote"),
    "focus.vote_named": ("На голосовании: {name}", "On the vote: {name}"),
    # the deal (000 I.4.4, 003 4.1.3): what happens while the middle of the screen waits
    "deal.title": ("Как раздают карты", "How the cards are dealt"),
    "deal.turns": ("Игроки по очереди, начиная с №1, выбирают карту в закрытую",
                   "Players in turn, from seat 1, pick a card face down"),
    "deal.look": ("Смотрят свою карту и снова надевают маску",
                  "Each looks at the card and puts the mask back on"),
    "deal.next": ("Затем — нулевая ночь", "Then comes the zero night"),
    "deal.done": ("Все карты розданы, маски надеты", "Every card is dealt, masks are on"),
    "sub.day_over": ("День {number} окончен", "Day {number} is over"),
    "day_vote.none": ("Никто не выставлен", "Nobody was nominated"),
    "day_vote.skipped": ("Голосование не проводится", "No vote today"),
    "day_vote.cancelled": ("Голосование отменено", "The vote is cancelled"),
    "day_vote.held": ("Голосование состоялось", "The vote is over"),
    # timer labels
    "timer.speech": ("Речь", "Speech"),
    "timer.farewell": ("Прощальная речь", "Farewell"),
    "timer.muted_turn": ("Ход без речи", "Turn without speech"),
    "timer.tie_speech": ("Речь при равенстве", "Tie speech"),
    "timer.majority_speech": ("Речь 30 секунд", "30-second speech"),
    "timer.vote_window": ("Время на голос", "Time to vote"),  # the vote and the lift alike
    "timer.zero_night": ("Нулевая ночь", "Zero night"),
    "timer.paused": ("пауза", "paused"),
    # seats
    "left.vote": ("заголосован", "voted out"),
    "left.lift": ("поднят", "lifted"),
    "left.kill": ("убит", "killed"),
    "left.fouls": ("удалён за фолы", "out on fouls"),
    "left.disqualified": ("дисквалифицирован", "disqualified"),
    "left.other": ("покинул стол", "left the table"),
    "when.day": ("день {n}", "day {n}"),
    "when.night": ("ночь {n}", "night {n}"),
    "muted": ("без речи", "no speech"),
    # panel
    "nominated": ("Выставлены: {seats}", "Nominated: {seats}"),
    "nominated.none": ("Выставленных нет", "No nominations yet"),
    "nominated.hidden": ("Выставления объявят перед голосованием",
                         "Nominations are announced at the vote"),
    "vote.title": ("Голосование, круг {round}", "Vote, round {round}"),
    "vote.waiting": ("ждём", "waiting"),
    "vote.rest": ("остальные", "the rest"),
    "vote.voters": ("голосовали: {seats}", "voters: {seats}"),
    "round.line": ("Круг {round}: {votes}", "Round {round}: {votes}"),
    "lift.question": ("Кто за то, чтобы все голосуемые игроки покинули стол?",
                      "Who is for all the candidates leaving the table?"),
    "lift.candidates": ("Голосуемые: {seats}", "Candidates: {seats}"),
    "lift.yes": ("За: {yes}", "For: {yes}"),
    "lift.passed": ("Игроки покидают стол", "The candidates leave the table"),
    "lift.failed": ("Игроки остаются за столом", "The candidates stay at the table"),
    # result (shown only once the game is decided)
    "winner.red": ("Победа мирных", "The red team wins"),
    "winner.black": ("Победа мафии", "The mafia wins"),
    "winner.draw": ("Ничья", "Draw"),
    "winner.none": ("Игра окончена", "Game over"),
    "term.all_black_out": ("Все чёрные игроки покинули стол", "All black players are out"),
    "term.black_parity": ("Чёрных не меньше, чем красных", "Black players equal the red"),
    "term.quiet_rounds": ("Три круга без изменений", "Three rounds without change"),
    "term.team_loss": ("Поражение команды за нарушение", "Team loss for a violation"),
    "summary.left": ("{when}: {seat} {how}", "{when}: {seat} {how}"),
    "summary.miss": ("Ночь {n}: промах", "Night {n}: miss"),
    "summary.best_move": ("Лучший ход {seat}: {guess}, чёрных {found}",
                          "Best move by {seat}: {guess}, black found {found}"),
    # roles (shown only once the game is decided, or to the judge)
    "role.citizen": ("мирный", "citizen"),
    "role.sheriff": ("шериф", "sheriff"),
    "role.mafia": ("мафия", "mafia"),
    "role.don": ("дон", "don"),
    # judge panel
    "judge.roles": ("Роли: {roles}", "Roles: {roles}"),
    "judge.shot": ("Ночь {n}: выстрел в {seat}", "Night {n}: shot at {seat}"),
    "judge.shots": ("Ночь {n}: стреляли {shots}", "Night {n}: shots {shots}"),
    "judge.don_check": ("Дон проверил {seat}: {answer}", "Don checked {seat}: {answer}"),
    "judge.sheriff_check": ("Шериф проверил {seat}: {answer}", "Sheriff checked {seat}: {answer}"),
    "judge.is_sheriff": ("шериф", "sheriff"),
    "judge.not_sheriff": ("не шериф", "not the sheriff"),
    "judge.black": ("чёрный", "black"),
    "judge.red": ("красный", "red"),
    "judge.night_steps": ("Дальше ночью: {steps}", "Next at night: {steps}"),
    "judge.pending": ("Пульт: {text}", "Pad: {text}"),
    "judge.error": ("Ошибка: {text}", "Error: {text}"),
    "judge.protests": ("Протесты: {seats}", "Protests: {seats}"),
    "judge.window": ("Время на протесты: {left}", "Time for protests: {left}"),
    "judge.window_over": ("Время на протесты вышло: протокол можно подписать",
                          "Time for protests is over: the protocol can be signed"),
    "judge.closed": ("Протокол закрыт", "Protocol closed"),
    "judge.closed_by": ("Протокол закрыт, подписал {judge}", "Protocol closed, signed by {judge}"),
    "step.shoot": ("выстрел", "shot"),
    "step.don_check": ("проверка дона", "don's check"),
    "step.sheriff_check": ("проверка шерифа", "sheriff's check"),
    "step.best_move": ("лучший ход", "best move"),
    "step.morning": ("утро", "morning"),
    # wall
    "wall.players": ("За столом: {n}", "At the table: {n}"),
    "wall.day_players": ("День {day} · за столом: {n}", "Day {day} · at the table: {n}"),
    "wall.no_tables": ("Столы ещё не подключились", "No table has connected yet"),
    "wall.standings_as_of": ("Таблица после тура {n}", "Standings as of round {n}"),
    "wall.standings_hidden": ("Таблица скрыта до финала", "Standings hidden until the final"),
    # the venue's screen between rounds (scoreboard/venue.py)
    "venue.title": ("Таблица и рассадка", "Standings and seating"),
    "venue.waiting": ("Ждём таблицу и рассадку от хаба", "Waiting for the hub's standings and "
                      "seating"),
    "venue.standings": ("Турнирная таблица", "Standings"),
    "venue.after": ("Таблица после тура {n}", "Standings after round {n}"),
    "venue.during": ("Таблица: тур {n} ещё идёт", "Standings: round {n} still in play"),
    "venue.seating": ("Рассадка: тур {n}", "Seating: round {n}"),
    "venue.place": ("Место", "Place"),
    "venue.player": ("Игрок", "Player"),
    "venue.points": ("Баллы", "Points"),
    "venue.table": ("Стол", "Table"),
    "venue.seat": ("Место", "Seat"),
    "venue.page": ("стр. {page} из {pages}", "page {page} of {pages}"),
    "venue.lot": ("* делят место: решит жребий", "* a shared place: the lot decides"),
    "venue.next": ("далее — {what}", "next — {what}"),
}


def check_lang(lang: str) -> str:
    """Return `lang` if the scoreboard speaks it, else raise with the choices."""
    if lang not in LANGS:
        raise ValueError(f"language {lang!r} is not available; choose one of: {', '.join(LANGS)}")
    return lang


def t(lang: str, key: str, **values: object) -> str:
    """The text for `key` in `lang`, with {placeholders} filled."""
    pair = TEXTS[key]
    text = pair[LANGS.index(check_lang(lang))]
    return text.format(**values) if values else text


TEXTS.update(CLUB_TEXTS)  # the club game's words (scoreboard/club_words.py)


def has(key: str) -> bool:
    """Whether a text exists for `key` (used for optional keys such as unknown steps)."""
    return key in TEXTS


# The pad's words as the table service reports an unfinished key sequence (device/keys.py:
# "SHOOT _", "VOTE #4: 2 5", "DON 3  MAFIA 5 _  SHERIFF _"); longest first, so "TEAM LOSS"
# is replaced before "LOSS" could be.
PAD_WORDS: Final[dict[str, str]] = {
    # the club pad's own words (device/clubkeys.py: "MAFIA SHOT _", "NOMINATE 3 -> _")
    "COMMISSAR CHECK": "ПРОВЕРКА КОМИССАРА",
    "MANIAC CHOOSES": "МАНЬЯК ВЫБИРАЕТ",
    "KAMIKAZE PICK": "ВЫБОР КАМИКАДЗЕ",
    "MANIAC SHOT": "ВЫСТРЕЛ МАНЬЯКА",
    "MAFIA SHOT": "ВЫСТРЕЛ МАФИИ",
    "KAMIKAZE": "КАМИКАДЗЕ",
    "COMMISSAR": "КОМИССАР",
    "PUTANA": "ПУТАНА",
    "MANIAC": "МАНЬЯК",
    "DOCTOR": "ДОКТОР",
    "SAPPER": "САПЁР",
    "no don": "без дона",
    "HEAL": "ЛЕЧЕНИЕ",
    "DEAL": "РАЗДАЧА",
    "DROP": "СКИНУЛ НОМЕРОК",
    # the classic pad's (device/keys.py), shared by the club pad
    "CLOSE: hold NEXT": "ЗАКРЫТЬ ПРОТОКОЛ: удерживайте ДАЛЕЕ",
    # a new game waits for the judge's yes (device/newgame.py: "NEW GAME r2-t3: hold NEXT ...")
    "UNDO: keep playing": "ОТМЕНА: играть дальше",
    "hold NEXT": "удерживайте ДАЛЕЕ",
    "NEW GAME": "НОВАЯ ИГРА",
    "SHERIFF CHECK": "ПРОВЕРКА ШЕРИФА",
    "DON CHECK": "ПРОВЕРКА ДОНА",
    "BEST MOVE": "ЛУЧШИЙ ХОД",
    "TEAM LOSS": "ПОРАЖЕНИЕ КОМАНДЫ",
    "ON RECORD": "ПОД ЗАПИСЬ",
    "withdraw": "снять",
    "NOMINATE": "ВЫСТАВЛЕНИЕ",
    "PROTEST": "ПРОТЕСТ",
    "EXTRA": "ДОП. БАЛЛЫ",
    "WITHDRAW": "СНЯТИЕ",
    "MORNING": "УТРО",
    "SHERIFF": "ШЕРИФ",
    "REMOVE": "УДАЛЕНИЕ",
    "COUNT": "ГОЛОСОВ",
    "SHOOT": "ВЫСТРЕЛ",
    "MAFIA": "МАФИЯ",
    "FOUL": "ФОЛ",
    "VOTE": "ГОЛОСОВАНИЕ",
    "LIFT": "ПОДЪЁМ",
    "NEXT": "ДАЛЕЕ",
    "DON": "ДОН",
    "no": "без",
}

# longest first, so "MAFIA SHOT" is one phrase, not "MAFIA" and "SHOT"
_PAD_WORD: Final = re.compile(
    r"\b(" + "|".join(re.escape(w) for w in sorted(PAD_WORDS, key=len, reverse=True)) + r")\b")


_SEAT_MARK: Final = re.compile(r"#(\d+)")  # "VOTE #6": the seat being voted on


def pad_text(text: str, lang: str) -> str:
    """The pad's unfinished input in the screen's language (the table reports it in English);
    a Russian screen writes a seat "№6" (seat_ref), as everywhere else, not "#6"."""
    if check_lang(lang) == "en":
        return text
    words = _PAD_WORD.sub(lambda m: PAD_WORDS[m.group(1)], text)
    return _SEAT_MARK.sub(lambda m: t(lang, "seat_ref", seat=m.group(1)), words)
