"""Scenarios of the club pad's grammar (docs/pad.md, "The club game"; device/table/clubkeys.py):
each club key sequence and its refusals, on the real club engine (seed 004 §1-§9)."""

from __future__ import annotations

import pytest

from device.hardware.pad import KeyEvent
from device.table.clubkeys import ClubDecoder, deal_slots
from device.table.keys import Action, PadError, Pending, Result
from engine.club import views
from engine.club.game import ClubGame
from engine.club.log import parse_action
from engine.club.setup import Settings
from engine.club.timer import night_steps
from engine.refusals import R
from engine.viewmodels import JudgeView

Line = dict[str, object]
SPEECH_END: Line = {"action": "speech_end"}
DAY_ONE: list[Line] = [{"action": "start"}, {"action": "day"}, {"action": "discussion_end"}]
# six seats: mafia 5, maniac 6; day 1 voted into a tie of seats 1 and 2 (3 votes each)
TIE: list[Line] = [{"action": "roles", "mafia": [5], "maniac": 6}, *DAY_ONE,
       *[SPEECH_END] * 6,
       {"action": "nominate", "by": 2, "seat": 1}, {"action": "nominate", "by": 1, "seat": 2},
       {"action": "nominations_end"}, {"action": "speech_end"}, {"action": "speech_end"},
       {"action": "votes", "seat": 1, "voters": [3, 4]}]
# thirteen seats with the putana (a regular game, 004 §3)
DEAL_13: Line = {"action": "roles", "mafia": [1, 2, 3], "don": 4, "maniac": 5, "doctor": 6,
           "commissar": 7, "kamikaze": 8, "sapper": 9, "putana": 10}


class Pad:
    """A club game and the club decoder; keys go in, recorded lines go into the game."""

    def __init__(self, seats: int, lines: tuple[Line, ...] | list[Line] = ()) -> None:
        self.game = ClubGame(Settings(seats=seats))
        self.decoder = ClubDecoder()
        for line in lines:
            self.game.push(parse_action(line, seats))

    def view(self) -> JudgeView:
        return views.judge_view(self.game)

    def keys(self, *keys: str) -> Result:
        """Press each key ("hold:FOUL" = press and hold); the last press's result. A recorded
        line is applied to the game (undo pops)."""
        result: Result = Pending("")
        for key in keys:
            name = key.removeprefix("hold:")
            kinds = ["press", "hold"] if key.startswith("hold:") else ["press"]
            for kind in [*kinds, "release"]:
                out = self.decoder.feed(KeyEvent(name, kind, 0.0),  # type: ignore[arg-type]
                                        self.view(), night_steps(self.game.state))
                if kind != "release":
                    result = out
            if isinstance(result, Action):
                line = result.action
                if line["action"] == "undo":
                    self.game.pop()
                else:
                    self.game.push(parse_action(line, self.game.settings.seats))
        return result

    def text(self) -> str:
        return self.decoder.text(self.view(), night_steps(self.game.state))


def recorded(result: Result) -> Line:
    assert isinstance(result, Action), result
    return result.action


def refused(result: Result) -> str:
    assert isinstance(result, PadError), result
    return result.message


# ---- the deal (004 §1-3) ---------------------------------------------------------------------

def test_the_deal_of_twelve_in_the_card_order() -> None:
    pad = Pad(12)
    assert pad.text() == "DEAL: DON _ (NEXT: no don)"
    pad.keys("4", "9", "1")
    assert pad.text() == "DON 4  MAFIA 9  MAFIA 1  MANIAC _"
    assert recorded(pad.keys("2", "3", "5", "6", "NEXT")) == {
        "action": "roles", "mafia": [1, 9], "don": 4, "maniac": 2, "doctor": 3,
        "commissar": 5, "kamikaze": 6}


def test_next_on_the_dons_slot_deals_no_don() -> None:
    """004 §2: the don replaces one mafia member, so a game may have none."""
    pad = Pad(8)
    pad.keys("NEXT")
    assert pad.text() == "DON -  MAFIA _"
    line = recorded(pad.keys("7", "3", "1", "2", "4", "NEXT"))
    assert line == {"action": "roles", "mafia": [3, 7], "maniac": 1, "doctor": 2,
                    "commissar": 4}


def test_the_putana_is_the_last_card_and_optional() -> None:
    """004 §3: the putana only on the club's putana days; NEXT after the sapper deals none."""
    with_putana = Pad(13)
    keys = ["4", "1", "2", "3", "5", "6", "7", "8", "9"]
    assert recorded(with_putana.keys(*keys, "10", "NEXT")) == DEAL_13
    without = Pad(13)
    assert "putana" not in recorded(without.keys(*keys, "NEXT"))


