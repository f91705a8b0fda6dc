// The head judge's page in Russian and English (the game's own words come from live.js).
"use strict";

const JudgeWords = {
  ru: {
    title: "Главный судья", tables: "Столы", standings: "Таблица", protocols: "Протоколы",
    decisions: "Решения", table: "Стол", game: "Игра", round: "Тур",
    online: "в сети", offline: "не в сети", lost: "связь потеряна", stale: "молчит",
    unknown: "нет данных", noGame: "нет игры", inGame: "в игре",
    winner: "Результат", seat: "Место", points: "Баллы", who: "Кто решает (ваше имя)",
    why: "Причина", cancel: "Отмена", next: "Далее", confirm: "Подтвердите решение",
    back: "Назад", yes: "Да, записать", close: "Закрыть",
    change_result: "Изменить результат", order_replay: "Назначить переигровку",
    protest_filed: "Записать протест", protest_accepted: "Принять протест",
    protest_rejected: "Отклонить протест", extra_points: "Доп. баллы",
    sending: "Отправлено, ждём ответа хаба…", recorded: "Записано: решение №{n}",
    refused: "Хаб отклонил: {error}",
    noReply: "Хаб не ответил: решение не записано. Проверьте связь и попробуйте снова",
    needWho: "Укажите, кто решает", needWhy: "Укажите причину (хотя бы 3 буквы)",
    needSeat: "Укажите место", needPoints: "Укажите баллы (десятые: 0.1, 0.2 …)",
    atTable: "за столом", counts: "засчитано", replayed: "переигровка: не засчитана",
    noStandings: "Таблицы ещё нет: ни одна игра не засчитана",
    hiddenStandings: "Таблица скрыта от игроков и зрителей", place: "№", player: "Игрок",
    total: "Баллы", games: "Игр", wins: "Побед", noProtocols: "Протоколов пока нет",
    noDecisions: "Решений пока нет", noTables: "Хаб ещё не прислал столы",
    protestOpen: "Открытый протест: место {seat}", extra: "доп. баллы: место {seat} {points}",
    lot: "* место делят: порядок решает жребий",
    remedy: "Что меняет принятый протест (000 III.15)",
    remedies: { none: "ничего в счёте", change_result: "результат игры",
                order_replay: "переигровка", extra_points: "доп. баллы игроку",
                penalty: "штраф игроку (баллы снимаются)" },
    hubOffline: "Хаб не в сети", asOfRound: "После тура {as_of_round}",
  },
  en: {
    title: "Head judge", tables: "Tables", standings: "Standings", protocols: "Protocols",
    decisions: "Decisions", table: "Table", game: "Game", round: "Round",
    online: "online", offline: "offline", lost: "link lost", stale: "silent",
    unknown: "no data", noGame: "no game", inGame: "in game",
    winner: "Result", seat: "Seat", points: "Points", who: "Decided by (your name)",
    why: "Reason", cancel: "Cancel", next: "Next", confirm: "Confirm the decision",
    back: "Back", yes: "Yes, record it", close: "Close",
    change_result: "Change the result", order_replay: "Order a replay",
    protest_filed: "Record a protest", protest_accepted: "Accept the protest",
    protest_rejected: "Reject the protest", extra_points: "Extra points",
    sending: "Sent, waiting for the hub…", recorded: "Recorded: decision no. {n}",
    refused: "The hub refused: {error}",
    noReply: "The hub did not answer: nothing recorded. Check the link and try again",
    needWho: "Say who decides", needWhy: "Give the reason (3 letters at least)",
    needSeat: "Give the seat", needPoints: "Give the points (tenths: 0.1, 0.2 …)",
    atTable: "at the table", counts: "counts", replayed: "replay ordered: does not count",
    noStandings: "No standings yet: no game counts",
    hiddenStandings: "The standings are hidden from players and screens", place: "#",
    player: "Player", total: "Points", games: "Games", wins: "Wins",
    noProtocols: "No protocols yet", noDecisions: "No decisions yet",
    noTables: "The hub has not sent its tables yet",
    protestOpen: "Open protest: seat {seat}", extra: "extra points: seat {seat} {points}",
    lot: "* a shared place: the lot decides the order",
    remedy: "What the accepted protest changes (000 III.15)",
    remedies: { none: "nothing in the count", change_result: "the game's result",
                order_replay: "a replay", extra_points: "extra points for a player",
                penalty: "a penalty for a player (points taken)" },
    hubOffline: "Hub offline", asOfRound: "As of round {as_of_round}",
  },
};

/** `{name}` placeholders filled from `values`. */
function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (_, key) => (values[key] != null ? values[key] : ""));
}

// The hub's alerts, by kind, in the page's language (the hub writes them in English).
const AlertWords = {
  ru: {
    table_offline: "Стол {table}: не в сети",
    game_over_time: "Стол {table}: игра идёт дольше нормы",
    protest_window: "Стол {table}: открыто окно протеста, осталось {left}",
    protocol_not_closed: "Стол {table}: игра решена, но протокол не дошёл до хаба",
    protest: "Стол {table}: протест ждёт решения главного судьи",
    command_refused: "Стол {table} отклонил команду хаба",
  },
};

// The hub's refusals (hub/remote.py), in Russian; anything else is shown as the hub wrote it.
const RefusalWords = {
  ru: [
    [/^table (\S+) is not a table of this tournament$/, "стола {1} нет в этом турнире"],
    [/^game (\S+) at table (\S+) has no protocol at the hub yet/,
     "протокол игры {1} стола {2} ещё не дошёл до хаба: решайте, когда игра окончена"],
    [/^game (\S+) at table (\S+) was ordered replayed/,
     "игре {1} стола {2} уже назначена переигровка: она не засчитывается"],
    [/^game (\S+) at table (\S+) already counts as a (red|black) win$/,
     "игра {1} стола {2} уже засчитана так: {3}"],
    [/^game (\S+) at table (\S+) already counts as a (draw)$/,
     "игра {1} стола {2} уже засчитана так: {3}"],
    [/^game (\S+) at table (\S+) has no open protest to rule on$/,
     "в игре {1} стола {2} нет открытого протеста"],
    [/^game (\S+) at table (\S+) has seats 1-(\d+), not (\d+)$/,
     "в игре {1} стола {2} места 1-{3}, а не {4}"],
    [/^points are given in tenths/, "баллы даются десятыми: 0.1, 0.2 …"],
  ],
};

/** An alert of the hub in the page's language. */
function alertText(lang, alert) {
  const template = (AlertWords[lang] || {})[alert.kind];
  if (!template) return alert.text;
  const left = /(\d+:\d\d) left/.exec(alert.text || "");
  return fill(template, { table: alert.table, left: left ? left[1] : "" });
}

/** A refusal of the hub in the page's language; `resultWord` names red/black/draw. */
function refusalText(lang, error, resultWord) {
  for (const [pattern, template] of RefusalWords[lang] || []) {
    const found = pattern.exec(error);
    if (found) {
      return template.replace(/\{(\d)\}/g, (_, n) => (
        ["red", "black", "draw"].includes(found[n]) ? resultWord(found[n]) : found[n]));
    }
  }
  return error;
}
