// The delayed stream class on the overlay (docs/web.md "The delayed stream"). With a
// `stream-{tournament}-{table}` account the page draws the table's `stream` snapshot, the
// judge's view as it stood some minutes ago: the roles from the deal on, each night's shot
// and checks, the best move. Everything on the page then comes from that one delayed
// picture (no live `public` or `protocol`), so nothing on it runs ahead of the delay.
"use strict";

const OverlayStream = (() => {
  const params = new URLSearchParams(window.location.search);

  const WORDS = {
    ru: {
      delay: (m) => `Задержка ${m} мин`, night: "Ночь", shot: "выстрел", miss: "промах",
      donCheck: "дон", sheriffCheck: "шериф", found: "шериф!", notFound: "не шериф",
      black: "чёрный", red: "красный", bestMove: "Лучший ход",
    },
    en: {
      delay: (m) => `Delayed ${m} min`, night: "Night", shot: "shot", miss: "missed",
      donCheck: "don", sheriffCheck: "sheriff", found: "the sheriff!", notFound: "not sheriff",
      black: "black", red: "red", bestMove: "Best move",
    },
  };

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

  function nightText(night, w) {
    const parts = [];
    const shot = night.shot != null ? `${w.shot} ${night.shot}` : `${w.shot}: ${w.miss}`;
    parts.push(shot);
    if (night.don_check) {
      const d = night.don_check;
      parts.push(`${w.donCheck} → ${d.seat} ${d.sheriff ? w.found : w.notFound}`);
    }
    if (night.sheriff_check) {
      const s = night.sheriff_check;
      parts.push(`${w.sheriffCheck} → ${s.seat} ${s.black ? w.black : w.red}`);
    }
    return `${w.night} ${night.night}: ${parts.join(" · ")}`;
  }

  /** The delay badge and the nights box (every night so far, and the best move). */
  function draw(snapshot, lang) {
    const w = WORDS[lang] || WORDS.ru;
    const delay = document.getElementById("delay");
    const box = document.getElementById("nights");
    delay.textContent = snapshot ? w.delay(Math.round(snapshot.delay_minutes * 10) / 10) : "";
    box.replaceChildren();
    const view = snapshot && snapshot.view;
    const lines = view ? view.nights.filter((n) => n.night > 0)
      .map((n) => nightText(n, w)) : [];
    if (view && view.best_move) {
      const b = view.best_move;
      lines.push(`${w.bestMove} ${b.seat}: ${b.guess.join(", ")}`);
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
