// The player's page: reads only the hub's retained `hub/public/players`,
// `hub/public/rounds/N` and `hub/public/club` (the club tables' decided games of the latest
// evening, public once over; the `player` account may read nothing else: docs/web.md). A player types or picks his nickname and sees
// his next table and seat, his finished games and, unless the hub hides them, the standings.
"use strict";

(() => {
  const opts = Live.options();
  const W = Live.words(opts.lang);
  document.documentElement.lang = opts.lang;
  const root = document.getElementById("app");
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(window.location.search);
  const state = { link: false, refused: false, data: null, rounds: {}, club: [],
                  chosen: params.get("player") || localStorage.getItem("mafiakit.player") || "" };
  window.playerState = state;  // read by the browser tests
  // the link's own troubles, said in words on the page (common/notice.js)
  const notice = LinkNotice.tracker(opts, ["tournament"], "hub", () => drawLink());

  const { el } = Live;

  function find(name) {
    const wanted = name.trim().toLocaleLowerCase();
    const players = (state.data && state.data.players) || [];
    return players.find((p) => String(p.player).toLocaleLowerCase() === wanted) || null;
  }

  function drawLink() {
    const mode = notice.mode() || "live";  // the address, the broker, a hub it does not know
    const text = mode === "live" ? "" : notice.text(opts.lang);
    $("link").textContent = text;
    root.dataset.state = mode;
  }

  const TEAM = { citizen: "red", sheriff: "red", mafia: "black", don: "black" };

  /** Whether round `round`'s game at `table` is still someone's next game at the hub
   *  (public/players): then it is being played, whatever a round's page still holds. */
  function playing(round, table) {
    const players = (state.data && state.data.players) || [];
    return players.some((p) => p.next && p.next.round === round
                        && String(p.next.table) === String(table));
  }

  /** A player's finished games, from the rounds' pages (public/rounds/N), round by round.
   *  A game its table plays again (an undo of the end) is left out: no role of a running
   *  game on the page (issue 24). */
  function gamesOf(name) {
    const out = [];
    for (const rnd of Object.values(state.rounds)) {
      for (const g of rnd.games || []) {
        if (playing(rnd.round, g.table)) continue;
        const seat = (g.players || []).indexOf(name) + 1;
        if (!seat) continue;
        const role = g.roles ? g.roles[seat - 1] : null;
        out.push({ round: rnd.round, table: g.table, game_id: g.game_id, seat, role,
                   winner: g.winner, counts: g.counts,
                   won: role && g.winner !== "draw" ? TEAM[role] === g.winner : null,
                   points: g.points ? g.points[seat - 1] : null });
      }
    }
    return out.sort((a, b) => a.round - b.round);
  }

  /** The chosen player's club games of the latest club evening (the hub's `public/club`),
   *  each with his seat and points (004 §8). */
  function clubOf(wanted) {
    const out = [];
    for (const g of state.club) {
      const seat = (g.players || []).findIndex((n) => String(n).toLocaleLowerCase() === wanted) + 1;
      if (!seat) continue;
      out.push({ table: g.table, game: g.game ?? "", game_id: g.game_id, seat, name: g.players[seat - 1],
                 winner: g.winner, counts: g.counts, points: (g.points || {})[String(seat)] });
    }
    return { date: state.clubDate || "", games: out };
  }

  function drawClub() {
    const wanted = state.chosen.trim().toLocaleLowerCase();
    const mine = wanted ? clubOf(wanted) : { date: "", games: [] };
    $("club").hidden = !mine.games.length;
    if (!mine.games.length) return false;
    $("club-title").textContent = W("player.club", mine);
    // his row of the evening's rating (the hub's, as the head judge's Club tab shows it):
    // its points and his place, shared on equal points (004 §8); before the hub has it,
    // the sum of his counted games
    const row = ((state.clubEvening && state.clubEvening.players) || []).find(
      (p) => String(p.player).toLocaleLowerCase() === wanted);
    const total = row ? row.points
      : mine.games.filter((g) => g.counts).reduce((sum, g) => sum + (g.points || 0), 0);
    const place = row && StandingsWhy.sharedPlace(row, 0);
    $("club-total").textContent = row ? W("player.club_place", { points: total, place })
      : W("player.club_total", { points: total });
    $("club-total").dataset.points = String(total);
    $("club-total").dataset.place = place || "";
    $("club-games").replaceChildren(...mine.games.map((g) => {
      const item = el("li", "game");
      Object.assign(item.dataset, { table: g.table, game: g.game_id, seat: g.seat });
      item.append(el("div", "head", W("player.club_line", g)));
      const line = el("div", "muted");
      if (!g.counts) line.textContent = W("game.replayed");
      else {
        line.append(el("span", "winner", W(`winner.${g.winner}`)));
        line.append(document.createTextNode(` · ${W("player.points")} `));
        line.append(el("span", "points", String(g.points)));
      }
      item.append(line);
      return item;
    }));
    return true;
  }

  function drawMe() {
    const me = state.chosen ? find(state.chosen) : null;
    const club = drawClub();
    $("me").hidden = !me;
    $("problem").textContent = state.chosen && state.data && !me && !club
      ? W("player.unknown") : "";
    if (!me) return;
    $("me-name").textContent = me.player;
    const next = $("next");
    next.replaceChildren();
    if (me.next) {
      next.append(document.createTextNode(W("player.next")));
      next.append(el("span", "big", W("player.seat_line", me.next)));
      Object.assign(next.dataset, { round: me.next.round, table: me.next.table,
                                    seat: me.next.seat });
    } else {
      next.textContent = W("player.done");
      delete next.dataset.table;
    }
    const games = $("games");
    const mine = gamesOf(me.player);
    if (!mine.length) {
      games.replaceChildren(el("li", "muted", W("player.no_games")));
      return;
    }
    games.replaceChildren(...mine.map((g) => {
      const item = el("li", "game");
      item.dataset.game = g.game_id;
      item.dataset.role = g.role || "";
      const head = el("div", "head");
      head.append(el("span", "", W("player.seat_line", g)));
      if (g.role) head.append(el("span", `role ${g.role}`, Live.cap(W(`role.${g.role}`))));
      item.append(head);
      const line = el("div", "muted");
      if (!g.counts) line.textContent = W("game.replayed");
      else {
        const outcome = g.winner === "draw" ? "draw" : g.won ? "won" : "lost";
        line.append(el("span", outcome,
                       `${W(`winner.${g.winner}`)} · ${W(`player.${outcome}`)}`));
        if (g.points != null) {
          const points = Number(g.points).toFixed(2);
          line.append(document.createTextNode(` · ${W("player.points")} ${points}`));
        }
      }
      item.append(line);
      return item;
    }));
  }

  function drawStandings() {
    const data = state.data;
    const rows = (data && data.standings) || [];
    const head = document.querySelector("#standings-table thead");
    const body = document.querySelector("#standings-table tbody");
    head.replaceChildren();
    body.replaceChildren();
    const asOf = (data && data.standings_as_of) || {};
    $("standings-note").textContent = !data ? W("player.waiting")
      : asOf.hidden ? W("standings.hidden") : !rows.length ? W("standings.none")
        : [asOf.as_of_round != null ? W("standings.as_of_round", asOf) : "",
          rows.some((r) => r.lot) ? W("standings.lot_note") : ""].filter(Boolean).join(". ");
    if (!rows.length) return;
    const tr = el("tr");
    tr.append(el("th", "num", W("standings.place")), el("th", "", W("standings.player")),
              el("th", "num", W("standings.total")));
    head.append(tr);
    const me = state.chosen.trim().toLocaleLowerCase();
    for (const row of rows) {
      const line = el("tr", String(row.player).toLocaleLowerCase() === me ? "me" : "");
      line.dataset.player = row.player;
      line.append(el("td", "num", `${row.place}${row.lot ? "*" : ""}`));
      const who = el("td", "", row.player);
      const why = StandingsWhy.reason(row, rows, opts.lang);  // a shared place, a tie-break
      if (why) who.append(el("div", "why", why));
      line.append(who);
      line.append(el("td", "num total", Number(row.total).toFixed(2)));
      body.append(line);
    }
  }

  function render() {
    drawLink();
    $("title").textContent = state.data && state.data.name
      ? `${W("player.title")} · ${state.data.name}` : W("player.title");
    const list = $("nicknames");
    const names = [...new Set([...((state.data && state.data.players) || []).map((p) => p.player),
                               ...state.club.flatMap((g) => g.players || [])])];
    if (list.children.length !== names.length) {
      list.replaceChildren(...names.map((n) => Object.assign(el("option"), { value: n })));
    }
    drawMe();
    drawStandings();
  }

  $("nickname-label").textContent = W("player.nickname");
  $("games-title").textContent = W("player.games");
  $("standings-title").textContent = W("standings.title");
  $("show").textContent = W("player.show");
  $("nickname").value = state.chosen;
  $("pick").addEventListener("submit", (event) => {
    event.preventDefault();
    state.chosen = $("nickname").value;
    localStorage.setItem("mafiakit.player", state.chosen);
    render();
  });

  const ROUNDS = Live.hubTopic(opts, "public/rounds/");

  function onMessage(kind, payload, topic) {
    notice.heard();  // the broker knows this tournament's hub
    if (topic.startsWith(ROUNDS)) {
      if (payload) state.rounds[topic.slice(ROUNDS.length)] = payload;
      else delete state.rounds[topic.slice(ROUNDS.length)];
    } else if (topic === Live.hubTopic(opts, "public/players")) state.data = payload;
    else if (topic === Live.hubTopic(opts, "public/club")) {
      state.club = (payload && payload.games) || [];
      state.clubDate = payload && payload.date;
      state.clubEvening = payload && payload.evening;
    }
    else return;
    render();
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
  if (!notice.missing.length) Live.connect(opts, ["public/players", "public/rounds/+", "public/club"].map(
    (n) => Live.hubTopic(opts, n)), onMessage, onLink);
  render();
})();
