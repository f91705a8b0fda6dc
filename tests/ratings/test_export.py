"""Export to the rating site's JSON (docs/mafiaratings.md, "Export"): every field as the
site's reader takes it (ratings.site, written from include/game.php of szotin/mafiaratings)
and nothing the reader would cut (ratings.check); what the format cannot hold named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.classic.ruleset import load_ruleset
from ratings.check import issues
from ratings.export import ExportError, Site, export_game, player_ids
from ratings.rulescode import differences, rules_code, rulesets_of
from ratings.site import SiteGame
from tests.ratings.helpers import DATE

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def exported(stem: str, site: Site = DATE) -> dict[str, Any]:
    text = (EXAMPLES / f"{stem}.jsonl").read_text(encoding="utf-8").splitlines()
    return dict(export_game(text, site).game)  # the tests below index it as plain JSON


def seat(game: dict[str, Any], number: int) -> dict[str, Any]:
    player: dict[str, Any] = game["players"][number - 1]
    return player


@pytest.mark.parametrize("path", sorted(p for p in EXAMPLES.glob("*.jsonl")
                                        if not p.name.startswith("club-")), ids=lambda p: p.stem)
def test_every_example_is_a_game_the_reader_takes(path: Path) -> None:
    game = export_game(path.read_text(encoding="utf-8").splitlines(), DATE).game
    SiteGame.model_validate(game)
    assert issues(game) == []
    assert game["version"] == "1.3" and len(game["players"]) == 10
    assert [p.get("role", "civ") for p in game["players"]].count("civ") == 6


def test_the_fourth_foul_after_the_result_is_known() -> None:
    """examples/fiim-fourth-foul-after-the-result-is-known: seat 7's fourth foul came after
    4's six of ten votes (000 I.8.2, 003 7.2): his warnings are dated, the fourth after the
    votes for 4 were counted; 4 left by the vote of round 0 (day 1)."""
    game = exported("fiim-fourth-foul-after-the-result-is-known")
    seven = seat(game, 7)
    assert seven["death"] == {"round": 0, "type": "warnings"}
    assert [w["time"] for w in seven["warnings"]] == ["speaking"] * 3 + ["voting"]
    assert seven["warnings"][3] == {"round": 0, "time": "voting", "votingRound": 0,
                                    "nominee": 4, "order": 1}
    assert seat(game, 4)["death"] == {"round": 0, "type": "day"}
    assert "v" not in game["features"]  # counts: the site keeps each player's vote


def test_a_candidate_disqualified_after_the_result_is_known_keeps_the_votes() -> None:
    """examples/cml-candidate-disqualified-after-the-result-is-known: named voters, so every
    vote is kept; 9 (who had voted for 4) is kicked out after the votes for 4 were counted
    and dropped out of the round; 4 leaves by the vote of day 2 (round 1)."""
    game = exported("cml-candidate-disqualified-after-the-result-is-known")
    assert "v" in game["features"]
    nine = seat(game, 9)
    assert nine["death"] == {"round": 1, "type": "kickOut", "time": {
        "round": 1, "time": "voting", "votingRound": 0, "nominee": 4, "order": 1}}
    assert nine["voting"][1] == 4
    assert seat(game, 4)["voting"][1] == 6 and seat(game, 4)["death"] == {"round": 1,
                                                                            "type": "day"}
    votes = [p["voting"][1] for p in game["players"] if len(p.get("voting", [])) > 1]
    assert votes.count(4) == 7 and votes.count(6) == 1 and votes.count(2) == 1


def test_the_rules_code_comes_from_the_options() -> None:
    """include/rules.php: 13 digits. cml: colours on record (night-killed, one), no
    withdrawal, day 1 "self-break" (000 I.6.18.5), no lift of 3 at 9, no third-foul
    penalty; fiim and fiim-2015: withdrawal allowed, no lift at 4; judge-guide: no
    withdrawal. Taken from the options: a league's file with cml's options gets cml's."""
    assert rules_code(load_ruleset("cml")) == "0112300010020"
    assert rules_code(load_ruleset("fiim")) == "0000000100000"
    assert rules_code(load_ruleset("fiim-2015")) == "0000000100000"
    assert rules_code(load_ruleset("judge-guide")) == "0002000000000"
    league = load_ruleset("cml")._replace(id="my-league")
    assert rules_code(league) == "0112300010020"
    assert rulesets_of("0000000100000") == ["fiim", "fiim-2015"]
    assert any("001 6.4" in d for d in differences(load_ruleset("fiim-2015")))


def test_what_the_format_cannot_hold_is_named() -> None:
    text = (EXAMPLES / "cml-red-wins-scored.jsonl").read_text(encoding="utf-8").splitlines()
    notes = export_game(text, DATE).notes
    assert any("votes entered as counts" in n for n in notes)
    assert any("protest" in n for n in notes)


def test_an_unfinished_game_is_refused() -> None:
    text = (EXAMPLES / "cml-quiet-draw.jsonl").read_text(encoding="utf-8").splitlines()[:20]
    with pytest.raises(ExportError, match="not finished"):
        export_game(text, DATE)


def test_the_time_comes_from_the_lines_else_the_header_else_the_date_given() -> None:
    lines = (EXAMPLES / "cml-quiet-draw.jsonl").read_text(encoding="utf-8").splitlines()
    with pytest.raises(ExportError, match="--date"):
        export_game(lines, Site())
    timed = [lines[0]] + [json.dumps({**json.loads(line), "t": f"2026-11-29T19:{i:02d}:00+03:00"})
                          for i, line in enumerate(lines[1:])]
    game = export_game(timed, Site()).game
    assert game["startTime"] == "2026-11-29T19:00:00+03:00"
    assert game["endTime"] == f"2026-11-29T19:{len(lines) - 2:02d}:00+03:00"
    head = json.loads(lines[0])
    dated = [json.dumps({**head, "date": "2026-11-28"}), *lines[1:]]
    assert export_game(dated, Site()).game["startTime"] == "2026-11-28"


def test_the_sites_ids_are_given() -> None:
    ids = player_ids("Сова,101\nLynx,102\nnobody,\n")
    assert ids == {"Сова": 101, "Lynx": 102}
    assert player_ids('{"Mira": 7}') == {"Mira": 7}
    game = exported("fiim-fourth-foul-after-the-result-is-known",
                    Site(club=3, event=40, tournament=9, moderator=5, players=ids,
                         date="2026-11-29"))
    assert (game["clubId"], game["eventId"], game["tournamentId"]) == (3, 40, 9)
    assert game["moderator"]["id"] == 5
    assert (seat(game, 1)["id"], seat(game, 2)["id"]) == (101, 102)
    assert "id" not in seat(game, 3)


def test_extra_points_are_the_bonus_and_a_colour_left_is_on_record() -> None:
    """cml-colour-left-on-record: 000 III.5.1, the site's record with a negative seat
    (black); cml-red-wins-scored: the judge's extra points are the site's bonus."""
    game = exported("cml-colour-left-on-record")
    records = [(n, p["record"]) for n, p in enumerate(game["players"], start=1) if "record" in p]
    assert records and all(r["time"] == "night kill speaking" and all(x < 0 for x in r["record"])
                           for _, rs in records for r in rs)
    assert "o" in game["features"]
    scored = exported("cml-red-wins-scored")
    assert any(isinstance(p.get("bonus"), float) and p["bonus"] > 0 for p in scored["players"])