def test_an_incomplete_or_overfull_deal_is_refused_and_nothing_recorded() -> None:
    pad = Pad(7)
    assert refused(pad.keys("1", "2", "NEXT")) == (
        "the deal is not complete: the next card is the doctor")
    assert pad.game.actions == ()
    assert refused(pad.keys("1", "2", "3", "4")) == "every card is entered: NEXT records the deal"
    assert refused(pad.keys("1", "1")) == "seat 1 already has a role: enter the roles again"


def test_the_slots_follow_the_table_size() -> None:
    assert deal_slots(3, no_don=False) == ("don",)
    assert deal_slots(15, no_don=True) == ("mafia",) * 4 + (
        "maniac", "doctor", "commissar", "kamikaze", "sapper", "putana")


# ---- the day (004 §6) -------------------------------------------------------------------------

def test_discussion_speeches_and_nominations_end_with_next() -> None:
    pad = Pad(6, [TIE[0], {"action": "start"}, {"action": "day"}])
    assert recorded(pad.keys("NEXT")) == {"action": "discussion_end"}
    assert recorded(pad.keys("NEXT")) == {"action": "speech_end"}
    pad.keys(*["NEXT"] * 5)
    assert pad.view().step == "nominations"
    assert recorded(pad.keys("NEXT")) == {"action": "nominations_end"}


def test_a_nomination_is_nominate_who_whom() -> None:
    pad = Pad(6, TIE[:10])
    pad.keys("NOMINATE", "3")
    assert pad.text() == "NOMINATE 3 -> _"
    assert recorded(pad.keys("5")) == {"action": "nominate", "by": 3, "seat": 5}


def test_nomination_refusals_say_what_to_press() -> None:
    speeches = Pad(6, TIE[:5])
    assert "at the nominations step: NOMINATE, who nominates, whom (004 §6)" in refused(
        speeches.keys("NOMINATE"))
    nominations = Pad(6, TIE[:10])
    assert refused(nominations.keys("4")) == (
        "a seat key alone records nothing: a nomination is NOMINATE, who nominates, whom")
    assert refused(nominations.keys("hold:NOMINATE")) == (
        "the club game takes back no nomination (004 §6); UNDO undoes the last record")
    assert len(nominations.game.actions) == 10


def test_the_vote_voters_then_vote_and_vote_alone_is_nobody() -> None:
    pad = Pad(6, TIE[:-1])
    pad.keys("3", "4", "6", "6")  # pressed again: taken back
    assert pad.text() == "VOTE #1: 3 4"
    assert recorded(pad.keys("VOTE")) == {"action": "votes", "seat": 1, "voters": [3, 4]}
    assert recorded(pad.keys("VOTE")) == {"action": "votes", "seat": 2, "voters": []}


def test_vote_outside_the_vote_is_refused() -> None:
    pad = Pad(6, TIE[:5])
    assert refused(pad.keys("VOTE")) == (
        "VOTE works only in the vote, after the justification speeches")


def test_the_maniac_settles_the_catastrophe_with_a_seat_and_next() -> None:
    """004 §6 "авто катастрофа", club R9: the maniac points at one of the tied."""
    pad = Pad(6, TIE)
    pad.keys("5", "6", "VOTE")
    assert pad.view().step == "catastrophe"
    assert "the maniac points at one of the tied" in refused(pad.keys("NEXT"))
    pad.keys("1", "2")  # a second seat replaces the first
    assert pad.text() == "MANIAC CHOOSES 2"
    assert recorded(pad.keys("NEXT")) == {"action": "catastrophe", "seat": 2}


# ---- fouls and removals (004 §9) --------------------------------------------------------------

@pytest.mark.parametrize(("holds", "kind"), [(1, "removal"), (2, "team_loss"), (3, "drop")])
def test_held_foul_removes_and_a_third_hold_is_a_dropped_number(holds: int, kind: str) -> None:
    pad = Pad(6, TIE[:5])
    line = recorded(pad.keys(*["hold:FOUL"] * holds, "3"))
    assert line == {"action": "disqualify", "seat": 3, "kind": kind}


def test_a_foul_is_foul_then_seat() -> None:
    pad = Pad(6, TIE[:5])
    assert recorded(pad.keys("FOUL", "2")) == {"action": "foul", "seat": 2}


# ---- the night (004 §7) -----------------------------------------------------------------------

def night_13() -> Pad:
    tie: list[Line] = [*TIE[1:4], *[SPEECH_END] * 13, {"action": "nominations_end"}]
    return Pad(13, [DEAL_13, *tie, {"action": "night"}])


