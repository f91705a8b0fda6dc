"""The seating generator: who plays at which table, in which seat, in every round (тур).

Pure and deterministic for a seed (only `random.Random(seed)`). Two stages, each a greedy
start followed by a local search that only ever keeps the hard constraints:

1. tables: every pair of players should meet as evenly as the numbers allow (cost: the sum of
   the squared meeting counts, so a third meeting costs more than a first one), and every
   player should visit the tables evenly (a judge stays at his table);
2. seats: every player should sit in every seat number as evenly as possible, seats 1 and 10
   weighing most (seat 1 opens the first day, seat 10 closes it).

Hard constraints: two players kept apart never share a table; a judge never judges a table
where a player he is tied to sits. `figures()` reports what a head judge needs to trust the
result: the ideal, the spread and how many pairs / seats fall within one of the ideal.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

SEATS = 10
# Seat weights: seats 1 and 10 weigh most (the first and the last word of the day).
SEAT_WEIGHT: tuple[float, ...] = (3.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 3.0)
TABLE_WEIGHT = 0.5


class SeatingError(ValueError):
    """The tournament cannot be seated as asked; the message says why in a judge's words."""


@dataclass(frozen=True)
class TournamentPlan:
    """What the generator needs: who plays, at which tables, how many rounds, the limits.

    `judges` maps a table to its judge (judges stay at their table); `ties` maps a judge to
    the players he may not judge (relatives, club mates); `apart` lists pairs of players who
    never share a table.
    """

    players: tuple[str, ...]
    tables: tuple[str, ...]
    rounds: int
    judges: Mapping[str, str] = field(default_factory=dict)
    ties: Mapping[str, frozenset[str]] = field(default_factory=dict)
    apart: frozenset[frozenset[str]] = frozenset()

    def check(self) -> None:
        """Refuse a plan that cannot be seated, with a reason."""
        if len(set(self.players)) != len(self.players):
            raise SeatingError("a player is listed twice")
        if len(set(self.tables)) != len(self.tables):
            raise SeatingError("a table is listed twice")
        if self.rounds < 1:
            raise SeatingError("a tournament has at least one round")
        if not self.tables:
            raise SeatingError("a tournament needs at least one table")
        if len(self.players) < SEATS * len(self.tables):
            raise SeatingError(
                f"{len(self.tables)} tables need {SEATS * len(self.tables)} players, "
                f"only {len(self.players)} are listed")
        known = set(self.players)
        for pair in self.apart:
            if len(pair) != 2 or not pair <= known:
                raise SeatingError(f"keep-apart pair {sorted(pair)} must name two listed players")
        for table in self.judges:
            if table not in self.tables:
                raise SeatingError(f"judge given for unknown table {table!r}")
        for judge, players in self.ties.items():
            if not players <= known:
                raise SeatingError(f"judge {judge} is tied to unlisted players "
                                   f"{sorted(players - known)}")

    def forbidden_tables(self, player: str) -> frozenset[str]:
        """Tables whose judge is tied to `player`."""
        return frozenset(t for t, j in self.judges.items() if player in self.ties.get(j, ()))


@dataclass(frozen=True)
class TableSeating:
    """One game of a round: the table, its judge and the ten players, seat 1 first."""

    table: str
    seats: tuple[str, ...]
    judge: str | None = None


@dataclass(frozen=True)
class Round:
    number: int
    games: tuple[TableSeating, ...]
    sitting_out: tuple[str, ...] = ()


@dataclass(frozen=True)
class Figures:
    """How fair a schedule is (a head judge reads these before trusting it)."""

    pair_ideal: float
    pair_min: int
    pair_max: int
    pairs_within_one: float  # share of pairs whose meeting count is within one of the ideal
    seat_ideal: float
    seat_spread: int  # max - min over every player's seat counts
    seats_within_one: float  # share of (player, seat) counts within one of the player's ideal
    edge_seat_spread: int  # the same spread over seats 1 and 10 only
    pair_squares: int  # sum over pairs of (meetings)^2: lower is more even
    pair_squares_floor: int  # no schedule of these numbers can go below it (see floor_squares)

    def as_dict(self) -> dict[str, float]:
        return {k: round(v, 4) if isinstance(v, float) else v
                for k, v in self.__dict__.items()}


