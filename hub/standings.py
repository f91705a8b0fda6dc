"""Live standings through the scoring library (engine.classic.scoring), never a second computation.

Each stored protocol is a game log (its header and every action in effect, after-game lines
included). The game as it counts is that log with the head judge's decisions applied, and
the library replays and scores it exactly as `mafiakit standings` does with a table's log:

- extra points approved above a table judge's limit (002) and a penalty imposed on an
  accepted protest (000 III.15) become after-game lines (`extra`, `penalty`) signed
  `approved_by` the head judge, checked by the engine like any other line; a line the rules
  refuse is not applied, and the reason is reported, the game still counts as played;
- a changed result (000 III.16, 000 II.3.7) is the winner the library scores: base points,
  best move at a draw, mechanical points follow it, each figure with its clause;
- an ordered replay (000 III.16) leaves the game out.

"As of round N" leaves out the games of later rounds (a game's round comes from the seating
the hub sent it with, else its header's `game`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from bus.payloads import DecisionRefusal
from engine.classic.game import Game
from engine.classic.log import parse_action
from engine.classic.replay import replay
from engine.classic.ruleset import load_ruleset
from engine.classic.scoring.game import SeatScoreLine, score_dict, score_game
from engine.classic.scoring.standings import (
    ScoredGame,
    Standings,
    StandingsError,
    scored_game,
    standings,
)
from engine.classic.state import GameState
from engine.errors import IllegalAction, LogError
from engine.log import JsonObject, LogHeader
from engine.refusals import Phrase
from engine.replay import ReplayError
from engine.variant import find_variant
from hub.decisions import (
    PENALTY_CLAUSE,
    DecisionKind,
    GameBook,
    Remedy,
    effect_of,
    effective_games,
    round_of,
)
from hub.store import DecisionRow, Decisions, Json, ProtocolRow, StoredProtocol


class Counted(NamedTuple):
    """One game as it counts: the library's figures, or why it does not count."""

    game: ScoredGame | None
    score: dict[str, SeatScoreLine] | None  # per seat, every figure with its clause
    left_out: str | None
    not_applied: tuple[str, ...]  # decisions the rules refused, and why
    # by key for the head judge's page: why the game is left out, and each refused
    # decision's id with the engine's own refusal (its catalogue has both languages)
    out_key: DecisionRefusal | None = None
    refused: tuple[tuple[int, Phrase | None], ...] = ()


def decision_line(d: DecisionRow) -> JsonObject | None:
    """The after-game line a decision adds to the game log, or None."""
    effect = effect_of(d.kind, d.args)
    if effect in (DecisionKind.EXTRA_POINTS, Remedy.EXTRA_POINTS):
        return {"action": "extra", "seat": d.args["seat"], "points": d.args["points"],
                "approved_by": d.who}
    if effect == Remedy.PENALTY:
        return {"action": "penalty", "seat": d.args["seat"], "points": d.args["points"],
                "clause": d.args.get("clause") or PENALTY_CLAUSE, "approved_by": d.who}
    return None


def _replayed(protocol: StoredProtocol) -> tuple[LogHeader, Game]:
    """The table's game, its signature (`close`) left off so the head judge's lines can
    follow (the signature changes no figure)."""
    actions = list(protocol.get("actions", []))
    while actions and isinstance(actions[-1], dict) and actions[-1].get("action") == "close":
        actions.pop()
    return replay([json.dumps(protocol.get("header", {})), *(json.dumps(a) for a in actions)])


def counted_game(protocol: StoredProtocol, decisions: Iterable[DecisionRow],
                 name: str) -> Counted:
    """The game of `protocol` with `decisions` (its own, in order) applied, scored."""
    ds = list(decisions)
    if any(effect_of(d.kind, d.args) in (DecisionKind.ORDER_REPLAY, Remedy.ORDER_REPLAY)
           for d in ds):
        return Counted(None, None, f"{name}: a replay was ordered", ())
    try:
        head, game = _replayed(protocol)
    except ReplayError as exc:
        return Counted(None, None, f"{name}: {exc}", (), DecisionRefusal.BROKEN_PROTOCOL)
    not_applied: list[str] = []
    refused: list[tuple[int, Phrase | None]] = []
    winner: str | None = None
    for d in ds:
        effect = effect_of(d.kind, d.args)
        if effect in (DecisionKind.CHANGE_RESULT, Remedy.CHANGE_RESULT):
            winner = str(d.args["winner"])  # red, black or draw (checked when taken)
        line = decision_line(d)
        if line is None:
            continue
        try:
            game.push(parse_action(line))
        except (LogError, IllegalAction) as exc:
            not_applied.append(f"{name}: decision {d.id} ({d.kind}) is not applied: {exc}")
            refused.append((d.id, exc.phrase if isinstance(exc, IllegalAction) else None))
    state: GameState = game.state
    if state.winner is None:
        return Counted(None, None, f"{name}: the game is not decided", tuple(not_applied),
                       DecisionRefusal.NOT_DECIDED, tuple(refused))
    if winner is not None:
        state = state._replace(winner=winner)
    players = head.get("players")
    if players is None:
        return Counted(None, None, f'{name}: the header has no "players": the standings need '
                       "the nicknames of all ten seats", tuple(not_applied),
                       DecisionRefusal.NO_PLAYERS, tuple(refused))
    return Counted(scored_game(state, game.rules, players, name),
                   score_dict(score_game(state, game.rules)), None, tuple(not_applied),
                   None, tuple(refused))


