"""The head judge's words: his page (web/judge/), the hub's alerts and the hub's refusals of
a decision, in Russian and English.

The hub words an alert's `text` and a refusal's `error` in English from here (hub/alerts.py,
hub/remote.py) and sends the key and its parameters with it; the page says the same in its
language. tests/words/test_catalogue.py checks that every alert kind, refusal key
(bus.payloads.DecisionRefusal), decision kind and remedy (hub/decisions.py) and table
liveness (hub/registry.py) has its words.
"""

from __future__ import annotations

from typing import Final

HEAD: Final[dict[str, tuple[str, str]]] = {
    # the page (judge/)
    "head.title": ("Главный судья", "Head judge"),
    "head.protocols": ("Протоколы", "Protocols"),
    "head.decisions": ("Решения", "Decisions"),
    "head.table": ("Стол", "Table"),
    "head.round": ("Тур", "Round"),
    "head.no_game": ("нет игры", "no game"),
    "head.in_game": ("в игре", "in game"),
    "head.winner": ("Результат", "Result"),
    "head.seat": ("Место", "Seat"),
    "head.points": ("Баллы", "Points"),
    "head.who": ("Кто решает (ваше имя)", "Decided by (your name)"),
    "head.who_short": ("Кто решает", "Decided by"),
    "head.why": ("Причина", "Reason"),
    "head.cancel": ("Отмена", "Cancel"),
    "head.next": ("Далее", "Next"),
    "head.confirm": ("Подтвердите решение", "Confirm the decision"),
    "head.back": ("Назад", "Back"),
    "head.yes": ("Да, записать", "Yes, record it"),
    "head.close": ("Закрыть", "Close"),
    "head.sending": ("Отправлено, ждём ответа хаба…", "Sent, waiting for the hub…"),
    "head.recorded": ("Записано: решение №{n}", "Recorded: decision no. {n}"),
    "head.refused": ("Хаб отклонил: {error}", "The hub refused: {error}"),
    "head.no_reply": ("Хаб не ответил: решение не записано. Проверьте связь и попробуйте снова",
                      "The hub did not answer: nothing recorded. Check the link and try again"),
    "head.need_who": ("Укажите, кто решает", "Say who decides"),
    "head.need_why": ("Укажите причину (хотя бы 3 буквы)", "Give the reason (3 letters at least)"),
    "head.need_seat": ("Укажите место", "Give the seat"),
    "head.need_points": ("Укажите баллы (десятые: 0.1, 0.2 …)",
                         "Give the points (tenths: 0.1, 0.2 …)"),
    "head.at_table": ("за столом", "at the table"),
    "head.counts": ("засчитано", "counts"),
    "head.no_standings": ("Таблицы ещё нет: ни одна игра не засчитана",
                          "No standings yet: no game counts"),
    "head.standings_hidden": ("Таблица скрыта от игроков и зрителей",
                              "The standings are hidden from players and screens"),
    "head.no_protocols": ("Протоколов пока нет", "No protocols yet"),
    "head.no_decisions": ("Решений пока нет", "No decisions yet"),
    "head.no_tables": ("Хаб ещё не прислал столы", "The hub has not sent its tables yet"),
    "head.protest_open": ("Открытый протест: место {seat}", "Open protest: seat {seat}"),
    "head.extra": ("доп. баллы: место {seat} {points}", "extra points: seat {seat} {points}"),
    "head.remedy": ("Что меняет принятый протест (000 III.15)",
                    "What the accepted protest changes (000 III.15)"),
    "head.extras": ("Доп.", "Extra"),
    "head.penalties": ("Штр.", "Fines"),
    # the club tables' games on the page (004 §8)
    "head.club": ("Клуб", "Club"),
    "head.club_evening": ("Рейтинг вечера {date}", "Evening rating {date}"),
    "head.no_club": ("Клубных игр пока нет", "No club game yet"),
    "head.club_game": ("Стол {table} · игра {game}", "Table {table} · game {game}"),
    "head.club_date": ("Вечер", "Evening"),
    "head.tonight": ("{date} (последний)", "{date} (latest)"),
    "head.no_club_game": ("В этот вечер нет игры {game}", "No game {game} that evening"),
    "head.club_night": ("Ночь {night}:", "Night {night}:"),
    "head.club_saved": ("спасён", "saved"),
    "head.club_blast": ("взрыв", "blast"),
    # a table as the hub hears it (hub/registry.py Liveness)
    "liveness.unknown": ("нет данных", "no data"),
    "liveness.online": ("в сети", "online"),
    "liveness.stale": ("молчит", "silent"),
    "liveness.offline": ("не в сети", "offline"),
    "liveness.lost": ("связь потеряна", "link lost"),
    # the head judge's decisions (hub/decisions.py DecisionKind) and remedies (Remedy)
    "decision.change_result": ("Изменить результат", "Change the result"),
    "decision.order_replay": ("Назначить переигровку", "Order a replay"),
    "decision.protest_filed": ("Записать протест", "Record a protest"),
    "decision.protest_accepted": ("Принять протест", "Accept the protest"),
    "decision.protest_rejected": ("Отклонить протест", "Reject the protest"),
    "decision.extra_points": ("Доп. баллы", "Extra points"),
    "remedy.none": ("ничего в счёте", "nothing in the count"),
    "remedy.change_result": ("результат игры", "the game's result"),
    "remedy.order_replay": ("переигровка", "a replay"),
    "remedy.extra_points": ("доп. баллы игроку", "extra points for a player"),
    "remedy.penalty": ("штраф игроку (баллы снимаются)", "a penalty for a player (points taken)"),
    # the hub's alerts, by kind (hub/alerts.py, hub/registry.py, hub/service.py), with the
    # parameters the hub sends
    "alert.two_tables": ("Два стола называют себя столом {table}: {machine} пытался запуститься "
                         "как стол {table}, которым уже работает {holder}",
                         "Two tables claim table {table}: {machine} tried to start as table "
                         "{table}, which {holder} holds"),
    "alert.table_offline": ("Стол {table}: {state}", "Table {table}: {state}"),
    "alert.game_over_time": ("Стол {table}: игра {game} идёт дольше {minutes} мин",
                             "Table {table}: game {game} runs over {minutes} minutes"),
    "alert.protest_window": ("Стол {table}: открыто окно протеста, осталось {left} (игра {game})",
                             "Table {table}: protest window open, {left} left (game {game})"),
    "alert.protocol_not_closed": ("Стол {table}: игра {game} решена, но протокол не дошёл до "
                                  "хаба",
                                  "Table {table}: game {game} is decided but its protocol has "
                                  "not reached the hub"),
    "alert.protest": ("Стол {table}: протест места {seat} в игре {game} ждёт решения главного "
                      "судьи",
                      "Table {table}: the protest of seat {seat} in game {game} awaits the "
                      "head judge"),
    "alert.command_refused": ("Стол {table} отклонил команду хаба {request}: {error}",
                              "Table {table} refused the hub's command {request}: {error}"),
    "alert.round_waits": ("Стол {table} ещё играет {game}: игра {next} ждёт, пока та не будет "
                          "решена",
                          "Table {table} still plays {game}: {next} waits until it is decided"),
    "alert.store_failed": ("Хаб не может записать свою базу ({error}): ничего не потеряно, "
                           "результаты ждут исправления",
                           "The hub cannot write its store ({error}): nothing is lost, results "
                           "wait until it is fixed"),
    "alert.clock_step": ("Стол {table}: часы стола прыгнули на {seconds} с во время игры "
                         "{game}: время в протоколе там скачет, таймеры шли дальше; проверьте "
                         "сервер времени",
                         "Table {table}: its clock jumped {seconds} s during game {game}: the "
                         "protocol's times jump there, the timers ran on; check the venue's "
                         "time server"),
    # why the hub refused a decision (bus/payloads.py DecisionRefusal, hub/remote.py); `because`
    # is the engine's own refusal, which the hub sends in both languages
    "reason.not_head_judge": ("вход {account} не принадлежит главному судье",
                              "the account {account} is not a head judge's"),
    "reason.bad_request": ("запрос не принят: {text}", "the request was not taken: {text}"),
    "reason.needs_winner": ("укажите результат: победа красных, чёрных или ничья",
                            "give the result: red win, black win or draw"),
    "reason.needs_seat": ("укажите место (1-15)", "give the seat (1-15)"),
    "reason.needs_points": ("укажите число баллов", "give the number of points"),
    "reason.penalty_negative": ("штраф снимает баллы: введите их, например 0.5",
                                "a penalty takes points: type them, e.g. 0.5"),
    "reason.penalty_clause": ("пункт правил для штрафа пишется текстом, например «000 II.2.13»",
                              "a penalty's clause is text, e.g. \"000 II.2.13\""),
    "reason.unknown_remedy": ("не указано, что меняет принятый протест",
                              "say what the accepted protest changes"),
    "reason.unknown_table": ("стола {table} нет в этом турнире",
                             "table {table} is not a table of this tournament"),
    "reason.no_protocol": ("протокол игры {game} стола {table} ещё не дошёл до хаба: решайте, "
                           "когда игра окончена",
                           "game {game} at table {table} has no protocol at the hub yet: decide "
                           "once the game is over"),
    "reason.replayed": ("игре {game} стола {table} уже назначена переигровка: она не "
                        "засчитывается",
                        "game {game} at table {table} was ordered replayed: it no longer counts"),
    "reason.already_counts": ("игра {game} стола {table} уже засчитана так: {winner}",
                              "game {game} at table {table} already counts as: {winner}"),
    "reason.no_open_protest": ("в игре {game} стола {table} нет открытого протеста",
                               "game {game} at table {table} has no open protest to rule on"),
    "reason.seat_range": ("в игре {game} стола {table} места 1-{seats}, а не {seat}",
                          "game {game} at table {table} has seats 1-{seats}, not {seat}"),
    "reason.tenths": ("баллы даются десятыми: 0.1, 0.2 …, а не {points}",
                      "points are given in tenths (0.1, 0.2 …), not {points}"),
    "reason.not_decided": ("игра {game} стола {table} ещё не решена",
                           "game {game} at table {table} is not decided"),
    "reason.no_players": ("в протоколе игры {game} стола {table} нет ников всех игроков",
                          "the protocol of game {game} at table {table} lacks the players' "
                          "nicknames"),
    "reason.repeated": ("решение {decision} по игре {game} стола {table} уже записывает ровно "
                        "это",
                        "decision {decision} on game {game} at table {table} already records "
                        "exactly this"),
    "reason.broken_protocol": ("протокол игры {game} стола {table} не читается: {text}",
                               "the protocol of game {game} at table {table} cannot be read: "
                               "{text}"),
    "reason.rules": ("правила не позволяют это решение (игра {game}, стол {table}): {because}",
                     "the rules do not allow this decision (game {game}, table {table}): "
                     "{because}"),
    "reason.club_game": ("игра {game} стола {table} клубная: результат и баллы решает ведущий за "
                         "столом (004 §8); хаб записывает только протесты и переигровку",
                         "game {game} at table {table} is a club game: its result and points "
                         "are the host's at the table (004 §8); the hub records protests and a "
                         "replay only"),
}
