"""The key grammar, table-tested: every game-log action from the pad, and every refusal."""

from __future__ import annotations

import re

import pytest
from pydantic import ValidationError

from device.hardware.pad import KeyEvent
from device.table.keys import Action, DeviceCommand, PadDecoder, PadError, Pending, Result
from engine.viewmodels import JudgeView


def view(
    phase: str = "day",
    step: str = "speech",
    *,
    number: int = 1,
    speaker: int | None = None,
    out: tuple[int, ...] = (),
    vote: dict[str, object] | None = None,
    night_steps: tuple[str, ...] = (),
    actions: int = 12,
) -> JudgeView:
    """A judge view (docs/views.md) with what the grammar reads set, the rest empty."""
    return JudgeView.model_validate({
        "view": "judge", "rules": "cml", "actions": actions, "phase": phase, "number": number,
        "step": step, "speaker": speaker, "timer": None,
        "seats": [{"seat": s, "at_table": s not in out, "out": None, "fouls": 0,
                   "muted": False} for s in range(1, 11)],
        "nominations": None,
        "vote": None if vote is None else {"votes": {}, "voters": {}, **vote},
        "rounds": [], "lift": None, "day_vote": None, "winner": None, "termination": None,
        "roles": None, "nights": [], "best_move": None, "night_steps": list(night_steps),
    })


DEAL = view("setup", "deal", number=0, actions=0)
READY = view("setup", "ready", number=0, actions=1)
ZERO = view("night", "zero_night", number=0, actions=2)
SPEECH = view(speaker=4, out=(3,))
MUTED = view(step="muted_turn", speaker=5)
FAREWELL = view(step="farewell", speaker=7, out=(7,))
TIE = view(step="tie_speech", speaker=9)
MAJORITY = view(step="majority_speech", speaker=9)
AWAIT = view(step="await_night")
VOTING = view(step="vote", out=(3,), vote={"round": 1, "candidates": [4, 9, 2], "current": 4})
LIFT = view(step="lift", out=(3,))
SHOOT = view("night", "shoot", night_steps=("don_check", "sheriff_check"))
SHOOT_LISTED = view("night", "shoot", night_steps=("shoot", "don_check", "sheriff_check"))
CHECKS = view("night", "checks", night_steps=("don_check", "sheriff_check", "best_move"))
SHERIFF = view("night", "checks", night_steps=("sheriff_check",), actions=14)
BEST = view("night", "best_move", night_steps=("best_move",))
MORNING = view("night", "morning")
LAST_WORD = view("finished", "farewell", speaker=6, out=(6,))
OVER = view("finished", "over")


def feed(decoder: PadDecoder, keys: str, at: JudgeView) -> list[Result]:
    """Play keys ("FOUL 4"; "FOUL^" = pressed and held) and return what presses and holds gave."""
    results = []
    for token in keys.split():
        key = token.rstrip("^")
        results.append(decoder.feed(KeyEvent(key, "press", 0.0), at))
        if token.endswith("^"):
            results.append(decoder.feed(KeyEvent(key, "hold", 0.8), at))
        release = decoder.feed(KeyEvent(key, "release", 1.0), at)
        assert isinstance(release, Pending)
    return results


def last(keys: str, at: JudgeView) -> Result:
    return feed(PadDecoder(), keys, at)[-1]


