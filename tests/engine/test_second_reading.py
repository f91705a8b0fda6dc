"""Scenario tests of issue 10, "Rules, second reading": the cases where the seeds decide
differently from the kit's first reading, one block per item, every ruleset it touches.

Seeds: 000 = cml, 001 = fiim-2015, 002 = judge-guide, 003 = fiim (second half).
Roles throughout (the helpers' defaults): don 3, mafia 5 and 8, sheriff 1.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from engine import (
    BestMove,
    Day,
    Disqualify,
    Foul,
    IllegalAction,
    Lift,
    Night,
    Shoot,
    SpeechEnd,
    Termination,
    Votes,
    Winner,
)
from engine.classic import (
    Game,
    Outcome,
)
from engine.classic.log import action_to_dict, parse_action
from engine.classic.protocol import result
from engine.classic.ruleset import BUILTIN, Ruleset, load_ruleset
from engine.classic.state import Speech
from engine.classic.testing import day_result, end_speeches, refused, speeches, started
from engine.errors import LogError

ALL = ("cml", "fiim", "fiim-2015", "judge-guide")


def fouls(game: Game, seat: int, n: int) -> None:
    for _ in range(n):
        game.push(Foul(seat))


def removed(game: Game) -> list[tuple[int, str]]:
    return [(r.seat, r.cause) for r in game.state.removed]


def with_options(rules: str, section: str, **options: object) -> Ruleset:
    """A built-in ruleset with some options changed, as a league's own file would."""
    base = load_ruleset(rules)
    part = getattr(base, section)._replace(**options)
    return base._replace(id=f"{rules}-variant", **{section: part})


def night1(rules: str | Ruleset) -> Game:
    """Day 1 without nominations, then night 1."""
    game = started(rules)
    game.push(Day())
    speeches(game)
    game.push(Night())
    return game


# -- 1. shot tonight, removed by discipline before the morning ------------------------------


@pytest.mark.parametrize("rules", ALL)
@pytest.mark.parametrize("removal", ["fouls", "disqualified"])
def test_shot_player_removed_by_discipline_leaves_by_that_removal_000_I_8_1(
        rules: str, removal: str) -> None:
    """000 I.8.1, 003 7.1, 002 "кроме случаев, когда этот игрок был убит ночью": no
    farewell, no best move (003 6.5), tomorrow's vote kept; 001 7.2 has no exception, so
    under fiim-2015 day 2's vote is cancelled."""
    game = night1(rules)
    game.push(Shoot(target=7))
    if removal == "fouls":
        fouls(game, 7, 4)
    else:
        game.push(Disqualify(7))
    refused(game, BestMove(seats=(3, 5, 8)), "removed by discipline after the shot")
    game.push(Day())
    assert removed(game) == [(7, removal)]
    assert game.state.speech == Speech(2, "speech")  # no farewell: day 2's opener speaks
    assert result(game.state, rules)["best_move"] is None
    vote = game.state.day.vote if game.state.day else None
    assert vote == ("cancelled" if rules == "fiim-2015" else "pending")


# -- 2. judge-guide: best move blocked by any two removals on day 1 ------------------------


def two_leave_day1(rules: str) -> Game:
    """Day 1: seat 4 voted out (with his own vote, so also under cml), seat 6 removed by
    fouls during 4's farewell; night 1: seat 2 is shot."""
    game = started(rules)
    game.push(Day())
    speeches(game, {1: 4, 2: 9})
    game.push(Votes(seat=4, voters=(1, 2, 3, 4, 5, 6, 7)))
    assert game.state.speech == Speech(4, "farewell")
    fouls(game, 6, 4)
    end_speeches(game)
    game.push(Night())
    game.push(Shoot(target=2))
    assert removed(game) == [(4, "vote"), (6, "fouls")]
    return game


def test_judge_guide_best_move_counts_every_cause_on_day_1_002() -> None:
    """002 "если по итогам первого дня стол покинул не более одного игрока"."""
    game = two_leave_day1("judge-guide")
    refused(game, BestMove(seats=(3, 5, 8)), "more than 1 player left the table on day 1")


