// The kit's pages meet the broker here: URL parameters, the MQTT link, topic names, words.
// Same contract as bus/topics.py (docs/mqtt.md); pages only read retained state, so a reload
// or a broker restart shows the right picture again as soon as the link is back.
"use strict";

const Live = (() => {
  const params = new URLSearchParams(window.location.search);

  /** The page's options: broker address, account, tournament, table, language. */
  function options() {
    const here = window.location;
    const scheme = here.protocol === "https:" ? "wss:" : "ws:";
    return {
      broker: params.get("broker") || `${scheme}//${here.host}`,
      user: params.get("user") || undefined,
      password: params.get("password") || undefined,
      tournament: params.get("tournament") || "",
      table: params.get("table") || "",
      lang: params.get("lang") === "en" ? "en" : "ru",
    };
  }

  function tableTopic(opts, kind) {
    return `mafia/v1/${opts.tournament}/tables/${opts.table}/${kind}`;
  }

  /** A hub topic (bus/topics.py hub_topic): `judge/state`, `decide`, `public/players` ... */
  function hubTopic(opts, name) {
    return `mafia/v1/${opts.tournament}/hub/${name}`;
  }

  /** Publish one JSON payload, QoS 1, never retained (requests are not state). */
  function publish(client, topic, payload) {
    client.publish(topic, JSON.stringify(payload), { qos: 1, retain: false });
  }

  /** A fresh request id (bus.payloads Id: letters, digits, `_.:-`), unique per page. */
  function requestId(prefix) {
    const random = Math.random().toString(36).slice(2, 10);
    return `${prefix}-${Date.now().toString(36)}-${random}`;
  }

  /**
   * Connect and subscribe; `onMessage(kind, payload|null, topic, retained)` gets the last
   * topic level and the parsed JSON (null for an empty retained payload, i.e. a cleared
   * topic; garbage is ignored), and whether the broker kept it from before (a retained copy:
   * docs/clock.md counts its age from the table's clock, not from its arrival).
   * `onLink(up, why)` reports the browser's own link to the broker (`why` = "refused" when
   * the broker turned the account down). `more.qos`: the subscriptions' QoS (default 1);
   * `more.onText(topic, text)`: every message as text first (a topic that is not JSON).
   */
  function connect(opts, topics, onMessage, onLink, more = {}) {
    const client = mqtt.connect(opts.broker, {
      username: opts.user,
      password: opts.password,
      clientId: `page-${Math.random().toString(16).slice(2, 10)}`,
      reconnectPeriod: 1000,
      connectTimeout: 5000,
      clean: true,
    });
    client.on("connect", () => {
      onLink(true);
      client.subscribe(topics, { qos: more.qos == null ? 1 : more.qos });
    });
    client.on("close", () => onLink(false));
    client.on("offline", () => onLink(false));
    client.on("error", (err) => {
      // CONNACK 4/5 (MQTT 3.1.1) or 134/135 (MQTT 5): the account or its password is wrong.
      const refused = err && [4, 5, 134, 135].includes(err.code);
      onLink(false, refused ? "refused" : undefined);
    });
    client.on("message", (topic, bytes, packet) => {
      const retained = !!(packet && packet.retain);
      const kind = topic.split("/").pop();
      if (Array.isArray(window.liveRecord)) {  // the browser tests' record of what arrived
        window.liveRecord.push([topic, new TextDecoder().decode(bytes)]);
      }
      if (more.onText && more.onText(topic, new TextDecoder().decode(bytes))) return;
      if (bytes.length === 0) {
        onMessage(kind, null, topic, retained);
        return;
      }
      let payload;
      try {
        payload = JSON.parse(new TextDecoder().decode(bytes));
      } catch (e) {
        return; // not ours: a page never trusts or shows garbage
      }
      if (payload && typeof payload === "object") onMessage(kind, payload, topic, retained);
    });
    return client;
  }

  const WORDS = {
    ru: {
      offline: "Стол не в сети",  // the link's own troubles: common/notice.js
      setup: "Раздача", night: "Ночь", day: "День", finished: "Игра окончена",
      deal: "Раздача карт", ready: "Карты розданы", zero_night: "Нулевая ночь",
      farewell: "Прощальная минута", speech: "Речь", muted_turn: "Пропуск речи",
      tie_speech: "Речь в перестрелке", majority_speech: "Речь", vote: "Голосование",
      lift: "Подъём", await_night: "Наступает ночь", over: "Игра окончена",
      red: "Победа красных", black: "Победа чёрных", draw: "Ничья",
      citizen: "Мирный", sheriff: "Шериф", mafia: "Мафия", don: "Дон",
      // how a player left: the scoreboard's `left.*` words (scoreboard/i18n.py,
      // club_words.py), one vocabulary on every screen (tests/web/test_page_words.py)
      left: { vote: "заголосован", lift: "поднят", kill: "убит", fouls: "удалён за фолы",
              disqualified: "дисквалифицирован", catastrophe: "авто катастрофа",
              kamikaze: "взорван", sapper: "подорван", dropped: "выбыл",
              other: "покинул стол" },
      candidates: "На голосовании", round: "Круг",
    },
    en: {
      offline: "Table offline",
      setup: "Deal", night: "Night", day: "Day", finished: "Game over",
      deal: "Dealing cards", ready: "Cards dealt", zero_night: "Zero night",
      farewell: "Farewell", speech: "Speech", muted_turn: "Speech lost",
      tie_speech: "Tie speech", majority_speech: "Speech", vote: "Vote",
      lift: "Lift", await_night: "Night falls", over: "Game over",
      red: "Red team wins", black: "Black team wins", draw: "Draw",
      citizen: "Citizen", sheriff: "Sheriff", mafia: "Mafia", don: "Don",
      left: { vote: "voted out", lift: "lifted", kill: "killed", fouls: "out on fouls",
              disqualified: "disqualified", catastrophe: "car crash", kamikaze: "blown up",
              sapper: "mined", dropped: "dropped out", other: "left the table" },
      candidates: "On the vote", round: "Round",
    },
  };

  function words(lang) {
    return WORDS[lang] || WORDS.ru;
  }

  /** The page's own clock in milliseconds: `performance.now()`, which no setting of the
   * device's date moves (docs/clock.md: only its steps count, never its reading). */
  function now() {
    return performance.now();
  }

  /**
   * One table's clock as the page reads it (docs/clock.md). A table stamps its snapshots and
   * heartbeats with `uptime_s`, its own monotonic clock; `heard` keeps the latest live reading
   * (a heartbeat or a live snapshot) and `builtAt` turns a stamp into the page's clock: when
   * the table built that message, never later than its arrival. Without a reading yet, a
   * message counts from its arrival.
   */
  function tableClock() {
    let reading = null;
    return {
      heard(uptime, atMs) {
        if (typeof uptime === "number") reading = { uptime, at: atMs };
      },
      builtAt(uptime, receivedMs) {
        if (!reading || typeof uptime !== "number") return receivedMs;
        return Math.min(receivedMs, reading.at - (reading.uptime - uptime) * 1000);
      },
    };
  }

  /** Seconds left on a snapshot's timer at `nowMs` (the page's clock), the snapshot built at
   * `builtAtMs`: the table sends what is left, the page counts on (as every screen does).
   * A running timer of unknown age (`builtAtMs` null: a retained copy before the next
   * reading of the table's clock) is null, not shown, rather than shown wrong. */
  function secondsLeft(snapshot, builtAtMs, nowMs) {
    const timer = snapshot && snapshot.view && snapshot.view.timer;
    if (!timer) return null;
    if (timer.paused !== false || timer.remaining == null) {
      return timer.remaining != null ? timer.remaining : timer.seconds;
    }
    if (builtAtMs == null) return null;
    return Math.max(0, timer.remaining - Math.max(0, nowMs - builtAtMs) / 1000);
  }

  /** Roles of a finished game from its protocol's `roles` action: {seat: role}. */
  function rolesOf(protocol) {
    const roles = {};
    const line = (protocol.actions || []).find((a) => a && a.action === "roles");
    if (!line) return roles;
    const seats = ((protocol.header && protocol.header.players) || []).length || 10;
    for (let seat = 1; seat <= seats; seat += 1) roles[seat] = "citizen";
    for (const seat of line.mafia || []) roles[seat] = "mafia";
    if (line.don) roles[line.don] = "don";
    if (line.sheriff) roles[line.sheriff] = "sheriff";
    return roles;
  }

  /** A new element with a class and a text (either may be left out). */
  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text != null) node.textContent = text;
    return node;
  }

  /** `text` with every `{key}` replaced by `values[key]` (missing: nothing). */
  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, (_, key) => (values[key] != null ? values[key] : ""));
  }

  return { options, tableTopic, hubTopic, publish, requestId, connect, words, now, tableClock,
           secondsLeft, rolesOf, el, fill };
})();
