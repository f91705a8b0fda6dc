"""The deal and the game's settings from the header (004 §1-3, §5, §8)."""

from __future__ import annotations

from engine.club.actions import ClubRoles
from engine.errors import IllegalAction
from engine.refusals import CLUB_ROLE_WORDS, Phrase, R
from engine.roles import ClubRole
from engine.values import Value

MIN_SEATS, MAX_SEATS = 3, 15

# The special roles dealt from N seats on (004 §1); the don may replace a mafia member (§2).
FROM_SEATS: dict[ClubRole, int] = {
    ClubRole.MANIAC: 6, ClubRole.DOCTOR: 7, ClubRole.COMMISSAR: 8, ClubRole.KAMIKAZE: 10,
    ClubRole.SAPPER: 13,
}
PUTANA_FROM = 13  # 004 §3: regular games only, on the club's putana days


def mafia_side(seats: int) -> int:
    """The mafia side's size (004 §1); row 5 reads 3 + 1 but the rest are citizens (club R1)."""
    return 1 if seats <= 7 else 2 if seats <= 9 else 3 if seats <= 12 else 4


class Settings(Value):
    """What the header says about this game (docs/club.md, "Header")."""

    seats: int
    tournament: bool = False
    immunity: tuple[int, ...] = ()
    date: str | None = None
    double_points: bool | None = None
    rating_cards: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not MIN_SEATS <= self.seats <= MAX_SEATS:
            raise IllegalAction(R.CLUB_SEATS, seats=self.seats)


def deal(roles: ClubRoles, settings: Settings) -> tuple[ClubRole, ...]:
    """The cards by seat, or why the deal does not match the table of 004 §1-3."""
    n = settings.seats
    named: list[tuple[int, ClubRole]] = [(s, ClubRole.MAFIA) for s in roles.mafia]
    if roles.don is not None:
        named.append((roles.don, ClubRole.DON))
    side = mafia_side(n)
    if len(named) != side:
        raise IllegalAction(R.CLUB_MAFIA_COUNT, n=n, side=side, named=len(named))
    for role, first in FROM_SEATS.items():
        seat = getattr(roles, role.value)
        if (seat is None) == (n >= first):
            raise IllegalAction(R.CLUB_ROLE_NEEDED if n >= first else R.CLUB_ROLE_NONE, n=n,
                                role=Phrase(CLUB_ROLE_WORDS[role]))
        if seat is not None:
            named.append((seat, role))
    if roles.putana is not None:
        if settings.tournament:
            raise IllegalAction(R.CLUB_NO_PUTANA_TOURNAMENT)
        if n < PUTANA_FROM:
            raise IllegalAction(R.CLUB_PUTANA_FROM, n=n)
        named.append((roles.putana, ClubRole.PUTANA))
    cards = [ClubRole.CITIZEN] * n
    for seat, role in named:
        if not 1 <= seat <= n:
            raise IllegalAction(R.CLUB_NOT_A_SEAT, seat=seat, seats=n)
        if cards[seat - 1] is not ClubRole.CITIZEN:
            raise IllegalAction(R.CLUB_TWO_CARDS, seat=seat)
        cards[seat - 1] = role
    return tuple(cards)


def weekday(date: str) -> int:
    """0 = Monday .. 6 = Sunday for "YYYY-MM-DD..." (Sakamoto; the engine has no datetime)."""
    y, m, d = int(date[0:4]), int(date[5:7]), int(date[8:10])
    t = (0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4)
    if m < 3:
        y -= 1
    sunday0 = (y + y // 4 - y // 100 + y // 400 + t[m - 1] + d) % 7
    return (sunday0 - 1) % 7


def weekend(settings: Settings) -> bool:
    """Friday or Saturday, or no date at all (club R28)."""
    return settings.date is None or weekday(settings.date) in (4, 5)
