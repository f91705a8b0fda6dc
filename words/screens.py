"""The words of the screens (scoreboard/: the table's screen, the judge's panel, the wall,
the venue's screen between rounds; the simulator borrows them), in Russian and English.

The view model builds all screen text through `words.t()`, so the renderer never chooses
words and the secrecy check can scan a frame's text in either language. Keep English free of
"don't": the checker would read its "don" as a role label. The game's own vocabulary (roles,
causes, results) is in words/vocabulary.py, the club game's screen words in words/club.py.
"""

from __future__ import annotations

from typing import Final

# key -> (ru, en); {placeholders} are filled by words.t().
SCREENS: Final[dict[str, tuple[str, str]]] = {
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
    "winner.none": ("Игра окончена", "Game over"),
    "summary.left": ("{when}: {seat} {how}", "{when}: {seat} {how}"),
    "summary.miss": ("Ночь {n}: промах", "Night {n}: miss"),
    "summary.best_move": ("Лучший ход {seat}: {guess}, чёрных {found}",
                          "Best move by {seat}: {guess}, black found {found}"),
    # judge panel
    "judge.roles": ("Роли: {roles}", "Roles: {roles}"),
    "judge.shot": ("Ночь {n}: выстрел в {seat}", "Night {n}: shot at {seat}"),
    "judge.shots": ("Ночь {n}: стреляли {shots}", "Night {n}: shots {shots}"),
    "judge.don_check": ("Дон проверил {seat}: {answer}", "Don checked {seat}: {answer}"),
    "judge.sheriff_check": ("Шериф проверил {seat}: {answer}", "Sheriff checked {seat}: {answer}"),
    "judge.not_sheriff": ("не шериф", "not the sheriff"),
    "judge.night_steps": ("Дальше ночью: {steps}", "Next at night: {steps}"),
    "judge.pending": ("Пульт: {text}", "Pad: {text}"),
    "judge.error": ("Ошибка: {text}", "Error: {text}"),
    "judge.protests": ("Протесты: {seats}", "Protests: {seats}"),
    "judge.window": ("Время на протесты: {left}", "Time for protests: {left}"),
    "judge.window_over": ("Время на протесты вышло: протокол можно подписать",
                          "Time for protests is over: the protocol can be signed"),
    "judge.closed": ("Протокол закрыт", "Protocol closed"),
    "judge.closed_by": ("Протокол закрыт, подписал {judge}", "Protocol closed, signed by {judge}"),
    # wall
    "wall.players": ("За столом: {n}", "At the table: {n}"),
    "wall.day_players": ("День {day} · за столом: {n}", "Day {day} · at the table: {n}"),
    "wall.no_tables": ("Столы ещё не подключились", "No table has connected yet"),
    "wall.standings_as_of": ("Таблица после тура {n}", "Standings as of round {n}"),
    # the venue's screen between rounds (scoreboard/venue.py)
    "venue.title": ("Таблица и рассадка", "Standings and seating"),
    "venue.waiting": ("Ждём таблицу и рассадку от хаба", "Waiting for the hub's standings and "
                      "seating"),
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
