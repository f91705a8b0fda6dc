"""The scoring options of a ruleset: every figure and limit of a league, with its clause.

Points are given in the TOML as decimals (0.3) and used as exact hundredths (30), so that
0.5 + 0.4 + 0.3 fits 1.2 (docs/scoring.md, "Limits").
"""

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Literal, NamedTuple, cast

from engine.values import compare_by_class

if TYPE_CHECKING:
    from pydantic_core import CoreSchema


def hundredths(points: float) -> int:
    """0.3 -> 30: points as exact hundredths."""
    return round(points * 100)


class Limit:
    """A bound of an option (`Annotated[float, Limit(gt=0)]`), checked when a league's own
    file is validated (engine.classic.ruleset_check): pydantic reads it through its
    `__get_pydantic_core_schema__` hook, so defining the options never imports pydantic and
    a wrong value gets pydantic's own message ("Input should be greater than 0")."""

    __slots__ = ("bounds",)

    def __init__(self, *, gt: float | None = None, ge: float | None = None,
                 le: float | None = None, pattern: str | None = None) -> None:
        given = {"gt": gt, "ge": ge, "le": le, "pattern": pattern}
        self.bounds = {name: value for name, value in given.items() if value is not None}

    def __get_pydantic_core_schema__(self, source: object,
                                     handler: Callable[[object], "CoreSchema"]) -> "CoreSchema":
        return cast("CoreSchema", {**handler(source), **self.bounds})


# Every options table of a ruleset (engine.classic.ruleset's too) is a NamedTuple: frozen, read as
# fast as the engine's state, and cheap to define, so the built-in rulesets load without
# pydantic (docs/architecture.md, "The engine starts without pydantic"). When a league's file
# is validated an unknown key is an error naming it, so a typo never passes silently.


class WinOptions(NamedTuple):
    points: float = 1.0
    clause_red: str = ""
    clause_black: str = ""
    first_killed_bonus: float = 0.0
    """fiim (003 11 "Первый убитый игрок при победе мафии"): the first red player killed at
    night gets this much more in `base` when black wins."""
    first_killed_clause: str = ""


class BestMovePoints(NamedTuple):
    """Points of a red victim's best move by the number of black seats found (2 and 3)."""

    citizen_two: float = 0.3
    citizen_three: float = 0.5
    sheriff_two: float = 0.3
    sheriff_three: float = 0.5
    at_draw: bool = True
    clause: str = ""
    sheriff_clause: str = ""


class ExtraLimits(NamedTuple):
    """The judge's extra points: ranges per player, per team and per game."""

    winner_min: Annotated[float, Limit(ge=0)] = 0.1
    winner_max: Annotated[float, Limit(ge=0)] = 0.5
    loser_min: Annotated[float, Limit(ge=0)] = 0.1
    loser_max: Annotated[float, Limit(ge=0)] = 0.5
    at_draw: bool = True
    draw_min: Annotated[float, Limit(ge=0)] = 0.1
    draw_max: Annotated[float, Limit(ge=0)] = 0.5
    range_clause: str = ""
    draw_clause: str = ""
    team_max_red: float = 0.0
    """0 = no team limit."""
    team_max_black: float = 0.0
    team_clause: str = ""
    sole_at: float = 0.0
    """cml III.4.2: a player at this value leaves nothing for the rest of his team (0 = off)."""
    sole_clause: str = ""
    one_more_at: float = 0.0
    """cml III.4.3: a player at this value allows only one more of his team ..."""
    one_more_min: float = 0.0
    one_more_max: float = 0.0
    """... at one_more_min..one_more_max (0 = off)."""
    one_more_clause: str = ""
    game_max: float = 0.0
    """The whole game's extras at most this (0 = no limit)."""
    game_clause: str = ""
    max_players: Annotated[int, Limit(ge=0)] = 0
    """At most this many players get extras in a game (0 = no limit)."""
    players_clause: str = ""
    approval_from: float = 0.0
    """A value at least this needs the head judge's approval (0 = never)."""
    approval_players: Annotated[int, Limit(ge=0)] = 0
    """... so does the entry after which this many players hold extras (0 = never) ..."""
    approval_total_over: float = 0.0
    """... or after which the game's extras exceed this (0 = never)."""
    approval_clause: str = ""
    versus_best_move: Literal["larger", "both"] = "both"
    """cml III.11, judge-guide: the larger of best move and extra counts; fiim: both."""
    versus_clause: str = ""


class PenaltyOptions(NamedTuple):
    disqualification: float = -0.5
    disqualification_clause: str = ""
    team_loss: float = -0.5
    team_loss_clause: str = ""
    fourth_foul: float = 0.0
    """fiim (001 8.2.4 "в том числе при получении 4 фола"); 0 = none."""
    fourth_foul_clause: str = ""
    mechanical_prefix: str = ""
    """A `penalty` line whose clause starts with this counts as mechanical (000 III.5)."""


class ColourLeftOptions(NamedTuple):
    allowed: bool = False
    """cml 000 III.5.1: a red player killed at night may leave a black colour on record."""
    wrong: float = -0.3
    wrong_clause: str = ""
    right: float = 0.3
    right_clause: str = ""


class CompensationOptions(NamedTuple):
    formula: Literal["none", "share_of_red_games", "share_of_games"] = "none"
    """share_of_red_games: cml III.3; share_of_games: judge-guide "Компенсация за первую
    ночь"."""
    cap: float = 0.4
    games_share: float = 0.4
    """judge-guide: B = max(min_base, round(games_share × games))."""
    min_base: int = 4
    clause: str = ""


TieBreak = Literal["extras", "wins", "wins_don_sheriff", "extras_don_sheriff",
                   "first_night_deaths"]


class ScoringOptions(NamedTuple):
    """Everything a league says about points; defaults are no league's, every built-in
    ruleset sets its own."""

    win: WinOptions = WinOptions()
    best_move: BestMovePoints = BestMovePoints()
    extra: ExtraLimits = ExtraLimits()
    penalties: PenaltyOptions = PenaltyOptions()
    colour_left: ColourLeftOptions = ColourLeftOptions()
    compensation: CompensationOptions = CompensationOptions()
    tie_breaks: tuple[TieBreak, ...] = ("extras", "wins", "wins_don_sheriff",
                                        "first_night_deaths")
    tie_break_clause: str = ""
    protest_minutes: Annotated[int, Limit(ge=0)] = 10
    """A protest is written into the protocol within this many minutes of the game's end."""
    protest_clause: str = ""



def scoring_problem(o: ScoringOptions) -> str | None:
    """What is inconsistent between a league's scoring options (None: nothing)."""
    e = o.extra
    for low, high, what in ((e.winner_min, e.winner_max, "winner"),
                            (e.loser_min, e.loser_max, "loser"),
                            (e.draw_min, e.draw_max, "draw")):
        if low > high:
            return f"extra.{what}_min is above extra.{what}_max"
    return None

compare_by_class(WinOptions, BestMovePoints, ExtraLimits, PenaltyOptions, ColourLeftOptions,
                 CompensationOptions, ScoringOptions)