ACTIONS: dict[str, tuple[JudgeView, str, dict[str, object]]] = {
    # setup
    "roles: don, two mafia, sheriff, NEXT": (
        DEAL, "3 5 8 1 NEXT", {"action": "roles", "don": 3, "mafia": [5, 8], "sheriff": 1}),
    "start": (READY, "NEXT", {"action": "start"}),
    "zero night ends": (ZERO, "NEXT", {"action": "day"}),
    # speeches
    "speech ends": (SPEECH, "NEXT", {"action": "speech_end"}),
    "muted turn ends": (MUTED, "NEXT", {"action": "speech_end"}),
    "farewell ends": (FAREWELL, "NEXT", {"action": "speech_end"}),
    "tie speech ends": (TIE, "NEXT", {"action": "speech_end"}),
    "majority speech ends": (MAJORITY, "NEXT", {"action": "speech_end"}),
    "last farewell after the game ends": (LAST_WORD, "NEXT", {"action": "speech_end"}),
    "night falls": (AWAIT, "NEXT", {"action": "night"}),
    "nominate": (SPEECH, "NOMINATE 7", {"action": "nominate", "seat": 7, "by": 4}),
    "nominate in a muted turn": (
        MUTED, "NOMINATE 2", {"action": "nominate", "seat": 2, "by": 5}),
    "nominate, NOMINATE twice": (
        SPEECH, "NOMINATE NOMINATE 7", {"action": "nominate", "seat": 7, "by": 4}),
    "withdraw: NOMINATE held": (
        SPEECH, "NOMINATE^ 7", {"action": "withdraw", "seat": 7, "by": 4}),
    # fouls and removals
    "foul": (SPEECH, "FOUL 4", {"action": "foul", "seat": 4}),
    "foul, FOUL twice": (SPEECH, "FOUL FOUL 4", {"action": "foul", "seat": 4}),
    "foul during a vote": (VOTING, "FOUL 8", {"action": "foul", "seat": 8}),
    "foul at night": (CHECKS, "FOUL 8", {"action": "foul", "seat": 8}),
    "foul after the game": (LAST_WORD, "FOUL 2", {"action": "foul", "seat": 2}),
    "removal: FOUL held": (
        SPEECH, "FOUL^ 6", {"action": "disqualify", "seat": 6, "kind": "removal"}),
    "team loss: FOUL held twice": (
        SPEECH, "FOUL^ FOUL^ 6", {"action": "disqualify", "seat": 6, "kind": "team_loss"}),
    "team loss is the heaviest: a third hold stays": (
        SPEECH, "FOUL^ FOUL^ FOUL^ 6", {"action": "disqualify", "seat": 6, "kind": "team_loss"}),
    # votes and the lift
    "votes by voters": (
        VOTING, "1 5 7 VOTE", {"action": "votes", "seat": 4, "voters": [1, 5, 7]}),
    "a voter toggled off": (
        VOTING, "1 5 7 5 VOTE", {"action": "votes", "seat": 4, "voters": [1, 7]}),
    "votes by count": (VOTING, "VOTE 6 VOTE", {"action": "votes", "seat": 4, "count": 6}),
    "count of ten is key 10": (
        view(step="vote", vote={"round": 1, "candidates": [4, 9], "current": 4}),
        "VOTE 10 VOTE", {"action": "votes", "seat": 4, "count": 10}),
    "a new count key replaces the count": (
        VOTING, "VOTE 3 8 VOTE", {"action": "votes", "seat": 4, "count": 8}),
    "no votes: VOTE VOTE": (VOTING, "VOTE VOTE", {"action": "votes", "seat": 4, "count": 0}),
    "lift by voters": (LIFT, "1 2 4 5 6 VOTE", {"action": "lift", "voters": [1, 2, 4, 5, 6]}),
    "lift by count": (LIFT, "VOTE 7 VOTE", {"action": "lift", "count": 7}),
    # night
    "shot": (SHOOT, "7 NEXT", {"action": "shoot", "target": 7}),
    "miss: NEXT alone": (SHOOT, "NEXT", {"action": "shoot", "target": None}),
    "a second seat replaces the target": (SHOOT, "7 2 NEXT", {"action": "shoot", "target": 2}),
    "shot, shoot listed in night_steps": (
        SHOOT_LISTED, "7 NEXT", {"action": "shoot", "target": 7}),
    "don check comes first": (CHECKS, "2 NEXT", {"action": "don_check", "seat": 2}),
    "sheriff check": (SHERIFF, "8 NEXT", {"action": "sheriff_check", "seat": 8}),
    "sheriff check after skipping the don's": (
        CHECKS, "NEXT 8 NEXT", {"action": "sheriff_check", "seat": 8}),
    "best move": (BEST, "1 2 5 NEXT", {"action": "best_move", "seats": [1, 2, 5]}),
    "best move of one seat, one toggled off": (
        BEST, "1 5 1 NEXT", {"action": "best_move", "seats": [5]}),
    "best move after skipping both checks": (
        CHECKS, "NEXT NEXT 9 NEXT", {"action": "best_move", "seats": [9]}),
    "morning": (MORNING, "NEXT", {"action": "day"}),
    "morning after skipping every step": (CHECKS, "NEXT NEXT NEXT NEXT", {"action": "day"}),
    # the rules about who may be named are the engine's: the pad passes these on
    "a foul on the leaving player's farewell": (FAREWELL, "FOUL 7", {"action": "foul", "seat": 7}),
    "a nomination of a seat that left": (
        SPEECH, "NOMINATE 3", {"action": "nominate", "seat": 3, "by": 4}),
    "a check of a seat that left": (
        view("night", "checks", out=(2,), night_steps=("don_check",)), "2 NEXT",
        {"action": "don_check", "seat": 2}),
    # undo
    "undo": (SPEECH, "UNDO", {"action": "undo"}),
    "undo after the game": (OVER, "UNDO", {"action": "undo"}),
    "extra points: seat, points as a seat key, NEXT": (
        OVER, "7 4 NEXT", {"action": "extra", "seat": 7, "points": 0.4}),
    "extra points: a second points key replaces": (
        OVER, "7 4 6 NEXT", {"action": "extra", "seat": 7, "points": 0.6}),
    "extra points withdrawn: points key 10": (
        OVER, "7 10 NEXT", {"action": "extra", "seat": 7, "points": 0.0}),
    # the after-game lines (issue 12; docs/pad.md): the rules are the engine's
    "colour left on record: NOMINATE in a farewell, seat (000 III.5.1)": (
        FAREWELL, "NOMINATE 3",
        {"action": "colour_left", "seat": 7, "named": 3, "colour": "black"}),
    "protest: VOTE, seat (000 III.15.1; the words go on the paper protocol)": (
        OVER, "VOTE 5", {"action": "protest", "seat": 5, "text": "—"}),
    "protest, VOTE twice": (OVER, "VOTE VOTE 5", {"action": "protest", "seat": 5, "text": "—"}),
    "the signature: NEXT held (001 9.9, 003 9.10)": (OVER, "NEXT^", {"action": "close"}),
}


