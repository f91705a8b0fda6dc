"""`mafiakit hub export --format mafiaratings`: after the final, every game as it counts in
the rating site's JSON, one file a game (docs/mafiaratings.md, docs/hub.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hub.decisions import DecisionKind
from hub.store import Store
from mafiakit.cli import main
from ratings.check import issues
from ratings.site import SiteGame
from tests.hub.test_decisions import decide, finished_protocol


def test_every_game_as_it_counts_goes_to_the_site(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "hub.toml"
    config.write_text('tournament = "cup"\n', encoding="utf-8")
    store = Store(tmp_path / "hub.sqlite")
    one = finished_protocol(3, "1", game_id="g1", round_number=1)
    two = finished_protocol(4, "1", game_id="g2", round_number=2)
    three = finished_protocol(5, "1", game_id="g3", round_number=3)
    for gid, protocol in (("g1", one), ("g2", two), ("g3", three)):
        store.add_protocol("1", gid, protocol, "2026-11-29T21:00:00+03:00")
    winner = one["result"]["winner"]
    other = "black" if winner == "red" else "red"
    decide(store, DecisionKind.CHANGE_RESULT, game_id="g1", winner=other)
    decide(store, DecisionKind.EXTRA_POINTS, game_id="g1", seat=2, points=0.5)
    decide(store, DecisionKind.ORDER_REPLAY, game_id="g3")
    store.close()
    ids = tmp_path / "ids.csv"
    ids.write_text("P0,501\nP1,502\n", encoding="utf-8")
    assert main(["hub", "export", "--config", str(config), "--out", str(tmp_path / "out"),
                 "--format", "mafiaratings", "--club", "7", "--tournament", "99",
                 "--players", str(ids)]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out) == {"games": 2, "left_out": 1}
    assert "table 1 game g3: a replay was ordered: the game does not count" in err
    assert "table 1 game g1: the head judge changed the result" in err
    files = sorted(p.name for p in (tmp_path / "out" / "mafiaratings").iterdir())
    assert files == ["1-g1.json", "1-g2.json"]
    g1 = json.loads((tmp_path / "out" / "mafiaratings" / "1-g1.json").read_text("utf-8"))
    SiteGame.model_validate(g1)
    assert g1["winner"] == {"red": "civ", "black": "maf"}[other]
    assert g1["players"][1]["bonus"] >= 0.5 and "Head judge Petrova" in g1["players"][1][
        "comment"]
    assert (g1["clubId"], g1["tournamentId"], g1["gameNum"]) == (7, 99, 1)
    assert (g1["players"][0]["id"], g1["players"][1]["id"]) == (501, 502)
    assert g1["startTime"] == "2026-11-29T21:00:00+03:00"  # no events: when it came in
    g2 = json.loads((tmp_path / "out" / "mafiaratings" / "1-g2.json").read_text("utf-8"))
    assert issues(g2) == []


def test_a_vote_that_stood_after_a_removal_reaches_the_hub_and_the_site(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """examples/cml-candidate-disqualified-after-the-result-is-known: 9 is disqualified after
    4's seven votes fixed the result (000 I.8.2); the hub takes the table's protocol (it
    replays to its result), counts the game as played, and the site gets 9's kick-out dated
    after the votes for 4 and every vote of the day."""
    from bus.payloads import Protocol
    from device.table.snapshots import protocol
    from engine.classic.replay import replay
    from hub.checks import check_protocol
    from hub.standings import games_as_they_count

    example = Path(__file__).resolve().parents[2] / "examples" / \
        "cml-candidate-disqualified-after-the-result-is-known.jsonl"
    lines = example.read_text(encoding="utf-8").splitlines()
    _, game = replay(lines)
    published = protocol(game, "r1-t1", json.loads(lines[0]))
    assert isinstance(published, Protocol)
    assert check_protocol(published, "1") is None
    store = Store(tmp_path / "hub.sqlite")
    store.add_protocol("1", "r1-t1", json.loads(published.model_dump_json()), "2026-11-29")
    [counted] = games_as_they_count(store.protocols(), store.decisions(), {})
    assert counted["counts"] and counted["winner"] == game.state.winner
    store.close()
    config = tmp_path / "hub.toml"
    config.write_text('tournament = "cup"\n', encoding="utf-8")
    assert main(["hub", "export", "--config", str(config), "--out", str(tmp_path / "out"),
                 "--format", "mafiaratings"]) == 0
    capsys.readouterr()
    site = json.loads((tmp_path / "out" / "mafiaratings" / "1-r1-t1.json").read_text("utf-8"))
    assert site["players"][8]["death"]["time"] == {
        "round": 1, "time": "voting", "votingRound": 0, "nominee": 4, "order": 1}
    assert "v" in site["features"] and issues(site) == []
