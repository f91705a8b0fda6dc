// The broker's front page: which tournaments and tables this broker knows (the retained
// `status` of every table and hub it carries) and the address of each page with the
// tournament filled in: the overlay of every table, the head judge's page, the player's page.
// `?tournament=T` fills it in (a QR code at the entrance); `?lang=en` for English. A broker
// with accounts shows nothing without one: the tournament is then typed (docs/web.md).
"use strict";

(() => {
  const params = new URLSearchParams(window.location.search);
  const opts = Live.options();
  const WORDS = {
    ru: {
      title: "Mafia Table Kit: страницы брокера", tournament: "Турнир", lang: "Язык",
      people: "Для людей в зале", overlays: "Оверлей трансляции (OBS), по столу",
      overlaysNote: "OBS: источник «Браузер», 1920×1080 или 1280×720, фон прозрачный",
      table: "Стол, которого ещё нет в списке", judge: "Главный судья",
      judgeWhat: "Все столы, тревоги, таблица, протоколы и решения (вход главного судьи)",
      player: "Игроки", playerWhat: "Где игрок сидит дальше, его игры и таблица: "
        + "QR-код у входа",
      overlay: "Стол {table}", overlayWhat: "Места, речь, таймер, голосование; роли и итог "
        + "в конце игры",
      found: "Брокер знает: {list}", foundNone: "Брокер пока не знает ни одного турнира: "
        + "запустите хаб или стол, или впишите турнир",
      closed: "Брокер не показывает турниры без входа: впишите турнир",
      entry: "турнир «{tournament}»: {tables}{hub}", tables: "столы {list}", noTables: "столов нет",
      hub: ", хаб", pick: "выберите турнир",
    },
    en: {
      title: "Mafia Table Kit: this broker's pages", tournament: "Tournament", lang: "Language",
      people: "For the people in the hall", overlays: "Stream overlay (OBS), one per table",
      overlaysNote: "OBS: a Browser source, 1920×1080 or 1280×720, transparent",
      table: "A table not listed yet", judge: "Head judge",
      judgeWhat: "Every table, alerts, standings, protocols and decisions (head judge's login)",
      player: "Players", playerWhat: "Where a player sits next, his games and the standings: "
        + "a QR code at the entrance",
      overlay: "Table {table}", overlayWhat: "Seats, speaker, timer, vote; roles and the "
        + "result at the end",
      found: "The broker knows: {list}", foundNone: "The broker knows no tournament yet: start "
        + "the hub or a table, or type the tournament",
      closed: "The broker lists no tournament without a login: type the tournament",
      entry: "tournament '{tournament}': {tables}{hub}", tables: "tables {list}",
      noTables: "no tables", hub: ", the hub", pick: "pick a tournament",
    },
  };
  let lang = opts.lang;
  const $ = (id) => document.getElementById(id);
  const { el, fill } = Live;
  const root = $("app");
  // tournament -> {tables: Set, hub: bool}, from the retained statuses
  const state = { known: {}, chosen: params.get("tournament") || "", table: "" };
  window.indexState = state;  // read by the browser tests
  const notice = LinkNotice.tracker({ ...opts, tournament: "-" }, [], "hub", () => render());

  function natural(a, b) {
    return String(a).localeCompare(String(b), undefined, { numeric: true });
  }

  /** A page of this broker with the tournament (and its other parameters) filled in. */
  function address(page, more) {
    const query = new URLSearchParams({ tournament: state.chosen, ...more, lang });
    return new URL(`${page}/index.html?${query}`, window.location.href).href;
  }

  function card(kind, title, what, href) {
    const item = el("li", kind);
    const link = el("a", "", title);
    link.href = href;
    item.append(link, el("div", "what", what), el("code", "", href));
    return item;
  }

  function tournamentShown() {
    const names = Object.keys(state.known).sort(natural);
    if (!state.chosen && names.length === 1) state.chosen = names[0];  // the only one: filled in
    return names;
  }

  function render() {
    const W = WORDS[lang] || WORDS.ru;
    document.documentElement.lang = lang;
    $("title").textContent = W.title;
    $("tournament-label").textContent = W.tournament;
    $("lang-label").textContent = W.lang;
    $("lang").value = lang;
    $("people-title").textContent = W.people;
    $("overlays-title").textContent = W.overlays;
    $("overlays-note").textContent = W.overlaysNote;
    $("table-label").textContent = W.table;
    const mode = notice.mode();  // "unknown": a broker with nothing on it yet, said below
    const closed = mode === "refused";  // no anonymous client: nothing to list
    root.dataset.state = closed ? "closed" : mode || "live";
    $("link").textContent = closed || mode === "unknown" ? "" : notice.text(lang);
    const names = tournamentShown();
    if (document.activeElement !== $("tournament")) $("tournament").value = state.chosen;
    $("tournaments").replaceChildren(...names.map((n) => Object.assign(el("option"), { value: n })));
    const entries = names.map((name) => {
      const seen = state.known[name];
      const tables = [...seen.tables].sort(natural);
      return fill(W.entry, { tournament: name, hub: seen.hub ? W.hub : "",
                             tables: tables.length ? fill(W.tables, { list: tables.join(", ") })
                               : W.noTables });
    });
    const up = !["connecting", "down"].includes(mode);
    $("found").textContent = closed ? W.closed
      : !up ? "" : names.length ? fill(W.found, { list: entries.join("; ") }) : W.foundNone;
    $("links").hidden = !state.chosen;
    root.dataset.tournament = state.chosen;
    if (!state.chosen) return;
    $("people").replaceChildren(
      card("judge", W.judge, W.judgeWhat, address("judge", {})),
      card("player", W.player, W.playerWhat, address("player", {})));
    const seen = state.known[state.chosen];
    const tables = seen ? [...seen.tables] : [];
    if (state.table && !tables.includes(state.table)) tables.push(state.table);
    $("overlays").replaceChildren(...tables.sort(natural).map((table) => {
      const item = card("overlay", fill(W.overlay, { table }), W.overlayWhat,
                        address("overlay", { table }));
      item.dataset.table = table;
      return item;
    }));
  }

  function onMessage(kind, payload, topic) {
    const parts = topic.split("/");  // mafia/v1/T/tables/N/status, mafia/v1/T/hub/status
    if (!payload || parts.length < 5) return;
    const seen = state.known[parts[2]] || (state.known[parts[2]] = { tables: new Set(),
                                                                      hub: false });
    if (parts[3] === "tables") seen.tables.add(parts[4]);
    else if (parts[3] === "hub") seen.hub = true;
    notice.heard();
    render();
  }

  function onLink(up, why) {
    notice.link(up, why);
    render();
  }

  $("tournament").addEventListener("input", () => {
    state.chosen = $("tournament").value.trim();
    render();
  });
  $("table").addEventListener("input", () => {
    state.table = $("table").value.trim();
    render();
  });
  $("lang").addEventListener("change", () => {
    lang = $("lang").value;
    params.set("lang", lang);
    window.history.replaceState(null, "", `?${params}`);
    render();
  });
  $("pick").addEventListener("submit", (event) => event.preventDefault());

  Live.connect(opts, ["mafia/v1/+/tables/+/status", "mafia/v1/+/hub/status"], onMessage,
               onLink);
  render();
})();
