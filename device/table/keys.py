"""The key grammar: what the judge's key presses mean, given the judge view. Pure, no I/O.

Two shapes of sequence, so a judge can work without looking down (docs/pad.md is the card):

- VERB then seat, for an act against one player: FOUL 4, NOMINATE 4; holding FOUL turns it
  into REMOVE 4 (disqualify), holding it again into TEAM LOSS 4; holding NOMINATE turns it into
  WITHDRAW 4. The seat key completes the act.
- seats then a confirming key, for lists: roles (don, mafia, mafia, sheriff, NEXT), voters
  (seat keys toggle, VOTE records), night steps (seat(s), NEXT).

A seat key alone never records anything: that is why a nomination takes NOMINATE first (a stray
touch of a seat key during a speech cannot become a nomination; it is refused with a hint).
NEXT moves the game on and its meaning follows the step. UNDO takes back the last unfinished
input (verb, list, skipped night step); with nothing unfinished it undoes the last record.
TIMER pauses / resumes the timer, held it restarts it; it never disturbs a sequence.

Anything impossible is a `PadError` in plain words; it clears the unfinished sequence and
changes nothing else. The pad checks sequences, the engine checks the rules: the one rule the
pad applies itself is that only players at the table vote, so a wrong voter shows at his key
rather than after the whole list.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Literal

from device.hardware.pad import KeyEvent
from device.hardware.pins import seat_of
from engine.refusals import Param, Phrase, R, Refusal
from engine.viewmodels import JudgeView, VotersVoteView

View = JudgeView
CLASSIC_SEATS = 10  # 000 I.1.1: ten players; a header without "seats" is a classic game

SPEECH_STEPS = frozenset(
    {"speech", "short_speech", "muted_turn", "farewell", "tie_speech", "majority_speech"}
)
NOMINATION_STEPS = frozenset({"speech", "short_speech", "muted_turn"})
CHOICE_STEPS = ("shoot", "don_check", "sheriff_check")
NIGHT_NAMES = {
    "shoot": "SHOOT",
    "don_check": "DON CHECK",
    "sheriff_check": "SHERIFF CHECK",
    "best_move": "BEST MOVE",
}


@dataclass(frozen=True)
class Pending:
    """Nothing to record yet; `text` is the unfinished sequence for the judge screen ("" = none)."""

    text: str


@dataclass(frozen=True)
class Action:
    """A complete game-log action (docs/game-log.md), ready for the engine."""

    action: dict[str, object]


@dataclass(frozen=True)
class DeviceCommand:
    """A command for the table device itself, not the game log."""

    name: Literal["timer_toggle", "timer_restart"]


@dataclass(frozen=True)
class PadError:
    """An impossible sequence, explained for the judge; nothing was recorded. `message` is
    the English text, `phrase` the same by key for the screen's language."""

    message: str
    phrase: Phrase | None = None


Result = Pending | Action | DeviceCommand | PadError


class Verb(Enum):
    """A verb waiting for its seat; the value is what the judge screen shows."""

    FOUL = "FOUL"
    REMOVE = "REMOVE"
    TEAM_LOSS = "TEAM LOSS"
    NOMINATE = "NOMINATE"
    WITHDRAW = "WITHDRAW"
    ON_RECORD = "ON RECORD"  # NOMINATE in a farewell: a colour left on record (000 III.5.1)
    PROTEST = "PROTEST"  # VOTE after the result: the seat wrote a protest (000 III.15.1)
    DROP = "DROP"  # the club's third FOUL hold: he dropped his number (004 §9)


VERB_WORDS = {Verb.FOUL: R.W_FOUL, Verb.REMOVE: R.W_REMOVE, Verb.TEAM_LOSS: R.W_TEAM_LOSS,
              Verb.NOMINATE: R.W_NOMINATE, Verb.WITHDRAW: R.W_WITHDRAW,
              Verb.ON_RECORD: R.W_ON_RECORD, Verb.PROTEST: R.W_PROTEST_KEY,
              Verb.DROP: R.W_DROP}
