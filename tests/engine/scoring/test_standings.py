"""Standings: order-free, equal to a slow reference written here from docs/scoring.md, and
both compensation formulas (000 III.3, 002 "Компенсация за первую ночь")."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import pytest

from engine.classic.ruleset import Ruleset, load_ruleset
from engine.classic.scoring.game import SeatScore
from engine.classic.scoring.logs import game_from_log
from engine.classic.scoring.playout import random_tournament
from engine.classic.scoring.standings import (
    ScoredGame,
    StandingsError,
    standings,
    tie_break_reasons,
)
from engine.roles import Role

RULES = ("cml", "judge-guide", "fiim-2015", "fiim")
HARD = ("don", "sheriff")


def tournament(rules: str, players: int = 30, rounds: int = 10) -> list[ScoredGame]:
    return [game_from_log(lines, f"game {i}")
            for i, lines in enumerate(random_tournament(rules, players, rounds, seed=7))]


def round_half_up(x: Fraction) -> Fraction:
    """Whole hundredths, half up: the slow way, by string digits."""
    hundred = x * 100
    whole = hundred.numerator // hundred.denominator
    return Fraction(whole + (1 if hundred - whole >= Fraction(1, 2) else 0), 100)


def reference(games: list[ScoredGame], rules: Ruleset) -> list[dict[str, Any]]:
    """docs/scoring.md "Standings", computed player by player with Fractions."""
    names = sorted({p for g in games for p in g.players})
    rows = []
    for name in names:
        mine = [(g, g.players.index(name) + 1) for g in games if name in g.players]
        def f(h: int) -> Fraction:
            return Fraction(h, 100)
        base = sum((f(g.scores[s - 1].base) for g, s in mine), Fraction(0))
        extras = sum((f(g.scores[s - 1].best_move + g.scores[s - 1].extra
                        + g.scores[s - 1].mechanical) for g, s in mine), Fraction(0))
        penalties = sum((f(g.scores[s - 1].penalties) for g, s in mine), Fraction(0))
        role_of = [(g, s, g.roles[s - 1].value) for g, s in mine]
        red = [(g, s, r) for g, s, r in role_of if r in ("citizen", "sheriff")]
        won = [(g, s, r) for g, s, r in role_of
               if g.winner == ("red" if r in ("citizen", "sheriff") else "black")]
        night1 = [(g, s, r) for g, s, r in role_of if g.first_night_death == s]
        red_night1 = [(g, s, r) for g, s, r in night1 if r in ("citizen", "sheriff")]
        ci = comp = Fraction(0)
        formula = rules.scoring.compensation.formula
        if formula == "share_of_red_games" and red:
            ci = round_half_up(min(Fraction(2, 5), Fraction(len(red_night1), len(red))))
            comp = ci * sum(1 for g, _, _ in red_night1 if g.winner == "black")
        elif formula == "share_of_games":
            b = max(4, int(Fraction(2, 5) * len(mine) + Fraction(1, 2)))
            i = len(red_night1)
            exact = Fraction(2, 5) if i > b else Fraction(2, 5) * i / b
            ci = round_half_up(exact)
            for g, s, _ in red_night1:
                if g.best_move is not None and g.best_move[0] == s and g.best_move[1] >= 1:
                    comp += round_half_up(exact / 2) if g.winner == "red" else ci
        rows.append({
            "player": name, "total": base + extras + penalties + comp, "base": base,
            "extras": extras, "penalties": penalties, "ci": ci, "compensation": comp,
            "games": len(mine), "wins": len(won),
            "wins_by_role": {r: sum(1 for *_, x in won if x == r)
                             for r in ("citizen", "sheriff", "mafia", "don")},
            "first_night_deaths": len(night1),
            "extras_don_sheriff": sum((f(g.scores[s - 1].best_move + g.scores[s - 1].extra
                                         + g.scores[s - 1].mechanical)
                                       for g, s, r in role_of if r in HARD), Fraction(0)),
        })
    chain: dict[str, Callable[[dict[str, Any]], Any]] = {
        "extras": lambda r: r["extras"], "wins": lambda r: r["wins"],
        "wins_don_sheriff": lambda r: r["wins_by_role"]["don"] + r["wins_by_role"]["sheriff"],
        "extras_don_sheriff": lambda r: r["extras_don_sheriff"],
        "first_night_deaths": lambda r: r["first_night_deaths"],
    }
    keys: list[Callable[[dict[str, Any]], Any]] = [
        lambda r: r["total"], *(chain[k] for k in rules.scoring.tie_breaks)]

    def better(a: dict[str, Any], b: dict[str, Any]) -> int:
        for k in keys:
            if k(a) != k(b):
                return -1 if k(a) > k(b) else 1
        return 0

    for r in rows:
        r["place"] = 1 + sum(1 for o in rows if better(o, r) < 0)
        r["lot"] = any(better(o, r) == 0 for o in rows if o is not r)
    rows.sort(key=functools.cmp_to_key(
        lambda a, b: better(a, b) or (-1 if str(a["player"]) < str(b["player"]) else 1)))
    return [{k: (float(v) if isinstance(v, Fraction) else v) for k, v in r.items()}
            for r in rows]


def as_compared(rows: Sequence[Mapping[str, object]]) -> list[dict[str, object]]:
    keys = ("place", "player", "total", "base", "extras", "penalties", "ci", "compensation",
            "games", "wins", "wins_by_role", "first_night_deaths", "extras_don_sheriff", "lot")
    return [{k: (round(v, 2) if isinstance(v := r[k], float) else v) for k in keys}
            for r in rows]


@pytest.mark.parametrize("rules", RULES)
def test_generated_tournament_equals_the_reference_for_any_order(rules: str) -> None:
    """30 players, 10 rounds of random legal games with random legal after-game lines."""
    ruleset = load_ruleset(rules)
    games = tournament(rules)
    assert len(games) == 30
    table = standings(games, ruleset)
    assert as_compared(table.as_dict()["standings"]) == as_compared(reference(games, ruleset))
    text = json.dumps(table.as_dict(), ensure_ascii=False)
    rng = random.Random(5)
    for _ in range(3):
        shuffled = rng.sample(games, len(games))
        assert json.dumps(standings(shuffled, ruleset).as_dict(), ensure_ascii=False) == text
    assert any(r.extras for r in table.rows) and any(r.first_night_deaths for r in table.rows)


def game(players: list[str], red_dead: int | None, winner: str, found: int = 0,
         extra: dict[int, int] | None = None, rules: str = "cml") -> ScoredGame:
    """Seat 1 sheriff, 2 don, 3-4 mafia; `red_dead` killed in night 1."""
    roles = (Role.SHERIFF, Role.DON, Role.MAFIA, Role.MAFIA, *(Role.CITIZEN,) * 6)
    scores = tuple(SeatScore(extra=(extra or {}).get(s, 0)) for s in range(1, 11))
    return ScoredGame(rules, tuple(players), roles, scores, winner, red_dead,
                      None if red_dead is None else (red_dead, found))


NAMES = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Сова"]


def test_cml_ci_is_night1_deaths_over_red_games_at_most_04_per_lost_game_000_III_3() -> None:
    """000 III.3: Ci = killed in night 1 / red cards, at most 0.4, for each lost game."""
    rules = load_ruleset("cml")
    games = [game(NAMES, 10, "black"), game(NAMES, 10, "red"),
             *(game(NAMES, None, "red") for _ in range(3))]  # Сова: 5 red games, 2 deaths
    row = next(r for r in standings(games, rules).rows if r.player == "Сова")
    assert (row.ci, row.compensation) == (40, 40)  # 2/5 = 0.4, one lost game
    games.append(game(NAMES, 10, "black"))  # 3/6 = 0.5 -> 0.4, two lost games
    row = next(r for r in standings(games, rules).rows if r.player == "Сова")
    assert (row.ci, row.compensation, row.first_night_deaths) == (40, 80, 3)
    many = [game(NAMES, 10, "black"), *(game(NAMES, None, "red") for _ in range(6))]
    row = next(r for r in standings(many, rules).rows if r.player == "Сова")
    assert (row.ci, row.compensation) == (14, 14)  # 1/7 = 0.142.. -> 0.14


def test_judge_guide_ci_is_i_times_04_over_b_half_when_red_won_002() -> None:
    """002: Ci = i x 0.4 / B, B = 40 % of his games rounded, at least 4; only with a black
    found in the best move; red lost = Ci, red won = Ci / 2."""
    rules = load_ruleset("judge-guide")
    quiet = [game(NAMES, None, "red", rules="judge-guide") for _ in range(13)]
    lost = game(NAMES, 10, "black", found=1, rules="judge-guide")
    won = game(NAMES, 10, "red", found=2, rules="judge-guide")
    blind = game(NAMES, 10, "black", found=0, rules="judge-guide")
    row = next(r for r in standings([*quiet, lost], rules).rows if r.player == "Сова")
    assert (row.ci, row.compensation) == (7, 7)  # n=14: B=round(5.6)=6, 0.4/6 = 0.0667
    row = next(r for r in standings([*quiet, won], rules).rows if r.player == "Сова")
    assert (row.ci, row.compensation) == (7, 3)  # half of 0.0667 = 0.0333
    row = next(r for r in standings([lost, blind], rules).rows if r.player == "Сова")
    assert (row.ci, row.compensation) == (20, 20)  # B=4, i=2: 0.2; the blind one gives 0
    row = next(r for r in standings([lost] * 5, rules).rows if r.player == "Сова")
    assert (row.ci, row.compensation) == (40, 200)  # i=5 > B=4: 0.4 each


def test_equal_players_share_a_place_and_need_a_lot_000_III_14_6() -> None:
    """000 III.14.6 "по жребию": reported, never guessed; places run 1, 2, 2, 4."""
    rules = load_ruleset("cml")
    table = standings([game(NAMES, None, "red", extra={5: 30, 6: 30, 7: 20})], rules)
    rows = [(r.place, r.player, r.lot) for r in table.rows]
    assert rows[:4] == [(1, "Eve", True), (1, "Fay", True), (3, "Gus", False),
                        (4, "Ann", False)]  # Ann: the sheriff's win
    assert {r.place for r in table.rows if r.player in ("Hal", "Ivy", "Сова")} == {5}


def test_standings_refuse_a_mixed_tournament_and_a_nickname_twice() -> None:
    rules = load_ruleset("cml")
    with pytest.raises(StandingsError, match="one tournament has one ruleset"):
        standings([game(NAMES, None, "red", rules="fiim")], rules)
    with pytest.raises(StandingsError, match=r"Ann twice"):
        standings([game(["Ann", *NAMES[:9]], None, "red")], rules)


def test_a_place_on_equal_points_names_the_tie_break_that_decided_it_000_III_14() -> None:
    """Issue 25: a player's page showed "2*" and "4*" with no reason. On equal points each
    row names the first tie-break of the league's chain (000 III.14: extras, wins, wins as
    don or sheriff, ...) on which it differs from its neighbour with the same total; rows
    equal through the whole chain name none and carry the lot."""
    rules = load_ruleset("cml")
    table = standings([game(NAMES, None, "red", extra={5: 30, 6: 30, 7: 20})], rules)
    reasons = tie_break_reasons(table.rows, table.tie_breaks)
    by = {r.player: (r.total, r.lot, why) for r, why in zip(table.rows, reasons, strict=True)}
    # (this helper's games carry the extras only: the winners' base points are not in them)
    assert by["Eve"] == by["Fay"] == (30, True, None)  # equal through the chain: a lot
    assert by["Gus"] == (20, False, None)  # alone on his total
    # Ann's win as the sheriff puts her above the winning citizens on the same total (the
    # chain's third tie-break, after extras and wins, which are equal)
    assert by["Ann"] == (0, False, "wins_don_sheriff")
    assert by["Hal"] == (0, True, "wins_don_sheriff")  # below Ann by it, equal to Ivy
    assert by["Ivy"] == (0, True, None)  # equal to both neighbours through the chain
    assert by["Сова"] == (0, True, "wins")  # equal to Ivy, above Bob (who lost) by wins
    # the same from the JSON (points, not hundredths), with the chain the JSON carries
    data = table.as_dict()
    assert data["tie_breaks"] == list(rules.scoring.tie_breaks)
    assert tie_break_reasons(data["standings"], data["tie_breaks"]) == reasons
