"""The club game's key grammar (docs/pad.md, "The club game"): the classic grammar of
device/table/keys.py where the act is the same, the club's own steps (seed 004 §6-§7) where not.

The same six function keys and three habits. What changes:

- the deal: the cards in a fixed order (don, mafia, then the roles the table size deals,
  004 §1-3; the putana last, optional), NEXT on the don's slot for a game without a don;
- NEXT also ends the general discussion and the nominations;
- a nomination is NOMINATE, who nominates, whom (004 §6: nominations in any order, after the
  speeches); the club takes none back, so a held NOMINATE is refused;
- the vote: voters, then VOTE (VOTE alone: nobody); the non-voters are implied (004 §6);
- авто катастрофа and the day pick: seat, NEXT (the pick: NEXT alone takes nobody);
- the night: the seven lines in the club order (004 §7), each "seat, NEXT"; NEXT alone is a
  miss for a required shot or pick, and passes an optional line;
- a third FOUL hold is a dropped number (004 §9);
- extra points: seat, 1 (one point, 004 §8) or 10 (withdraw), NEXT.

Pure: the judge view, plus tonight's steps still to come (engine.club.timer.night_steps).
"""

from __future__ import annotations

from device.hardware.pad import KeyEvent
from device.hardware.pins import seat_of
from device.table.keys import (
    HOLD_UPGRADE,
    Action,
    PadDecoder,
    PadError,
    Pending,
    Result,
    Verb,
    View,
    _after_the_result,
    _Refused,
)
from engine.club.setup import FROM_SEATS, PUTANA_FROM, mafia_side
from engine.refusals import CLUB_ROLE_WORDS, Phrase, R
from engine.vocab import ClubStep, NightAct

CLUB_HOLD_UPGRADE = {**HOLD_UPGRADE, ("FOUL", Verb.TEAM_LOSS): Verb.DROP}
CLUB_NIGHT_NAMES: dict[str, str] = {
    NightAct.PUTANA: "PUTANA", NightAct.MAFIA_SHOT: "MAFIA SHOT",
    NightAct.DON_CHECK: "DON CHECK", NightAct.MANIAC_SHOT: "MANIAC SHOT",
    NightAct.HEAL: "HEAL", NightAct.COMMISSAR_CHECK: "COMMISSAR CHECK",
    NightAct.KAMIKAZE: "KAMIKAZE",
}
# NEXT alone records "nobody" here (a miss, a pick of nobody): these lines are required when
# they come (docs/club.md, "The night"); the other lines are passed, as in the classic night.
NULL_STEPS = frozenset({NightAct.MAFIA_SHOT, NightAct.KAMIKAZE})
CHOICE_STEPS = frozenset({ClubStep.CATASTROPHE, ClubStep.PICK})


def deal_slots(seats: int, no_don: bool) -> tuple[str, ...]:
    """The cards in keying order for a table of `seats` (004 §1-3); the putana is optional."""
    side = mafia_side(seats)
    mafia = ("mafia",) * side if no_don else ("don", *("mafia",) * (side - 1))
    roles = tuple(role.value for role, first in FROM_SEATS.items() if seats >= first)
    return (*mafia, *roles, *(("putana",) if seats >= PUTANA_FROM else ()))