@pytest.mark.parametrize("rules", ["cml", "fiim", "fiim-2015"])
def test_best_move_elsewhere_after_one_vote_and_one_foul_removal_000_I_7_8(rules: str) -> None:
    """000 I.7.8 counts only removals "в результате голосования"; 003 9.6 and 001 8.3 set
    no condition."""
    game = two_leave_day1(rules)
    game.push(BestMove(seats=(3, 5, 8)))
    assert result(game.state, rules)["best_move"] == {
        "seat": 2, "guess": [3, 5, 8], "black_found": 3}


# -- 3. removal after a day without a vote, before the night --------------------------------


@pytest.mark.parametrize(("rules", "tomorrow"), [
    ("cml", "pending"), ("fiim-2015", "pending"), ("fiim", "cancelled"),
    ("judge-guide", "cancelled")])
@pytest.mark.parametrize("day1", ["none", "skipped"])
def test_removal_after_a_day_without_a_vote_000_I_8_2_003_7_1(
        rules: str, tomorrow: str, day1: str) -> None:
    """cml keeps tomorrow's vote (000 I.8.2: the result moment is the night announcement),
    fiim-2015 too (001 7.1 "в данный день"); fiim (003 7.1 "ближайшее") and judge-guide
    (002 "не проводится на следующий день") cancel it."""
    game = started(rules)
    game.push(Day())
    speeches(game, {1: 4} if day1 == "skipped" else {})
    assert day_result(game, 1)["vote"] == day1
    game.push(Disqualify(7))
    game.push(Night())
    game.push(Shoot(target=None))
    game.push(Day())
    assert game.state.day is not None and game.state.day.vote == tomorrow
    assert day_result(game, 1)["vote"] == day1


# -- 4. disqualification of the leaving player during his farewell ---------------------------


@pytest.mark.parametrize("rules", ALL)
def test_disqualification_in_the_farewell_is_a_team_loss_000_II_3_5(rules: str) -> None:
    """000 II.3.5 "во время его прощальной минуты": the leaver's team loses (seat 4 is red)."""
    game = started(rules)
    game.push(Day())
    speeches(game, {1: 4, 2: 9})
    game.push(Votes(seat=4, voters=(1, 2, 3, 4, 5, 6, 7)))
    assert game.state.speech == Speech(4, "farewell")
    game.push(Disqualify(4, "team_loss"))
    assert game.outcome() == Outcome(Winner.BLACK, Termination.TEAM_LOSS)
    assert game.state.speech is None
    assert removed(game) == [(4, "vote")]
    assert result(game.state, rules)["late_disqualifications"] == [
        {"seat": 4, "kind": "team_loss"}]


@pytest.mark.parametrize("rules", ALL)
def test_disqualification_in_the_farewell_ends_it_and_cancels_nothing_000_I_8_1(
        rules: str) -> None:
    """000 II.3.5 accepts it; 000 I.8.1 / 003 7.1 / 002 except the player "покинувшим игру по
    результату голосования": tomorrow's vote is held."""
    game = started(rules)
    game.push(Day())
    speeches(game, {1: 4, 2: 9})
    game.push(Votes(seat=4, voters=(1, 2, 3, 4, 5, 6, 7)))
    game.push(Disqualify(4))
    assert game.state.speech is None and game.outcome() is None
    game.push(Night())
    game.push(Shoot(target=None))
    game.push(Day())
    assert game.state.day is not None and game.state.day.vote == "pending"
    assert result(game.state, rules)["late_disqualifications"] == [
        {"seat": 4, "kind": "removal"}]


@pytest.mark.parametrize("rules", ALL)
def test_disqualification_in_the_killed_players_farewell_000_II_3_5(rules: str) -> None:
    """000 II.3.5 "во время его прощальной минуты": the player killed in the night, in his
    morning farewell; it ends, day 2's speeches begin, and today's vote is held (000 I.8.1,
    003 7.1, 002: no cancellation when the player "был убит ночью")."""
    game = night1(rules)
    game.push(Shoot(target=7))
    game.push(Day())
    assert game.state.speech == Speech(7, "farewell")
    game.push(Disqualify(7))
    assert game.state.speech == Speech(2, "speech")
    assert game.state.day is not None and game.state.day.vote == "pending"
    assert removed(game) == [(7, "kill")]
    assert result(game.state, rules)["late_disqualifications"] == [
        {"seat": 7, "kind": "removal"}]