GAME_LOG_ACTIONS = {
    "roles", "start", "day", "night", "speech_end", "nominate", "withdraw", "votes", "lift",
    "shoot", "don_check", "sheriff_check", "best_move", "foul", "disqualify", "undo",
    "extra", "colour_left", "protest", "close",
    # a penalty names its clause (000 III.6-III.10): typed at the console (docs/pad.md)
}  # docs/game-log.md, "Actions"


def test_the_pad_can_enter_every_action_of_the_game_log() -> None:
    assert {expected["action"] for _, _, expected in ACTIONS.values()} == GAME_LOG_ACTIONS


@pytest.mark.parametrize("name", list(ACTIONS))
def test_every_action_of_the_game_log(name: str) -> None:
    at, keys, expected = ACTIONS[name]
    assert last(keys, at) == Action(expected)


REFUSALS: dict[str, tuple[JudgeView, str, str]] = {
    "a role seat twice": (DEAL, "3 3", "seat 3 already has a role"),
    "a fifth role": (DEAL, "1 2 3 4 5", "all four roles were in"),
    "roles incomplete": (DEAL, "1 2 NEXT", "2 of 4 entered"),
    "seat key when the cards are dealt": (READY, "4", "NEXT starts the night"),
    "seat key in the zero night": (ZERO, "4", "nothing to choose in the zero night"),
    "foul before the start": (DEAL, "FOUL", "fouls count only once the game has started"),
    "nothing to undo": (DEAL, "UNDO", "nothing to undo yet"),
    "a bare seat key in a speech": (SPEECH, "7", "press NOMINATE or FOUL first"),
    "a bare seat key while waiting for night": (AWAIT, "7", "press FOUL first"),
    # (in a farewell NOMINATE now leaves a colour on record, 000 III.5.1: see ACTIONS)
    "nominate outside a speech": (AWAIT, "NOMINATE", "during a player's own speech"),
    "nominate during a vote": (VOTING, "NOMINATE", "during a player's own speech"),
    "a verb then another key": (SPEECH, "NOMINATE NEXT", "NOMINATE needs a seat number"),
    "a foul then VOTE": (VOTING, "FOUL VOTE", "FOUL needs a seat number"),
    "a removal then NEXT": (SPEECH, "FOUL^ NEXT", "REMOVE needs a seat number"),
    "a voter not at the table": (VOTING, "1 3", "seat 3 is not at the table and cannot vote"),
    "a count above the players at the table": (VOTING, "VOTE 10", "only 9 players"),
    "NEXT during a vote": (VOTING, "1 NEXT", "votes first"),
    "NEXT during the lift question": (LIFT, "NEXT", "votes first"),
    "VOTE outside a vote": (SPEECH, "VOTE", "VOTE works only during a vote"),
    "a fourth best-move seat": (BEST, "1 2 3 4", "at most three seats"),
    "a seat in the morning": (MORNING, "4", "NEXT brings the morning"),
    "a seat after the game": (LAST_WORD, "4", "the game is over"),
    "a protest then NEXT": (OVER, "VOTE NEXT", "PROTEST needs a seat number"),
    "extra points without the points": (OVER, "7 NEXT", "press the points as a seat key"),
}


