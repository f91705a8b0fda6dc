// The delayed stream class on the overlay (docs/web.md "The delayed stream"). With a
// `stream-{tournament}-{table}` account the page draws the table's `stream` snapshot, the
// judge's view as it stood some minutes ago: the roles from the deal on, each night's shot
// and checks, the best move. Everything on the page then comes from that one delayed
// picture (no live `public` or `protocol`), so nothing on it runs ahead of the delay.
"use strict";

const OverlayStream = (() => {
  const params = new URLSearchParams(window.location.search);

  /** Stream mode: a stream account (`user=stream-...`), or `view=stream` on an anonymous
   * one-machine broker. */
  function active(opts) {
    return (opts.user || "").startsWith("stream-") || params.get("view") === "stream";
  }

  /** What the page subscribes to in stream mode: the delayed picture and the table's
   * liveness; not `public` or `protocol`, which would run ahead of it. */
  function topics(opts) {
    return ["stream", "status"].map((k) => Live.tableTopic(opts, k));
  }

  /** A stream payload as the overlay's snapshot: `actions` orders it as `seq` does (a
   * delayed view has no running timer: nothing counts down). */
  function adapt(payload) {
    return payload ? { ...payload, seq: payload.actions } : null;
  }

  function roles(snapshot) {
    return (snapshot && snapshot.view.roles) || {};
  }

  function winner(snapshot) {
    return (snapshot && snapshot.view.winner) || null;
  }

  function nightText(night, W) {
    const parts = [night.shot != null ? W("stream.shot", { seat: night.shot }) : W("stream.miss")];
    if (night.don_check) {
      const d = night.don_check;
      parts.push(W("stream.don_check", {
        seat: d.seat, answer: W(d.sheriff ? "stream.found" : "judge.not_sheriff") }));
    }
    if (night.sheriff_check) {
      const s = night.sheriff_check;
      parts.push(W("stream.sheriff_check", {
        seat: s.seat, answer: W(s.black ? "team.black" : "team.red") }));
    }
    return W("stream.night", { night: night.night, acts: parts.join(" · ") });
  }

  /** The delay badge and the nights box (every night so far, and the best move). */
  function draw(snapshot, lang) {
    const W = Live.words(lang);
    const delay = document.getElementById("delay");
    const box = document.getElementById("nights");
    delay.textContent = snapshot
      ? W("stream.delay", { minutes: Math.round(snapshot.delay_minutes * 10) / 10 }) : "";
    box.replaceChildren();
    const view = snapshot && snapshot.view;
    const lines = view ? view.nights.filter((n) => n.night > 0)
      .map((n) => nightText(n, W)) : [];
    if (view && view.best_move) {
      const b = view.best_move;
      lines.push(W("stream.best_move", { seat: b.seat, guess: b.guess.join(", ") }));
    }
    for (const text of lines) {
      const row = document.createElement("div");
      row.textContent = text;
      box.append(row);
    }
    box.hidden = lines.length === 0;
  }

  return { active, topics, adapt, roles, winner, draw };
})();
