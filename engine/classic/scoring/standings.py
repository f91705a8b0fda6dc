"""Tournament standings: `standings(games, rules)` -> `Standings` (docs/scoring.md).

Pure and order-free: the games are taken as a set (input order never changes the result),
players are their nicknames, every figure is exact hundredths until printed. Players equal
through the whole tie-break chain share a place and carry `lot=True`: the lot is drawn by
the head judge, never guessed here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple, TypedDict

from engine.classic.ruleset import Ruleset
from engine.classic.scoring.game import SeatScore, as_points, first_night_kill, score_game
from engine.classic.scoring.options import hundredths
from engine.classic.state import GameState
from engine.roles import Role, Team
from engine.values import compare_by_class

ROLES = (Role.CITIZEN, Role.SHERIFF, Role.MAFIA, Role.DON)
HARD_CARDS = (Role.DON, Role.SHERIFF)  # "на сложной карте" (001 8.5.2, 002)


class ScoredGame(NamedTuple):
    """What standings need of one decided game."""

    rules: str
    players: tuple[str, ...]  # players[seat - 1]
    roles: tuple[Role, ...]
    scores: tuple[SeatScore, ...]  # scores[seat - 1]
    winner: str  # red | black | draw
    first_night_death: int | None  # the seat killed in night 1
    best_move: tuple[int, int] | None  # (seat, black_found)
    name: str = ""  # where it came from (a file name), for messages only


def scored_game(state: GameState, rules: Ruleset, players: Iterable[str],
                name: str = "") -> ScoredGame:
    """A decided game as standings see it; ValueError if undecided."""
    scores = score_game(state, rules)
    if scores is None or state.roles is None or state.winner is None:
        raise ValueError("the game is not decided")
    bm = state.best_move
    return ScoredGame(
        rules=rules.id, players=tuple(players), roles=state.roles,
        scores=tuple(scores[seat] for seat in range(1, 11)), winner=state.winner,
        first_night_death=first_night_kill(state),
        best_move=None if bm is None else (bm.seat, bm.black_found), name=name)


@dataclass
class _Tally:
    total: int = 0
    base: int = 0
    extras: int = 0
    penalties: int = 0
    games: int = 0
    red_games: int = 0
    wins: int = 0
    wins_by_role: dict[Role, int] = field(default_factory=lambda: dict.fromkeys(ROLES, 0))
    first_night_deaths: int = 0
    red_night1_deaths: int = 0
    lost_night1_games: int = 0  # cml: red night-1 deaths in games black won
    found_night1: list[bool] = field(default_factory=list)  # judge-guide: red won?
    extras_don_sheriff: int = 0


class RowJson(TypedDict):
    """One row of `mafiakit standings`' JSON, figures in points."""

    place: int
    player: str
    total: float
    base: float
    extras: float
    penalties: float
    ci: float
    compensation: float
    games: int
    wins: int
    wins_by_role: dict[str, int]
    first_night_deaths: int
    extras_don_sheriff: float
    lot: bool


class StandingsJson(TypedDict):
    """The JSON object of `mafiakit standings` (docs/scoring.md)."""

    rules: str
    games: int
    tie_breaks: list[str]  # the ruleset's chain, in order (what `tie_break_reasons` reads)
    standings: list[RowJson]


class Row(NamedTuple):
    place: int
    player: str
    total: int
    base: int
    extras: int
    penalties: int
    ci: int
    compensation: int
    games: int
    wins: int
    wins_by_role: Mapping[str, int]
    first_night_deaths: int
    extras_don_sheriff: int
    lot: bool

    def as_dict(self) -> RowJson:
        return {"place": self.place, "player": self.player, "total": as_points(self.total),
                "base": as_points(self.base), "extras": as_points(self.extras),
                "penalties": as_points(self.penalties), "ci": as_points(self.ci),
                "compensation": as_points(self.compensation), "games": self.games,
                "wins": self.wins, "wins_by_role": dict(self.wins_by_role),
                "first_night_deaths": self.first_night_deaths,
                "extras_don_sheriff": as_points(self.extras_don_sheriff), "lot": self.lot}