@dataclass(frozen=True)
class Seating:
    plan: TournamentPlan
    rounds: tuple[Round, ...]

    def violations(self) -> list[str]:
        """Every broken hard constraint, in words (empty: the seating is valid)."""
        out: list[str] = []
        plan = self.plan
        for rnd in self.rounds:
            seen: set[str] = set()
            for game in rnd.games:
                if len(game.seats) != SEATS:
                    out.append(f"round {rnd.number} table {game.table}: "
                               f"{len(game.seats)} players, not {SEATS}")
                for player in game.seats:
                    if player in seen:
                        out.append(f"round {rnd.number}: {player} sits twice")
                    seen.add(player)
                    if game.table in plan.forbidden_tables(player):
                        out.append(f"round {rnd.number}: judge {game.judge} of table "
                                   f"{game.table} is tied to {player}")
                for a, b in combinations(game.seats, 2):
                    if frozenset((a, b)) in plan.apart:
                        out.append(f"round {rnd.number} table {game.table}: "
                                   f"{a} and {b} must be kept apart")
            missing = set(plan.players) - seen - set(rnd.sitting_out)
            if missing:
                out.append(f"round {rnd.number}: {sorted(missing)} neither play nor sit out")
        return out

    def figures(self) -> Figures:
        players = self.plan.players
        index = {p: i for i, p in enumerate(players)}
        n = len(players)
        meet = [[0] * n for _ in range(n)]
        seat = [[0] * SEATS for _ in range(n)]
        games = [0] * n
        for rnd in self.rounds:
            for game in rnd.games:
                ids = [index[p] for p in game.seats]
                for s, i in enumerate(ids):
                    seat[i][s] += 1
                    games[i] += 1
                for i, j in combinations(ids, 2):
                    meet[i][j] += 1
                    meet[j][i] += 1
        counts = [meet[i][j] for i, j in combinations(range(n), 2)]
        pair_ideal = sum(counts) / len(counts) if counts else 0.0
        within = sum(1 for c in counts if abs(c - pair_ideal) <= 1 + 1e-9)
        seat_cells = [(seat[i][s], games[i] / SEATS) for i in range(n) for s in range(SEATS)]
        all_seats = [c for c, _ in seat_cells]
        edge = [seat[i][s] for i in range(n) for s in (0, SEATS - 1)]
        return Figures(
            pair_ideal=pair_ideal, pair_min=min(counts, default=0),
            pair_max=max(counts, default=0),
            pairs_within_one=within / len(counts) if counts else 1.0,
            seat_ideal=sum(games) / n / SEATS,
            seat_spread=max(all_seats) - min(all_seats),
            seats_within_one=sum(1 for c, ideal in seat_cells if abs(c - ideal) <= 1 + 1e-9)
            / len(seat_cells),
            edge_seat_spread=max(edge) - min(edge),
            pair_squares=sum(c * c for c in counts),
            pair_squares_floor=floor_squares(n, len(self.plan.tables), len(self.rounds)),
        )


def floor_squares(players: int, tables: int, rounds: int) -> int:
    """The least sum of squared meeting counts any schedule can reach (nobody sitting out).

    Two bounds, the larger wins. Counting: the meetings are fixed in number, so at best
    every pair meets floor or ceil of the mean. Rounds: sum over pairs of c^2 equals, over
    every two rounds, the sum of squares of the table-by-table crossing counts; two rounds
    share at best 10/tables players per table pair (30 players at 3 tables: 3, 3 or 4, never
    all equal), which makes "every pair within one of the ideal" impossible for 30 x 10.
    """
    pairs = players * (players - 1) // 2
    if pairs == 0 or players != SEATS * tables:
        return 0
    meetings = rounds * tables * SEATS * (SEATS - 1) // 2
    low, extra = divmod(meetings, pairs)
    counting = (pairs - extra) * low * low + extra * (low + 1) * (low + 1)
    q, rem = divmod(SEATS, tables)
    crossing = tables * (rem * (q + 1) ** 2 + (tables - rem) * q * q)
    ordered = rounds * tables * SEATS * SEATS + rounds * (rounds - 1) * crossing
    by_rounds = (ordered - players * rounds * rounds) // 2
    return max(counting, by_rounds)