@pytest.mark.parametrize("name", list(REFUSALS))
def test_every_refusal_is_a_plain_error(name: str) -> None:
    at, keys, words = REFUSALS[name]
    result = last(keys, at)
    assert isinstance(result, PadError)
    assert words in result.message


@pytest.mark.parametrize("name", list(REFUSALS))
def test_a_refusal_clears_the_unfinished_sequence(name: str) -> None:
    at, keys, _ = REFUSALS[name]
    decoder = PadDecoder()
    feed(decoder, keys, at)
    assert decoder.text(at) == PadDecoder().text(at)


PENDING: dict[str, tuple[JudgeView, str, str]] = {
    "roles on the way": (DEAL, "3 5", "DON 3  MAFIA 5 _  SHERIFF _"),
    "foul": (SPEECH, "FOUL", "FOUL _"),
    "removal": (SPEECH, "FOUL^", "REMOVE _"),
    "team loss": (SPEECH, "FOUL^ FOUL^", "TEAM LOSS _"),
    "nominate": (SPEECH, "NOMINATE", "NOMINATE _"),
    "withdraw": (SPEECH, "NOMINATE^", "WITHDRAW _"),
    "voters": (VOTING, "7 1", "VOTE #4: 1 7"),
    "count mode": (VOTING, "VOTE", "VOTE #4 COUNT: _"),
    "count": (VOTING, "VOTE 5", "VOTE #4 COUNT: 5"),
    "lift voters": (LIFT, "2", "LIFT: 2"),
    "shot chosen": (SHOOT, "7", "SHOOT 7"),
    "check skipped": (CHECKS, "NEXT", "(no DON CHECK) SHERIFF CHECK _"),
    "best move on the way": (BEST, "5 1", "BEST MOVE 5 1"),
    "all skipped": (
        CHECKS, "NEXT NEXT NEXT",
        "(no DON CHECK) (no SHERIFF CHECK) (no BEST MOVE) MORNING: NEXT"),
    "a verb cancelled by UNDO": (SPEECH, "FOUL UNDO", ""),
    "voters cleared by UNDO": (VOTING, "1 2 UNDO", "VOTE #4: _"),
    "count mode left by UNDO": (VOTING, "VOTE 4 UNDO", "VOTE #4: _"),
    "a skip taken back by UNDO": (CHECKS, "NEXT UNDO", "DON CHECK _"),
    "a roles entry cleared by UNDO": (DEAL, "3 5 UNDO", "DON _  MAFIA _ _  SHERIFF _"),
    "a hold on a seat key changes nothing": (VOTING, "1^", "VOTE #4: 1"),
    "a hold after a refused FOUL does nothing": (DEAL, "FOUL^", "DON _  MAFIA _ _  SHERIFF _"),
    "extra points: the seat": (OVER, "7", "EXTRA 7: _"),
    "extra points: the seat and the points": (OVER, "7 4", "EXTRA 7: 0.4"),
    "extra points: withdraw": (OVER, "7 10", "EXTRA 7: 0 (withdraw)"),
    "extra points cleared by UNDO": (OVER, "7 4 UNDO", ""),
    # NEXT alone after the result records nothing (it used to be refused): holding it signs
    "NEXT after the result waits for its hold": (OVER, "NEXT", "CLOSE: hold NEXT"),
    "protest: the verb": (OVER, "VOTE", "PROTEST _"),
    "colour on record: the verb": (FAREWELL, "NOMINATE", "ON RECORD _"),
    "a signature cancelled by UNDO": (OVER, "NEXT UNDO", ""),
}


