"""Club tables at the hub (docs/hub.md, "Club tables"): the decided club games it stored, as
the aggregate lists them, and the club evening's rating over them (engine/club/evening.py is
the fold; this only picks the games and their order).

A club game is no tournament game: it never enters the standings. Its points are the ones
the table's result carries (004 §8), already doubled where the weekday says so.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import NamedTuple, TypedDict

from bus.payloads import DecisionRefusal
from engine.club.evening import Evening, EveningError, PlayerJson, club_game, evening
from engine.log import JsonObject
from hub.decisions import DecisionKind, Remedy, effective_games
from hub.store import ClubProtocolRow, Decisions, Json, Store, section

CLASSIC_SEATS = 10
# What a head judge may decide on a club game: its result and points are the host's at the
# table (004 §8 "на усмотрение ведущего"), so only protests and a replay are the hub's.
CLUB_KINDS = frozenset({DecisionKind.PROTEST_FILED, DecisionKind.PROTEST_REJECTED,
                        DecisionKind.PROTEST_ACCEPTED, DecisionKind.ORDER_REPLAY})


def seats_of_game(store: Store, table: str, game_id: str) -> int:
    """How many seats the game has: a club game's header says (3-15, 004 §1), a classic
    game has ten."""
    protocol = store.club_protocol(table, game_id)
    seats = None if protocol is None else protocol.get("header", {}).get("seats")
    if isinstance(seats, int) and not isinstance(seats, bool):
        return seats
    return store.club_seats(table, game_id) or CLASSIC_SEATS


class ClubRefusal(NamedTuple):
    """A refusal in the head judge's words (English) and by key for his page."""

    text: str
    key: DecisionRefusal
    params: dict[str, int | str]


def club_refusal(store: Store, table: str, game_id: str, kind: DecisionKind,
                 args: Json) -> ClubRefusal | None:
    """Why a decision cannot be taken on this game for club reasons (seat count, kind), or
    None; a classic game is left to the tournament's checks."""
    name = f"game {game_id} at table {table}"
    where: dict[str, int | str] = {"game": game_id, "table": table}
    seats = seats_of_game(store, table, game_id)
    seat = args.get("seat")
    if isinstance(seat, int) and seat > seats:
        return ClubRefusal(f"{name} has seats 1-{seats}, not {seat}", DecisionRefusal.SEAT_RANGE,
                           {**where, "seats": seats, "seat": seat})
    club = store.club_protocol(table, game_id) is not None or store.club_seats(
        table, game_id) is not None
    if not club:
        return None
    remedy = args.get("remedy", Remedy.NONE.value)
    if kind not in CLUB_KINDS or (kind is DecisionKind.PROTEST_ACCEPTED
                                  and remedy not in (Remedy.NONE, Remedy.ORDER_REPLAY)):
        return ClubRefusal(f"{name} is a club game: its result and points are the host's at "
                           "the table (004 §8); the hub records protests and a replay only",
                           DecisionRefusal.CLUB_GAME, where)
    return None


def club_games(rows: Sequence[ClubProtocolRow], decisions: Decisions) -> list[JsonObject]:
    """Every stored club game for the aggregate: who sat where, who won and why, each seat's
    points (004 §8), who holds immunity for the table's next game (004 §5), whether it
    counts (a replay ordered) and its protests."""
    kept = effective_games([(t, g, p) for t, g, p, _ in rows], decisions, {})
    counted = {(g["table"], g["game_id"]): g for g in kept}
    out: list[JsonObject] = []
    for table, game_id, protocol, _ in rows:
        book = counted[(table, game_id)]
        header, result = protocol.get("header", {}), protocol.get("result", {})
        score = section(result, "score")
        out.append({
            "table": table, "game_id": game_id, "game": header.get("game"),
            "date": header.get("date"), "seats": result.get("seats"),
            "players": header.get("players"), "winner": result.get("winner"),
            "termination": result.get("termination"), "rating": result.get("rating"),
            "points": {seat: line.get("total") if isinstance(line, dict) else None
                       for seat, line in score.items()},
            "immunity_next": result.get("immunity_next", []),
            "counts": book["counts"], "protests": book["protests"],
        })
    return out


def _order(row: ClubProtocolRow) -> tuple[str, int, str]:
    """A table's games in the order played: the header's `game` number, else arrival."""
    number = row[2].get("header", {}).get("game")
    if isinstance(number, bool) or not isinstance(number, int):
        number = 0
    return (row[0], number, row[3])


def club_evening(rows: Sequence[ClubProtocolRow], decisions: Decisions,
                 date: str | None = None) -> Evening:
    """The club evening of the stored club games that count (of one `date`, the headers' ISO
    date, when given): EveningError in the host's words when a game cannot count
    (docs/club-evening.md)."""
    counts = {(g["table"], g["game_id"]): g["counts"] for g in club_games(rows, decisions)}
    chosen = [r for r in rows if counts[(r[0], r[1])]
              and (date is None or r[2].get("header", {}).get("date") == date)]
    games = [club_game(p.get("header", {}), p.get("result", {}), f"table {t} game {g}")
             for t, g, p, _ in sorted(chosen, key=_order)]
    return evening(games)