def generate(plan: TournamentPlan, seed: int = 0, effort: float = 1.0) -> Seating:
    """A balanced seating for `plan`; the same plan and seed give the same seating."""
    plan.check()
    rng = random.Random(seed)
    tables = _Tables(plan, rng)
    tables.build()
    tables.improve(int(effort * 1000 * plan.rounds * len(plan.tables)))
    seats = _Seats(plan, tables.rounds, rng)
    arranged = seats.arrange()
    return Seating(plan, tuple(
        Round(number=r + 1,
              games=tuple(TableSeating(t, tuple(plan.players[i] for i in arranged[r][k]),
                                       plan.judges.get(t))
                          for k, t in enumerate(plan.tables)),
              sitting_out=tuple(plan.players[i] for i in sorted(tables.out[r])))
        for r in range(plan.rounds)))


def random_seating(plan: TournamentPlan, seed: int = 0) -> Seating:
    """A purely random schedule (constraints ignored): the baseline the figures compare to."""
    rng = random.Random(seed)
    rounds = []
    for r in range(plan.rounds):
        order = list(plan.players)
        rng.shuffle(order)
        games = tuple(TableSeating(t, tuple(order[k * SEATS:(k + 1) * SEATS]),
                                   plan.judges.get(t)) for k, t in enumerate(plan.tables))
        rounds.append(Round(r + 1, games, tuple(order[len(plan.tables) * SEATS:])))
    return Seating(plan, tuple(rounds))


class _Tables:
    """Stage 1: players to tables, round by round, then swaps between tables of a round."""

    def __init__(self, plan: TournamentPlan, rng: random.Random) -> None:
        self.plan, self.rng = plan, rng
        n, t = len(plan.players), len(plan.tables)
        self.n, self.t = n, t
        idx = {p: i for i, p in enumerate(plan.players)}
        self.apart = [set[int]() for _ in range(n)]
        for pair in plan.apart:
            a, b = (idx[p] for p in pair)
            self.apart[a].add(b)
            self.apart[b].add(a)
        self.banned = [{plan.tables.index(x) for x in plan.forbidden_tables(p)}
                       for p in plan.players]
        self.meet = [[0] * n for _ in range(n)]
        self.constrained = bool(plan.apart)
        self.visits = [[0] * t for _ in range(n)]
        self.rounds: list[list[list[int]]] = []
        self.out: list[set[int]] = []

    def build(self) -> None:
        sat_out = [0] * self.n
        for _ in range(self.plan.rounds):
            spare = self.n - SEATS * self.t
            order = list(range(self.n))
            self.rng.shuffle(order)
            order.sort(key=lambda i: -sat_out[i])  # who sat out least sits out next
            out = set(order[len(order) - spare:]) if spare else set()
            for i in out:
                sat_out[i] += 1
            playing = [i for i in order if i not in out]
            games = self._place(playing)
            for k, game in enumerate(games):
                self._add(game, k, +1)
            self.rounds.append(games)
            self.out.append(out)

    def _place(self, playing: list[int]) -> list[list[int]]:
        # Most constrained players first, so the greedy start rarely paints itself in.
        for _attempt in range(200):
            self.rng.shuffle(playing)
            playing.sort(key=lambda i: -(len(self.apart[i]) + 3 * len(self.banned[i])))
            games: list[list[int]] = [[] for _ in range(self.t)]
            for i in playing:
                best, best_cost = -1, math.inf
                for k, game in enumerate(games):
                    if len(game) >= SEATS or k in self.banned[i] or self.apart[i] & set(game):
                        continue
                    cost = sum(self.meet[i][j] for j in game) + TABLE_WEIGHT * self.visits[i][k]
                    cost += self.rng.random() * 1e-3
                    if cost < best_cost:
                        best, best_cost = k, cost
                if best < 0:
                    break
                games[best].append(i)
            else:
                return games
        raise SeatingError("no seating keeps every keep-apart pair and judge tie: "
                           "relax a constraint or add a table")

    def _add(self, game: list[int], k: int, sign: int) -> None:
        for i in game:
            self.visits[i][k] += sign
        for a, b in combinations(game, 2):
            self.meet[a][b] += sign
            self.meet[b][a] += sign

    def _move_cost(self, i: int, leave: list[int], join: list[int], ka: int, kb: int,  # noqa: PLR0917
                   other: int) -> float:
        """Cost change of player i leaving `leave` (table ka) for `join` (table kb) where
        `other` leaves `join` (squared counts: d(c^2) = 2c+1 up, -(2c-1) down)."""
        m = self.meet[i]
        delta = 0.0
        for j in leave:
            if j != i:
                delta -= 2 * m[j] - 1
        for j in join:
            if j != other:
                delta += 2 * m[j] + 1
        v = self.visits[i]
        delta += TABLE_WEIGHT * ((2 * v[kb] + 1) - (2 * v[ka] - 1))
        return delta

    def improve(self, iterations: int, hot: float = 10.0, cold: float = 0.3) -> None:
        if self.t < 2:
            return
        rng = self.rng
        temperature = hot
        cooling = (cold / hot) ** (1 / max(iterations, 1))
        for _ in range(iterations):
            temperature *= cooling
            r = rng.randrange(self.plan.rounds)
            ka = rng.randrange(self.t)
            kb = (ka + 1 + rng.randrange(self.t - 1)) % self.t
            games = self.rounds[r]
            ga, gb = games[ka], games[kb]
            xa, xb = rng.randrange(SEATS), rng.randrange(SEATS)
            a, b = ga[xa], gb[xb]
            if kb in self.banned[a] or ka in self.banned[b]:
                continue
            if self.constrained and (any(j in self.apart[a] for j in gb if j != b)
                                     or any(j in self.apart[b] for j in ga if j != a)):
                continue
            delta = self._move_cost(a, ga, gb, ka, kb, b) + self._move_cost(b, gb, ga, kb, ka, a)
            # a and b never shared a table before the swap and do not after it, but each
            # moved against the other's old mates: the terms above already exclude each other.
            if delta <= 0 or rng.random() < math.exp(-delta / temperature):
                self._swap(games, ka, kb, xa, xb)

    def _swap(self, games: list[list[int]], ka: int, kb: int, xa: int, xb: int) -> None:
        ga, gb = games[ka], games[kb]
        a, b = ga[xa], gb[xb]
        for j in ga:
            if j != a:
                self.meet[a][j] -= 1
                self.meet[j][a] -= 1
                self.meet[b][j] += 1
                self.meet[j][b] += 1
        for j in gb:
            if j != b:
                self.meet[b][j] -= 1
                self.meet[j][b] -= 1
                self.meet[a][j] += 1
                self.meet[j][a] += 1
        self.visits[a][ka] -= 1
        self.visits[a][kb] += 1
        self.visits[b][kb] -= 1
        self.visits[b][ka] += 1
        ga[xa], gb[xb] = b, a


