"""The club's rating points (004 §8, docs/club.md "Score"): base, bonus, extra, penalties."""

from __future__ import annotations

from typing import TypedDict

from engine.club.setup import Settings, weekend
from engine.club.state import ClubState
from engine.roles import ClubRole, Side
from engine.vocab import ClubCause, NightAct

BASE = {Side.CITY: 1, Side.MAFIA: 2, Side.MANIAC: 3}  # 004 §8
FINE = -50  # 004 §8, §9: a drop, a team loss
RED_ROLES = (ClubRole.DOCTOR, ClubRole.COMMISSAR, ClubRole.PUTANA)  # "ролевого красного"


class ClubReason(TypedDict):
    points: int
    clause: str


class ClubSeatScore(TypedDict):
    """One seat's object in the club result's `score` (docs/club.md, "Score")."""

    base: int
    bonus: int
    extra: int
    penalties: int
    total: int
    reasons: list[ClubReason]


def multiplier(settings: Settings) -> int:
    """Doubled on all days but Friday and Saturday (004 §8); no date counts as Fri/Sat (R28)."""
    if settings.double_points is not None:
        return 2 if settings.double_points else 1
    return 1 if weekend(settings) else 2


def rated(settings: Settings) -> bool | None:
    """004 §8: Fri/Sat at least half the table with a card, other days one card."""
    if not settings.rating_cards:
        return None
    cards = len(settings.rating_cards)
    return 2 * cards >= settings.seats if weekend(settings) else cards >= 1


def _acts(s: ClubState, step: NightAct) -> list[int]:
    nights = s.nights if s.night is None else (*s.nights, s.night)
    return [seat for n in nights for a, seat in n.acts if a is step and seat is not None]


def bonus(s: ClubState, seat: int) -> str | None:
    """The role's extra point of 004 §8 (the winning side only), or None."""
    role = s.role(seat)
    nights = s.nights if s.night is None else (*s.nights, s.night)
    if role is ClubRole.DOCTOR and any(
            n.saved is not None and s.role(n.saved).side is Side.CITY for n in nights):
        return "004 §8: a heal saved a city player (club R26)"
    if role is ClubRole.COMMISSAR and any(
            s.role(x).side is Side.MAFIA for x in _acts(s, NightAct.COMMISSAR_CHECK)):
        return "004 §8: the commissar found the mafia"
    if role is ClubRole.DON and any(
            s.role(x) in RED_ROLES for x in _acts(s, NightAct.DON_CHECK)):
        return "004 §8: the don found a doctor, commissar or putana"
    if role is ClubRole.KAMIKAZE and any(
            r.cause is ClubCause.KAMIKAZE and s.role(r.seat).side is not Side.CITY
            for r in s.removed):
        return "004 §8: the kamikaze took the mafia or the maniac"
    if role is ClubRole.PUTANA and any(
            s.role(x).side is not Side.CITY for x in _acts(s, NightAct.PUTANA)):
        return "004 §8: the putana blocked the mafia or the maniac"
    return None


def score(s: ClubState, settings: Settings) -> dict[str, ClubSeatScore] | None:
    """One object per seat once the game is decided; total = multiplier x (base + bonus +
    extra) + penalties (club R27). `reasons`: each non-zero figure undoubled, with its clause."""
    if s.winner is None:
        return None
    mult = multiplier(settings)
    extras = dict(s.extras)
    out: dict[str, ClubSeatScore] = {}
    for seat in range(1, s.seats + 1):
        reasons: list[ClubReason] = []
        win = s.role(seat).side is s.winner
        base = BASE[s.winner] if win else 0
        if win:
            reasons.append({"points": base, "clause": "004 §8"})
        why = bonus(s, seat) if win else None
        if why is not None:
            reasons.append({"points": 1, "clause": "004 §8"})
        extra = extras.get(seat, 0) if win else 0
        if extra:
            reasons.append({"points": extra, "clause": "004 §8"})
        penalties = 0
        if any(r.seat == seat and r.cause is ClubCause.DROPPED for r in s.removed) \
                and seat not in s.dropped_last:
            penalties += FINE
            reasons.append({"points": FINE, "clause": "004 §8"})
        if s.offender == seat:
            penalties += FINE
            reasons.append({"points": FINE, "clause": "004 §9"})
        for who, points, clause in s.penalties:
            if who == seat:
                penalties += points
                reasons.append({"points": points, "clause": clause})
        plus = base + (1 if why else 0) + extra
        out[str(seat)] = {"base": base, "bonus": 1 if why else 0, "extra": extra,
                          "penalties": penalties, "total": mult * plus + penalties,
                          "reasons": reasons}
    return out
