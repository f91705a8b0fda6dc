// The head judge's page: draws the hub's retained `hub/judge/state` (every table, alerts,
// standings, decisions) and `hub/judge/rounds/N` (the finished protocols of round N) and
// sends decisions on `hub/decide/{account}`, each after a confirmation, showing the hub's
// answer from `hub/judge/reply` (docs/web.md). A request is resent with the same id until the
// hub answers: the hub records it once (hub/remote.py). A personal account
// (`head-judge-NAME`) is who decides: the broker lets it write only its own decide topic.
"use strict";

(() => {
  const opts = Live.options();
  const W = Live.words(opts.lang);
  document.documentElement.lang = opts.lang;
  const root = document.getElementById("app");
  const $ = (id) => document.getElementById(id);
  const RESEND_MS = 4000;
  const TRIES = 4;
  const SHARED = "head-judge";  // the shared account (and an anonymous club-night broker)
  const personal = !!opts.user && opts.user.startsWith(`${SHARED}-`);
  const account = personal ? opts.user : SHARED;

  const state = { link: false, refused: false, hub: null, judge: null, rounds: {},
                  tab: "tables", form: null, pending: null, replies: [],
                  evenings: {}, clubDate: null, clubOpen: null,
                  judgeAt: null, clocks: {} };  // when judge/state came; each table's clock
  window.judgeState = state;  // read by the browser tests
  // the link's own troubles, said in words on the page (common/notice.js)
  const notice = LinkNotice.tracker(opts, ["tournament"], "hub", () => drawLink());

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text != null) node.textContent = text;
    return node;
  }

  function resultWord(winner) {
    return winner ? W(`winner.${winner}`) : "—";
  }

  /** An alert of the hub in the page's language (`alert.*`) from its kind and parameters
   * (hub/alerts.py); an alert without parameters, or of a kind this page has no words for (an
   * older or a newer hub), shows the hub's English text. */
  function alertText(alert) {
    if (!alert.params || !W.has(`alert.${alert.kind}`)) return alert.text;
    const params = { ...alert.params, table: alert.table };
    if (params.state) params.state = W(`liveness.${params.state}`);
    return W(`alert.${alert.kind}`, params);
  }

  /** A refusal of the hub in the page's language (`reason.*`) from its key and parameters
   * (bus/payloads.py DecisionRefusal); `because`, the engine's own refusal, comes in both
   * languages. A key this page has no words for shows the hub's English `error`. */
  function reasonText(reply) {
    const reason = reply.reason;
    if (!reason || !W.has(`reason.${reason.key}`)) return reply.error || "";
    const values = {};
    for (const [name, value] of Object.entries(reason.params || {})) {
      if (value && typeof value === "object") values[name] = value[opts.lang] || value.en;
      else values[name] = name === "winner" ? resultWord(value) : value;
    }
    return W(`reason.${reason.key}`, values);
  }

  // the club night's lines as the hub records them (hub/club.py), in the club's order (004 §7)
  const CLUB_NIGHT = ["putana", "mafia_shot", "don_check", "maniac_shot", "heal", "saved",
                      "commissar_check", "kamikaze", "blast"];

  /** The time in game of table entry `t` now: the hub's `in_game_s` counted on by the page's
   * own clock from when the hub built it, the table's clock telling the age of a retained
   * copy (docs/clock.md); the phone's date and time play no part. */
  function inGame(t) {
    if (typeof t.in_game_s !== "number" || state.judgeAt == null) return null;
    const clock = state.clocks[t.table];
    const built = clock ? clock.builtAt(t.uptime_s, state.judgeAt) : state.judgeAt;
    return t.in_game_s + Math.max(0, Live.now() - built) / 1000;
  }

  function clock(seconds) {
    if (seconds == null) return "";
    const s = Math.max(0, Math.floor(seconds));
    const h = Math.floor(s / 3600);
    const m = String(Math.floor((s % 3600) / 60)).padStart(h ? 2 : 1, "0");
    return `${h ? `${h}:` : ""}${m}:${String(s % 60).padStart(2, "0")}`;
  }

  // -- drawing ------------------------------------------------------------------------------

  function drawLink() {
    let text = "";
    let mode = notice.mode() || "live";  // the address, the broker, a hub it does not know
    if (mode !== "live") text = notice.text(opts.lang);
    else if (state.hub && state.hub.state !== "online") text = W("page.hub_offline");
    $("link").textContent = text;
    root.dataset.state = mode;
  }

  function drawTables(judge) {
    const alerts = $("alerts");
    alerts.replaceChildren(...(judge.alerts || []).map((a) => {
      const item = el("li", `alert ${a.kind}`, alertText(a));
      item.dataset.table = a.table;
      return item;
    }));
    const list = $("table-list");
    const tables = judge.tables || [];
    if (!tables.length) {
      list.replaceChildren(el("li", "muted", W("head.no_tables")));
      return;
    }
    list.replaceChildren(...tables.map((t) => {
      const item = el("li", "table");
      item.dataset.table = t.table;
      const head = el("div", "table-head");
      head.append(el("span", "name", `${W("head.table")} ${t.table}`));
      head.append(el("span", `state ${t.state}`, W(`liveness.${t.state}`)));
      item.append(head);
      const phase = t.phase ? Live.cap(W(`phase.${t.phase}`)) : W("head.no_game");
      const line = el("div", "line");
      line.append(el("span", "phase", phase));
      if (t.game_id) line.append(el("span", "game muted", ` · ${t.game_id}`));
      if (t.winner && t.phase === "finished") {
        line.append(el("span", `winner ${t.winner}`, ` · ${resultWord(t.winner)}`));
      }
      item.append(line);
      if (typeof t.in_game_s === "number" && t.phase && t.phase !== "finished") {
        const time = el("div", "clock muted", "");
        time.dataset.table = t.table;
        item.append(time);
      }
      return item;
    }));
    tickClocks();
  }

  function tickClocks() {
    const tables = (state.judge && state.judge.tables) || [];
    for (const node of document.querySelectorAll("#table-list .clock[data-table]")) {
      const t = tables.find((x) => x.table === node.dataset.table);
      const seconds = t ? inGame(t) : null;
      node.textContent = seconds == null ? "" : `${W("head.in_game")} ${clock(seconds)}`;
    }
  }

  function drawStandings(judge) {
    const note = $("standings-note");
    const head = document.querySelector("#standings-table thead");
    const body = document.querySelector("#standings-table tbody");
    const rows = judge.standings || [];  // the hub's rows, trimmed to what is shown
    const asOf = judge.standings_as_of || {};
    const notes = [];
    if (asOf.as_of_round != null && rows.length) notes.push(W("standings.as_of_round", asOf));
    if (asOf.hidden) notes.push(W("head.standings_hidden"));
    if (!rows.length) notes.push(W("head.no_standings"));
    if (rows.some((r) => r.lot)) notes.push(W("standings.lot_note"));
    note.textContent = notes.join(". ");
    root.dataset.standingsHidden = asOf.hidden ? "yes" : "no";
    head.replaceChildren();
    body.replaceChildren();
    if (!rows.length) return;
    const tr = el("tr");
    for (const [word, cls] of [["standings.place", "num"], ["standings.player", ""],
                               ["standings.total", "num"], ["standings.games", "num"],
                               ["standings.wins", "num"]]) {
      tr.append(el("th", cls, W(word)));
    }
    head.append(tr);
    for (const row of rows) {
      const line = el("tr");
      line.dataset.player = row.player;
      line.append(el("td", "num place", `${row.place}${row.lot ? "*" : ""}`));
      const who = el("td", "player", row.player);
      const why = StandingsWhy.reason(row, rows, opts.lang);  // a shared place, a tie-break
      if (why) who.append(el("div", "why", why));
      line.append(who);
      line.append(el("td", "num total", Number(row.total).toFixed(2)));
      line.append(el("td", "num", String(row.games)));
      line.append(el("td", "num", String(row.wins)));
      body.append(line);
    }
  }

  function actionsFor(p, protests) {
    const kinds = [];
    if (p.counts) kinds.push("change_result", "extra_points", "order_replay");
    kinds.push("protest_filed");
    if (protests.length) kinds.push("protest_accepted", "protest_rejected");
    const box = el("div", "actions");
    for (const kind of kinds) {
      const button = el("button", "act", W(`decision.${kind}`));
      button.type = "button";
      button.dataset.kind = kind;
      button.addEventListener("click", () => openForm(kind, p));
      box.append(button);
    }
    return box;
  }

  function clubMatches(g, open) {
    return String(g.game) === String(open.game) && (open.table == null
                                                    || String(g.table) === String(open.table));
  }

  /** The evening shown: the one chosen (the picker, or `#club=DATE&game=N[&table=T]` in the
   *  address), else the latest; its page `hub/judge/club/DATE` (games with their cards, and
   *  the rating `mafiakit hub evening --date` prints) once it came, else the latest evening
   *  of `judge/state`. */
  function clubShown(judge) {
    const dates = judge.club_dates || [];
    const latest = dates.length ? dates[dates.length - 1] : null;
    const date = state.clubDate && dates.includes(state.clubDate) ? state.clubDate : latest;
    const page = date ? state.evenings[date] : null;
    if (page) return { date, latest, night: page.evening, games: page.games };
    return { date, latest, night: judge.club_evening, games: judge.club_games || [] };
  }

  function drawClubDates(judge, shown) {
    const dates = (judge.club_dates || []).slice().reverse();  // the latest first
    $("club-date-field").hidden = dates.length < 2 && !state.clubDate;
    const picker = $("club-date");
    const want = dates.map((d) => [d, d === shown.latest ? W("head.tonight", { date: d }) : d]);
    const have = [...picker.options].map((o) => [o.value, o.textContent]);
    if (JSON.stringify(want) !== JSON.stringify(have)) {
      picker.replaceChildren(...want.map(([value, text]) => {
        const option = el("option", "", text);
        option.value = value;
        return option;
      }));
    }
    if (shown.date) picker.value = shown.date;
  }

  /** The club tables' games of the evening shown and its rating: seats, winner, why, points;
   *  a game opened (its head tapped, or named in the address) shows every card. */
  function drawClub(judge) {
    const shown = clubShown(judge);
    drawClubDates(judge, shown);
    const night = shown.night;
    const rating = $("club-rating");
    rating.hidden = !night;
    if (night) {
      $("club-evening-title").textContent = W("head.club_evening", { date: night.date || "" });
      $("club-evening-error").textContent = night.error || "";
      $("club-evening-error").hidden = !night.error;
      const head = document.querySelector("#club-evening thead");
      const tr = el("tr");
      for (const [word, cls] of [["standings.place", "num"], ["standings.player", ""],
                                 ["standings.total", "num"], ["standings.games", "num"],
                                 ["standings.wins", "num"], ["head.extras", "num"],
                                 ["head.penalties", "num"]]) tr.append(el("th", cls, W(word)));
      head.replaceChildren(tr);
      document.querySelector("#club-evening tbody").replaceChildren(
        ...night.players.map((p, i) => {
          const line = el("tr");
          line.dataset.player = p.player;
          line.append(el("td", "num place", StandingsWhy.sharedPlace(p, i)),
                      el("td", "player", p.player));
          for (const k of ["points", "games", "wins", "extras", "penalties"]) {
            line.append(el("td", `num ${k}`, String(p[k])));
          }
          return line;
        }));
    }
    const open = state.clubOpen;
    const missing = open && open.date === shown.date && state.evenings[shown.date]
      && !shown.games.some((g) => clubMatches(g, open));
    $("club-problem").hidden = !missing;
    $("club-problem").textContent = missing ? W("head.no_club_game", open) : "";
    const list = $("club-list");
    const games = shown.games.slice().reverse();  // the latest first
    if (!games.length) {
      list.replaceChildren(el("li", "muted", W("head.no_club")));
      return;
    }
    list.replaceChildren(...games.map((g) => {
      const item = el("li", "club-game");
      Object.assign(item.dataset, { table: g.table, game: g.game_id, winner: g.winner || "",
                                    counts: g.counts ? "yes" : "no", number: g.game ?? "",
                                    date: g.date || "" });
      const opened = !!(open && open.date === shown.date && clubMatches(g, open));
      item.classList.toggle("open", opened);
      const head = el("div", "protocol-head");
      head.addEventListener("click", () => {
        state.clubOpen = opened ? null : { date: shown.date, game: g.game, table: g.table };
        render();
      });
      head.append(el("span", "name", W("head.club_game", { table: g.table, game: g.game ?? "" })));
      head.append(el("span", "muted", g.date || g.game_id));
      item.append(head);
      const result = el("div", "result");
      if (!g.counts) result.append(el("span", "replayed", W("game.replayed")));
      else result.append(el("span", `winner ${g.winner}`, resultWord(g.winner)));
      if (g.termination) {
        result.append(el("span", "muted why", ` · ${W(`term.${g.termination}`)}`));
      }
      item.append(result);
      const seats = el("ol", "players");
      (g.players || []).forEach((name, i) => {
        const line = el("li", "", name);
        line.dataset.seat = String(i + 1);
        const role = opened && g.roles ? g.roles[String(i + 1)] : null;
        if (role) line.append(el("span", `role ${role}`, ` ${W(`role.${role}`)}`));
        const points = (g.points || {})[String(i + 1)];
        if (points != null) line.append(el("span", "points", ` ${points}`));
        seats.append(line);
      });
      item.append(seats);
      if (opened && (g.nights || []).length) item.append(clubNights(g.nights));
      return item;
    }));
  }

  /** An opened club game's nights as the host recorded them (004 §7), in the club order. */
  function clubNights(nights) {
    const list = el("ul", "club-nights");
    for (const n of nights) {
      const parts = [];
      for (const key of CLUB_NIGHT) {
        const value = n[key];
        if (value == null || (Array.isArray(value) && !value.length)) continue;
        const word = W(key === "saved" || key === "blast" ? `head.club_${key}` : `night_step.${key}`);
        if (Array.isArray(value)) parts.push(`${word} ${value.join(", ")}`);
        else if (typeof value === "object") {
          parts.push(`${word} ${value.seat} (${W(`found.${value.found}`)})`);
        } else parts.push(`${word} ${value}`);
      }
      const line = el("li", "", `${W("head.club_night", n)} ${parts.join(", ") || "—"}`);
      line.dataset.night = String(n.night);
      list.append(line);
    }
    return list;
  }

  /** Every finished protocol: the hub sends them one round per message (judge/rounds/N).
   *  A game its table plays again (an undo of the end: the hub's state shows the table in
   *  that game, not at its end) is left out, whatever a round's page still holds: no role
   *  of a running game on the page (issue 24). */
  function allProtocols(judge) {
    const running = new Set((judge.tables || [])
      .filter((t) => t.game_id && t.phase !== "finished")
      .map((t) => `${t.table}\u0000${t.game_id}`));
    return Object.values(state.rounds).flatMap((r) => r.protocols || [])
      .filter((p) => !running.has(`${p.table}\u0000${p.game_id}`));
  }

  function drawProtocols(judge) {
    const list = $("protocol-list");
    const protocols = allProtocols(judge).sort(
      (a, b) => (b.round || 0) - (a.round || 0) || String(a.table).localeCompare(String(b.table)));
    if (!protocols.length) {
      list.replaceChildren(el("li", "muted", W("head.no_protocols")));
      return;
    }
    list.replaceChildren(...protocols.map((p) => {
      const item = el("li", "protocol");
      item.dataset.table = p.table;
      item.dataset.game = p.game_id;
      item.dataset.winner = p.winner || "";
      item.dataset.counts = p.counts ? "yes" : "no";
      const head = el("div", "protocol-head");
      const round = p.round != null ? `${W("head.round")} ${p.round} · ` : "";
      head.append(el("span", "name", `${round}${W("head.table")} ${p.table}`));
      head.append(el("span", "muted", p.game_id));
      item.append(head);
      const result = el("div", "result");
      if (!p.counts) result.append(el("span", "replayed", W("game.replayed")));
      else if (p.winner !== p.table_winner) {
        result.append(el("span", "overruled", `${W("head.at_table")}: ${resultWord(p.table_winner)}`));
        result.append(document.createTextNode(" → "));
        result.append(el("span", `winner ${p.winner}`, `${W("head.counts")}: ${resultWord(p.winner)}`));
      } else result.append(el("span", `winner ${p.winner}`, resultWord(p.winner)));
      item.append(result);
      const players = el("ol", "players");
      (p.players || []).forEach((name, i) => {
        const line = el("li", "", name);
        const role = p.roles ? p.roles[String(i + 1)] : null;
        if (role) line.append(el("span", `role ${role}`, Live.cap(W(`role.${role}`))));
        players.append(line);
      });
      item.append(players);
      for (const extra of p.extra_points || []) {
        item.append(el("div", "muted", W("head.extra", extra)));
      }
      const protests = (judge.protests || []).filter(
        (x) => x.table === p.table && x.game_id === p.game_id);
      for (const protest of protests) item.append(el("div", "alert", W("head.protest_open", protest)));
      item.append(actionsFor(p, protests));
      return item;
    }));
  }

  function describe(d) {
    const args = d.args || {};
    const bits = [];
    if (args.remedy) bits.push(W(`remedy.${args.remedy}`));
    if (args.winner) bits.push(resultWord(args.winner));
    if (args.seat != null) bits.push(`${W("head.seat")} ${args.seat}`);
    if (args.points != null) bits.push(`${args.points}`);
    return bits.join(", ");
  }

  function drawDecisions(judge) {
    const list = $("decision-list");
    const decisions = [...(judge.decisions || [])].reverse();
    if (!decisions.length) {
      list.replaceChildren(el("li", "muted", W("head.no_decisions")));
      return;
    }
    list.replaceChildren(...decisions.map((d) => {
      const item = el("li", "decision");
      item.dataset.id = d.id;
      item.dataset.kind = d.kind;
      const what = describe(d);
      item.append(el("div", "name", `№${d.id} · ${W(`decision.${d.kind}`)}${what ? `: ${what}` : ""}`));
      // who in a <bdi> of its own: a right-to-left name never reorders the date after it
      const meta = el("div", "muted", `${W("head.table")} ${d.table} · ${d.game_id} · `);
      meta.append(el("bdi", "who", d.who), " · "
                  + new Date(d.at).toLocaleString(opts.lang === "en" ? "en-GB" : "ru-RU"));
      item.append(meta, el("div", "why", d.why));
      return item;
    }));
  }

  function drawTabs() {
    const judge = state.judge || {};
    const club = !!((judge.club_games || []).length || judge.club_evening
                    || (judge.club_dates || []).length);
    if (!club && state.tab === "club" && !state.clubDate) state.tab = "tables";
    for (const button of document.querySelectorAll("nav .tab")) {
      button.hidden = button.dataset.tab === "club" && !club && !state.clubDate;  // club tables
      button.classList.toggle("active", button.dataset.tab === state.tab);
      $(button.dataset.tab).hidden = button.dataset.tab !== state.tab;
    }
  }

  function render() {
    drawLink();
    drawTabs();
    const judge = state.judge;
    $("title").textContent = judge && judge.name ? `${W("head.title")} · ${judge.name}`
      : W("head.title");
    if (!judge) return;
    drawTables(judge);
    drawStandings(judge);
    drawProtocols(judge);
    drawDecisions(judge);
    drawClub(judge);
    root.dataset.asOf = judge.as_of || "";
  }

  // -- deciding -----------------------------------------------------------------------------

  function show(part) {
    $("decide").hidden = part === null;
    for (const id of ["decide-form", "decide-confirm", "decide-reply"]) $(id).hidden = id !== part;
  }

  /** What the form asks for: a decision's own arguments, or an accepted protest's remedy's. */
  function effect() {
    const kind = state.form.kind;
    return kind === "protest_accepted" ? $("remedy").value : kind;
  }

  function showFields() {
    const what = effect();
    $("remedy-field").hidden = state.form.kind !== "protest_accepted";
    $("winner-field").hidden = what !== "change_result";
    $("seat-field").hidden = !["extra_points", "protest_filed", "penalty"].includes(what);
    $("points-field").hidden = !["extra_points", "penalty"].includes(what);
  }

  function openForm(kind, protocol) {
    state.form = { kind, table: protocol.table, game_id: protocol.game_id };
    $("decide-title").textContent =
      `${W(`decision.${kind}`)} · ${W("head.table")} ${protocol.table} · ${protocol.game_id}`;
    $("remedy").value = "none";
    showFields();
    $("seat").max = String((protocol.players || []).length || 10);
    if (kind === "change_result") {
      const other = ["red", "black", "draw"].find((w) => w !== protocol.winner);
      $("winner").value = other;
    }
    $("seat").value = "";
    $("points").value = "";
    $("why").value = "";
    $("who").value = personal ? account : localStorage.getItem("mafiakit.judge.who") || "";
    $("who").readOnly = personal;  // the account decides: the hub records it, not a name
    $("decide-problem").textContent = "";
    show("decide-form");
  }

  function formRequest() {
    const f = state.form;
    const who = $("who").value.trim();
    const why = $("why").value.trim().replace(/\s+/g, " ");  // one paragraph (the hub's rule)
    if (!who) return W("head.need_who");
    if (why.length < 3) return W("head.need_why");
    const args = {};
    const what = effect();
    if (f.kind === "protest_accepted") args.remedy = what;
    if (what === "change_result") args.winner = $("winner").value;
    if (["extra_points", "protest_filed", "penalty"].includes(what)) {
      const seat = Number($("seat").value);
      if (!Number.isInteger(seat) || seat < 1) return W("head.need_seat");
      args.seat = seat;
    }
    if (["extra_points", "penalty"].includes(what)) {
      const points = Number($("points").value);
      if ($("points").value.trim() === "" || !Number.isFinite(points)) return W("head.need_points");
      // a penalty takes points: typed as a number, sent negative (hub/decisions.py)
      args.points = what === "penalty" ? -Math.abs(points) : points;
    }
    return { schema_version: 1, request_id: Live.requestId("judge"), kind: f.kind,
             table: f.table, game_id: f.game_id, who, why, args };
  }

  function confirmText(r) {
    const what = describe(r);
    return `${W(`decision.${r.kind}`)}${what ? `: ${what}` : ""}. ${W("head.table")} ${r.table}, `
      + `${r.game_id}. ${W("head.who_short")}: ${r.who}. ${W("head.why")}: ${r.why}`;
  }

  let client = null;

  function send() {
    const p = state.pending;
    if (!p || p.answered) return;
    if (p.tries >= TRIES) {
      replyShown("refused", W("head.no_reply"));
      state.pending = null;
      return;
    }
    p.tries += 1;
    if (client && state.link) {
      Live.publish(client, Live.hubTopic(opts, `decide/${account}`), p.request);
    }
    p.timer = setTimeout(send, RESEND_MS);
  }

  function replyShown(outcome, text) {
    const node = $("reply-text");
    node.dataset.outcome = outcome;
    node.textContent = text;
    show("decide-reply");
  }

  function onReply(reply) {
    state.replies.push(reply);
    const p = state.pending;
    if (!p || reply.request_id !== p.request.request_id) return;  // another phone's answer
    clearTimeout(p.timer);
    state.pending = null;
    if (reply.ok) replyShown("ok", W("head.recorded", { n: reply.decision_id }));
    else replyShown("refused", W("head.refused", { error: reasonText(reply) }));
  }

  $("decide-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const request = formRequest();
    if (typeof request === "string") {
      $("decide-problem").textContent = request;
      return;
    }
    if (!personal) localStorage.setItem("mafiakit.judge.who", request.who);
    state.form.request = request;
    $("confirm-text").textContent = confirmText(request);
    show("decide-confirm");
  });
  $("decide-cancel").addEventListener("click", () => show(null));
  $("decide-back").addEventListener("click", () => show("decide-form"));
  $("decide-close").addEventListener("click", () => show(null));
  $("decide-yes").addEventListener("click", () => {
    state.pending = { request: state.form.request, tries: 0, timer: null };
    replyShown("sent", W("head.sending"));
    send();
  });
  for (const button of document.querySelectorAll("nav .tab")) {
    button.addEventListener("click", () => {
      state.tab = button.dataset.tab;
      render();
    });
  }
  $("club-date").addEventListener("change", () => {
    state.clubDate = $("club-date").value;
    state.clubOpen = null;
    render();
  });
  /** `#club=2026-11-27&game=2&table=1`: that evening on the club tab, that game opened. */
  function fromAddress() {
    const asked = new URLSearchParams(window.location.hash.slice(1));
    if (!asked.get("club")) return;
    state.tab = "club";
    state.clubDate = asked.get("club");
    state.clubOpen = asked.get("game")
      ? { date: state.clubDate, game: asked.get("game"), table: asked.get("table") } : null;
    render();
  }
  window.addEventListener("hashchange", fromAddress);
  fromAddress();
  Live.label(W);
  for (const option of $("winner").options) option.textContent = W(`winner.${option.value}`);
  for (const option of $("remedy").options) option.textContent = W(`remedy.${option.value}`);
  $("remedy").addEventListener("change", showFields);

  // -- the link -----------------------------------------------------------------------------

  const ROUNDS = Live.hubTopic(opts, "judge/rounds/");
  const EVENINGS = Live.hubTopic(opts, "judge/club/");

  const HEARTBEATS = `mafia/v1/${opts.tournament}/tables/+/heartbeat`;

  function onMessage(kind, payload, topic, retained) {
    if (kind === "heartbeat" && topic.startsWith(`mafia/v1/${opts.tournament}/tables/`)) {
      const table = topic.split("/")[4];
      if (!state.clocks[table]) state.clocks[table] = Live.tableClock();
      if (payload) state.clocks[table].heard(payload.uptime_s, Live.now());
      return;
    }
    notice.heard();  // the broker knows this tournament's hub
    if (topic.startsWith(EVENINGS)) {
      if (payload) state.evenings[topic.slice(EVENINGS.length)] = payload;
      else delete state.evenings[topic.slice(EVENINGS.length)];
      render();
    } else if (topic.startsWith(ROUNDS)) {
      if (payload) state.rounds[topic.slice(ROUNDS.length)] = payload;
      else delete state.rounds[topic.slice(ROUNDS.length)];
      render();
    } else if (topic === Live.hubTopic(opts, "judge/state")) {
      if (payload) [state.judge, state.judgeAt] = [payload, Live.now()];
      render();
    } else if (topic === Live.hubTopic(opts, "judge/reply")) {
      if (payload) onReply(payload);
    } else if (topic === Live.hubTopic(opts, "status")) {
      state.hub = payload;
      drawLink();
    }
  }

  function onLink(up, why) {
    state.link = up;
    if (up) state.refused = false;
    else if (why === "refused") state.refused = true;
    notice.link(up, why);
    drawLink();
  }

  $("logout").textContent = W("login.logout");  // forget this phone's login (its storage)
  $("logout").hidden = !opts.password;
  $("logout").addEventListener("click", () => Live.forget(opts));
  if (!notice.missing.length) client = Live.connect(opts, ["judge/state", "judge/reply", "status", "judge/rounds/+",
                               "judge/club/+"].map(
    (name) => Live.hubTopic(opts, name)).concat([HEARTBEATS]), onMessage, onLink);
  setInterval(tickClocks, 1000);
  render();
})();