@pytest.mark.parametrize("rules", ["cml", "fiim", "judge-guide"])
def test_the_second_lift_leaver_waiting_for_his_farewell_000_II_3_5(rules: str) -> None:
    """000 II.3.5 "после того, как он стал покидающим игру по результатам голосования":
    seat 9, waiting for his farewell after the lift, is disqualified; his farewell is gone."""
    game = started(rules)
    game.push(Day())
    speeches(game, {1: 4, 2: 9})
    game.push(Votes(seat=4, count=5))
    end_speeches(game)
    game.push(Votes(seat=4, count=5))
    game.push(Lift(count=8))
    assert game.state.speech == Speech(4, "farewell")
    game.push(Disqualify(9))
    assert end_speeches(game) == [(4, "farewell")]
    assert result(game.state, rules)["late_disqualifications"] == [
        {"seat": 9, "kind": "removal"}]


@pytest.mark.parametrize("rules", ALL)
def test_a_player_who_left_earlier_is_not_disqualified_during_the_game(rules: str) -> None:
    """000 II.3.5 covers the leaving player only; a seat gone before is not at the table."""
    game = started(rules)
    game.push(Day())
    speeches(game, {1: 4, 2: 9})
    game.push(Votes(seat=4, voters=(1, 2, 3, 4, 5, 6, 7)))
    game.push(SpeechEnd())
    refused(game, Disqualify(4), "seat 4 is not at the table")


# -- 5. disqualification after the game is decided -----------------------------------------


def black_wins_at_a_kill(rules: str) -> Game:
    """Zero night: reds 2, 4, 6 disqualified; night 1: seat 7 shot; 3 black v 3 red in the
    morning, 7's farewell goes on (002 "Уходящий на решающем ходу")."""
    game = started(rules)
    for seat in (2, 4, 6):
        game.push(Disqualify(seat))
    game.push(Day())
    speeches(game)
    game.push(Night())
    game.push(Shoot(target=7))
    game.push(Day())
    assert game.outcome() == Outcome(Winner.BLACK, Termination.BLACK_PARITY)
    assert game.state.speech == Speech(7, "farewell")
    return game


@pytest.mark.parametrize("rules", ALL)
def test_disqualification_after_the_decision_is_recorded_003_7_12(rules: str) -> None:
    """003 7.12 "результат игры определяется результатом голосования, а удалённый игрок
    получает штраф"; 002 "Дисквалифицированному просто идёт штраф −0,5"."""
    game = black_wins_at_a_kill(rules)
    before = result(game.state, rules)
    game.push(Disqualify(7))  # the decisive leaver in his farewell: it ends
    assert game.state.speech is None
    game.push(Disqualify(9, "team_loss"))  # a red still at the table
    after = result(game.state, rules)
    assert (after["winner"], after["termination"]) == ("black", "black_parity")
    assert after["removed"] == before["removed"]
    assert after["late_disqualifications"] == [
        {"seat": 7, "kind": "removal"}, {"seat": 9, "kind": "team_loss"}]
    assert 9 in game.state.at_table
    refused(game, Disqualify(9), "already disqualified")
    refused(game, Disqualify(2), "already removed by discipline")


# -- 6. the voting foul of cml ------------------------------------------------------------


def test_cml_voting_foul_is_never_the_fourth_000_II_1_6() -> None:
    """000 II.1.6 "постановка руки на стол до начала голосования. (4ый фол не выдается)"."""
    game = started("cml")
    game.push(Day())
    game.push(Foul(6, kind="voting"))  # a voting foul counts like any other below three
    fouls(game, 6, 2)
    reason = refused(game, Foul(6, kind="voting"), "never a fourth foul")
    assert "000 II.1.6" in reason
    assert result(game.state, "cml")["fouls"]["6"] == 3
    game.push(Foul(6))  # any other foul is his fourth
    assert removed(game) == [(6, "fouls")]


@pytest.mark.parametrize("rules", ["fiim", "fiim-2015", "judge-guide"])
def test_voting_foul_is_an_ordinary_foul_elsewhere_003_6_6_4(rules: str) -> None:
    """003 6.6.4, 001 6.6.4, 002 "Рука, поставленная до голосования": an ordinary foul."""
    game = started(rules)
    game.push(Day())
    fouls(game, 6, 3)
    game.push(Foul(6, kind="voting"))
    assert removed(game) == [(6, "fouls")]


