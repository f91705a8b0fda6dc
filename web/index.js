// The broker's front page: which tournaments and tables this broker knows (the retained
// `status` of every table and hub it carries) and the address of each page with the
// tournament filled in: the overlay of every table, the head judge's page, the player's page.
// `?tournament=T` fills it in (a QR code at the entrance); `?lang=en` for English. A broker
// with accounts shows nothing without one: the tournament is then typed (docs/web.md).
"use strict";

(() => {
  const params = new URLSearchParams(window.location.search);
  const opts = Live.options();
  let lang = opts.lang;
  const $ = (id) => document.getElementById(id);
  const { el } = Live;
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
    const W = Live.words(lang);
    document.documentElement.lang = lang;
    Live.label(W);
    $("lang").value = lang;
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
      return W("front.entry", {
        tournament: name, hub: seen.hub ? W("front.hub") : "",
        tables: tables.length ? W("front.tables", { list: tables.join(", ") })
          : W("front.no_tables") });
    });
    const up = !["connecting", "down"].includes(mode);
    $("found").textContent = closed ? W("front.closed")
      : !up ? "" : names.length ? W("front.found", { list: entries.join("; ") })
        : W("front.found_none");
    $("links").hidden = !state.chosen;
    root.dataset.tournament = state.chosen;
    if (!state.chosen) return;
    $("people").replaceChildren(
      card("judge", W("front.judge"), W("front.judge_what"), address("judge", {})),
      card("player", W("front.player"), W("front.player_what"), address("player", {})));
    const seen = state.known[state.chosen];
    const tables = seen ? [...seen.tables] : [];
    if (state.table && !tables.includes(state.table)) tables.push(state.table);
    $("overlays").replaceChildren(...tables.sort(natural).map((table) => {
      const item = card("overlay", W("table", { table }), W("front.overlay_what"),
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
