"""What the venue's screen knows of the hub: its retained public pages (bus/hubpages.py), and
the seating of the round being played, or next to be played, read from them.

`hub/public/players` gives every player's next seat: the first round of the seating whose game
at his table has not finished. Between rounds that is the next round for everybody. While a
round is played, the players of a finished table already point at the round after; their seat
in the round still being played is in that round's `hub/public/rounds/{n}` (the decided games
with their players by seat), so the round's seating stays whole until its last game ends.
"""

from __future__ import annotations

from dataclasses import dataclass

from bus.errors import PayloadError
from bus.hubpages import PlayersPage, RoundPage, StandingsRow, read_players, read_round

PLAYERS = "public/players"
ROUNDS = "public/rounds/"


def alphabetical(name: str) -> str:
    """The key a player's name is looked up by: case-blind, and "ё" where the alphabet has it,
    with "е" (code points would put "Ёжик" after "Ящер")."""
    return name.casefold().replace("ё", "е")


@dataclass(frozen=True)
class SeatOf:
    """One line of a round's seating."""

    player: str
    table: str
    seat: int


@dataclass(frozen=True)
class Seating:
    round: int
    seats: tuple[SeatOf, ...]  # every player of the round, alphabetical


class HubBoard:
    """The latest `public/players` and `public/rounds/{n}`; fed on the screen's thread."""

    def __init__(self) -> None:
        self.players: PlayersPage | None = None
        self.rounds: dict[int, RoundPage] = {}

    @property
    def heard(self) -> bool:
        return self.players is not None or bool(self.rounds)

    def on_page(self, name: str, raw: bytes) -> None:
        """A retained page by its hub topic name ("public/players", "public/rounds/3"); an
        empty payload clears it. PayloadError (in words) when it does not read."""
        if name == PLAYERS:
            self.players = read_players(raw) if raw else None
        elif name.startswith(ROUNDS):
            number = name.removeprefix(ROUNDS)
            if not number.isdigit():
                raise PayloadError(f"the hub's round page {name!r} has no round number")
            if raw:
                self.rounds[int(number)] = read_round(raw)
            else:
                self.rounds.pop(int(number), None)

    @property
    def standings(self) -> tuple[StandingsRow, ...] | None:
        """The public standings, None when there are none yet or the hub hides them."""
        return None if self.players is None else self.players.standings

    @property
    def as_of_round(self) -> int | None:
        page = self.players
        return None if page is None or page.standings_as_of is None else (
            page.standings_as_of.as_of_round)

    @property
    def hidden(self) -> bool:
        page = self.players
        return page is not None and page.standings_as_of is not None and (
            page.standings_as_of.hidden)

    def seating(self) -> Seating | None:
        """The round being played or next to be played, every player's table and seat in
        alphabetical order; None when every game of the seating is played."""
        page = self.players
        upcoming = [p.next for p in page.players if p.next is not None] if page else []
        if page is None or not upcoming:
            return None
        number = min(n.round for n in upcoming)
        seats = {p.player: (p.next.table, p.next.seat) for p in page.players
                 if p.next is not None and p.next.round == number}
        played = self.rounds.get(number)
        for game in played.games if played is not None else ():
            for seat, player in enumerate(game.players or (), start=1):
                seats.setdefault(player, (game.table, seat))
        ordered = sorted(seats.items(), key=lambda item: (alphabetical(item[0]), item[0]))
        return Seating(number, tuple(SeatOf(player, table, seat)
                                     for player, (table, seat) in ordered))
