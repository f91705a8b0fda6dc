"""The standings follow the games as they count: the head judge's decisions go through the
scoring library (a changed result, approved extra points, an accepted protest's penalty), as
of a round, hidden from the public before a final."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from engine.classic.replay import replay
from engine.classic.ruleset import load_ruleset
from engine.classic.scoring.logs import game_from_log
from engine.classic.scoring.standings import standings
from engine.replay import ReplayError
from hub.config import HubSettings
from hub.decisions import PENALTY_CLAUSE, DecisionKind
from hub.service import HubService
from hub.standings import games_as_they_count, refusal, tournament_standings
from hub.store import Store
from tests.hub.test_decisions import decide, finished_protocol


def rows(store: Store, rules: str = "cml", as_of: int | None = None) -> dict[str, Any]:
    table, left_out = tournament_standings(store.protocols(), store.decisions(), rules,
                                           store.game_rounds(), as_of_round=as_of)
    assert table is not None, left_out
    return {r.player: r for r in table.rows}


def seats_of(protocol: dict[str, Any], team: str) -> list[int]:
    black = ("mafia", "don")
    return [int(seat) for seat, role in protocol["reveal"]["roles"].items()
            if (role in black) == (team == "black")]


def log_lines(protocol: dict[str, Any], *extra: dict[str, Any]) -> list[str]:
    return [json.dumps(protocol["header"]), *(json.dumps(a) for a in protocol["actions"]),
            *(json.dumps(a) for a in extra)]


def test_a_changed_result_moves_the_standings_000_III_16(tmp_path: Path) -> None:
    store = Store(tmp_path / "hub.sqlite")
    protocol = finished_protocol(1, "1")
    assert protocol["result"]["winner"] == "red"
    store.add_protocol("1", "g1", protocol, "now")
    before = rows(store)
    # without decisions: exactly the scoring library on the table's own log
    own = standings([game_from_log(log_lines(protocol), "table 1 game g1")],
                    load_ruleset("cml"))
    assert {r.player: r for r in own.rows} == before
    black = seats_of(protocol, "black")
    decide(store, DecisionKind.CHANGE_RESULT, winner="black")
    after = rows(store)
    for seat in range(1, 11):
        player = f"P{seat - 1}"
        assert after[player].wins == (1 if seat in black else 0)
        assert before[player].wins == (0 if seat in black else 1)
    [game] = games_as_they_count(store.protocols(), store.decisions(), {})
    assert game["score"] is not None  # counted: its points by seat
    clauses = {r["clause"] for r in game["score"][str(black[0])]["reasons"]}
    assert "000 III.1.3" in clauses  # a black win's points carry their clause
    assert game["decisions"][0]["clause"] == "000 III.16, 000 II.3.7"
    decide(store, DecisionKind.CHANGE_RESULT, winner="red")  # undone by a later decision
    assert rows(store) == before
    assert store.protocol("1", "g1") == protocol
    store.close()


def test_extra_points_approved_above_a_judge_limit_count_002(tmp_path: Path) -> None:
    store = Store(tmp_path / "hub.sqlite")
    protocol = finished_protocol(1, "1", rules="judge-guide")
    store.add_protocol("1", "g1", protocol, "now")
    best = (protocol["reveal"].get("best_move") or {}).get("seat")
    seat = next(s for s in seats_of(protocol, protocol["result"]["winner"]) if s != best)
    extra = {"action": "extra", "seat": seat, "points": 0.7}
    try:  # the table judge alone cannot give 0.7 (002: from 0.6 with the head judge)
        replay(log_lines(protocol, extra))
        raise AssertionError("the table accepted 0.7 without the head judge")
    except ReplayError as exc:
        assert "head judge's approval" in str(exc)
    before = rows(store, "judge-guide")
    decide(store, DecisionKind.EXTRA_POINTS, seat=seat, points=0.7)
    after = rows(store, "judge-guide")
    player = f"P{seat - 1}"
    assert round(after[player].extras - before[player].extras) == 70
    assert after[player].total - before[player].total == 70
    [game] = games_as_they_count(store.protocols(), store.decisions(), {})
    assert game["score"] is not None  # counted: its points by seat
    assert {"points": 0.7, "clause": "002 \"Ваши дополнительные баллы\""} in (
        game["score"][str(seat)]["reasons"])
    # above what even the head judge may give: refused in the engine's words, not recorded
    why = refusal(store.protocol("1", "g1"), store.decisions(), "extra_points",
                  {"seat": seat, "points": 0.8}, "Petrova")
    assert why is not None and "0.8" in why and "0.1-0.7" in why
    # one that slipped in (recorded before the protocol came) is reported, the game counts
    decide(store, DecisionKind.EXTRA_POINTS, seat=seat, points=5)
    table, left_out = tournament_standings(store.protocols(), store.decisions(),
                                           "judge-guide")
    assert table is not None and table.games == 1
    assert any("decision 2 (extra_points) is not applied" in why for why in left_out)
    store.close()


def test_an_accepted_protest_imposes_a_penalty_or_changes_the_result_000_III_15(
        tmp_path: Path) -> None:
    store = Store(tmp_path / "hub.sqlite")
    protocol = finished_protocol(2, "1", close=True)  # signed: the decisions still apply
    store.add_protocol("1", "g1", protocol, "now")
    before = rows(store)
    decide(store, DecisionKind.PROTEST_FILED, seat=3)
    decide(store, DecisionKind.PROTEST_REJECTED)
    assert rows(store) == before  # a rejected protest changes no figure
    decide(store, DecisionKind.PROTEST_FILED, seat=4)
    decide(store, DecisionKind.PROTEST_ACCEPTED, remedy="penalty", seat=5, points=-0.5)
    after = rows(store)
    assert after["P4"].total - before["P4"].total == -50
    assert after["P4"].penalties - before["P4"].penalties == -50
    [game] = games_as_they_count(store.protocols(), store.decisions(), {})
    assert game["score"] is not None  # counted: its points by seat
    assert {"points": -0.5, "clause": PENALTY_CLAUSE} in game["score"]["5"]["reasons"]
    assert [p["state"] for p in game["protests"]] == ["rejected", "accepted"]
    decide(store, DecisionKind.PROTEST_FILED, seat=6)
    decide(store, DecisionKind.PROTEST_ACCEPTED, remedy="order_replay")
    table, left_out = tournament_standings(store.protocols(), store.decisions(), "cml")
    assert table is None and left_out == ["table 1 game g1: a replay was ordered"]
    assert store.protocol("1", "g1") == protocol
    store.close()


def two_rounds(tmp_path: Path) -> Store:
    store = Store(tmp_path / "hub.sqlite")
    store.add_protocol("1", "r1-t1", finished_protocol(1, "1", game_id="r1-t1",
                                                       round_number=1), "now")
    store.add_protocol("1", "r2-t1", finished_protocol(2, "1", game_id="r2-t1",
                                                       round_number=2), "now")
    return store


def test_standings_as_of_a_round_leave_out_later_rounds(tmp_path: Path) -> None:
    store = two_rounds(tmp_path)
    table, left_out = tournament_standings(store.protocols(), store.decisions(), "cml",
                                           store.game_rounds(), as_of_round=1)
    assert table is not None and table.games == 1
    assert left_out == ["table 1 game r2-t1: round 2, after round 1 (standings as of round 1)"]
    everything, _ = tournament_standings(store.protocols(), store.decisions(), "cml")
    assert everything is not None and everything.games == 2
    store.close()


def test_hidden_standings_leave_the_public_aggregate_not_the_head_judge(
        tmp_path: Path) -> None:
    two_rounds(tmp_path).close()
    config = tmp_path / "hub.toml"
    config.write_text('tournament = "cup"\ntables = ["1"]\n[standings]\nhidden = true\n',
                      encoding="utf-8")
    clock = [0.0]
    settings = HubSettings(tournament="cup", tables=["1"], database=tmp_path / "hub.sqlite",
                           standings={"hidden": True})
    hub = HubService(settings, connect=False, mono=lambda: clock[0], config_path=config)
    aggregate: dict[str, Any] = hub.aggregate()
    assert aggregate["standings"] is None
    assert aggregate["standings_as_of"] == {"as_of_round": 2, "hidden": True}
    judge = hub.standings(public=False)
    assert judge is not None and judge["games"] == 2
    # the head judge edits hub.toml while the hub runs: shown, as of round 1
    time.sleep(0.01)  # a later modification time than the file the hub read
    config.write_text('tournament = "cup"\ntables = ["1"]\n[standings]\nas_of_round = 1\n',
                      encoding="utf-8")
    clock[0] = 5.0
    hub.tick()
    shown: dict[str, Any] = hub.aggregate()
    assert shown["standings_as_of"] == {"as_of_round": 1, "hidden": False}
    assert shown["standings"] is not None and shown["standings"]["games"] == 1
    # a mistaken edit is refused in words and changes nothing
    time.sleep(0.01)
    config.write_text('[standings]\nas_of_round = "last"\n', encoding="utf-8")
    clock[0] = 10.0
    hub.tick()
    assert hub.standings_view().as_of_round == 1
    hub.close()
