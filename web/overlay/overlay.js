// The stream overlay: one table's public snapshot (and, once the game is decided, its
// protocol) drawn over the stream. It subscribes only to what the `overlay` account may read
// (docs/web.md): public, status, heartbeat (the table's clock: docs/clock.md), protocol.
// Rendering is a pure function of `state`.
// With a stream account it draws the delayed `stream` snapshot instead, roles and nights
// included (stream.js).
"use strict";

(() => {
  const opts = Live.options();
  const W = Live.words(opts.lang);
  document.documentElement.lang = opts.lang;
  const root = document.getElementById("overlay");
  const streaming = OverlayStream.active(opts);
  if (window.innerHeight <= 720) root.classList.add("small");

  const state = { link: false, refused: false, status: null, snapshot: null, protocol: null,
                  received: null, dated: false, clock: Live.tableClock() };
  // the link's own troubles, said in words on the overlay (common/notice.js)
  const notice = LinkNotice.tracker(opts, ["tournament", "table"], "table", () => render());
  // Read by the browser tests: the state, and what the DOM showed after each public snapshot.
  window.overlayState = state;
  window.overlayDrawn = [];
  const obs = ObsScenes.start(new URLSearchParams(window.location.search));  // off by default

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text != null) node.textContent = text;
    return node;
  }

  function outText(out) {
    return out ? W(`left.${out.cause}`) : "";
  }

  /** The result and the roles are drawn only while the snapshot says the game is over AND
   *  the protocol is that game's: a protocol a broker kept from before an undo of the end
   *  (issue 24) never shows during the game. */
  function decided() {
    if (streaming) return !!OverlayStream.winner(state.snapshot);
    const snap = state.snapshot;
    const proto = state.protocol;
    return !!(snap && snap.view && snap.view.phase === "finished" && proto
              && proto.game_id === snap.game_id && proto.result && proto.result.winner);
  }

  function drawTop(view) {
    const node = document.getElementById("phase");
    if (!view) {
      node.textContent = "";
      return;
    }
    node.textContent = Live.moment(view, W);
  }

  function drawTimer() {
    const node = document.getElementById("timer");
    const snap = state.snapshot;
    const built = snap && state.dated ? state.clock.builtAt(snap.uptime_s, state.received)
      : null;
    const left = Live.secondsLeft(snap, built, Live.now());
    if (left == null || (state.snapshot && state.snapshot.view.phase === "night")) {
      node.textContent = "";
      node.className = "";
      return;
    }
    const whole = Math.ceil(left);
    node.textContent = `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
    node.className = whole <= 10 ? "last" : "";
  }

  function drawLink() {
    const node = document.getElementById("link");
    let text = "";
    let mode = notice.mode() || "live";  // the address, the broker, a table it does not know
    if (mode !== "live") text = notice.text(opts.lang);
    else if (state.status && state.status.state !== "online") {
      [text, mode] = [W("page.table_offline"), "offline"];
    }
    node.textContent = text;
    root.dataset.state = mode;
  }

  function drawVote(view) {
    const node = document.getElementById("vote");
    const vote = view && view.vote;
    if (!vote) {
      node.hidden = true;
      return;
    }
    node.hidden = false;
    node.textContent = W("page.vote_line", { round: vote.round,
                                             seats: vote.candidates.join(", ") });
  }

  /** The decided game's winner: the delayed view's own in stream mode, else the protocol's. */
  function winnerNow() {
    if (!decided()) return "";
    return streaming ? OverlayStream.winner(state.snapshot) : state.protocol.result.winner;
  }

  function drawBanner() {
    const node = document.getElementById("banner");
    if (!decided()) {
      node.hidden = true;
      return;
    }
    node.hidden = false;
    node.textContent = W(`winner.${winnerNow()}`);
    node.className = winnerNow();
  }

  function drawSeats(snap) {
    const list = document.getElementById("seats");
    list.replaceChildren();
    if (!snap) return;
    const view = snap.view;
    const roles = streaming ? OverlayStream.roles(snap)
      : decided() ? Live.rolesOf(state.protocol) : {};
    const nominated = new Set(view.nominations || []);
    const candidates = new Set(view.vote ? view.vote.candidates : []);
    for (const seat of view.seats) {
      const item = el("li", "seat");
      item.dataset.seat = seat.seat;
      if (seat.seat === view.speaker) item.classList.add("speaker");
      if (!seat.at_table) item.classList.add("out");
      if (nominated.has(seat.seat) || candidates.has(seat.seat)) item.classList.add("nominated");
      if (view.vote && view.vote.current === seat.seat) item.classList.add("current");
      item.append(el("span", "number", String(seat.seat)));
      item.append(el("span", "name", (snap.names || [])[seat.seat - 1] || ""));
      const fouls = el("span", "fouls", "●".repeat(seat.fouls));
      fouls.dataset.fouls = seat.fouls;
      item.append(fouls);
      const votes = view.vote && view.vote.votes ? view.vote.votes[String(seat.seat)] : null;
      item.append(el("span", "votes", votes != null ? String(votes) : ""));
      item.append(el("span", "cause", outText(seat.out)));
      const role = roles[seat.seat];
      if (role) {
        const badge = el("span", `role ${role}`, Live.cap(W(`role.${role}`)));
        item.append(badge);
      }
      list.append(item);
    }
  }

  function render() {
    const snap = state.snapshot;
    const view = snap ? snap.view : null;
    drawLink();
    drawTop(view);
    drawTimer();
    drawVote(view);
    drawBanner();
    drawSeats(snap);
    if (streaming) OverlayStream.draw(snap, opts.lang);
    root.dataset.seq = snap ? snap.seq : "";
    root.dataset.step = view ? view.step : "";
    root.dataset.speaker = view && view.speaker != null ? view.speaker : "";
    root.dataset.winner = winnerNow();
  }

  function onMessage(kind, payload, topic, retained) {
    notice.heard();  // the broker knows this table
    const at = Live.now();
    if (kind === "heartbeat") {
      if (payload) {
        state.clock.heard(payload.uptime_s, at);
        state.dated = true;  // the retained snapshot's age is known from now on
      }
      drawTimer();
      return;
    }
    if (kind === "status") state.status = payload;
    else if (kind === "protocol") state.protocol = payload;
    else if (kind === "public" || kind === "stream") {
      if (kind === "stream") payload = OverlayStream.adapt(payload);
      const old = state.snapshot;
      // A retained copy arriving after a live one is older: keep the newest of one game.
      if (payload && old && payload.game_id === old.game_id && payload.seq < old.seq) return;
      state.snapshot = payload;
      state.received = at;
      state.dated = !retained;
      if (payload && !retained) state.clock.heard(payload.uptime_s, at);
      render();
      window.overlayDrawn.push(drawn());
      if (payload) obs.show(payload);  // the same phase event switches the OBS scene
      return;
    }
    render();
  }

  /** What a viewer sees of the seats right now, as data (for the tests). */
  function drawn() {
    const seats = [...document.querySelectorAll("#seats .seat")];
    const pick = (cls) => seats.filter((s) => s.classList.contains(cls)).map((s) => +s.dataset.seat);
    return {
      seq: state.snapshot ? state.snapshot.seq : null,
      game: state.snapshot ? state.snapshot.game_id : null,
      speaker: pick("speaker")[0] || null,
      out: pick("out"),
      fouls: seats.map((s) => +s.querySelector(".fouls").dataset.fouls),
      names: seats.map((s) => s.querySelector(".name").textContent),
      roles: seats.filter((s) => s.querySelector(".role")).length,
      phase: document.getElementById("phase").textContent,
    };
  }

  function onLink(up, why) {
    state.link = up;
    if (up) state.refused = false;
    else if (why === "refused") state.refused = true;
    notice.link(up, why);
    render();
  }

  const topics = streaming ? OverlayStream.topics(opts)
    : ["public", "status", "heartbeat", "protocol"].map((k) => Live.tableTopic(opts, k));
  if (!notice.missing.length) Live.connect(opts, topics, onMessage, onLink);
  setInterval(drawTimer, 250);
  render();
})();