class _Seats:
    """Stage 2: seat numbers inside each game; swaps of two seats until nothing improves."""

    def __init__(self, plan: TournamentPlan, rounds: Sequence[Sequence[Sequence[int]]],
                 rng: random.Random) -> None:
        self.rng = rng
        self.rounds = [[list(game) for game in games] for games in rounds]
        self.count = [[0] * SEATS for _ in plan.players]

    def arrange(self) -> list[list[list[int]]]:
        for games in self.rounds:
            for game in games:
                self._greedy(game)
        improved = True
        passes = 0
        while improved and passes < 50:
            improved = False
            passes += 1
            for games in self.rounds:
                for game in games:
                    improved |= self._polish(game)
        return self.rounds

    def _greedy(self, game: list[int]) -> None:
        order = sorted(range(SEATS), key=lambda s: -SEAT_WEIGHT[s])
        free = list(game)
        self.rng.shuffle(free)
        placed = [0] * SEATS
        for s in order:
            i = min(free, key=lambda p: self.count[p][s])
            free.remove(i)
            placed[s] = i
            self.count[i][s] += 1
        game[:] = placed

    def _polish(self, game: list[int]) -> bool:
        changed = False
        for s1, s2 in combinations(range(SEATS), 2):
            a, b = game[s1], game[s2]
            ca, cb = self.count[a], self.count[b]
            w1, w2 = SEAT_WEIGHT[s1], SEAT_WEIGHT[s2]
            delta = (w2 * (2 * ca[s2] + 1) - w1 * (2 * ca[s1] - 1)
                     + w1 * (2 * cb[s1] + 1) - w2 * (2 * cb[s2] - 1))
            if delta < 0:
                ca[s1] -= 1
                ca[s2] += 1
                cb[s2] -= 1
                cb[s1] += 1
                game[s1], game[s2] = b, a
                changed = True
        return changed