class Standings(NamedTuple):
    rules: str
    games: int
    rows: tuple[Row, ...]
    tie_breaks: tuple[str, ...] = ()  # the ruleset's chain that ordered equal totals

    def as_dict(self) -> StandingsJson:
        """The JSON object of `mafiakit standings`."""
        return {"rules": self.rules, "games": self.games, "tie_breaks": list(self.tie_breaks),
                "standings": [r.as_dict() for r in self.rows]}


class StandingsError(ValueError):
    """The games cannot make one tournament table; the message says which and why."""


def half_up(value: Fraction) -> int:
    """Points (a Fraction) -> hundredths, rounded half up (docs/scoring.md, "Ci")."""
    scaled = value * 100
    return int(scaled + Fraction(1, 2)) if scaled >= 0 else -int(-scaled + Fraction(1, 2))


def _tally(games: Iterable[ScoredGame]) -> dict[str, _Tally]:
    tallies: dict[str, _Tally] = {}
    for g in games:
        for seat in range(1, 11):
            t = tallies.setdefault(g.players[seat - 1], _Tally())
            role, sc = g.roles[seat - 1], g.scores[seat - 1]
            red = role.team is Team.RED
            t.games += 1
            t.red_games += red
            t.base += sc.base
            t.extras += sc.extras
            t.penalties += sc.penalties
            if g.winner == role.team.value:
                t.wins += 1
                t.wins_by_role[role] += 1
            if role in HARD_CARDS:
                t.extras_don_sheriff += sc.extras
            if g.first_night_death == seat:
                t.first_night_deaths += 1
                if red:
                    t.red_night1_deaths += 1
                    t.lost_night1_games += g.winner == Team.BLACK.value
                    if g.best_move is not None and g.best_move[0] == seat and g.best_move[1]:
                        t.found_night1.append(g.winner == Team.RED.value)
    return tallies


def compensation(t: _Tally, rules: Ruleset) -> tuple[int, int]:
    """(Ci, what it adds), in hundredths, by the ruleset's formula."""
    o = rules.scoring.compensation
    cap = Fraction(hundredths(o.cap), 100)
    if o.formula == "share_of_red_games":  # 000 III.3
        if not t.red_games:
            return 0, 0
        ci = half_up(min(cap, Fraction(t.red_night1_deaths, t.red_games)))
        return ci, ci * t.lost_night1_games
    if o.formula == "share_of_games":  # 002 "Компенсация за первую ночь"
        share = Fraction(hundredths(o.games_share), 100) * t.games
        base = max(o.min_base, int(share + Fraction(1, 2)))  # "округлённые до целого"
        exact = min(cap, cap * t.red_night1_deaths / base) if base else Fraction(0)
        ci, half = half_up(exact), half_up(exact / 2)
        return ci, sum(half if red_won else ci for red_won in t.found_night1)
    return 0, 0


def _field(row: Row | Mapping[str, object], name: str) -> object:
    """A figure of a row, whether a `Row` or its JSON (`RowJson`): the same names."""
    return row[name] if isinstance(row, Mapping) else getattr(row, name)


def _wins_don_sheriff(row: Row | Mapping[str, object]) -> object:
    wins = _field(row, "wins_by_role")
    assert isinstance(wins, Mapping)
    return wins["don"] + wins["sheriff"]


# each tie-break, "more is better", on a Row (hundredths) or its JSON (points) alike
_KEYS: dict[str, Callable[[Row | Mapping[str, object]], object]] = {
    "extras": lambda r: _field(r, "extras"),
    "wins": lambda r: _field(r, "wins"),
    "wins_don_sheriff": _wins_don_sheriff,
    "extras_don_sheriff": lambda r: _field(r, "extras_don_sheriff"),
    "first_night_deaths": lambda r: _field(r, "first_night_deaths"),
}


