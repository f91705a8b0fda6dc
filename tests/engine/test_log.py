"""The game log both ways, and `mafiakit replay` (docs/game-log.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.classic.log import action_to_dict, dump_lines, parse_action
from engine.classic.playout import Mix, random_game
from engine.classic.protocol import result
from engine.classic.replay import replay
from engine.classic.views import best_move_view
from engine.log import header
from engine.replay import ReplayError

# the classic games (the classic reader); the hand-checked club games (examples/club-*) are
# replayed by the club engine in tests/engine/club/test_examples.py
EXAMPLES = sorted(p for p in (Path(__file__).resolve().parents[2] / "examples").glob("*.jsonl")
                  if not p.name.startswith("club-"))


def run_replay(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mafiakit.cli", "replay", str(path)],
                          capture_output=True, text=True, check=False)


def test_there_are_examples_for_every_classic_ruleset() -> None:
    rules = {json.loads(p.read_text(encoding="utf-8").splitlines()[0])["rules"] for p in EXAMPLES}
    assert rules == {"cml", "fiim", "fiim-2015", "judge-guide"}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_replay_cli_prints_the_result_of_every_example(path: Path) -> None:
    done = run_replay(path)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    expected = json.loads(path.with_suffix("").with_suffix(".result.json").read_text("utf-8"))
    assert json.loads(done.stdout) == expected
    assert expected["finished"] is True


def test_cml_example_facts() -> None:
    """The hand-written cml game: checked against the rules by hand, not by the engine."""
    res = json.loads(run_replay(EXAMPLES[[p.stem for p in EXAMPLES]
                                         .index("cml-red-wins-by-lift")]).stdout)
    assert res["winner"] == "red"
    assert [(r["seat"], r["cause"]) for r in res["removed"]] == [
        (4, "vote"), (7, "kill"), (5, "vote"), (1, "kill"), (8, "lift"), (3, "lift")]
    assert [d["opener"] for d in res["days"]] == [1, 2, 3]
    assert res["days"][0]["rounds"][1]["votes"] == {"4": 7, "9": 3}
    assert res["best_move"] == {"seat": 7, "guess": [3, 5, 2], "black_found": 2}
    assert res["days"][2]["lift"] == {"yes": 4, "passed": True}


H = '{"format": "mafia-game-log", "version": 1, "rules": "cml"}'


def test_the_result_best_move_is_the_screens_best_move_view() -> None:
    """engine.protocol builds the best move itself (a replay loads no view models): it must
    stay the BestMoveView the reveal carries, field for field."""
    seen = 0
    for seed in range(200):
        game = random_game("cml", seed).game
        assert game is not None
        view = best_move_view(game.state)
        assert result(game.state, "cml")["best_move"] == (
            None if view is None else view.model_dump(mode="json"))
        seen += view is not None
    assert seen >= 10



@pytest.mark.parametrize(("lines", "line_no", "phrase"), [
    ([H, "not json"], 2, "not valid JSON"),
    (['{"format": "mafia-game-log", "version": 2, "rules": "cml"}'], 1, "unsupported log version"),
    (['{"format": "mafia-game-log", "version": 1, "rules": "mafia99"}'], 1, "unknown rules"),
    (['{"action": "start"}'], 1, "first line must be the header"),
    ([H, '{"action": "start"}'],
     2, "deal the cards first"),
    ([H, '{"action": "roles", "don": 1, "mafia": [1, 2], "sheriff": 3}'],
     2, "seat 1 is given two cards"),
    ([H, '{"action": "roles", "don": "1", "mafia": [2, 3], "sheriff": 4}'],
     2, "must be a seat number"),
    ([H, "", '{"action": "fly"}'],
     3, "unknown action"),
    ([H, '{"action": "undo"}'],
     2, "nothing to undo"),
    ([H, "[1, 2]"], 2, "JSON object"),
    ([H,
      '{"action": "start", "seat": 3}'], 2, "unknown field seat"),
    ([], 1, "header line is missing"),
])
def test_rejected_lines_name_the_line_and_the_reason(lines: list[str], line_no: int,
                                                      phrase: str) -> None:
    with pytest.raises(ReplayError) as info:
        replay(lines)
    assert info.value.line == line_no
    assert phrase in info.value.reason


def test_replay_cli_rejects_with_exit_2_and_nothing_on_stdout(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"format": "mafia-game-log", "version": 1, "rules": "cml"}\n'
                    '{"action": "roles", "don": 3, "mafia": [5, 8], "sheriff": 1}\n'
                    '{"action": "day"}\n', encoding="utf-8")
    done = run_replay(path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.strip() == (
        "line 3: the game has not started: «Наступает ночь» (start) comes first")


def test_replay_cli_non_utf8_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b'{"format": "mafia-game-log", "version": 1, "rules": "cml"}\n\xff\xfe\n')
    done = run_replay(path)
    assert (done.returncode, done.stdout, done.stderr.strip()) == (
        2, "", "line 2: the line is not UTF-8 text")


@pytest.mark.parametrize("seed", range(40))
def test_log_round_trip_through_replay(seed: int) -> None:
    """The engine writes the log; replaying it gives the same game (undo lines included)."""
    rules = ("cml", "fiim", "fiim-2015", "judge-guide")[seed % 4]
    p = random_game(rules, seed, Mix(undo=0.08, foul=0.04))
    lines = list(dump_lines(header(rules), p.entered))
    _, game = replay(lines)
    assert p.game is not None
    assert game.state == p.game.state
    assert result(game.state, rules) == result(p.game.state, rules)
    for action in p.entered:
        assert parse_action(json.loads(json.dumps(action_to_dict(action)))) == action


_EXAMPLE_LINES = [line for p in EXAMPLES for line in p.read_text("utf-8").splitlines()[1:]]


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_fuzzed_logs_fail_cleanly(data: st.DataObject) -> None:
    """Mutated, shuffled, truncated or garbage lines: never a crash, only `line N: ...`."""
    head = '{"format": "mafia-game-log", "version": 1, "rules": "cml"}'
    body = data.draw(st.lists(st.one_of(
        st.sampled_from(_EXAMPLE_LINES),
        st.text(max_size=40),
        st.sampled_from(_EXAMPLE_LINES).map(lambda s: s[: len(s) // 2]),
        st.builds(lambda k, v: json.dumps({"action": k, "seat": v}),
                  st.sampled_from(["nominate", "votes", "foul", "shoot", "lift", "best_move"]),
                  st.one_of(st.integers(-3, 14), st.none(), st.text(max_size=3), st.booleans(),
                            st.floats(allow_nan=True))),
    ), max_size=30))
    try:
        replay([head, *body])
    except ReplayError as exc:
        assert 1 <= exc.line <= len(body) + 1
        assert exc.reason