def club_tonight(club_games: list[JsonObject]) -> JsonObject:
    """The club games of the latest evening (their headers' latest `date`): every stored club
    game is about 0.5 KB, so the aggregate and the pages take one evening and stay within one
    message (docs/hub.md, 64 KiB) after any number of Fridays; `mafiakit hub evening --date`
    and the export read every evening from the store."""
    dates = sorted(str(g.get("date") or "") for g in club_games)
    date = dates[-1] if dates else ""
    return {"date": date or None,
            "games": [g for g in club_games if str(g.get("date") or "") == date]}


def club_dates(rows: Sequence[ClubProtocolRow]) -> list[str]:
    """The evenings the hub stored: every club game's header `date` (ISO), oldest first; a
    game without a date belongs to no evening a host can name (docs/club.md, "Header")."""
    return sorted({d for _, _, p, _ in rows if isinstance(d := p.get("header", {}).get("date"),
                                                          str) and d})


class EveningRatingJson(TypedDict):
    """An evening's rating on the head judge's page (bus/hubrows.py `EveningRating`)."""

    date: str | None
    players: list[PlayerJson]
    error: str | None


class EveningPageJson(TypedDict):
    """One evening's page, `hub/judge/club/{date}` (bus/hubpages.py)."""

    date: str
    games: list[JsonObject]
    evening: EveningRatingJson


def evening_rating(rows: Sequence[ClubProtocolRow], decisions: Decisions,
                   date: str | None) -> EveningRatingJson:
    """One evening's rating as the head judge's page shows it: each player's row as
    `mafiakit hub evening --date` prints it (004 §8), or `error` in the host's words when a
    game of that evening cannot count."""
    try:
        night = club_evening(rows, decisions, date)
    except EveningError as exc:
        return {"date": date, "players": [], "error": str(exc)}
    return {"date": date, "players": night.as_dict()["players"], "error": None}


def evening_page(rows: Sequence[ClubProtocolRow], decisions: Decisions, date: str,
                 undecided: Collection[tuple[str, str]] = ()) -> EveningPageJson:
    """The head judge's page of one evening (`hub/judge/club/{date}`): its games as the
    aggregate lists them with each decided game's cards and nights (the protocol's reveal:
    the game is over, and the topic is the head judge's only; not for a game whose table is
    back in play after an undo, `undecided`), and its rating."""
    mine = [r for r in rows if r[2].get("header", {}).get("date") == date]
    ordered = sorted(mine, key=_order)
    reveals = [{} if (t, g) in undecided else p.get("reveal", {}) for t, g, p, _ in ordered]
    games: list[JsonObject] = [
        {**game, "roles": reveal.get("roles"), "nights": reveal.get("nights", [])}
        for game, reveal in zip(club_games(ordered, decisions), reveals, strict=True)]
    return {"date": date, "games": games, "evening": evening_rating(mine, decisions, date)}


class ClubGameNotFound(LookupError):
    """No stored club game answers to that evening and number: the reason in the host's
    words, naming what the hub has."""


def find_club_game(rows: Sequence[ClubProtocolRow], date: str, game: int,
                   table: str | None = None) -> ClubProtocolRow:
    """The stored club game number `game` (its header's `game`) of the evening `date`, at
    `table` when several tables played a game of that number."""
    dates = club_dates(rows)
    if date not in dates:
        have = ", ".join(dates) or "none"
        raise ClubGameNotFound(f"the hub stored no club game of {date} (evenings: {have})")
    tonight = sorted((r for r in rows if r[2].get("header", {}).get("date") == date),
                     key=_order)
    named = [r for r in tonight if r[2].get("header", {}).get("game") == game
             and (table is None or r[0] == table)]
    if not named:
        played = ", ".join(f"table {r[0]} game {r[2].get('header', {}).get('game', '?')}"
                           for r in tonight)
        at = f" at table {table}" if table is not None else ""
        raise ClubGameNotFound(f"no game {game}{at} on {date} (that evening: {played})")
    if len(named) > 1:
        tables = ", ".join(r[0] for r in named)
        raise ClubGameNotFound(f"game {game} of {date} was played at tables {tables}: "
                               "say which with --table")
    return named[0]


class EveningPages:
    """`evening_page` of every stored evening, each made again only when one of its games,
    a decision on one of them or its being back in play changed: the hub sends the head
    judge's pages on every aggregate, and a season of Fridays would otherwise be added up
    again each time (about 13 ms an evening on the dev machine)."""

    def __init__(self) -> None:
        self._made: dict[str, tuple[object, EveningPageJson]] = {}

    def pages(self, rows: Sequence[ClubProtocolRow], decisions: Decisions,
              undecided: Collection[tuple[str, str]] = ()) -> dict[str, EveningPageJson]:
        """Date -> that evening's page, for every date of `club_dates(rows)`."""
        by_date: dict[str, list[ClubProtocolRow]] = {}
        for row in rows:
            date = row[2].get("header", {}).get("date")
            if isinstance(date, str) and date:
                by_date.setdefault(date, []).append(row)
        out: dict[str, EveningPageJson] = {}
        for date in sorted(by_date):
            mine = by_date[date]
            games = {(t, g) for t, g, _, _ in mine}
            taken = [d for d in decisions if (d[5], d[6]) in games]
            key = (tuple((t, g, r) for t, g, _, r in mine), tuple(d[0] for d in taken),
                   frozenset(games & set(undecided)))
            made = self._made.get(date)
            if made is None or made[0] != key:
                made = self._made[date] = (key, evening_page(mine, taken, date, undecided))
            out[date] = made[1]
        for gone in set(self._made) - set(out):
            del self._made[gone]
        return out