@pytest.mark.parametrize("name", list(PENDING))
def test_unfinished_sequences_show_on_the_judge_screen(name: str) -> None:
    at, keys, text = PENDING[name]
    decoder = PadDecoder()
    result = feed(decoder, keys, at)[-1]
    assert result == Pending(text)
    assert decoder.text(at) == text


def test_timer_key_toggles_and_restarts_without_touching_a_sequence() -> None:
    decoder = PadDecoder()
    results = feed(decoder, "FOUL TIMER TIMER^ 4", SPEECH)
    assert results[1:4] == [
        DeviceCommand("timer_toggle"),
        DeviceCommand("timer_toggle"),
        DeviceCommand("timer_restart"),
    ]
    assert results[-1] == Action({"action": "foul", "seat": 4})


def test_a_foul_in_the_middle_of_a_vote_keeps_the_voters() -> None:
    decoder = PadDecoder()
    feed(decoder, "1 5", VOTING)
    assert feed(decoder, "FOUL 8", VOTING)[-1] == Action({"action": "foul", "seat": 8})
    after_foul = VOTING.model_copy(update={"actions": VOTING.actions + 1})
    assert feed(decoder, "7 VOTE", after_foul)[-1] == Action(
        {"action": "votes", "seat": 4, "voters": [1, 5, 7]}
    )


def test_voters_are_forgotten_when_the_next_candidate_comes_up() -> None:
    decoder = PadDecoder()
    feed(decoder, "1 5", VOTING)
    assert VOTING.vote is not None
    next_candidate = VOTING.model_copy(
        update={"vote": VOTING.vote.model_copy(update={"current": 9})})
    assert decoder.text(next_candidate) == "VOTE #9: _"
    assert feed(decoder, "6 VOTE", next_candidate)[-1] == Action(
        {"action": "votes", "seat": 9, "voters": [6]}
    )


def test_a_nomination_started_in_one_speech_does_not_carry_into_the_next() -> None:
    decoder = PadDecoder()
    feed(decoder, "NOMINATE", SPEECH)
    next_speech = view(speaker=5, out=(3,))
    result = feed(decoder, "7", next_speech)[-1]
    assert isinstance(result, PadError)
    assert "press NOMINATE or FOUL first" in result.message


