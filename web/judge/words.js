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
    club: "Клуб", clubEvening: "Рейтинг вечера {date}", clubGames: "Игры клубных столов",
    noClub: "Клубных игр пока нет", clubGame: "Стол {table} · игра {game}",
    city: "Победа города", mafia: "Победа мафии", maniac: "Победа маньяка",
    mafia_and_maniac_out: "мафия и маньяк выбыли", maniac_last_two: "маньяк остался вдвоём",
    mafia_parity: "мафии не меньше половины стола", team_loss: "командное поражение (004 §9)",
    extras: "Доп.", penalties: "Штр.",
    clubDate: "Вечер", tonight: "{date} (последний)", noClubGame: "В этот вечер нет игры {game}",
    clubRoles: { citizen: "мирный", mafia: "мафия", don: "дон", maniac: "маньяк",
                 doctor: "доктор", commissar: "комиссар", kamikaze: "камикадзе",
                 sapper: "сапёр", putana: "путана" },
    clubNight: "Ночь {night}:", clubNightLines: { putana: "путана", mafia_shot: "выстрел мафии",
      don_check: "проверка дона", maniac_shot: "выстрел маньяка", heal: "лечение",
      saved: "спасён", commissar_check: "проверка комиссара", kamikaze: "камикадзе",
      blast: "взрыв" },
    clubFound: { none: "никто", city: "город", mafia: "мафия", doctor: "доктор",
                 commissar: "комиссар", putana: "путана" },
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
    club: "Club", clubEvening: "Evening rating {date}", clubGames: "Club tables' games",
    noClub: "No club game yet", clubGame: "Table {table} · game {game}",
    city: "City wins", mafia: "Mafia wins", maniac: "Maniac wins",
    mafia_and_maniac_out: "mafia and maniac out", maniac_last_two: "maniac left with one",
    mafia_parity: "mafia at least half the table", team_loss: "team loss (004 §9)",
    extras: "Extra", penalties: "Fines",
    clubDate: "Evening", tonight: "{date} (latest)", noClubGame: "No game {game} that evening",
    clubRoles: { citizen: "citizen", mafia: "mafia", don: "don", maniac: "maniac",
                 doctor: "doctor", commissar: "commissar", kamikaze: "kamikaze",
                 sapper: "sapper", putana: "putana" },
    clubNight: "Night {night}:", clubNightLines: { putana: "putana", mafia_shot: "mafia's shot",
      don_check: "don's check", maniac_shot: "maniac's shot", heal: "heal", saved: "saved",
      commissar_check: "commissar's check", kamikaze: "kamikaze", blast: "blast" },
    clubFound: { none: "nobody", city: "city", mafia: "mafia", doctor: "doctor",
                 commissar: "commissar", putana: "putana" },
  },
};

/** `{name}` placeholders filled from `values`. */
function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (_, key) => (values[key] != null ? values[key] : ""));
}

// The hub's alerts, by kind, in the page's language, from the parameters the hub sends with
// each (hub/service.py `alerts`); `state` is a word of JudgeWords (offline, lost, silent).
// A table's refusal of a hub command (`error`) is the table's own English words.
const AlertWords = {
  ru: {
    table_offline: "Стол {table}: {state}",
    game_over_time: "Стол {table}: игра {game} идёт дольше {minutes} мин",
    protest_window: "Стол {table}: открыто окно протеста, осталось {left} (игра {game})",
    protocol_not_closed: "Стол {table}: игра {game} решена, но протокол не дошёл до хаба",
    protest: "Стол {table}: протест места {seat} в игре {game} ждёт решения главного судьи",
    command_refused: "Стол {table} отклонил команду хаба {request}: {error}",
    round_waits: "Стол {table} ещё играет {game}: игра {next} ждёт, пока та не будет решена",
    store_failed: "Хаб не может записать свою базу ({error}): ничего не потеряно, результаты ждут исправления",
  },
  en: {
    table_offline: "Table {table}: {state}",
    game_over_time: "Table {table}: game {game} runs over {minutes} minutes",
    protest_window: "Table {table}: protest window open, {left} left (game {game})",
    protocol_not_closed: "Table {table}: game {game} is decided but its protocol has not reached the hub",
    protest: "Table {table}: the protest of seat {seat} in game {game} awaits the head judge",
    command_refused: "Table {table} refused the hub's command {request}: {error}",
    round_waits: "Table {table} still plays {game}: {next} waits until it is decided",
    store_failed: "The hub cannot write its store ({error}): nothing is lost, results wait until it is fixed",
  },
};