FOUL_FAMILY = (Verb.FOUL, Verb.REMOVE, Verb.TEAM_LOSS, Verb.DROP)
NOMINATE_FAMILY = (Verb.NOMINATE, Verb.WITHDRAW, Verb.ON_RECORD)
# A protest keyed on the pad: the player writes its words in the paper protocol himself
# (000 III.15.1 "сделать запись в соответствующей графе Протокола"); the log notes the seat.
PAD_PROTEST_TEXT = "—"
HOLD_UPGRADE: dict[tuple[str, Verb | None], Verb | None] = {
    ("FOUL", Verb.FOUL): Verb.REMOVE,
    ("FOUL", Verb.REMOVE): Verb.TEAM_LOSS,
    ("NOMINATE", Verb.NOMINATE): Verb.WITHDRAW,
}


@dataclass
class _List:
    """Seats being entered for one step (roles, voters, a night step); tied to its context."""

    context: tuple[object, ...]
    seats: list[int] = field(default_factory=list)
    counting: bool = False  # vote / lift: a head count instead of named voters
    count: int | None = None
    passed: bool = False  # a slot passed with NEXT (the club's deal without a don)


class _Refused(Exception):
    """Raised inside the decoder for an impossible input; becomes a PadError."""

    def __init__(self, key: Refusal, /, **params: Param) -> None:
        self.phrase = Phrase(key, params)
        super().__init__(self.phrase.text("en"))


def pad_problem(game_seats: int, seat_keys: int) -> str | None:
    """Why this pad cannot key a game of `game_seats` seats, or None (docs/pad.md, "Seats
    11-15"). Every seat needs its own key: the voters' list toggles seats, so "1 then 2" on a
    ten-key pad could be seat 12 or seats 1 and 2, and a wrong voter is a wrong game."""
    if game_seats <= seat_keys:
        return None
    return (f"this game has {game_seats} seats but the pad has only {seat_keys} seat keys: "
            f"seats {seat_keys + 1}-{game_seats} could not be keyed in. Play it on the "
            "15-key club pad (deploy/wiring.md), or with fewer players")


def _seats_at_table(view: View) -> set[int]:
    return {entry.seat for entry in view.seats if entry.at_table}


def _after_the_result(view: View) -> bool:
    """The game is decided and nobody speaks: the after-game lines' moment."""
    return view.phase == "finished" and view.step == "over"


def _vote(view: View) -> VotersVoteView:
    if view.vote is None:
        raise _Refused(R.PAD_NO_VOTE)
    return view.vote


