"""A club evening: the games of a club's tables one after another, rating points added up.

Pure: the club result objects in (what `mafiakit replay` prints for a club log, with the
header's `players`, `table`, `game`, `date`, `tournament`), an `Evening` out. Points are the
`total`s of 004 §8 as each game scored them (the weekday doubling already in them, the -50
fines not doubled); immunity (004 §5) goes from a game's `immunity_next` to the same
players' seats in the next game at the same table. docs/club-evening.md is the description.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TypedDict


class EveningError(ValueError):
    """Why the games cannot be added up, in words a club's host understands."""


class ClubSide(StrEnum):
    """The three sides of the club game that can win (004 §8); the result's `winner`."""

    CITY = "city"
    MAFIA = "mafia"
    MANIAC = "maniac"


@dataclass(frozen=True)
class SeatPoints:
    """One seat's `score` object of a decided club game (004 §8)."""

    base: int
    bonus: int
    extra: int
    penalties: int
    total: int


@dataclass(frozen=True)
class EveningGame:
    """What the evening needs of one decided club game; seats are 1..N, `players[seat - 1]`."""

    name: str  # where it came from (a file name), for messages only
    table: str  # the header's `table`, "" without one
    number: int | None  # the header's `game`
    date: str | None
    tournament: bool  # §5: no immunity into or out of a tournament game
    players: tuple[str, ...]
    winner: ClubSide
    scores: tuple[SeatPoints, ...]
    rated: bool | None
    multiplier: int
    immunity: tuple[int, ...]  # seats holding immunity in this game (the result's, in effect)
    immunity_next: tuple[int, ...]  # seats that earned it for the next game

    def player(self, seat: int) -> str:
        return self.players[seat - 1]


