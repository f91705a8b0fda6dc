"""The browser pages' own words (web/: the broker's front page, the stream overlay, the
players' and the followers' pages, the login form), in Russian and English.

The pages read the whole catalogue from web/common/words.js, which `mafiakit words --js`
writes from it; the head judge's page and the hub's alerts and reasons are in words/head.py.
"""

from __future__ import annotations

from typing import Final

PAGES: Final[dict[str, tuple[str, str]]] = {
    # the login form (common/live.js): a password never stays in an address (issue 24)
    "login.title": ("Вход", "Log in"),
    "login.why": ("Учётная запись этой страницы (её даёт главный судья)",
                  "This page's account (the head judge gives it out)"),
    "login.password_in_address": ("Пароль в адресе не используется: введите его здесь",
                                  "A password in the address is not used: type it here"),
    "login.account": ("Учётная запись", "Account"),
    "login.password": ("Пароль", "Password"),
    "login.go": ("Войти", "Log in"),
    "login.logout": ("Выйти", "Log out"),
    # the link, as a page's corner says it
    "page.table_offline": ("Стол не в сети", "Table offline"),
    "page.hub_offline": ("Хаб не в сети", "Hub offline"),
    "page.refused": ("Брокер отклонил вход: проверьте учётную запись и пароль",
                     "The broker refused the login: check the account and its password"),
    "page.connecting": ("Подключение к брокеру…", "Connecting to the broker…"),
    "page.link_down": ("Нет связи с брокером: показано последнее, что пришло",
                       "No connection to the broker: showing the last news"),
    "page.tables": ("Столы", "Tables"),
    "page.vote_line": ("Круг {round} · На голосовании: {seats}",
                       "Round {round} · On the vote: {seats}"),
    # what a page says when it has nothing to show and the table is not to blame
    # (common/notice.js; the screens' own sentences are `link.*`)
    "page_link.params": ("В адресе страницы нет {missing}: откройте её по ссылке со страницы "
                         "брокера {home}",
                         "The page's address has no {missing}: open it from a link on the "
                         "broker's page {home}"),
    "page_link.and": (" и ", " and "),
    "page_link.connecting": ("Подключение к брокеру {broker}…",
                             "Connecting to the broker at {broker}…"),
    "page_link.down": ("Нет связи с брокером {broker}", "No connection to the broker at {broker}"),
    "page_link.refused": ("Брокер {broker} отклонил вход: проверьте имя и пароль",
                          "The broker at {broker} refused the login: check the user and "
                          "password"),
    "page_link.table": ("Брокер {broker} не знает стол {table} турнира «{tournament}»: проверьте "
                        "table= и tournament= в адресе",
                        "The broker at {broker} has nothing from table {table} of tournament "
                        "'{tournament}': check table= and tournament= in the address"),
    "page_link.hub": ("Брокер {broker} не знает хаб турнира «{tournament}»: проверьте "
                      "tournament= в адресе и что хаб запущен",
                      "The broker at {broker} has no hub of tournament '{tournament}': check "
                      "tournament= in the address and that the hub is running"),
    # the standings, on every page that shows them
    "standings.title": ("Турнирная таблица", "Standings"),
    "standings.tab": ("Таблица", "Standings"),
    "standings.none": ("Таблицы ещё нет", "No standings yet"),
    "standings.hidden": ("Таблица скрыта до финала", "Standings hidden until the final"),
    "standings.as_of_round": ("После тура {as_of_round}", "As of round {as_of_round}"),
    "standings.lot_note": ("* место делят: порядок решает жребий",
                           "* a shared place: the lot decides the order"),
    "standings.place": ("№", "#"),
    "standings.player": ("Игрок", "Player"),
    "standings.total": ("Баллы", "Points"),
    "standings.games": ("Игр", "Games"),
    "standings.wins": ("Побед", "Wins"),
    # why a place on equal points is what it is (common/standings.js; 000 III.14)
    "standings.lot": ("делит места {places}: решит жребий", "shares places {places}: the lot "
                      "decides"),
    "standings.tie_break": ("поровну баллов: место решили {what}",
                            "equal points: placed by {what}"),
    "tie_break.extras": ("доп. баллы", "extra points"),
    "tie_break.wins": ("победы", "wins"),
    "tie_break.wins_don_sheriff": ("победы за дона и шерифа", "wins as don or sheriff"),
    "tie_break.extras_don_sheriff": ("доп. баллы за дона и шерифа",
                                     "extra points as don or sheriff"),
    "tie_break.first_night_deaths": ("первые отстрелы", "first-night deaths"),
    "game.replayed": ("переигровка: не засчитана", "replay ordered: does not count"),
    # the delayed stream on the overlay (overlay/stream.js)
    "stream.delay": ("Задержка {minutes} мин", "Delayed {minutes} min"),
    "stream.night": ("Ночь {night}: {acts}", "Night {night}: {acts}"),
    "stream.shot": ("выстрел {seat}", "shot {seat}"),
    "stream.miss": ("выстрел: промах", "shot: missed"),
    "stream.don_check": ("дон → {seat} {answer}", "don → {seat} {answer}"),
    "stream.sheriff_check": ("шериф → {seat} {answer}", "sheriff → {seat} {answer}"),
    "stream.found": ("шериф!", "the sheriff!"),
    "stream.best_move": ("Лучший ход {seat}: {guess}", "Best move {seat}: {guess}"),
    # the broker's front page (index.js)
    "front.title": ("Mafia Table Kit: страницы брокера", "Mafia Table Kit: this broker's pages"),
    "front.tournament": ("Турнир", "Tournament"),
    "front.lang": ("Язык", "Language"),
    "front.people": ("Для людей в зале", "For the people in the hall"),
    "front.overlays": ("Оверлей трансляции (OBS), по столу", "Stream overlay (OBS), one per table"),
    "front.overlays_note": ("OBS: источник «Браузер», 1920×1080 или 1280×720, фон прозрачный",
                            "OBS: a Browser source, 1920×1080 or 1280×720, transparent"),
    "front.table": ("Стол, которого ещё нет в списке", "A table not listed yet"),
    "front.judge": ("Главный судья", "Head judge"),
    "front.judge_what": ("Все столы, тревоги, таблица, протоколы и решения (вход главного судьи)",
                         "Every table, alerts, standings, protocols and decisions (head "
                         "judge's login)"),
    "front.player": ("Игроки", "Players"),
    "front.player_what": ("Где игрок сидит дальше, его игры и таблица: QR-код у входа",
                          "Where a player sits next, his games and the standings: a QR code "
                          "at the entrance"),
    "front.overlay_what": ("Места, речь, таймер, голосование; роли и итог в конце игры",
                           "Seats, speaker, timer, vote; roles and the result at the end"),
    "front.found": ("Брокер знает: {list}", "The broker knows: {list}"),
    "front.found_none": ("Брокер пока не знает ни одного турнира: запустите хаб или стол, или "
                         "впишите турнир",
                         "The broker knows no tournament yet: start the hub or a table, or "
                         "type the tournament"),
    "front.closed": ("Брокер не показывает турниры без входа: впишите турнир",
                     "The broker lists no tournament without a login: type the tournament"),
    "front.entry": ("турнир «{tournament}»: {tables}{hub}",
                    "tournament '{tournament}': {tables}{hub}"),
    "front.tables": ("столы {list}", "tables {list}"),
    "front.no_tables": ("столов нет", "no tables"),
    "front.hub": (", хаб", ", the hub"),
    # the players' page (player/)
    "player.title": ("Мои игры", "My games"),
    "player.nickname": ("Ваш ник", "Your nickname"),
    "player.show": ("Показать", "Show"),
    "player.unknown": ("Такого игрока нет в рассадке: выберите ник из списка",
                       "No such player in the seating: pick a nickname from the list"),
    "player.next": ("Следующая игра", "Next game"),
    "player.seat_line": ("Тур {round} · стол {table} · место {seat}",
                         "Round {round} · table {table} · seat {seat}"),
    "player.done": ("Все игры по рассадке сыграны", "Every game of the seating is played"),
    "player.games": ("Сыгранные игры", "Games played"),
    "player.no_games": ("Пока ни одной", "None yet"),
    "player.won": ("победа", "won"),
    "player.lost": ("поражение", "lost"),
    "player.draw": ("ничья", "draw"),
    "player.points": ("баллы", "points"),
    "player.waiting": ("Ждём данные хаба…", "Waiting for the hub…"),
    "player.club": ("Клубные игры вечера {date}", "Club games of the evening {date}"),
    "player.club_line": ("Стол {table} · игра {game} · место {seat}",
                         "Table {table} · game {game} · seat {seat}"),
    "player.club_total": ("Итого за вечер: {points}", "Tonight in all: {points}"),
    "player.club_place": ("Итого за вечер: {points} · {place} место в рейтинге вечера",
                          "Tonight in all: {points} · place {place} in the evening's rating"),
    # the followers' page (followers/)
    "followers.title": ("Мафия: прямой эфир", "Mafia: live"),
    "followers.games": ("Игры", "Games"),
    "followers.no_tables": ("Столы ещё не начали", "No table has started yet"),
    "followers.venue_down": ("Площадка не на связи: показано последнее, что пришло",
                             "The venue is not connected: showing the last news"),
    "followers.no_games": ("Сыгранных игр ещё нет", "No game finished yet"),
    "followers.game_head": ("Тур {round} · стол {table}", "Round {round} · table {table}"),
    "followers.waiting": ("Ждём данные…", "Waiting for data…"),
}