class ClubDecoder(PadDecoder):
    """The club pad: one key event at a time, given the judge view and tonight's steps."""

    hold_upgrade = CLUB_HOLD_UPGRADE
    night_names = CLUB_NIGHT_NAMES
    extra_refusal = R.PAD_CLUB_EXTRA_POINTS

    def __init__(self) -> None:
        super().__init__()
        self._steps: tuple[NightAct, ...] = ()
        self._by: int | None = None  # the nominator, once NOMINATE has its first seat

    def feed(self, event: KeyEvent, view: View,
             steps: tuple[NightAct, ...] = ()) -> Result:
        """As PadDecoder.feed; `steps` are tonight's steps still to come (`night_steps`)."""
        self._steps = steps
        if event.kind == "hold" and event.key == "NOMINATE" and self._verb is Verb.NOMINATE:
            self.reset()
            refused = Phrase(R.PAD_CLUB_NO_WITHDRAW)
            return PadError(refused.text("en"), refused)
        return super().feed(event, view)

    def reset(self) -> None:
        super().reset()
        self._by = None

    def text(self, view: View, steps: tuple[NightAct, ...] | None = None) -> str:
        if steps is not None:
            self._steps = steps
        self._forget_stale(view)
        if self._verb is Verb.NOMINATE:
            return f"NOMINATE {'_' if self._by is None else self._by} -> _"
        if self._verb is None and view.step == ClubStep.CATASTROPHE:
            return f"MANIAC CHOOSES {self._chosen(view)}"
        if self._verb is None and view.step == ClubStep.PICK:
            return f"KAMIKAZE PICK {self._chosen(view)}"
        return super().text(view)

    def _chosen(self, view: View) -> str:
        return " ".join(map(str, self._entry(view).seats)) or "_"

    # ---- the keys whose meaning differs ---------------------------------------------------
    def _press(self, key: str, view: View) -> Result:
        if key == "NOMINATE" and self._verb is None:
            if view.step != ClubStep.NOMINATIONS or view.phase != "day":
                raise _Refused(R.PAD_CLUB_NOMINATE_WHEN)
            self._by = None
            return self._start_verb(Verb.NOMINATE, view)
        return super()._press(key, view)

    def _complete_verb(self, key: str, view: View) -> Result:
        seat = seat_of(key)
        if self._verb is Verb.NOMINATE and seat is not None:
            if self._by is None:
                self._by = seat
                return Pending(self.text(view))
            by, self._by, self._verb = self._by, None, None
            return Action({"action": "nominate", "by": by, "seat": seat})
        if self._verb is Verb.DROP and seat is not None:
            self._verb = None
            return Action({"action": "disqualify", "seat": seat, "kind": "drop"})
        return super()._complete_verb(key, view)

    def _undo(self, view: View) -> Result:
        self._by = None
        return super()._undo(view)

    def _seat(self, seat: int, view: View) -> Result:
        if view.phase == "day" and view.step in CHOICE_STEPS:
            self._entry(view).seats = [seat]  # a second seat key replaces the first
            return Pending(self.text(view))
        if view.phase == "day" and view.step == ClubStep.NOMINATIONS:
            raise _Refused(R.PAD_CLUB_SEAT_ALONE_NOMINATIONS)
        return super()._seat(seat, view)

    def _next(self, view: View) -> Result:
        step = view.step
        if view.phase == "day":
            if view.speaker is not None:
                return self._record({"action": "speech_end"})
            if step == ClubStep.DISCUSSION:
                return self._record({"action": "discussion_end"})
            if step == ClubStep.NOMINATIONS:
                return self._record({"action": "nominations_end"})
            if step in CHOICE_STEPS:
                return self._choice_next(view)
        return super()._next(view)

    def _choice_next(self, view: View) -> Result:
        seats = self._entry(view).seats
        if view.step == ClubStep.CATASTROPHE:
            if not seats:
                raise _Refused(R.PAD_CLUB_CATASTROPHE_SEAT)
            return self._record({"action": "catastrophe", "seat": seats[0]})
        return self._record({"action": "kamikaze", "seat": seats[0] if seats else None})

    def _vote(self, view: View) -> Result:
        if _after_the_result(view) or view.step != ClubStep.VOTE:
            raise _Refused(R.PAD_CLUB_VOTE_OUTSIDE)
        vote = view.vote
        if vote is None:
            raise _Refused(R.PAD_NO_VOTE)
        voters = sorted(self._entry(view).seats)  # none: nobody voted for him (004 §6)
        return self._record({"action": "votes", "seat": vote.current, "voters": voters})

    # ---- the deal -------------------------------------------------------------------------
    def _slots(self, view: View) -> tuple[str, ...]:
        return deal_slots(len(view.seats), self._entry(view).passed)

    def _role_seat(self, seat: int, view: View) -> Result:
        entry = self._entry(view)
        if seat in entry.seats:
            raise _Refused(R.PAD_ROLE_TWICE, seat=seat)
        if len(entry.seats) == len(self._slots(view)):
            raise _Refused(R.PAD_CLUB_ROLES_FULL)
        entry.seats.append(seat)
        return Pending(self.text(view))

    def _commit_roles(self, view: View) -> Result:
        entry = self._entry(view)
        if not entry.seats and not entry.passed:
            entry.passed = True  # NEXT on the don's slot: a game without a don (004 §2)
            return Pending(self.text(view))
        slots = self._slots(view)
        needed = len(slots) - (slots[-1] == "putana")
        if len(entry.seats) < needed:
            role = Phrase(CLUB_ROLE_WORDS[slots[len(entry.seats)]])
            raise _Refused(R.PAD_CLUB_ROLES_INCOMPLETE, role=role)
        mafia: list[int] = []
        line: dict[str, object] = {"action": "roles", "mafia": mafia}
        for slot, seat in zip(slots, entry.seats, strict=False):
            if slot == "mafia":
                mafia.append(seat)
            else:
                line[slot] = seat
        mafia.sort()
        return self._record(line)

    def _roles_text(self, view: View) -> str:
        """DON 4  MAFIA 7  MANIAC _: the cards keyed so far and the next one."""
        entry = self._entry(view)
        shown: list[int | str] = [*entry.seats, "_"]
        keyed = ["DON -"] if entry.passed else []
        keyed += [f"{slot.upper()} {seat}" for slot, seat in zip(
            self._slots(view), shown, strict=False)]
        return "  ".join(keyed) if shown[:-1] or entry.passed else "DEAL: DON _ (NEXT: no don)"

    # ---- the night --------------------------------------------------------------------------
    def _night_step(self, view: View) -> str | None:
        return next((step for step in self._steps if step not in self._skipped), None)

    def _night_seat(self, seat: int, view: View) -> Result:
        if self._night_step(view) is None:
            raise _Refused(R.PAD_NIGHT_DONE)
        self._entry(view).seats = [seat]  # a second seat key replaces the choice
        return Pending(self.text(view))

    def _night_next(self, view: View) -> Result:
        step = self._night_step(view)
        seats = self._entry(view).seats
        if step is None:
            return self._record({"action": "day"})
        if seats or step in NULL_STEPS:
            field = "target" if step in (NightAct.MAFIA_SHOT, NightAct.MANIAC_SHOT) else "seat"
            return self._record({"action": str(step), field: seats[0] if seats else None})
        return self._pass(step, view)  # a bare NEXT: this player does nothing tonight

    # ---- extra points (004 §8: one point, club C7) --------------------------------------------
    def _points(self, seat: int, key: int) -> float:
        if key not in (1, 10):
            raise _Refused(R.PAD_CLUB_EXTRA_POINTS, seat=seat)
        return 1.0 if key == 1 else 0.0

    def _points_text(self, key: int) -> str:
        return str(key)