class CountCache:
    """The games as they count, kept between aggregates: a game is replayed and scored
    again only when its protocol or its decisions change (300 games cost the hub about
    3 s of CPU per aggregate without it)."""

    def __init__(self) -> None:
        self._kept: dict[tuple[str, str], tuple[str, tuple[DecisionRow, ...], Counted]] = {}

    def count(self, table: str, game_id: str, protocol: StoredProtocol,
              decisions: Iterable[DecisionRow]) -> Counted:
        mark, ds = json.dumps(protocol, sort_keys=True), tuple(decisions)
        kept = self._kept.get((table, game_id))
        if kept is not None and kept[0] == mark and kept[1] == ds:
            return kept[2]
        counted = counted_game(protocol, ds, f"table {table} game {game_id}")
        self._kept[(table, game_id)] = (mark, ds, counted)
        return counted


def _count(cache: CountCache | None, table: str, game_id: str, protocol: StoredProtocol,
           decisions: Iterable[DecisionRow]) -> Counted:
    if cache is not None:
        return cache.count(table, game_id, protocol, decisions)
    return counted_game(protocol, decisions, f"table {table} game {game_id}")


def by_game(decisions: Decisions) -> dict[tuple[str, str], list[DecisionRow]]:
    out: dict[tuple[str, str], list[DecisionRow]] = {}
    for d in decisions:
        out.setdefault((d.table, d.game_id), []).append(d)
    return out


def game_round(protocol: StoredProtocol, rounds: Mapping[tuple[str, str], int],
               table: str, game_id: str) -> int | None:
    return rounds.get((table, game_id), round_of(protocol))


def tournament_standings(
        protocols: Sequence[ProtocolRow], decisions: Decisions, rules: str,
        rounds: Mapping[tuple[str, str], int] | None = None, *,
        as_of_round: int | None = None,
        cache: CountCache | None = None) -> tuple[Standings | None, list[str]]:
    """(standings or None without a countable game, the reasons games or decisions were
    left out). `as_of_round`: only the games of rounds 1..N."""
    if not find_variant({"rules": rules}).standings:  # a club night's hub: an evening
        return None, [f"table {t} game {g}: a tournament game at a club night's hub "
                      f"(rules = {json.dumps(rules)}): not added up" for t, g, _ in protocols]
    mine = by_game(decisions)
    games: list[ScoredGame] = []
    left_out: list[str] = []
    for table, game_id, protocol in protocols:
        name = f"table {table} game {game_id}"
        if as_of_round is not None:
            number = game_round(protocol, rounds or {}, table, game_id)
            if number is None or number > as_of_round:
                left_out.append(f"{name}: " + (f"round {number}, after round {as_of_round}"
                                               if number is not None else "no round known")
                                + " (standings as of round " + f"{as_of_round})")
                continue
        counted = _count(cache, table, game_id, protocol, mine.get((table, game_id), ()))
        left_out.extend(counted.not_applied)
        if counted.game is None:
            left_out.append(counted.left_out or name)
        else:
            games.append(counted.game)
    if not games:
        return None, left_out
    try:
        return standings(games, load_ruleset(rules)), left_out
    except StandingsError as exc:
        return None, [*left_out, str(exc)]


def latest_round(protocols: Sequence[ProtocolRow],
                 rounds: Mapping[tuple[str, str], int]) -> int | None:
    """The last round with a finished game: what live standings are "as of"."""
    numbers = [n for t, g, p in protocols if (n := game_round(p, rounds, t, g)) is not None]
    return max(numbers) if numbers else None


def games_as_they_count(protocols: Sequence[ProtocolRow],
                        decisions: Decisions, rounds: Mapping[tuple[str, str], int],
                        cache: CountCache | None = None) -> list[GameBook]:
    """Every finished game with the decisions applied (hub/decisions.py) and the points the
    scoring library gives it as it counts, per seat with each figure's clause."""
    mine = by_game(decisions)
    books = effective_games(protocols, decisions, rounds)
    for book, (table, game_id, protocol) in zip(books, protocols, strict=True):
        counted = _count(cache, table, game_id, protocol, mine.get((table, game_id), ()))
        book["score"] = counted.score
        book["not_applied"] = list(counted.not_applied)
        if counted.left_out is not None and book["counts"]:
            book["counts"] = False
            book["left_out"] = counted.left_out
    return books


def refusal(protocol: StoredProtocol | None, earlier: Decisions, kind: str,
            args: Json, who: str) -> str | None:
    """Why the rules refuse a new decision on this game (the engine's words), or None. A game
    whose protocol has not reached the hub yet is checked when it comes (`not_applied`)."""
    found = rules_refusal(protocol, earlier, kind, args, who)
    return None if found is None else found[0]


def rules_refusal(protocol: StoredProtocol | None, earlier: Decisions, kind: str,
                  args: Json, who: str
                  ) -> tuple[str, DecisionRefusal, Phrase | None] | None:
    """`refusal` as (English text, key, the engine's refusal if it gave one), or None."""
    if protocol is None:
        return None
    new = DecisionRow(0, "", who, "", kind, "", "", args)
    ds = [*earlier, new]
    counted = counted_game(protocol, ds, "this game")
    if counted.left_out is not None and effect_of(kind, args) not in (
            DecisionKind.ORDER_REPLAY, Remedy.ORDER_REPLAY):
        return counted.left_out, counted.out_key or DecisionRefusal.BROKEN_PROTOCOL, None
    mine = [why for why in counted.not_applied if "decision 0 " in why]
    if not mine:
        return None
    phrase = dict(counted.refused).get(0)
    return mine[0].replace("decision 0 ", "the decision "), DecisionRefusal.RULES, phrase
