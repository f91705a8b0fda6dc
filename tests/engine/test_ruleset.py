"""Rulesets as data: the built-ins load, a league adds its own file, bad files are named."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from engine import Day, Nominate, Roles, Start, Withdraw
from engine.classic import Game
from engine.classic.ruleset import (
    BUILTIN,
    RulesetError,
    builtin_from_toml,
    builtin_module,
    builtin_source,
    load_ruleset,
)

CML = Path(__file__).resolve().parents[2] / "engine/classic/rulesets/cml.toml"


@pytest.mark.parametrize("rule_id", BUILTIN)
def test_builtin_rulesets_load_and_cite_their_seed(rule_id: str) -> None:
    rules = load_ruleset(rule_id)
    assert rules.id == rule_id and rules.seed.endswith(".txt")


def test_the_rulesets_differ_where_the_seeds_do() -> None:
    """rulesets.md's table of differences, as options."""
    cml, fiim, f15, guide = (load_ruleset(r) for r in BUILTIN)
    assert (cml.fouls.third_foul_mutes, fiim.fouls.third_foul_mutes) == (False, True)
    assert (cml.day.withdraw_allowed, fiim.day.withdraw_allowed, f15.day.withdraw_allowed,
            guide.day.withdraw_allowed) == (False, True, True, False)
    assert (cml.timers.vote_window, fiim.timers.vote_window) == (1.5, 2)
    assert (f15.timers.don_check, cml.timers.don_check) == (20, 10)
    assert f15.day.players_may_ask_nominations and not cml.day.players_may_ask_nominations
    assert (cml.quiet.outcome, f15.quiet.outcome) == ("draw", "red")
    assert cml.lift.not_held_for == ((3, 9),)
    assert guide.timers.zero_night[-1] == ("free_seating", 40)


def league(tmp_path: Path, **replace: str) -> Path:
    text = CML.read_text(encoding="utf-8").replace('id = "cml"', 'id = "my-league"')
    for old, new in replace.items():
        text = text.replace(old, new)
    path = tmp_path / "league.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_league_writes_one_file(tmp_path: Path) -> None:
    path = league(tmp_path, **{"withdraw_allowed = false": "withdraw_allowed = true"})
    game = Game(load_ruleset(path))
    for action in (Roles(don=3, mafia=(5, 8), sheriff=1), Start(), Day(), Nominate(seat=4),
                   Withdraw(seat=4)):
        game.push(action)
    assert game.state.day is not None and game.state.day.nominations == ()


@pytest.mark.parametrize(("change", "phrase"), [
    ({"speech = 60 ": "speech = -5 "}, "option timers.speech: Input should be greater than 0"),
    ({"[quiet]": "[quiet]\ncolour = 3"}, "option quiet.colour: Extra inputs are not permitted"),
    ({'outcome = "draw"': 'outcome = "blue"'}, "option quiet.outcome: Input should be 'draw' or"),
    ({"[day]": "[day"}, "not valid TOML"),
    ({'id = "my-league"': 'id = "My League"'}, "option id: String should match pattern"),
    ({'name = "': 'title = "'}, "option name: Field required"),
    ({"[scoring]": "[scoring]\ntypo = 1"}, "option scoring.typo: Extra inputs are not permitted"),
    ({"[best_move]": "[best_move]\nmax_seats = 4"},
     "option best_move.max_seats: Input should be less than or equal to 3"),
    ({"third_foul_mutes = false": "third_foul_mutes = true", "mute_foul_count = 3 ":
      "mute_foul_count = 4 "}, "fouls.mute_foul_count must be below fouls.removal_at"),
    ({"winner_min = 0.2": "winner_min = 0.9"}, "extra.winner_min is above extra.winner_max"),
    ({"not_held_for = [[3, 9]]": "not_held_for = [[3]]"},
     "option lift.not_held_for.0.1: Field required"),
    ({'id = "my-league"': 'id = "my-league"\nday = [true]', "[day]": "[day_]"},
     "option day: Input should be a valid dictionary"),  # not its options in order
])
def test_bad_league_files_name_the_option(tmp_path: Path, change: dict[str, str],
                                          phrase: str) -> None:
    with pytest.raises(RulesetError, match=phrase.replace(".", r"\.")):
        load_ruleset(league(tmp_path, **change))


@pytest.mark.parametrize("rule_id", BUILTIN)
def test_a_builtin_ruleset_is_what_pydantic_reads_from_its_file(rule_id: str) -> None:
    """The built-ins are built without pydantic (engine.classic.ruleset.built, so replaying a log
    never loads it); pydantic, which checks a league's file, must read each built-in file to
    the very same ruleset: a typo, a wrong type or a bound broken there fails here."""
    from engine.classic.ruleset_check import validated

    text = (CML.parent / f"{rule_id}.toml").read_text(encoding="utf-8")
    checked = validated(tomllib.loads(text), f"{rule_id}.toml")
    assert repr(checked) == repr(load_ruleset(rule_id))  # 60.0, not 60; tuples, not lists
    assert checked == load_ruleset(rule_id)


@pytest.mark.parametrize("rule_id", BUILTIN)
def test_a_precomputed_builtin_is_its_file(rule_id: str) -> None:
    """`load_ruleset` returns the precomputed ruleset (engine/classic/ruleset_builtin.py, so a
    replay reads no TOML); it must be what the file says, to the float."""
    assert repr(load_ruleset(rule_id)) == repr(builtin_from_toml(rule_id))
    assert load_ruleset(rule_id) is load_ruleset(rule_id)


def test_the_precomputed_module_is_written_from_the_files() -> None:
    assert builtin_module().read_text(encoding="utf-8") == builtin_source(), (
        "a built-in ruleset file changed: run "
        "python -c 'from engine.classic.ruleset import write_builtin; write_builtin()'")


def test_unknown_ruleset_name() -> None:
    with pytest.raises(RulesetError, match="unknown ruleset 'cmll'"):
        load_ruleset("cmll")


def test_replay_with_a_league_file(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    log.write_text('{"format": "mafia-game-log", "version": 1, "rules": "my-league"}\n'
                   '{"action": "roles", "don": 3, "mafia": [5, 8], "sheriff": 1}\n',
                   encoding="utf-8")
    cmd = [sys.executable, "-m", "mafiakit.cli", "replay", str(log)]
    without = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert without.returncode == 2 and "line 1: unknown rules 'my-league'" in without.stderr
    done = subprocess.run([*cmd, "--rules", str(league(tmp_path))], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert '"rules": "my-league"' in done.stdout