def test_a_skipped_check_stays_skipped_after_the_next_step_is_recorded() -> None:
    decoder = PadDecoder()
    assert feed(decoder, "NEXT 8 NEXT", CHECKS)[-1] == Action(
        {"action": "sheriff_check", "seat": 8}
    )
    after = view("night", "checks", night_steps=("don_check", "best_move"), actions=13)
    assert decoder.text(after) == "(no DON CHECK) BEST MOVE _"
    assert feed(decoder, "4 NEXT", after)[-1] == Action({"action": "best_move", "seats": [4]})


def test_undo_takes_back_a_record_first_then_the_skip_before_it() -> None:
    decoder = PadDecoder()
    feed(decoder, "NEXT 8 NEXT", CHECKS)  # skip the don's check, record the sheriff's
    after = view("night", "checks", night_steps=("don_check", "best_move"), actions=13)
    assert feed(decoder, "UNDO", after)[-1] == Action({"action": "undo"})
    # the engine undid the sheriff check: back to the view the skip was made in
    assert feed(decoder, "UNDO", CHECKS)[-1] == Pending("DON CHECK _")
    assert feed(decoder, "2 NEXT", CHECKS)[-1] == Action({"action": "don_check", "seat": 2})


def test_skipped_steps_are_forgotten_on_the_next_night() -> None:
    decoder = PadDecoder()
    feed(decoder, "NEXT", CHECKS)
    night_two = view("night", "checks", number=2, night_steps=("don_check", "sheriff_check"))
    assert decoder.text(night_two) == "DON CHECK _"


def test_an_error_in_a_vote_clears_the_voters() -> None:
    decoder = PadDecoder()
    assert isinstance(feed(decoder, "1 2 NEXT", VOTING)[-1], PadError)
    assert decoder.text(VOTING) == "VOTE #4: _"


def test_an_undo_with_a_verb_pending_cancels_only_the_verb() -> None:
    decoder = PadDecoder()
    feed(decoder, "1 2 FOUL", VOTING)
    assert feed(decoder, "UNDO", VOTING)[-1] == Pending("VOTE #4: 1 2")
    assert feed(decoder, "UNDO", VOTING)[-1] == Pending("VOTE #4: _")
    assert feed(decoder, "UNDO", VOTING)[-1] == Action({"action": "undo"})


def test_speech_steps_show_no_pending_text() -> None:
    assert PadDecoder().text(SPEECH) == ""
    assert last("FOUL 4", SPEECH) == Action({"action": "foul", "seat": 4})


def test_an_unknown_night_step_cannot_reach_the_pad() -> None:
    """Once refused by the grammar at run time; now the typed judge view refuses it."""
    with pytest.raises(ValidationError, match="night_steps"):
        view("night", "checks", night_steps=("omen",))


def test_holding_next_that_recorded_extra_points_does_not_sign_the_protocol() -> None:
    """Only a NEXT pressed alone after the result becomes the signature when held."""
    results = feed(PadDecoder(), "7 4 NEXT^", OVER)
    assert results[-2] == Action({"action": "extra", "seat": 7, "points": 0.4})
    assert results[-1] == Pending("")


def test_a_signature_waits_only_while_the_game_stays_decided() -> None:
    decoder = PadDecoder()
    feed(decoder, "NEXT", OVER)
    assert decoder.text(SPEECH) == ""  # an undo took the game back: nothing to sign
    assert decoder.feed(KeyEvent("NEXT", "hold", 0.8), OVER) == Pending("")


@pytest.mark.parametrize("name", list(REFUSALS))
def test_every_pad_refusal_reaches_a_russian_screen_in_russian(name: str) -> None:
    """Issue 11: the pad's refusals carry their key like the engine's (engine/refusals.py)."""
    at, keys, _ = REFUSALS[name]
    result = last(keys, at)
    assert isinstance(result, PadError) and result.phrase is not None
    assert result.phrase.text("en") == result.message
    ru = result.phrase.text("ru")
    assert re.search(r"[а-яё]", ru, re.IGNORECASE) and ru != result.message