def test_voting_foul_in_the_game_log() -> None:
    """docs/game-log.md: `foul` takes `kind: "voting"`, nothing else."""
    line = {"action": "foul", "seat": 6, "kind": "voting"}
    assert parse_action(line) == Foul(6, kind="voting")
    assert action_to_dict(Foul(6, kind="voting")) == line
    with pytest.raises(LogError, match='can only be "voting"'):
        parse_action({"action": "foul", "seat": 6, "kind": "speech"})


# -- 7. a second removal by discipline on a day whose vote is already cancelled ---------------


@pytest.mark.parametrize(("rules", "tomorrow"), [
    ("cml", "cancelled"), ("fiim", "cancelled"), ("judge-guide", "cancelled"),
    ("fiim-2015", "pending")])
@pytest.mark.parametrize("first", ["today", "last night"])
def test_second_removal_cancels_the_nearest_vote_000_I_8_1(
        rules: str, tomorrow: str, first: str) -> None:
    """000 I.8.1, 003 7.1, 002 "ближайшее или текущее": today's vote is already not held,
    so the nearest one still to be held is tomorrow's; 001 7.1 "в данный день" only."""
    game = started(rules)
    if first == "last night":
        game.push(Disqualify(7))  # zero night: day 1's vote is cancelled
        game.push(Day())
    else:
        game.push(Day())
        game.push(Disqualify(7))  # during day 1's speeches
    assert game.state.day is not None and game.state.day.vote == "cancelled"
    game.push(Disqualify(9))
    speeches(game)
    game.push(Night())
    game.push(Shoot(target=None))
    game.push(Day())
    assert game.state.day is not None and game.state.day.vote == tomorrow


# -- 8. every ruleset option cites its clause or says "choice:" -----------------------------

_OPTION = re.compile(r"^([a-z_0-9]+)\s*=")
_CITES = re.compile(r"\b[IVX]+\.\d|\b\d+\.\d|\"|«|choice:|not in \d{3}|unused|not provided")


_SECTION = re.compile(r"^\[([a-z_.0-9]+)\]")


@pytest.mark.parametrize("rules", BUILTIN)
def test_every_option_cites_its_clause_or_says_choice(rules: str) -> None:
    """Issue 10 item 8: a clause number, a quotation of the seed, or "choice:" with the
    reason, next to each option (or on the comment lines just above it). The scoring tables
    (docs/scoring.md) carry their clause as data, in `clause` keys read into every figure's
    explanation: a `[scoring.*]` table with such a key, or a header comment that cites, covers
    its figures."""
    text = resources.files("engine.classic").joinpath(f"rulesets/{rules}.toml").read_text("utf-8")
    data = tomllib.loads(text)
    above = ""
    section_cited = False
    missing = []
    for line in text.splitlines():
        if line.startswith("#"):
            above += line
            continue
        section = _SECTION.match(line)
        if section:
            name = section.group(1)
            table: object = data
            for part in name.split("."):
                table = table[part] if isinstance(table, dict) else None
            clause_keys = isinstance(table, dict) and any(
                "clause" in key and isinstance(value, str) and _CITES.search(f'"{value}"')
                for key, value in table.items())
            section_cited = name.startswith("scoring") and bool(
                clause_keys or _CITES.search(line.partition("#")[2] + above))
            above = ""
            continue
        match = _OPTION.match(line)
        if match and match.group(1) not in ("id", "name", "seed"):
            comment = line.partition("#")[2] + above
            if not (_CITES.search(comment) or section_cited):
                missing.append(match.group(1))
        above = ""
    assert missing == []


def test_the_kits_own_values_are_marked_as_choices() -> None:
    """Issue 10 item 8: fiim-2015 borrows 003 7.10; judge-guide's 10 s showing is a choice."""
    def line_of(rules: str, option: str) -> str:
        text = (resources.files("engine.classic").joinpath(f"rulesets/{rules}.toml")
                .read_text("utf-8"))
        (line,) = [ln for ln in text.splitlines() if ln.startswith(option + " ")]
        return line

    assert "choice:" in line_of("fiim-2015", "not_held_when_all_at_table")
    assert "003 7.10" in line_of("fiim-2015", "not_held_when_all_at_table")
    guide = (resources.files("engine.classic").joinpath("rulesets/judge-guide.toml")
             .read_text("utf-8"))
    assert "don and sheriff show themselves (choice:" in guide


