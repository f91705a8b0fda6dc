"""The value classes (engine.values) behave as the frozen dataclasses they replaced: equal
only within one class, hashable, immutable, with a dataclass's repr and `match` patterns."""

from __future__ import annotations

import copy
import pickle
import typing

import pytest

from engine import actions as act
from engine.classic.game import Outcome
from engine.club import actions as club
from engine.club.game import ClubOutcome
from engine.club.setup import Settings
from engine.errors import IllegalAction
from engine.refusals import Phrase, R
from engine.roles import Side
from engine.values import FrozenValueError, Value
from engine.vocab import NightAct, Termination, Winner

ACTIONS = typing.get_args(act.Action) + typing.get_args(club.ClubAction)


def test_values_of_different_classes_are_never_equal() -> None:
    assert act.Day() != act.Night()
    assert act.Start() != act.Undo()
    assert act.Nominate(3) != act.Withdraw(3)
    assert act.DonCheck(4) != act.SheriffCheck(4)
    assert club.DiscussionEnd() != club.NominationsEnd()
    assert act.Nominate(3) != (3, None)  # not a tuple either
    assert len({act.Day(), act.Night(), act.Start(), act.SpeechEnd(), act.Undo()}) == 5


def test_equal_fields_make_equal_values_with_equal_hashes() -> None:
    assert act.Day() == act.Day()
    assert act.Nominate(3) == act.Nominate(seat=3, by=None)
    assert act.Nominate(3) != act.Nominate(3, by=5)
    assert hash(act.Votes(2, voters=(1, 4))) == hash(act.Votes(seat=2, voters=(1, 4)))
    assert {act.Foul(7), act.Foul(7), act.Foul(7, kind="voting")} == {
        act.Foul(7), act.Foul(7, kind="voting")}


@pytest.mark.parametrize("cls", ACTIONS, ids=lambda cls: cls.__name__)
def test_every_action_is_a_frozen_slotted_value(cls: type[Value]) -> None:
    assert issubclass(cls, Value)
    assert cls.__match_args__ == cls._fields == tuple(cls.__annotations__)
    assert "__dict__" not in dir(cls)


def test_a_value_cannot_be_changed() -> None:
    nomination = act.Nominate(3, by=1)
    with pytest.raises(FrozenValueError, match="cannot assign to field 'seat'"):
        nomination.seat = 4  # type: ignore[misc]
    with pytest.raises(AttributeError):
        nomination.colour = "red"  # type: ignore[attr-defined]
    with pytest.raises(FrozenValueError, match="cannot delete field 'by'"):
        del nomination.by
    with pytest.raises(AttributeError):
        object.__setattr__(nomination, "colour", "red")  # slots: no room for a new field
    assert nomination == act.Nominate(3, by=1)


def test_the_repr_is_the_dataclass_one() -> None:
    assert repr(act.Day()) == "Day()"
    assert repr(act.Votes(2, voters=(1, 4))) == "Votes(seat=2, count=None, voters=(1, 4))"
    assert repr(club.NightAction(NightAct.MAFIA_SHOT, None)) == (
        f"NightAction(act={NightAct.MAFIA_SHOT!r}, seat=None)")


def test_the_constructor_checks_its_arguments() -> None:
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'seat'"):
        act.Nominate()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="multiple values for argument 'seat'"):
        act.Nominate(1, seat=2)  # type: ignore[misc]
    with pytest.raises(TypeError):
        act.Day(1)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected keyword argument 'seat'"):
        act.BestMove(seats=(1,), seat=2)  # type: ignore[call-arg]


def test_a_post_init_check_runs_on_every_construction() -> None:
    with pytest.raises(IllegalAction, match="3 to 15 seats, not 99"):
        Settings(99)
    assert Settings(10).seats == 10


def name_of(action: object) -> str:
    match action:
        case act.Day():
            return "day"
        case act.Night():
            return "night"
        case act.Nominate(seat, by=None):
            return f"nominate {seat}"
        case act.Nominate(seat, by):
            return f"{by} nominates {seat}"
        case act.Votes(seat=seat, voters=(first, *_)):
            return f"votes for {seat} from {first} on"
        case club.NightAction(NightAct.MAFIA_SHOT, seat):
            return f"mafia at {seat}"
    return "other"


def test_match_patterns_by_position_and_keyword() -> None:
    assert name_of(act.Day()) == "day"
    assert name_of(act.Night()) == "night"
    assert name_of(act.Nominate(4)) == "nominate 4"
    assert name_of(act.Nominate(4, by=2)) == "2 nominates 4"
    assert name_of(act.Votes(5, voters=(3, 8))) == "votes for 5 from 3 on"
    assert name_of(club.NightAction(NightAct.MAFIA_SHOT, 6)) == "mafia at 6"
    assert name_of(act.Withdraw(4)) == "other"


def test_values_survive_copy_and_pickle() -> None:
    for value in (act.Day(), act.Shoot(shots=((1, 5), (2, None))), Phrase(R.NOTHING_TO_UNDO),
                  Outcome(Winner.RED, Termination.ALL_BLACK_OUT),
                  ClubOutcome(Side.CITY, "all_out"), Settings(9)):
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value
        assert copy.copy(value) == value
    assert repr(Phrase(R.NOTHING_TO_UNDO)) == f"Phrase(key={R.NOTHING_TO_UNDO!r}, params={{}})"


def test_a_subclass_keeps_its_fields_and_cannot_add_more() -> None:
    class Nomination(act.Nominate):  # type: ignore[misc]  # final for mypy only
        pass

    assert Nomination(3, by=1).by == 1
    assert Nomination(3) != act.Nominate(3)
    with pytest.raises(TypeError, match="all declared in one class"):
        class Renominate(act.Nominate):  # type: ignore[misc]
            again: bool = False
