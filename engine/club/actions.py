"""The club game's own actions (docs/club.md), where the classic ones do not fit.

The classic `Start`, `Day`, `Night`, `SpeechEnd`, `Nominate`, `Votes`, `Foul`, `DonCheck`,
`Undo`, `Extra`, `Penalty`, `Protest` and `Close` are used as they are.
"""

from __future__ import annotations

from typing import Literal

from engine import actions as act
from engine.values import Value
from engine.vocab import NightAct


class ClubRoles(Value):
    """The dealt cards (004 §1-3): one field per role dealt; every other seat a citizen."""

    mafia: tuple[int, ...]
    don: int | None = None
    maniac: int | None = None
    doctor: int | None = None
    commissar: int | None = None
    kamikaze: int | None = None
    sapper: int | None = None
    putana: int | None = None


class DiscussionEnd(Value):
    """The general discussion (004 §6 stage 1) is over."""


class NominationsEnd(Value):
    """The host takes no more nominations (004 §6 stage 3)."""


class Catastrophe(Value):
    """The maniac settles a shared top: `seat` leaves (004 §6, club R9)."""

    seat: int


class NightAction(Value):
    """One line of the night (004 §7): `seat` is the target, the block or the check; None
    is a miss (mafia, maniac) or a kamikaze who takes nobody. By day, `kamikaze` is the
    pick of a kamikaze voted out (club R18)."""

    act: NightAct
    seat: int | None


class ClubDisqualify(Value):
    """004 §9: a removal, a dropped number ("скинул номерок") or a team loss."""

    seat: int
    kind: Literal["removal", "drop", "team_loss"] = "removal"


ClubAction = (
    ClubRoles | act.Start | act.Day | act.Night | act.SpeechEnd | DiscussionEnd | act.Nominate
    | NominationsEnd | act.Votes | Catastrophe | NightAction | act.Foul | ClubDisqualify
    | act.Undo | act.Extra | act.Penalty | act.Protest | act.Close
)