# -- 9. alternatives the seeds leave open, as options -------------------------------------


def quiet_until_over(game: Game) -> int:
    """Quiet days and missed nights until the game ends; return the day it ended after."""
    while True:
        speeches(game)
        game.push(Night())
        if game.outcome() is not None:
            return game.state.number
        game.push(Shoot(target=None))
        game.push(Day())
        if game.outcome() is not None:
            return game.state.number


@pytest.mark.parametrize(("rules", "winner"), [("fiim", Winner.DRAW), ("fiim-2015", Winner.RED)])
@pytest.mark.parametrize(("count_zero", "last_day"), [(False, 4), (True, 3)])
def test_quiet_rounds_with_the_zero_night_as_an_option_001_003_4_2(
        rules: str, winner: Winner, count_zero: bool, last_day: int) -> None:
    """001 and 003 call the zero night "Первая игровая ночь" (4.2): counted, N0 D1 N1 D2 N2
    D3 end at the night announcement after day 3 (003 7.9, 001 7.3); by default the count
    starts at night 1 and ends after day 4."""
    game = started(with_options(rules, "quiet", count_zero_night=count_zero))
    game.push(Day())
    assert quiet_until_over(game) == last_day
    assert game.outcome() == Outcome(winner, Termination.QUIET_ROUNDS)


def tie_of_three_then_two(rules: Ruleset | str) -> Game:
    """Day 1: 4, 9, 10, 6 nominated; 3:3:3:1, then a revote of 4, 9, 10 tied 4:4:2."""
    game = started(rules)
    game.push(Day())
    speeches(game, {1: 4, 2: 9, 3: 10, 4: 6})
    game.push(Votes(seat=4, count=3))
    game.push(Votes(seat=9, count=3))
    game.push(Votes(seat=10, count=3))
    assert end_speeches(game) == [(4, "tie_speech"), (9, "tie_speech"), (10, "tie_speech")]
    game.push(Votes(seat=4, count=4))
    game.push(Votes(seat=9, count=4))
    return game


def test_fiim_2015_tie_among_fewer_gets_a_new_revote_by_default_000_I_6_18_3() -> None:
    """Default (as 000 I.6.18.3, 003 4.4.13 "эти же игроки"): 30 s each and another revote."""
    game = tie_of_three_then_two("fiim-2015")
    assert game.state.lift is None
    assert end_speeches(game) == [(4, "tie_speech"), (9, "tie_speech")]


def test_fiim_2015_literal_reading_puts_the_lift_to_the_fewer_001_4_4_13() -> None:
    """001 4.4.13 "Если игроки вновь набрали равное количество голосов" read literally."""
    game = tie_of_three_then_two(with_options("fiim-2015", "lift", after_any_repeated_tie=True))
    assert game.state.lift == (4, 9)
    game.push(Lift(count=6))
    assert removed(game) == [(4, "lift"), (9, "lift")]


# -- 10. cml day 1: the last nominee's own vote, `count` and `voters` alike ----------------


def cml_day1() -> Game:
    game = started("cml")
    game.push(Day())
    speeches(game, {1: 4, 2: 9})
    return game


@pytest.mark.parametrize(("by_count", "by_voters", "leaves"), [
    (Votes(seat=4, count=0), Votes(seat=4, voters=()), 9),  # 9 has every vote, his own too
    (Votes(seat=4, count=10), Votes(seat=4, voters=tuple(range(1, 11))), 4),
    (Votes(seat=4, count=3), Votes(seat=4, voters=(1, 2, 3)), None),  # see below
], ids=["last-has-all", "first-has-all", "split"])
def test_cml_count_and_voters_agree_where_the_log_can_tell_000_I_6_18_5(
        by_count: Votes, by_voters: Votes, leaves: int | None) -> None:
    """000 I.6.15: a non-voter's vote goes against the last nominee; when that is himself it
    is "his own vote" for I.6.18.5 and he leaves. With counts the log tells it when one
    candidate has every vote. In a split the counts cannot tell: nobody is assumed to have
    voted for himself, while `voters` (1, 2, 3) show 9's own vote among his seven."""
    game = cml_day1()
    game.push(by_count)
    with_count = removed(game)
    game = cml_day1()
    game.push(by_voters)
    with_voters = removed(game)
    if leaves is None:
        assert with_count == []
        assert with_voters == [(9, "vote")]
    else:
        assert with_count == with_voters == [(leaves, "vote")]