def _whole(value: object, what: str, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise EveningError(f"{where}: {what} must be a whole number, not {value!r}")
    return value


def _seats(value: object, what: str, seats: int, where: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise EveningError(f"{where}: {what} must be a list of seats, not {value!r}")
    out = tuple(_whole(s, what, where) for s in value)
    if any(not 1 <= s <= seats for s in out) or len(set(out)) != len(out):
        raise EveningError(f"{where}: {what} {list(out)} must name seats 1-{seats}, each once")
    return out


def _points(seat: int, raw: object, multiplier: int, where: str) -> SeatPoints:
    """One seat's score, checked: total = multiplier x (base + bonus + extra) + penalties
    (004 §8: points doubled, the -50 fine not)."""
    if not isinstance(raw, Mapping):
        raise EveningError(f"{where}: the score of seat {seat} is missing")
    points = SeatPoints(*(_whole(raw.get(key), f"seat {seat}'s {key}", where)
                          for key in ("base", "bonus", "extra", "penalties", "total")))
    if points.total != multiplier * (points.base + points.bonus + points.extra) + points.penalties:
        raise EveningError(
            f"{where}: seat {seat}'s total {points.total} is not {multiplier} x (base "
            f"{points.base} + bonus {points.bonus} + extra {points.extra}) + penalties "
            f"{points.penalties}: the result was changed by hand (004 §8)")
    return points


def club_game(header: Mapping[str, object], result: Mapping[str, object], name: str = ""
              ) -> EveningGame:
    """A decided club game from its log header and result object; EveningError if it is
    not a club game, not decided, or its players cannot be told apart."""
    where = name or "a game"
    rules = result.get("rules")
    if rules != "club":
        raise EveningError(f"{where} plays {rules!r}: a club evening adds up club games only")
    seats = _whole(result.get("seats"), "the number of seats", where)
    players = header.get("players")
    if (not isinstance(players, list) or len(players) != seats
            or not all(isinstance(p, str) and p.strip() for p in players)):
        raise EveningError(f"{where}: the header must list the {seats} players by name "
                           "(`players`): the evening counts points per player, not per seat")
    twice = sorted({p for p in players if players.count(p) > 1})
    if twice:
        raise EveningError(f"{where}: {', '.join(twice)} sits at two seats; give every player "
                           "a name of his own")
    score = result.get("score")
    if result.get("winner") is None or not isinstance(score, Mapping):
        raise EveningError(f"{where} is not decided yet: finish it (or leave it out) before "
                           "the evening is added up")
    try:
        winner = ClubSide(str(result["winner"]))
    except ValueError:
        raise EveningError(f"{where}: unknown winner {result['winner']!r}") from None
    given = result.get("rating")
    rating: Mapping[str, object] = given if isinstance(given, Mapping) else {}
    mult = rating.get("multiplier")
    if not isinstance(mult, int | float) or mult not in (1, 2):
        raise EveningError(f"{where}: the result has no `rating` with a multiplier of 1 or 2")
    multiplier = int(mult)
    rated = rating.get("rated")
    number = header.get("game")
    date = header.get("date")
    return EveningGame(
        name=name, table=str(header.get("table", "")),
        number=number if isinstance(number, int) and not isinstance(number, bool) else None,
        date=date if isinstance(date, str) else None,
        tournament=bool(header.get("tournament")), players=tuple(players), winner=winner,
        scores=tuple(_points(seat, score.get(str(seat)), multiplier, where)
                     for seat in range(1, seats + 1)),
        rated=rated if isinstance(rated, bool) else None, multiplier=multiplier,
        immunity=_seats(result.get("immunity", []), "immunity", seats, where),
        immunity_next=_seats(result.get("immunity_next", []), "immunity_next", seats, where))


@dataclass(frozen=True)
class PlayerLine:
    """A player's evening: `points` the sum of his totals, `rated_points` those of rated
    games only, `extras` his доп. баллы (role bonus + extra, undoubled), `penalties` fines."""

    player: str
    games: int = 0
    wins: int = 0
    points: int = 0
    rated_points: int = 0
    extras: int = 0
    penalties: int = 0


@dataclass(frozen=True)
class GameLine:
    """One game of the evening as the host reads it back: who held immunity, who let it go."""

    name: str
    table: str
    number: int | None
    date: str | None
    tournament: bool
    winner: ClubSide
    rated: bool | None
    multiplier: int
    immunity: tuple[str, ...]
    immunity_declined: tuple[str, ...]  # earned at this table, seated, not used (§5 refusal)
    immunity_next: tuple[str, ...]


class GameJson(TypedDict):
    game: str
    table: str
    number: int | None
    date: str | None
    tournament: bool
    winner: str
    rated: bool | None
    multiplier: int
    immunity: list[str]
    immunity_declined: list[str]
    immunity_next: list[str]


class PlayerJson(TypedDict):
    place: int  # shared on equal points: 2 and 2 (then 4), `place_to` 3 for both
    place_to: int
    player: str
    games: int
    wins: int
    points: int
    rated_points: int
    extras: int
    penalties: int


class EveningJson(TypedDict):
    """The JSON object of `mafiakit evening` (docs/club-evening.md)."""

    games: list[GameJson]
    players: list[PlayerJson]
    immunity_next: dict[str, list[str]]  # table -> players holding it for the next game


@dataclass(frozen=True)
class Evening:
    games: tuple[GameLine, ...]
    players: tuple[PlayerLine, ...]  # most points first, then by name (places: `places`)
    immunity_next: Mapping[str, tuple[str, ...]]  # table -> players holding it for the next game

    def as_dict(self) -> EveningJson:
        return {
            "games": [{"game": g.name, "table": g.table, "number": g.number, "date": g.date,
                       "tournament": g.tournament, "winner": str(g.winner), "rated": g.rated,
                       "multiplier": g.multiplier, "immunity": list(g.immunity),
                       "immunity_declined": list(g.immunity_declined),
                       "immunity_next": list(g.immunity_next)} for g in self.games],
            "players": [{"place": first, "place_to": last, "player": p.player,
                         "games": p.games, "wins": p.wins, "points": p.points,
                         "rated_points": p.rated_points, "extras": p.extras,
                         "penalties": p.penalties}
                        for (first, last), p in zip(self.places(), self.players, strict=True)],
            "immunity_next": {table: list(names) for table, names in self.immunity_next.items()},
        }

    def places(self) -> list[tuple[int, int]]:
        """Each player's place, first and last of those on the same points: 004 §8 ranks
        by rating points and names no tie-break, so equal points share a place ("2-3"), and
        the name order among them is only for reading."""
        out: list[tuple[int, int]] = []
        start = 0
        for end in range(1, len(self.players) + 1):
            if end == len(self.players) or self.players[end].points != self.players[start].points:
                out.extend([(start + 1, end)] * (end - start))
                start = end
        return out

    def csv_rows(self) -> list[list[str]]:
        head = ["place", "player", "games", "wins", "points", "rated_points", "extras",
                "penalties"]
        return [head] + [[str(first) if first == last else f"{first}-{last}", p.player,
                          str(p.games), str(p.wins), str(p.points), str(p.rated_points),
                          str(p.extras), str(p.penalties)]
                         for (first, last), p in zip(self.places(), self.players, strict=True)]


def _held(game: EveningGame, before: EveningGame | None) -> None:
    """§5: immunity cannot be given, sold or passed on. A player who sat in the previous game
    at this table holds it only if he earned it there; of anyone else the evening cannot
    tell (he may bring it from his last game at this table on an earlier evening)."""
    if before is None or game.tournament:
        return
    earned = {before.player(s) for s in before.immunity_next} if not before.tournament else set()
    for seat in game.immunity:
        name = game.player(seat)
        if name in before.players and name not in earned:
            raise EveningError(
                f"{game.name}: seat {seat} ({name}) holds immunity, but {name} played the "
                f"previous game at table {game.table or '(none)'} ({before.name}) and did not "
                "leave first there: immunity is only for who earned it and cannot be passed "
                "on (004 §5)")


def _order(games: Sequence[EveningGame]) -> None:
    """Immunity goes from each game to the next, so a table's games come in the order played
    (by the header's `game` number where both have one)."""
    last: dict[str, EveningGame] = {}
    for game in games:
        before = last.get(game.table)
        if before is not None and before.number is not None and game.number is not None:
            table = game.table or "(none)"
            if game.number == before.number:
                raise EveningError(f"{before.name} and {game.name} are both game {game.number} "
                                   f"at table {table}: give each game once")
            if game.number < before.number:
                raise EveningError(
                    f"{game.name} (game {game.number}) comes after {before.name} (game "
                    f"{before.number}) at table {table}: give the games in the order they "
                    "were played, immunity goes from each game to the next")
        last[game.table] = game


def evening(games: Sequence[EveningGame]) -> Evening:
    """Fold the games in the order played. Points add up in any order; immunity goes from
    each game to the next one at the same table, never into or out of a tournament game."""
    _order(games)
    previous: dict[str, EveningGame] = {}
    lines: list[GameLine] = []
    tally: dict[str, PlayerLine] = {}
    for game in games:
        before = previous.get(game.table)
        _held(game, before)
        carried = (() if before is None or before.tournament or game.tournament
                   else tuple(before.player(s) for s in before.immunity_next))
        held = () if game.tournament else tuple(game.player(s) for s in game.immunity)
        declined = tuple(p for p in carried if p in game.players and p not in held)
        nxt = () if game.tournament else tuple(game.player(s) for s in game.immunity_next)
        previous[game.table] = game
        lines.append(GameLine(game.name, game.table, game.number, game.date, game.tournament,
                              game.winner, game.rated, game.multiplier, held, declined, nxt))
        for seat, points in enumerate(game.scores, start=1):
            name = game.player(seat)
            line = tally.get(name, PlayerLine(name))
            tally[name] = replace(
                line, games=line.games + 1, wins=line.wins + (points.base > 0),
                points=line.points + points.total,
                rated_points=line.rated_points + (points.total if game.rated else 0),
                extras=line.extras + points.bonus + points.extra,
                penalties=line.penalties + points.penalties)
    players = tuple(sorted(tally.values(), key=lambda p: (-p.points, p.player)))
    return Evening(tuple(lines), players,
                   {table: () if g.tournament else tuple(g.player(s) for s in g.immunity_next)
                    for table, g in sorted(previous.items())})


def immunity_seats(previous: EveningGame | None, players: Sequence[str],
                   tournament: bool = False) -> tuple[int, ...]:
    """The next game's header `immunity`: the seats, in that game's `players`, of whoever
    earned it in the previous game at the table (by name, since seats change). None in or
    out of a tournament game (004 §5 "На турнирах НЕ применяется"); a player who does not
    sit in the next game loses it."""
    if previous is None or previous.tournament or tournament:
        return ()
    earned = {previous.player(s) for s in previous.immunity_next}
    return tuple(seat for seat, name in enumerate(players, start=1) if name in earned)
