// What a page says when it has nothing to show and the table is not to blame (issue 25): the
// address lacks a parameter, the broker cannot be reached or refused the login, or the broker
// has never heard of the table or the tournament the address names. The same sentences as the
// scoreboard's (`link.*` in words/screens.py), in the page's language, on the page itself
// (`page_link.*`, words/pages.py).
"use strict";

const LinkNotice = (() => {
  // A running table's (or hub's) retained state arrives within a second of the subscription:
  // after this long with the link up and nothing heard, the broker does not know it.
  const SILENCE_MS = 5000;

  /**
   * One page's link, as far as the page can tell. `needs`: the address's parameters the page
   * cannot work without (["tournament", "table"]); `waitsFor`: "table" or "hub", what should
   * answer once the link is up; `redraw()` is called when the silence has lasted long enough.
   */
  function tracker(opts, needs, waitsFor, redraw) {
    const state = { up: false, tried: false, refused: false, upSince: null, heard: false,
                    timer: null };
    const missing = needs.filter((name) => !opts[name]);
    const home = `${window.location.protocol}//${window.location.host}/`;
    const broker = opts.broker.replace(/^wss?:\/\//, "").replace(/\/.*$/, "");

    return {
      /** The page cannot work with this address: do not even connect. */
      missing,
      /** The broker link went up or down (`why` = "refused": the login was turned down). */
      link(up, why) {
        state.tried = true;
        if (up && !state.up) {
          state.upSince = Date.now();
          clearTimeout(state.timer);
          state.timer = setTimeout(redraw, SILENCE_MS + 50);
        }
        state.up = up;
        if (up) state.refused = false;
        else if (why === "refused") state.refused = true;
      },
      /** Something the page waits for has arrived (a table's status or state, the hub's). */
      heard() {
        state.heard = true;
      },
      /** "params" | "refused" | "down" | "connecting" | "unknown" | "" (all is well). */
      mode() {
        if (missing.length) return "params";
        if (state.refused) return "refused";
        if (!state.up) return state.tried ? "down" : "connecting";
        if (!state.heard && Date.now() - state.upSince >= SILENCE_MS) return "unknown";
        return "";
      },
      /** The sentence for `mode()` in `lang`, or "". */
      text(lang) {
        const W = Live.words(lang);
        const mode = this.mode();
        if (!mode) return "";
        const key = mode === "unknown" ? waitsFor : mode;
        return W(`page_link.${key}`, {
          broker, home, tournament: opts.tournament, table: opts.table,
          missing: missing.map((name) => `${name}=`).join(W("page_link.and")) });
      },
    };
  }

  return { tracker, SILENCE_MS };
})();