def test_cml_mixed_entries_tell_the_last_nominees_own_vote_000_I_6_15() -> None:
    """Three nominees: 4 by voters (1, 2), 9 by count 0: every unnamed vote, 10's own
    included, went to 10, the last nominee: he leaves (000 I.6.18.5)."""
    game = started("cml")
    game.push(Day())
    speeches(game, {1: 4, 2: 9, 3: 10})
    game.push(Votes(seat=4, voters=(1, 2)))
    game.push(Votes(seat=9, count=0))
    assert removed(game) == [(10, "vote")]


def test_cml_a_named_vote_elsewhere_keeps_the_winner_000_I_6_18_5() -> None:
    """The last nominee 9 voted for 4 (named): his majority is without his own vote."""
    game = cml_day1()
    game.push(Votes(seat=4, voters=(9,)))
    assert removed(game) == []
    assert game.state.speech == Speech(9, "majority_speech")
    with pytest.raises(IllegalAction):
        game.push(Votes(seat=9, count=1))


# -- the example logs, replayed as a new user would -----------------------------------------

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def replayed(name: str) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-m", "mafiakit.cli", "replay",
                           str(EXAMPLES / f"{name}.jsonl")],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def votes_of(res: dict[str, Any]) -> list[str]:
    return [d["vote"] for d in res["days"]]


def test_example_logs_give_the_ruled_results() -> None:
    """One log per item of issue 10, checked by hand against the clause, not by the engine."""
    res = replayed("cml-shot-then-disqualified")  # 1: 000 I.8.1
    assert res["removed"][0] == {"seat": 7, "cause": "disqualified", "night": 1}
    assert res["best_move"] is None and votes_of(res)[:2] == ["none", "held"]
    assert res["days"][1]["speakers"][0] == 2  # no farewell of seat 7
    res = replayed("judge-guide-best-move-blocked")  # 2: 002
    assert res["removed"][:3] == [{"seat": 4, "cause": "vote", "day": 1},
                                  {"seat": 6, "cause": "fouls", "day": 1},
                                  {"seat": 2, "cause": "kill", "night": 1}]
    assert res["best_move"] is None
    res = replayed("fiim-removal-after-a-day-without-vote")  # 3: 003 7.1
    assert votes_of(res)[:2] == ["none", "cancelled"]
    res = replayed("cml-disqualified-in-farewell")  # 4: 000 II.3.5
    assert (res["winner"], res["termination"]) == ("black", "team_loss")
    assert res["late_disqualifications"] == [{"seat": 4, "kind": "team_loss"}]
    res = replayed("fiim-disqualified-after-the-decision")  # 5: 003 7.12
    assert (res["winner"], res["termination"]) == ("black", "black_parity")
    assert [r["seat"] for r in res["removed"]] == [2, 4, 6, 7]
    assert res["late_disqualifications"] == [{"seat": 7, "kind": "removal"},
                                             {"seat": 9, "kind": "removal"}]
    res = replayed("cml-voting-foul")  # 6: 000 II.1.6
    assert res["fouls"]["6"] == 3
    res = replayed("cml-second-removal-same-day")  # 7: 000 I.8.1
    assert votes_of(res)[:3] == ["cancelled", "cancelled", "held"]
    res = replayed("fiim-2015-all-tied-no-lift")  # 8: the borrowed 003 7.10
    assert len(res["days"][0]["rounds"]) == 2 and res["days"][0]["lift"] is None
    assert res["removed"][0]["day"] == 2
    res = replayed("fiim-2015-tie-among-fewer")  # 9: the default reading
    assert [r["candidates"] for r in res["days"][0]["rounds"]] == [
        [4, 9, 10, 6], [4, 9, 10], [4, 9]]
    res = replayed("cml-last-nominee-own-vote")  # 10: 000 I.6.15, I.6.18.5
    assert res["removed"][0] == {"seat": 9, "cause": "vote", "day": 1}
