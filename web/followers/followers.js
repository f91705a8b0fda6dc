// The followers' page: every table of the tournament live, the standings and the finished
// games, read from the outside broker the venue's bridge feeds (docs/mqtt.md "The venue
// bridge"). It subscribes only to the public set: each table's public snapshot and status,
// the hub's status and public pages, the bridge's state. A role appears only with its
// decided game, from the hub's `public/rounds/N` (a game back in play after an undo leaves
// that page), and on a table's card only while that card shows the same game, over.
// Rendering is a pure function of `state`.
"use strict";

(() => {
  // The followers' account is public by design (printed on the stream's poster, docs/web.md):
  // its password may stay in the address, unlike every other page's login (read before
  // Live.options takes a password out of the address).
  const given = new URLSearchParams(window.location.search);
  const opts = Live.options();
  if (!opts.password && given.has("password")) {
    opts.user = given.get("user") || opts.user;
    opts.password = given.get("password");
    opts.passwordInAddress = false;
  }
  const W = Live.words(opts.lang);
  document.documentElement.lang = opts.lang;
  const root = document.getElementById("app");
  const $ = (id) => document.getElementById(id);
  const base = `mafia/v1/${opts.tournament}`;

  const state = {
    link: false, refused: false, bridge: null, hub: null, tables: {}, players: null,
    rounds: {},
  };
  window.followersState = state;  // read by the browser tests

  const { el } = Live;

  const byNumber = (a, b) => String(a).localeCompare(String(b), undefined, { numeric: true });

  /** The decided game of `table` with this id, from the hub's rounds pages, or null. */
  function decided(table, gameId) {
    for (const page of Object.values(state.rounds)) {
      const game = (page.games || []).find((g) => g.table === table && g.game_id === gameId);
      if (game) return { ...game, round: page.round };
    }
    return null;
  }

  /** A table's countdown: the time left its snapshot carried, counted on by this page's own
   * clock from when the snapshot came (docs/clock.md; the phone's date plays no part).
   * Heartbeats do not cross the bridge, so a retained snapshot's age is unknown: its running
   * countdown waits for the table's next snapshot rather than show a wrong time. */
  function clock(entry) {
    const snap = entry.snap;
    const left = Live.secondsLeft(snap, entry.dated ? entry.received : null, Live.now());
    if (left == null || snap.view.phase === "night") return "";
    const whole = Math.ceil(left);
    return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
  }

  function tableCard(table) {
    const entry = state.tables[table];
    const { snap, status } = entry;
    const card = el("li", "table");
    card.dataset.table = table;
    const head = el("div", "head");
    head.append(el("span", "name", W("table", { table })));
    const offline = status && status.state !== "online";
    if (offline) head.append(el("span", "offline", W("page.table_offline")));
    card.classList.toggle("is-offline", !!offline);
    if (!snap) {
      card.append(head);
      return card;
    }
    const view = snap.view;
    const over = view.phase === "finished";
    const game = over ? decided(table, snap.game_id) : null;
    const roles = game ? game.roles || [] : [];
    Object.assign(card.dataset, { game: snap.game_id, seq: snap.seq, step: view.step,
                                  speaker: view.speaker != null ? view.speaker : "",
                                  winner: game ? game.winner : "" });
    head.append(el("span", "phase", Live.moment(view, W)));
    head.append(el("span", "timer", clock(entry)));
    card.append(head);
    if (game) card.append(el("div", `banner ${game.winner}`, W(`winner.${game.winner}`)));
    if (view.vote) {
      card.append(el("div", "vote", W("page.vote_line", {
        round: view.vote.round, seats: view.vote.candidates.join(", ") })));
    }
    const seats = el("ol", "seats");
    const nominated = new Set([...(view.nominations || []),
                               ...(view.vote ? view.vote.candidates : [])]);
    for (const seat of view.seats) {
      const item = el("li", "seat");
      item.dataset.seat = seat.seat;
      if (seat.seat === view.speaker) item.classList.add("speaker");
      if (!seat.at_table) item.classList.add("out");
      if (nominated.has(seat.seat)) item.classList.add("nominated");
      if (view.vote && view.vote.current === seat.seat) item.classList.add("current");
      item.append(el("span", "number", String(seat.seat)));
      item.append(el("span", "nick", (snap.names || [])[seat.seat - 1] || ""));
      const fouls = el("span", "fouls", "●".repeat(seat.fouls));
      fouls.dataset.fouls = seat.fouls;
      item.append(fouls);
      const votes = view.vote && view.vote.votes ? view.vote.votes[String(seat.seat)] : null;
      item.append(el("span", "votes", votes != null ? String(votes) : ""));
      const role = roles[seat.seat - 1];
      if (seat.out || role) {  // a second line: why the player left, his role once decided
        const more = el("span", "more");
        if (role) more.append(el("span", `role ${role}`, Live.cap(W(`role.${role}`))));
        if (seat.out) more.append(el("span", "cause", W(`left.${seat.out.cause}`)));
        item.append(more);
      }
      seats.append(item);
    }
    card.append(seats);
    return card;
  }

  function drawTables() {
    const names = Object.keys(state.tables).sort(byNumber);
    $("no-tables").textContent = names.length ? "" : W("followers.no_tables");
    $("tables").replaceChildren(...names.map(tableCard));
  }

  function drawStandings() {
    const data = state.players;
    const rows = (data && data.standings) || [];
    const asOf = (data && data.standings_as_of) || {};
    $("standings-note").textContent = !data ? W("followers.waiting")
      : asOf.hidden ? W("standings.hidden") : !rows.length ? W("standings.none")
        : [asOf.as_of_round != null ? W("standings.as_of_round", asOf) : "",
          rows.some((r) => r.lot) ? W("standings.lot_note") : ""].filter(Boolean).join(". ");
    const head = document.querySelector("#standings thead");
    const body = document.querySelector("#standings tbody");
    head.replaceChildren();
    body.replaceChildren();
    if (!rows.length) return;
    const tr = el("tr");
    tr.append(el("th", "num", W("standings.place")), el("th", "", W("standings.player")),
              el("th", "num", W("standings.games")), el("th", "num", W("standings.total")));
    head.append(tr);
    for (const row of rows) {
      const line = el("tr");
      line.dataset.player = row.player;
      line.append(el("td", "num", `${row.place}${row.lot ? "*" : ""}`), el("td", "", row.player),
                  el("td", "num", row.games != null ? String(row.games) : ""),
                  el("td", "num total", Number(row.total).toFixed(2)));
      body.append(line);
    }
  }

  function drawGames() {
    const games = [];
    for (const page of Object.values(state.rounds)) {
      for (const g of page.games || []) games.push({ ...g, round: page.round });
    }
    games.sort((a, b) => b.round - a.round || byNumber(a.table, b.table));
    $("no-games").textContent = games.length ? "" : W("followers.no_games");
    $("games").replaceChildren(...games.map((g) => {
      const item = el("li", "game");
      Object.assign(item.dataset, { table: g.table, game: g.game_id, round: g.round });
      const head = el("div", "head");
      head.append(el("span", "", W("followers.game_head", g)));
      head.append(el("span", `winner ${g.winner}`, g.counts ? W(`winner.${g.winner}`)
        : W("game.replayed")));
      item.append(head);
      const list = el("ol", "players");
      (g.players || []).forEach((name, i) => {
        const line = el("li");
        const role = (g.roles || [])[i];
        line.append(el("span", "number", String(i + 1)), el("span", "nick", name));
        if (role) line.append(el("span", `role ${role}`, Live.cap(W(`role.${role}`))));
        const points = g.points ? g.points[i] : null;
        if (points != null) line.append(el("span", "points", Number(points).toFixed(2)));
        list.append(line);
      });
      item.append(list);
      return item;
    }));
  }

  function drawHeader() {
    const name = state.players && state.players.name;
    $("title").textContent = name ? `${name}` : W("followers.title");
    document.title = name ? `${name} · ${W("followers.title")}` : W("followers.title");
    let text = "";
    let mode = "live";
    if (state.refused) [text, mode] = [W("page.refused"), "refused"];
    else if (!state.link && Object.keys(state.tables).length) {
      [text, mode] = [W("page.link_down"), "down"];
    }
    else if (!state.link) [text, mode] = [W("page.connecting"), "connecting"];
    $("link").textContent = text;
    root.dataset.state = mode;
    const venueDown = state.bridge === "0";
    const hubDown = !venueDown && state.hub && state.hub.state && state.hub.state !== "online";
    $("venue").textContent = venueDown ? W("followers.venue_down")
      : hubDown ? W("page.hub_offline") : "";
    root.dataset.venue = venueDown ? "down" : "up";
  }

  function render() {
    drawHeader();
    drawTables();
    drawStandings();
    drawGames();
  }

  function onMessage(kind, payload, topic, retained) {
    const rest = topic.slice(base.length + 1);
    const parts = rest.split("/");
    if (parts[0] === "tables" && parts.length === 3) {
      const entry = state.tables[parts[1]] || (state.tables[parts[1]] = { snap: null,
                                                                       status: null });
      if (kind === "status") entry.status = payload;
      else if (kind === "public") {
        const old = entry.snap;
        // a retained copy arriving after a live one is older: keep the newest of one game
        if (payload && old && payload.game_id === old.game_id && payload.seq < old.seq) return;
        entry.snap = payload;
        entry.received = Live.now();
        entry.dated = !retained;
      }
    } else if (rest === "hub/status") state.hub = payload;
    else if (rest === "hub/public/players") state.players = payload;
    else if (rest.startsWith("hub/public/rounds/")) {
      if (payload) state.rounds[parts[3]] = payload;
      else delete state.rounds[parts[3]];
    } else return;
    render();
  }

  function onText(topic, text) {
    if (topic !== `${base}/bridge`) return false;
    state.bridge = text;  // mosquitto's own "1" (linked) or "0" (the bridge's will)
    render();
    return true;
  }

  function onLink(up, why) {
    state.link = up;
    if (up) state.refused = false;
    else if (why === "refused") state.refused = true;
    drawHeader();
  }

  Live.label(W);
  for (const button of document.querySelectorAll("#tabs button")) {
    button.addEventListener("click", () => { root.dataset.tab = button.dataset.tab; });
  }
  // QoS 0: a follower's session is clean (nothing is kept for it between links), so QoS 1
  // would buy no redelivery, only an acknowledgement per message for the broker to handle;
  // every snapshot is the whole picture and retained, so a later one replaces a lost one.
  Live.connect(opts, [`${base}/tables/+/public`, `${base}/tables/+/status`, `${base}/hub/status`,
                      `${base}/hub/public/players`, `${base}/hub/public/rounds/+`,
                      `${base}/bridge`],
               onMessage, onLink, { qos: 0, onText });
  setInterval(() => {
    for (const card of document.querySelectorAll("#tables .table")) {
      const entry = state.tables[card.dataset.table];
      const node = card.querySelector(".timer");
      if (entry && entry.snap && node) node.textContent = clock(entry);
    }
  }, 250);
  render();
})();
