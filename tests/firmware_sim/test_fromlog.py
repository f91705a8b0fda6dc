"""Whole games through the pad: every example log and random games, keyed in and recorded.

The keys come from `fromlog` (the log read backwards), go through the real grammar with the
real engine's judge view at every press, and the engine records what the pad produced. The
game that comes out must be the game that went in.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from device.hardware.kit import TableHardware
from device.hardware.pad import KeyEvent
from device.table.keys import Action, PadDecoder, PadError
from engine.classic.game import Game
from engine.classic.log import action_to_dict, parse_action
from engine.classic.playout import Mix, random_game
from engine.classic.protocol import result
from engine.classic.replay import replay
from engine.classic.views import judge_view
from engine.log import header
from engine.replay import ReplayError
from firmware_sim.board import MockBoard
from firmware_sim.clock import ManualClock
from firmware_sim.fromlog import Press, key_script, log_presses, log_to_script
from firmware_sim.script import ScriptPlayer, parse_script, replay_virtual, schedule
from mafiakit.cli import main

# the classic games; the hand-checked club games (examples/club-*) wait for the pad's club
# keys (a key script from a club log needs them)
EXAMPLES = sorted(p for p in (Path(__file__).resolve().parents[2] / "examples").glob("*.jsonl")
                  if not p.name.startswith("club-"))


class PadJudge:
    """The judge's side of a table in miniature: pad events -> grammar -> engine."""

    def __init__(self, rules: str) -> None:
        self.game = Game(rules)
        self.decoder = PadDecoder()
        self.recorded: list[dict[str, Any]] = []

    def __call__(self, event: KeyEvent) -> None:
        judge = judge_view(self.game.state, self.game.rules, len(self.game.actions))
        outcome = self.decoder.feed(event, judge)
        assert not isinstance(outcome, PadError), (event, outcome, self.recorded[-3:])
        if isinstance(outcome, Action):
            self.recorded.append(outcome.action)
            if outcome.action["action"] == "undo":
                self.game.pop()
            else:
                self.game.push(parse_action(outcome.action))

    def press_all(self, presses: list[Press]) -> None:
        for key, held in presses:
            self(KeyEvent(key, "press", 0.0))
            if held:
                self(KeyEvent(key, "hold", 0.8))
            self(KeyEvent(key, "release", 1.0))


CONSOLE_ONLY = {"penalty", "protest", "colour_left", "close"}


def test_there_are_example_games() -> None:
    assert len(EXAMPLES) >= 5


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_game_can_be_keyed_in(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    head, original = replay(lines)
    # docs/pad.md: protests, penalties and the signature are typed at the console
    console = next((i for i, line in enumerate(lines)
                    if json.loads(line).get("action") in CONSOLE_ONLY), len(lines))
    judge = PadJudge(head["rules"])
    judge.press_all(log_presses(lines[:console]))
    for line in lines[console:]:
        judge.game.push(parse_action(json.loads(line)))
    rules = original.rules
    assert result(judge.game.state, rules.id, rules) == result(original.state, rules.id, rules)
    assert judge.game.state.finished


@pytest.mark.parametrize("rules", ["cml", "fiim", "fiim-2015", "judge-guide"])
@pytest.mark.parametrize("seed", range(6))
def test_random_games_with_undos_can_be_keyed_in(rules: str, seed: int) -> None:
    played = random_game(rules, seed=seed, mix=Mix(undo=0.05, foul=0.04, disqualify=0.004))
    assert played.game is not None
    lines = [header(rules), *(action_to_dict(a) for a in played.entered)]
    judge = PadJudge(rules)
    judge.press_all(log_presses(map(json.dumps, lines)))
    assert result(judge.game.state, rules) == result(played.game.state, rules)
    assert len(judge.game.actions) == len(played.game.actions)


def test_a_whole_game_through_the_pins_with_bouncing_keys(
    hardware: TableHardware, board: MockBoard, clock: ManualClock
) -> None:
    text = EXAMPLES[0].read_text(encoding="utf-8")
    head, original = replay(text.splitlines())
    judge = PadJudge(head["rules"])
    steps = parse_script(log_to_script(text, gap_ms=150))
    player = ScriptPlayer(board, schedule(steps, bounce=2), clock())
    replay_virtual(hardware, player, clock, judge)
    assert result(judge.game.state, head["rules"]) == result(original.state, head["rules"])


def test_a_key_script_line_per_press() -> None:
    assert key_script([("FOUL", True), ("7", False)], gap_ms=250) == "250 FOUL hold\n250 7\n"



def test_sim_from_log_prints_the_key_script(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--from-log", str(EXAMPLES[0])]) == 0
    script = capsys.readouterr().out
    assert parse_script(script)
    assert script == log_to_script(EXAMPLES[0].read_text(encoding="utf-8"))


def test_an_illegal_log_line_is_reported_with_its_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(header("cml")) + "\n" + '{"action": "start"}\n')
    assert main(["sim", "--from-log", str(bad)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "line 2:" in captured.err
    with pytest.raises(ReplayError, match="line 2"):
        log_presses(bad.read_text().splitlines())


def test_a_console_only_line_is_reported_with_its_number_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 11: a penalty (typed at the console, docs/pad.md) in a log given to `sim --from-log`
    ends in `line N: ...` and exit 2, as the club translator already did."""
    lines = EXAMPLES[0].read_text(encoding="utf-8").splitlines()
    penalty = {"action": "penalty", "seat": 4, "points": -0.3, "clause": "000 III.6.1.7"}
    log = tmp_path / "with-penalty.jsonl"
    log.write_text("\n".join([*lines, json.dumps(penalty)]) + "\n", encoding="utf-8")
    assert main(["sim", "--from-log", str(log)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"line {len(lines) + 1}: the pad has no keys for the action 'penalty'" in captured.err
    assert "mafiakit table --stdin" in captured.err