def standings(games: Iterable[ScoredGame], rules: Ruleset) -> Standings:
    """The tournament table of `games` (all under `rules`), best first.

    Order: total, then `rules.scoring.tie_breaks`, each "more is better"; players equal
    through the whole chain share the place of the first of them, carry `lot=True` and
    are listed by nickname (code-point order). Raises StandingsError for a game of other
    rules or a nickname twice in one game.
    """
    played = list(games)
    for g in played:
        if g.rules != rules.id:
            raise StandingsError(f"{g.name or 'a game'}: rules {g.rules!r}, not {rules.id!r}: "
                                 "one tournament has one ruleset")
        twice = sorted({p for p in g.players if g.players.count(p) > 1})
        if twice or len(g.players) != 10:
            raise StandingsError(f"{g.name or 'a game'}: every seat needs its own nickname"
                                 + (f" ({', '.join(twice)} twice)" if twice else ""))
    rows: list[Row] = []
    for player, t in _tally(played).items():
        ci, comp = compensation(t, rules)
        rows.append(Row(
            place=0, player=player, total=t.base + t.extras + t.penalties + comp, base=t.base,
            extras=t.extras, penalties=t.penalties, ci=ci, compensation=comp, games=t.games,
            wins=t.wins, wins_by_role={r.value: t.wins_by_role[r] for r in ROLES},
            first_night_deaths=t.first_night_deaths, extras_don_sheriff=t.extras_don_sheriff,
            lot=False))
    chain = [_KEYS[k] for k in rules.scoring.tie_breaks]

    def key(r: Row) -> tuple[int, ...]:
        return (-r.total, *(-_int(f(r)) for f in chain))

    rows.sort(key=lambda r: (key(r), r.player))
    out: list[Row] = []
    for i, r in enumerate(rows):
        same_prev = i > 0 and key(rows[i - 1]) == key(r)
        same_next = i + 1 < len(rows) and key(rows[i + 1]) == key(r)
        place = out[-1].place if same_prev else i + 1
        out.append(r._replace(place=place, lot=same_prev or same_next))
    return Standings(rules=rules.id, games=len(played), rows=tuple(out),
                     tie_breaks=tuple(rules.scoring.tie_breaks))


def _int(value: object) -> int:
    assert isinstance(value, int)
    return value


def tie_break_reasons(rows: Sequence[Row | Mapping[str, object]],
                      chain: Iterable[str]) -> list[str | None]:
    """For each row in order, what set it apart on equal points: the first tie-break of
    `chain` (a Standings' `tie_breaks`) on which it differs from a neighbour with the same
    total, the row above first; None when no neighbour has its total, or when it is equal to
    them through the whole chain (then `lot`). What a player on equal points is told."""
    keys = [k for k in chain if k in _KEYS]
    out: list[str | None] = []
    for i, row in enumerate(rows):
        decided = None
        for j in (i - 1, i + 1):
            if decided is None and 0 <= j < len(rows) and (
                    _field(rows[j], "total") == _field(row, "total")):
                decided = next((k for k in keys if _KEYS[k](rows[j]) != _KEYS[k](row)), None)
        out.append(decided)
    return out


CSV_HEADER = ("place,player,total,base,extras,penalties,ci,compensation,games,wins,"
              "wins_citizen,wins_sheriff,wins_mafia,wins_don,first_night_deaths,"
              "extras_don_sheriff,lot")


def csv_rows(table: Standings) -> list[list[str]]:
    """The `--csv` rows (header first), as text cells."""
    out = [CSV_HEADER.split(",")]
    for r in table.rows:
        d = r.as_dict()
        out.append([str(d["place"]), r.player, *(str(v) for v in (
            d["total"], d["base"], d["extras"], d["penalties"], d["ci"], d["compensation"],
            d["games"], d["wins"])),
            *(str(r.wins_by_role[role.value]) for role in ROLES),
            str(r.first_night_deaths), str(d["extras_don_sheriff"]), "true" if r.lot else "false"])
    return out

compare_by_class(ScoredGame, Row, Standings)
