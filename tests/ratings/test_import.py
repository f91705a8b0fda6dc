"""Import from the rating site's JSON (docs/mafiaratings.md, "Import"): the record played
back on the engine; every inference said; a record that contradicts the rules refused as
"game N: reason"."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from engine.classic.protocol import result
from engine.classic.replay import replay
from engine.classic.ruleset import load_ruleset
from ratings.export import export_game
from ratings.importer import ImportRefused, import_game
from tests.ratings.helpers import DATE, NAMED, random_log

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def site_game() -> dict[str, Any]:
    """A game as the site's client writes it (not by the kit): fiim; 3 voted out on day 1
    (6 : 4), 9 killed in night 1 with a best move, 4 the only nominee of day 2, 10 killed in
    night 2, the don 2 voted out on day 3: the town wins."""
    players: list[dict[str, Any]] = [{"name": f"P{n}"} for n in range(1, 11)]
    players[0]["role"] = "sheriff"
    players[1]["role"] = "don"
    players[2]["role"] = players[3]["role"] = "maf"
    players[4]["nominating"] = [3]
    players[5]["nominating"] = [7]
    players[0]["nominating"] = [None, 4, 2]
    day1 = {1: 3, 2: 7, 3: 7, 4: 7, 5: 3, 6: 3, 7: 7, 8: 3, 9: 3, 10: 3}
    day3 = {1: 2, 2: 5, 5: 2, 6: 2, 7: 2, 8: 2}
    for seat in range(1, 11):
        votes: list[int | None] = [day1[seat]]
        if seat not in (3, 9):
            votes.append(4)
        if seat in day3:
            votes.append(day3[seat])
        players[seat - 1]["voting"] = votes
    players[2]["death"] = {"round": 0, "type": "day"}
    players[8]["death"] = {"round": 1, "type": "night"}
    players[8]["legacy"] = [2, 4, 6]
    players[3]["death"] = {"round": 1, "type": "day"}
    players[9]["death"] = {"round": 2, "type": "night"}
    players[1]["death"] = {"round": 2, "type": "day"}
    players[1]["shooting"] = [9, 10]
    players[3]["shooting"] = [9]
    players[0]["don"] = 1
    players[4]["don"] = 2
    players[3]["sheriff"] = 1
    players[1]["sheriff"] = 2
    players[6]["warnings"] = [{"round": 0, "time": "speaking", "speaker": 3, "order": 1}]
    return {"id": 4711, "clubId": 1, "eventId": 2, "startTime": 1764432000,
            "endTime": 1764435600, "language": "ru", "rules": "0000000100000",
            "features": "gsdutclhvnwr", "winner": "civ", "moderator": {"id": 9},
            "players": players}


def imported_result(game: dict[str, Any], rules: str | None = None) -> dict[str, Any]:
    done = import_game(game, game.get("id", 1), load_ruleset(rules) if rules else None)
    _, replayed = replay([json.dumps(line) for line in done.lines])
    return dict(result(replayed.state, replayed.rules.id))


def test_a_game_the_sites_client_wrote_plays_back() -> None:
    res = imported_result(site_game(), "fiim")
    assert res["winner"] == "red"
    assert [(r["seat"], r["cause"]) for r in res["removed"]] == [
        (3, "vote"), (9, "kill"), (4, "vote"), (10, "kill"), (2, "vote")]
    assert res["days"][0]["rounds"] == [{"candidates": [3, 7], "votes": {"3": 6, "7": 4}}]
    assert res["best_move"] == {"seat": 9, "guess": [2, 4, 6], "black_found": 2}
    assert res["nights"][0] == {"night": 1, "shot": 9, "don_check": 1, "sheriff_check": 4}
    assert res["fouls"]["7"] == 1


def test_the_ruleset_is_read_from_the_rules_code() -> None:
    done = import_game(site_game(), 4711)
    assert json.loads(json.dumps(done.lines[0]))["rules"] == "fiim"
    assert any("fits fiim and fiim-2015" in n for n in done.notes)
    other = site_game() | {"rules": "0002000010000"}  # the site's default code
    with pytest.raises(ImportRefused, match=r"^game 7: the rules code '0002000010000' "
                                            r"matches none of the kit's rulesets"):
        import_game(other, 7)


def test_a_record_that_contradicts_the_rules_is_refused() -> None:
    game = site_game() | {"winner": "maf"}
    with pytest.raises(ImportRefused, match=r"^game 4711: the record's winner is 'maf', the "
                                            "kit's replay gives red"):
        import_game(game, 4711, load_ruleset("fiim"))
    game = site_game()
    game["players"][0]["voting"][0] = 5  # 5 was not nominated on day 1
    with pytest.raises(ImportRefused, match="seat 1 voted for 5, who is not a candidate"):
        import_game(game, 4711, load_ruleset("fiim"))
    game = site_game()
    game["players"][5]["death"] = {"round": 0, "type": "day"}
    with pytest.raises(ImportRefused, match=r"^game 4711: "):
        import_game(game, 4711, load_ruleset("fiim"))
    game = site_game()
    del game["players"][0]["role"]  # no sheriff: not a game the reader takes
    with pytest.raises(ImportRefused, match="not a game the site's reader takes"):
        import_game(game, 4711, load_ruleset("fiim"))


def test_every_inference_is_said() -> None:
    game = site_game()
    game["players"][0]["hat"] = "red"  # a field the site's reader does not know
    game["features"] = "gsdutclnwr"  # no shots, no votes
    for p in game["players"]:
        p.pop("shooting", None)
        p.pop("voting", None)
    done = import_game(game, 4711, load_ruleset("fiim"))
    notes = "\n".join(done.notes)
    assert "seat 1's field 'hat' is not the site's reader's: left out" in notes
    assert "night 1: the shots are not recorded: a kill of 9 from who left" in notes
    assert "day 1: the record has no votes: counts inferred that give its outcome (left by " \
           "the vote: 3)" in notes
    _, back = replay([json.dumps(line) for line in done.lines])
    assert back.state.winner == "red"


def test_a_lift_count_the_format_does_not_keep_is_inferred() -> None:
    """The lift's answers ('k') left out: the count is the least that lifts the two who
    left by it (more than half of the table, 000 I.6.18.4), and it is said."""
    text = (EXAMPLES / "cml-red-wins-by-lift.jsonl").read_text(encoding="utf-8").splitlines()
    game = export_game(text, DATE).game
    done = import_game(game, 12, load_ruleset("cml"))
    assert any("the lift question's count is not recorded" in n for n in done.notes)
    _, back = replay([json.dumps(line) for line in done.lines])
    assert back.state.winner == "red"


def test_the_import_writes_a_game_log_the_engine_replays_line_by_line() -> None:
    game = export_game(random_log("judge-guide", 3, NAMED), DATE).game
    done = import_game(copy.deepcopy(game), 3, load_ruleset("judge-guide"))
    head = done.lines[0]
    players = head["players"]
    assert head["format"] == "mafia-game-log" and isinstance(players, list)
    assert players[0] == "Seat 1"
    assert all("action" in line for line in done.lines[1:])
