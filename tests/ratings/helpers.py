"""Shared by the rating-site tests: export a log, import it back, and what must agree.

`comparable` is the result object without what the site's format does not hold, each left
out for the reason docs/mafiaratings.md, "What the format cannot hold", names:
the kit's points (the site scores the game itself), protests and the signature; a second
check of the same seat by the same checker; the votes and the lift's answers where the
export says (its features) it could not keep them; a best move the site cannot place; the kind of a
disqualification after the decision; fouls beyond what the site keeps.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from engine.classic.game import Game
from engine.classic.log import dump_lines
from engine.classic.playout import Mix, random_game
from engine.classic.protocol import result
from engine.classic.replay import replay
from engine.log import header
from ratings.export import Exported, Site, SiteGameJson, export_game
from ratings.importer import Imported, import_game

DATE = Site(date="2026-11-29")
NAMED = Mix(voters=1.0, foul=0.05, disqualify=0.01, vote_removal=0.1, undo=0.05)
COUNTED = Mix(foul=0.05, disqualify=0.01, vote_removal=0.1, undo=0.05)


def random_log(rules: str, seed: int, mix: Mix) -> list[str]:
    played = random_game(rules, seed, mix)
    return list(dump_lines(header(rules), played.entered))


def full_result(game: Game) -> dict[str, Any]:
    return dict(result(game.state, game.rules.id, game.rules))


def round_trip(lines: Iterable[str]) -> tuple[Game, Exported, Imported, Game]:
    """The log replayed, exported, imported back (under the same ruleset), replayed."""
    lines = list(lines)
    _, original = replay(lines)
    exported = export_game(lines, DATE)
    imported = import_game(exported.game, 1, original.rules)
    _, back = replay([json.dumps(line) for line in imported.lines])
    return original, exported, imported, back


def comparable(res: dict[str, Any], exported: SiteGameJson) -> dict[str, Any]:
    out = {k: v for k, v in res.items() if k not in ("score", "protests", "closed")}
    seen: dict[str, set[int]] = {"don_check": set(), "sheriff_check": set()}
    nights = []
    for each in out["nights"]:
        night = dict(each)
        for key, checked in seen.items():
            if night[key] in checked:
                night[key] = None  # the site keeps one check of a seat by each
            elif night[key] is not None:
                checked.add(night[key])
        nights.append(night)
    out["nights"] = nights
    features = exported["features"]
    days = []
    for each in out["days"]:
        day = dict(each)
        if "v" not in features:
            day.pop("rounds")
            day.pop("lift")
        elif "k" not in features and day["lift"] is not None:
            day["lift"] = {"passed": day["lift"]["passed"]}
        days.append(day)
    out["days"] = days
    if not any("legacy" in p for p in exported["players"]):
        out["best_move"] = None  # the site keeps it only from the player killed in night 1
    out["late_disqualifications"] = sorted(d["seat"] for d in out["late_disqualifications"])
    how = {str(r["seat"]): r["cause"] for r in res["removed"]}
    # the site's fourth warning is always how the player left: 4 for one removed by his
    # fouls or still at the table at the end (a fourth after the decision), else 3
    cap = {seat: 4 if how.get(seat) in (None, "fouls") else 3 for seat in out["fouls"]}
    out["fouls"] = {seat: min(n, cap[seat]) for seat, n in out["fouls"].items()}
    return out
