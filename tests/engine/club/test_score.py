"""The club's rating points (004 §8; club R25-R28) and the result object (docs/club.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.club.game import ClubGame
from engine.club.score import multiplier, rated
from engine.club.setup import Settings, weekday
from mafiakit.cli import main
from tests.engine.club.script import (
    SEVEN,
    THIRTEEN,
    game,
    night,
    push,
    refused,
    res,
    scores,
    vote,
)


def city_win(**head: object) -> ClubGame:
    """7 seats: the maniac voted out on day 1, the mafia (3) on day 2; night 1 the doctor
    saves seat 4 from the mafia."""
    g = game(7, SEVEN, "start", "day", **head)
    vote(g, (1, 5), votes={5: [1, 2, 3, 4, 6, 7]})
    night(g, {"action": "mafia_shot", "target": 4}, {"action": "heal", "seat": 4})
    vote(g, (1, 3), votes={3: [1, 2, 4, 6, 7]})
    return g


def test_club_r25_the_whole_winning_side_scores_leavers_too_and_r26_the_doctor() -> None:
    g = city_win(date="2026-11-27")  # a Friday
    score = scores(g)
    assert score["1"]["base"] == 1 and score["1"]["bonus"] == 1  # the doctor saved seat 4
    assert score["2"] == {"base": 1, "bonus": 0, "extra": 0, "penalties": 0, "total": 1,
                          "reasons": [{"points": 1, "clause": "004 §8"}]}
    assert score["3"]["total"] == 0 and score["5"]["total"] == 0
    assert res(g)["rating"] == {"rated": None, "multiplier": 1}


def test_club_r27_points_double_on_other_days_the_fine_does_not() -> None:
    g = city_win(date="2026-11-30", rating_cards=[2])  # a Monday
    push(g, "speech_end", {"action": "extra", "seat": 2, "points": 1},
         {"action": "penalty", "seat": 2, "points": -50, "clause": "004 §9"})
    s2 = scores(g)["2"]
    assert (s2["base"], s2["extra"], s2["penalties"], s2["total"]) == (1, 1, -50, 2 * 2 - 50)
    assert res(g)["rating"] == {"rated": True, "multiplier": 2}


def test_004_s8_extra_only_for_the_winning_side_and_after_the_result() -> None:
    g = game(7, SEVEN, "start", "day")
    refused(g, {"action": "extra", "seat": 2, "points": 1}, "after the result")
    g = city_win()
    refused(g, {"action": "extra", "seat": 3, "points": 1}, "winning side")
    refused(g, {"action": "extra", "seat": 2, "points": 2}, "1 (or 0")
    push(g, {"action": "extra", "seat": 2, "points": 1},
         {"action": "extra", "seat": 2, "points": 0})
    assert scores(g)["2"]["extra"] == 0


def test_004_s8_drop_fined_unless_the_last_of_his_side_and_team_loss_fined() -> None:
    g = game(5, {"mafia": [3]}, "start", "day", {"action": "disqualify", "seat": 2, "kind": "drop"},
             {"action": "disqualify", "seat": 3, "kind": "drop"})  # the last mafia: no fine
    score = scores(g)
    assert score["2"]["penalties"] == -50 and score["3"]["penalties"] == 0
    g = game(7, SEVEN, "start", "day", {"action": "disqualify", "seat": 4, "kind": "team_loss"})
    assert scores(g)["4"]["penalties"] == -50 and res(g)["winner"] == "mafia"
    assert scores(g)["3"]["total"] == 2


def test_004_s8_role_bonuses_commissar_don_kamikaze() -> None:
    g = game(13, THIRTEEN, "start", "day")
    night(g, {"action": "mafia_shot", "target": None}, {"action": "don_check", "seat": 3},
          {"action": "commissar_check", "seat": 11})
    vote(g, (3, 7), votes={7: [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13]})
    push(g, {"action": "kamikaze", "seat": 2})  # the maniac
    from engine.club.score import bonus
    assert bonus(g.state, 8) and bonus(g.state, 1) and bonus(g.state, 7)
    assert bonus(g.state, 3) is None


@pytest.mark.parametrize(("date", "day"), [("2026-11-27", 4), ("2026-11-28", 5),
                                           ("2026-11-30", 0), ("2024-02-29", 3)])
def test_weekday_without_datetime(date: str, day: int) -> None:
    assert weekday(date) == day


def test_club_r28_multiplier_and_rated() -> None:
    assert multiplier(Settings(seats=10)) == 1  # no date: Friday/Saturday
    assert multiplier(Settings(seats=10, date="2026-11-30", double_points=False)) == 1
    assert multiplier(Settings(seats=10, date="2026-11-27", double_points=True)) == 2
    assert rated(Settings(seats=10, date="2026-11-27", rating_cards=(1, 2, 3, 4))) is False
    assert rated(Settings(seats=10, date="2026-11-27", rating_cards=(1, 2, 3, 4, 5))) is True
    assert rated(Settings(seats=10, date="2026-12-01", rating_cards=(1,))) is True


def test_the_result_object_of_docs_club_md(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """The example of the result additions, replayed by `mafiakit replay` (13 seats)."""
    lines = [
        {"format": "mafia-game-log", "version": 1, "rules": "club", "seats": 13,
         "immunity": [2]},
        {"action": "roles", **THIRTEEN}, {"action": "start"}, {"action": "day"},
        {"action": "discussion_end"}, *[{"action": "speech_end"}] * 13,
        {"action": "nominate", "by": 1, "seat": 4}, {"action": "nominate", "by": 2, "seat": 6},
        {"action": "nominations_end"}, {"action": "speech_end"}, {"action": "speech_end"},
        {"action": "votes", "seat": 4, "voters": [1, 2, 3, 5, 6, 7]},
        {"action": "votes", "seat": 6, "voters": [4, 8, 10, 11, 12, 13]},
        {"action": "catastrophe", "seat": 6}, {"action": "speech_end"}, {"action": "night"},
        {"action": "mafia_shot", "target": 9}, {"action": "don_check", "seat": 7},
        {"action": "heal", "seat": 3}, {"action": "commissar_check", "seat": 5},
        {"action": "day"},
    ]
    log = tmp_path / "club.jsonl"
    log.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    assert main(["replay", str(log)]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["removed"] == [
        {"seat": 6, "cause": "catastrophe", "day": 1, "last_word": True},
        {"seat": 9, "cause": "mafia", "night": 1, "last_word": False},
        {"seat": 8, "cause": "sapper", "night": 1, "last_word": False},
        {"seat": 10, "cause": "sapper", "night": 1, "last_word": False}]
    d = r["days"][0]
    assert (d["nominations"], d["vote"], d["catastrophe"]) == ([4, 6], "held",
                                                               {"tied": [4, 6], "chosen": 6})
    assert d["rounds"] == [{"candidates": [4, 6], "votes": {"4": 6, "6": 6, "9": 1},
                            "abstained": [9]}]
    assert r["nights"][0] == {
        "night": 1, "putana": None, "mafia_shot": 9, "don_check": {"seat": 7, "found": "none"},
        "maniac_shot": None, "heal": 3, "saved": None,
        "commissar_check": {"seat": 5, "found": "city"}, "kamikaze": None, "blast": [8, 10]}
    assert (r["immunity"], r["immunity_next"], r["winner"], r["score"]) == ([2], [6], None, None)
    assert r["rating"] == {"rated": None, "multiplier": 1} and r["best_move"] is None


def test_mafiakit_replay_reports_a_bad_club_line(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text('{"format": "mafia-game-log", "version": 1, "rules": "club", "seats": 7}\n'
                   '{"action": "roles", "mafia": [3], "maniac": 5, "doctor": 1}\n'
                   '{"action": "night"}\n')
    assert main(["replay", str(log)]) == 2
    assert capsys.readouterr().err.startswith("line 3: night:")