class PadDecoder:
    """Turns key events into results, one event at a time, reading the current judge view.

    The classic grammar; device.table.clubkeys.ClubDecoder changes the steps the club game has of
    its own and keeps the rest (verbs, holds, votes, UNDO, TIMER, the after-game keys)."""

    hold_upgrade = HOLD_UPGRADE
    night_names = NIGHT_NAMES
    extra_refusal = R.PAD_EXTRA_POINTS

    def __init__(self) -> None:
        self._verb: Verb | None = None
        self._verb_context: tuple[object, ...] = ()
        self._list: _List | None = None
        self._skipped: list[str] = []  # night steps passed over with a bare NEXT
        self._skip_night: int | None = None
        self._skip_actions = -1  # `actions` when the last step was skipped
        self._closing = False  # NEXT pressed after the result: holding it signs the protocol

    # ---- entry points -------------------------------------------------------------------
    def feed(self, event: KeyEvent, view: View) -> Result:
        """One key event with the judge view it happened in; see the module docstring."""
        self._forget_stale(view)
        if event.kind == "release":
            return Pending(self.text(view))
        if event.kind == "hold":
            return self._hold(event.key, view)
        try:
            return self._press(event.key, view)
        except _Refused as refused:
            self.reset()
            return PadError(str(refused), refused.phrase)

    def reset(self) -> None:
        """Forget every unfinished input."""
        self._verb = None
        self._list = None
        self._skipped = []
        self._closing = False

    def text(self, view: View) -> str:
        """The unfinished sequence, as the judge screen shows it ("" when there is none)."""
        self._forget_stale(view)
        if self._verb is not None:
            return f"{self._verb.value} _"
        step = view.step
        if view.phase == "setup" and step == "deal":
            return self._roles_text(view)
        if step in ("vote", "lift"):
            return self._vote_text(view)
        if view.phase == "night" and step != "zero_night":
            return self._night_text(view)
        if view.phase == "finished" and step == "over" and self._list is not None:
            return self._extra_text(view)
        if self._closing:
            return "CLOSE: hold NEXT"
        return ""

    # ---- holds and presses ----------------------------------------------------------------
    def _hold(self, key: str, view: View) -> Result:
        if key == "TIMER":
            return DeviceCommand("timer_restart")
        if key == "NEXT" and self._closing and _after_the_result(view):
            self._closing = False
            return Action({"action": "close"})  # the judge signs (001 9.9, 003 9.10)
        # A hold always follows the press of the same key, which set the verb it upgrades.
        self._verb = self.hold_upgrade.get((key, self._verb), self._verb)
        return Pending(self.text(view))

    def _press(self, key: str, view: View) -> Result:
        if key == "TIMER":
            return DeviceCommand("timer_toggle")
        if self._closing and key == "UNDO":  # cancels the waiting signature, undoes nothing
            self._closing = False
            return Pending(self.text(view))
        self._closing = False
        if key == "UNDO":
            return self._undo(view)
        if self._verb is not None:
            return self._complete_verb(key, view)
        seat = seat_of(key)
        if seat is not None:
            return self._seat(seat, view)
        if key == "NEXT":
            return self._next(view)
        if key == "VOTE":
            if _after_the_result(view) and self._list is None:
                return self._start_verb(Verb.PROTEST, view)
            return self._vote(view)
        if key == "FOUL":
            if view.phase == "setup":
                raise _Refused(R.PAD_FOUL_BEFORE_START)
            return self._start_verb(Verb.FOUL, view)
        if key == "NOMINATE":
            if view.step == "farewell":
                return self._start_verb(Verb.ON_RECORD, view)
            if view.step not in NOMINATION_STEPS:
                raise _Refused(R.PAD_NOMINATE_OUTSIDE_SPEECH)
            return self._start_verb(Verb.NOMINATE, view)
        raise _Refused(R.PAD_UNKNOWN_KEY, key=repr(key))

    def _start_verb(self, verb: Verb, view: View) -> Result:
        self._verb, self._verb_context = verb, self._verb_key(view)
        return Pending(self.text(view))

    def _complete_verb(self, key: str, view: View) -> Result:
        verb = self._verb
        assert verb is not None
        again = {"FOUL": FOUL_FAMILY, "NOMINATE": NOMINATE_FAMILY, "VOTE": (Verb.PROTEST,)}
        if verb in again.get(key, ()):
            return Pending(self.text(view))  # the same key again: maybe the start of a hold
        seat = seat_of(key)
        if seat is None:
            raise _Refused(R.PAD_VERB_NEEDS_SEAT, verb=Phrase(VERB_WORDS[verb]))
        self._verb = None
        by = {"by": view.speaker} if view.speaker is not None else {}
        actions: dict[Verb, dict[str, object]] = {
            Verb.FOUL: {"action": "foul", "seat": seat},
            Verb.REMOVE: {"action": "disqualify", "seat": seat, "kind": "removal"},
            Verb.TEAM_LOSS: {"action": "disqualify", "seat": seat, "kind": "team_loss"},
            Verb.NOMINATE: {"action": "nominate", "seat": seat, **by},
            Verb.WITHDRAW: {"action": "withdraw", "seat": seat, **by},
            Verb.ON_RECORD: {"action": "colour_left", "seat": view.speaker, "named": seat,
                             "colour": "black"},
            Verb.PROTEST: {"action": "protest", "seat": seat, "text": PAD_PROTEST_TEXT},
        }
        return Action(actions[verb])

    def _undo(self, view: View) -> Result:
        if self._verb is not None:
            self._verb = None
        elif self._list is not None and (self._list.seats or self._list.counting
                                         or self._list.passed):
            self._list = None
        elif self._skipped and view.actions == self._skip_actions:
            self._skipped.pop()
            self._list = None
        elif view.actions == 0:
            raise _Refused(R.PAD_NOTHING_TO_UNDO)
        else:
            return Action({"action": "undo"})
        return Pending(self.text(view))

    def _seat(self, seat: int, view: View) -> Result:
        phase, step = view.phase, view.step
        if phase == "setup" and step == "deal":
            return self._role_seat(seat, view)
        if step in ("vote", "lift"):
            return self._vote_seat(seat, view)
        if phase == "night" and step != "zero_night":
            return self._night_seat(seat, view)
        if phase == "setup":
            raise _Refused(R.PAD_DEALT_NEXT)
        if phase == "night":
            raise _Refused(R.PAD_ZERO_NIGHT)
        if phase == "finished" and step == "over":
            return self._extra_seat(seat, view)
        if phase == "finished":
            raise _Refused(R.PAD_GAME_OVER)
        if step in NOMINATION_STEPS:
            raise _Refused(R.PAD_SEAT_ALONE_SPEECH)
        raise _Refused(R.PAD_SEAT_ALONE)

    def _next(self, view: View) -> Result:
        phase, step = view.phase, view.step
        if phase == "setup":
            return self._commit_roles(view) if step == "deal" else self._record({"action": "start"})
        if phase == "night":
            if step == "zero_night":
                return self._record({"action": "day"})
            return self._night_next(view)
        if step in SPEECH_STEPS:
            return self._record({"action": "speech_end"})
        if step == "await_night":
            return self._record({"action": "night"})
        if step in ("vote", "lift"):
            raise _Refused(R.PAD_VOTES_FIRST)
        if phase == "finished" and step == "over" and self._list is not None:
            return self._extra_next(view)
        if _after_the_result(view):
            self._closing = True  # a press alone records nothing: hold NEXT to sign
            return Pending(self.text(view))
        raise _Refused(R.PAD_NOTHING_NEXT)

    def _record(self, action: dict[str, object]) -> Action:
        self._list = None
        return Action(action)

    # ---- roles ----------------------------------------------------------------------------
    def _role_seat(self, seat: int, view: View) -> Result:
        entry = self._entry(view)
        if seat in entry.seats:
            raise _Refused(R.PAD_ROLE_TWICE, seat=seat)
        if len(entry.seats) == 4:
            raise _Refused(R.PAD_FIFTH_ROLE)
        entry.seats.append(seat)
        return Pending(self.text(view))

    def _commit_roles(self, view: View) -> Result:
        seats = self._entry(view).seats
        if len(seats) < 4:
            raise _Refused(R.PAD_ROLES_INCOMPLETE, n=len(seats))
        don, mafia_a, mafia_b, sheriff = seats
        return self._record(
            {"action": "roles", "don": don, "mafia": [mafia_a, mafia_b], "sheriff": sheriff}
        )

    def _roles_text(self, view: View) -> str:
        seats: list[int | str] = [*(self._list.seats if self._list else []), "_", "_", "_", "_"]
        return f"DON {seats[0]}  MAFIA {seats[1]} {seats[2]}  SHERIFF {seats[3]}"

    # ---- votes and the lift question --------------------------------------------------------
    def _vote_seat(self, seat: int, view: View) -> Result:
        entry = self._entry(view)
        if entry.counting:
            present = len(_seats_at_table(view))
            if seat > present:
                raise _Refused(R.PAD_COUNT_TOO_HIGH, count=seat, present=present)
            entry.count = seat
        elif seat in entry.seats:
            entry.seats.remove(seat)
        elif seat in _seats_at_table(view):
            entry.seats.append(seat)
        else:
            raise _Refused(R.VOTER_NOT_AT_TABLE, seat=seat)
        return Pending(self.text(view))

    def _vote(self, view: View) -> Result:
        if view.step not in ("vote", "lift"):
            raise _Refused(R.PAD_VOTE_OUTSIDE)
        entry = self._entry(view)
        if not entry.counting and not entry.seats:
            entry.counting = True  # VOTE on an empty list: enter a head count instead
            return Pending(self.text(view))
        tally: dict[str, object] = (
            {"count": entry.count or 0} if entry.counting else {"voters": sorted(entry.seats)}
        )
        if view.step == "lift":
            return self._record({"action": "lift", **tally})
        return self._record({"action": "votes", "seat": _vote(view).current, **tally})

    def _vote_text(self, view: View) -> str:
        label = "LIFT" if view.step == "lift" else f"VOTE #{_vote(view).current}"
        entry = self._entry(view)
        if entry.counting:
            return f"{label} COUNT: {'_' if entry.count is None else entry.count}"
        return f"{label}: {' '.join(map(str, sorted(entry.seats))) or '_'}"

    # ---- night steps ------------------------------------------------------------------------
    def _night_step(self, view: View) -> str | None:
        steps: list[str] = list(view.night_steps or [])
        if view.step == "shoot" and "shoot" not in steps:
            steps.insert(0, "shoot")
        return next((step for step in steps if step not in self._skipped), None)

    def _night_seat(self, seat: int, view: View) -> Result:
        step = self._night_step(view)
        if step is None:
            raise _Refused(R.PAD_NIGHT_DONE)
        entry = self._entry(view)
        if step in CHOICE_STEPS:
            entry.seats = [seat]  # a new seat key replaces the choice
        elif step == "best_move":
            if seat in entry.seats:
                entry.seats.remove(seat)
            elif len(entry.seats) == 3:
                raise _Refused(R.PAD_BEST_MOVE_THREE)
            else:
                entry.seats.append(seat)
        else:
            raise _Refused(R.PAD_UNKNOWN_STEP, step=repr(step))
        return Pending(self.text(view))

    def _night_next(self, view: View) -> Result:
        step = self._night_step(view)
        seats = self._entry(view).seats
        if step is None:
            return self._record({"action": "day"})
        if step == "shoot":
            return self._record({"action": "shoot", "target": seats[0] if seats else None})
        if not seats:  # a bare NEXT: no check / no best move this night
            return self._pass(step, view)
        if step == "best_move":
            return self._record({"action": "best_move", "seats": list(seats)})
        return self._record({"action": step, "seat": seats[0]})

    def _pass(self, step: str, view: View) -> Result:
        """A bare NEXT passes `step` tonight; UNDO straight after brings it back."""
        self._skipped.append(step)
        self._skip_night, self._skip_actions = view.number, view.actions
        self._list = None
        return Pending(self.text(view))

    def _night_text(self, view: View) -> str:
        step = self._night_step(view)
        names = self.night_names
        skipped = "".join(f"(no {names.get(s, s)}) " for s in self._skipped)
        if step is None:
            return f"{skipped}MORNING: NEXT"
        chosen = " ".join(map(str, self._entry(view).seats)) or "_"
        return f"{skipped}{names.get(step, step.upper())} {chosen}"

    # ---- the judge's extra points after the result (docs/scoring.md) -------------------------
    def _extra_seat(self, seat: int, view: View) -> Result:
        """The player's seat, then the points as a seat key: 1-9 = 0.1-0.9 (the engine
        refuses what the league's limits forbid), 10 = withdraw; a further key replaces."""
        entry = self._entry(view)
        if not entry.seats:
            entry.seats.append(seat)
        else:
            entry.seats[1:] = [seat]
        return Pending(self.text(view))

    def _extra_next(self, view: View) -> Result:
        seats = self._entry(view).seats
        if len(seats) < 2:
            raise _Refused(self.extra_refusal, seat=seats[0])
        return self._record({"action": "extra", "seat": seats[0],
                             "points": self._points(seats[0], seats[1])})

    def _points(self, seat: int, key: int) -> float:
        """The points a seat key means after the result: 1-9 = 0.1-0.9, 10 = withdraw (0)."""
        return 0.0 if key == 10 else key / 10

    def _extra_text(self, view: View) -> str:
        seats = self._entry(view).seats
        if len(seats) < 2:
            return f"EXTRA {seats[0]}: _" if seats else ""
        points = "0 (withdraw)" if seats[1] == 10 else self._points_text(seats[1])
        return f"EXTRA {seats[0]}: {points}"

    def _points_text(self, key: int) -> str:
        return str(key / 10)

    # ---- bookkeeping ------------------------------------------------------------------------
    def _context(self, view: View) -> tuple[object, ...]:
        """What an unfinished list belongs to; when it changes, the list is forgotten."""
        step = view.step
        if step == "vote":
            return ("vote", view.number, _vote(view).round, _vote(view).current)
        if view.phase == "night":
            return ("night", view.number, self._night_step(view))
        return (view.phase, view.number, step)

    def _entry(self, view: View) -> _List:
        context = self._context(view)
        if self._list is None or self._list.context != context:
            self._list = _List(context)
        return self._list

    @staticmethod
    def _verb_key(view: View) -> tuple[object, ...]:
        return (view.phase, view.number, view.step, view.speaker)

    def _forget_stale(self, view: View) -> None:
        if self._verb is not None and self._verb_context != self._verb_key(view):
            self._verb = None
        if self._skipped and (view.phase != "night" or view.number != self._skip_night):
            self._skipped = []
        if self._closing and not _after_the_result(view):
            self._closing = False
        if self._list is not None and self._list.context != self._context(view):
            self._list = None