def test_the_night_in_the_club_order_each_seat_then_next() -> None:
    pad = night_13()
    assert pad.text() == "PUTANA _"
    assert recorded(pad.keys("12", "NEXT")) == {"action": "putana", "seat": 12}
    assert recorded(pad.keys("11", "NEXT")) == {"action": "mafia_shot", "target": 11}
    assert recorded(pad.keys("6", "NEXT")) == {"action": "don_check", "seat": 6}
    assert recorded(pad.keys("13", "NEXT")) == {"action": "maniac_shot", "target": 13}
    assert recorded(pad.keys("13", "NEXT")) == {"action": "heal", "seat": 13}
    assert recorded(pad.keys("1", "NEXT")) == {"action": "commissar_check", "seat": 1}
    assert recorded(pad.keys("NEXT")) == {"action": "day"}


def test_next_alone_passes_an_optional_line_and_misses_a_required_shot() -> None:
    pad = night_13()
    assert pad.keys("NEXT") == Pending("(no PUTANA) MAFIA SHOT _")
    assert pad.keys("UNDO") == Pending("PUTANA _")  # straight after: the step is back
    pad.keys("NEXT")
    assert recorded(pad.keys("NEXT")) == {"action": "mafia_shot", "target": None}
    pad.keys("NEXT", "NEXT")  # no don's check, no maniac's shot
    assert pad.text() == "(no PUTANA) (no DON CHECK) (no MANIAC SHOT) HEAL _"
    assert recorded(pad.keys("NEXT", "NEXT", "NEXT")) == {"action": "day"}


def test_the_blocked_player_has_no_step() -> None:
    """004 §7: the putana's seat sleeps; the pad goes on to the next awake player."""
    pad = night_13()
    pad.keys("6", "NEXT", "11", "NEXT", "NEXT", "NEXT")  # putana on the doctor
    assert pad.text().endswith("COMMISSAR CHECK _")


def test_the_kamikazes_pick_when_he_dies_tonight() -> None:
    pad = night_13()
    pad.keys("NEXT", "8", "NEXT", "NEXT", "NEXT", "NEXT", "NEXT")  # the mafia shot him
    assert pad.text().endswith("KAMIKAZE _")
    assert recorded(pad.keys("NEXT")) == {"action": "kamikaze", "seat": None}


# ---- after the result (004 §8, club C7) -------------------------------------------------------

def test_extra_point_is_seat_one_next_and_other_values_are_refused() -> None:
    decided: list[Line] = [{"action": "roles", "mafia": [], "don": 3}, *DAY_ONE,
               *[SPEECH_END] * 3,
               {"action": "nominate", "by": 1, "seat": 3}, {"action": "nominations_end"},
               {"action": "speech_end"}, {"action": "votes", "seat": 3, "voters": [1, 2]}]
    pad = Pad(3, decided)
    pad.keys(*["NEXT"] * (1 if pad.view().speaker is not None else 0))
    assert pad.game.state.finished
    pad.keys("1", "1")
    assert pad.text() == "EXTRA 1: 1"
    assert recorded(pad.keys("NEXT")) == {"action": "extra", "seat": 1, "points": 1.0}
    pad.keys("2", "5")
    assert refused(pad.keys("NEXT")) == (
        "an extra point for seat 2: 1 = one point (004 §8), 10 = withdraw, then NEXT")
    assert recorded(pad.keys("VOTE", "2")) == {"action": "protest", "seat": 2, "text": "—"}
    assert recorded(pad.keys("NEXT", "hold:NEXT")) == {"action": "close"}


def test_a_club_refusal_in_russian() -> None:
    pad = Pad(6, TIE[:10])
    result = pad.keys("4")
    assert isinstance(result, PadError) and result.phrase is not None
    assert result.phrase.key is R.PAD_CLUB_SEAT_ALONE_NOMINATIONS
    assert result.phrase.text("ru").startswith("номер места сам по себе ничего не записывает")


def test_a_kamikaze_voted_out_picks_with_a_seat_and_next() -> None:
    """004 §5 "при голосовании", club R18: his pick comes before the last words."""
    deal: Line = {"action": "roles", "mafia": [2, 3], "don": 1, "maniac": 4, "doctor": 5,
                  "commissar": 6, "kamikaze": 7}
    pad = Pad(10, [deal, *DAY_ONE, *[SPEECH_END] * 10,
                   {"action": "nominate", "by": 1, "seat": 7}, {"action": "nominations_end"},
                   {"action": "speech_end"}])
    pad.keys("1", "2", "3", "4", "5", "6", "8", "VOTE")
    assert pad.view().step == "pick"
    pad.keys("2")
    assert pad.text() == "KAMIKAZE PICK 2"
    assert recorded(pad.keys("NEXT")) == {"action": "kamikaze", "seat": 2}
