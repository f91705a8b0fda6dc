// Why a place on equal points is what it is, in the page's language: the hub's standings rows
// (hub/players.py compact_standings) carry `lot` (equal through the league's whole tie-break
// chain: the head judge draws a lot, 000 III.14) and `tie_break` (the first tie-break of the
// chain that set the row apart from its neighbour on the same points; docs/scoring.md).
"use strict";

const StandingsWhy = (() => {
  /** The reason shown under a row's player, or "" when his points alone set his place. */
  function reason(row, rows, lang) {
    const W = Live.words(lang);
    if (row.lot) {
      const shared = rows.filter((r) => r.lot && r.place === row.place).length;
      const places = shared > 1 ? `${row.place}–${row.place + shared - 1}` : String(row.place);
      return W("standings.lot", { places });
    }
    if (row.tie_break) {
      return W("standings.tie_break", { what: W(`tie_break.${row.tie_break}`) });
    }
    return "";
  }

  /** A club evening's place as its CSV prints it: equal points share one ("2-3", 004 §8
   *  names no tie-break); `index` numbers a row that carries no place. */
  function sharedPlace(row, index) {
    if (row.place == null) return String(index + 1);
    return row.place_to && row.place_to !== row.place ? `${row.place}-${row.place_to}`
      : String(row.place);
  }

  return { reason, sharedPlace };
})();