// The hub's refusals by key (bus/payloads.py DecisionRefusal, hub/remote.py), with the
// parameters the hub sends. `because` is the engine's own refusal, which the hub sends in
// both languages from the engine's catalogue (engine/refusals.py).
const ReasonWords = {
  ru: {
    not_head_judge: "вход {account} не принадлежит главному судье",
    bad_request: "запрос не принят: {text}",
    needs_winner: "укажите результат: победа красных, чёрных или ничья",
    needs_seat: "укажите место (1-15)",
    needs_points: "укажите число баллов",
    penalty_negative: "штраф снимает баллы: введите их, например 0.5",
    penalty_clause: "пункт правил для штрафа пишется текстом, например «000 II.2.13»",
    unknown_remedy: "не указано, что меняет принятый протест",
    unknown_table: "стола {table} нет в этом турнире",
    no_protocol: "протокол игры {game} стола {table} ещё не дошёл до хаба: решайте, когда игра окончена",
    replayed: "игре {game} стола {table} уже назначена переигровка: она не засчитывается",
    already_counts: "игра {game} стола {table} уже засчитана так: {winner}",
    no_open_protest: "в игре {game} стола {table} нет открытого протеста",
    seat_range: "в игре {game} стола {table} места 1-{seats}, а не {seat}",
    tenths: "баллы даются десятыми: 0.1, 0.2 …, а не {points}",
    not_decided: "игра {game} стола {table} ещё не решена",
    no_players: "в протоколе игры {game} стола {table} нет ников всех игроков",
    repeated: "решение {decision} по игре {game} стола {table} уже записывает ровно это",
    broken_protocol: "протокол игры {game} стола {table} не читается: {text}",
    rules: "правила не позволяют это решение (игра {game}, стол {table}): {because}",
    club_game: "игра {game} стола {table} клубная: результат и баллы решает ведущий за столом (004 §8); хаб записывает только протесты и переигровку",
  },
  en: {
    not_head_judge: "the account {account} is not a head judge's",
    bad_request: "the request was not taken: {text}",
    needs_winner: "give the result: red win, black win or draw",
    needs_seat: "give the seat (1-15)",
    needs_points: "give the number of points",
    penalty_negative: "a penalty takes points: type them, e.g. 0.5",
    penalty_clause: "a penalty's clause is text, e.g. \"000 II.2.13\"",
    unknown_remedy: "say what the accepted protest changes",
    unknown_table: "table {table} is not a table of this tournament",
    no_protocol: "game {game} at table {table} has no protocol at the hub yet: decide once the game is over",
    replayed: "game {game} at table {table} was ordered replayed: it no longer counts",
    already_counts: "game {game} at table {table} already counts as: {winner}",
    no_open_protest: "game {game} at table {table} has no open protest to rule on",
    seat_range: "game {game} at table {table} has seats 1-{seats}, not {seat}",
    tenths: "points are given in tenths (0.1, 0.2 …), not {points}",
    not_decided: "game {game} at table {table} is not decided",
    no_players: "the protocol of game {game} at table {table} lacks the players' nicknames",
    repeated: "decision {decision} on game {game} at table {table} already records exactly this",
    broken_protocol: "the protocol of game {game} at table {table} cannot be read: {text}",
    rules: "the rules do not allow this decision (game {game}, table {table}): {because}",
    club_game: "game {game} at table {table} is a club game: its result and points are the host's at the table (004 §8); the hub records protests and a replay only",
  },
};

/** An alert of the hub in the page's language; an alert without parameters (an older hub)
 * or of a kind this page does not know shows the hub's English text. */
function alertText(lang, alert) {
  const template = (AlertWords[lang] || AlertWords.ru)[alert.kind];
  if (!template || !alert.params) return alert.text;
  const params = { ...alert.params, table: alert.table };
  if (params.state) {
    const words = JudgeWords[lang] || JudgeWords.ru;
    params.state = words[params.state] || params.state;
  }
  return fill(template, params);
}

/** A refusal of the hub in the page's language, from its key and parameters; `resultWord`
 * names red/black/draw. A key this page does not know shows the hub's English `error`. */
function reasonText(lang, reply, resultWord) {
  const reason = reply.reason;
  const template = reason && (ReasonWords[lang] || ReasonWords.ru)[reason.key];
  if (!template) return reply.error || "";
  const values = {};
  for (const [name, value] of Object.entries(reason.params || {})) {
    if (value && typeof value === "object") values[name] = value[lang] || value.en;
    else values[name] = name === "winner" ? resultWord(value) : value;
  }
  return fill(template, values);
}
