"""The commands a round sends: each table's `new_game` and `roster`, written to the store's
outbox (`mafiakit hub round N`), which the running hub sends (hub/service.py `_resend`).

Request ids are fixed per content: `r{N}-t{table}-new_game` and `...-roster`, so a resent
command is answered by the table's first reply and never applied twice. A seating fixed after
a round was queued (a name the table refused, a player replaced) gets the same command again
under the next id (`...-roster-v2`): a table remembers its answer to an id, so the old id
would only bring the old refusal back. A command the table already took is never replaced
(a roster sent again could rename the players of whatever game the table plays by then).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from engine.jsonvalue import JsonValue
from engine.variant import find_variant
from hub.config import HubSettings
from hub.roster_csv import table_key
from hub.seating import Seating, TableSeating
from hub.store import CommandState, Store

_VERSION = re.compile(r"-v(\d+)$")
CLUB_NIGHT_HAS_NO_ROUNDS = ("a club night has no rounds: the host opens each game at the "
                            "table (docs/club-night.md); `mafiakit hub evening` adds them up")


def has_rounds(rules: str) -> bool:
    """Whether a hub of these `rules` sends rounds and keeps standings: its variant's games
    add up in a tournament (engine/variant.py `standings`); a club night's do not (004 §8:
    an evening, at the tables the host opens)."""
    return find_variant({"rules": rules}).standings


def game_id_of(round_number: int, table: str) -> str:
    return f"r{round_number}-t{table}"


class Queued(NamedTuple):
    """What `queue_round` did: the round's games, the commands written anew, and the games
    the hub has not seen decided at those tables (their new game waits for them)."""

    games: list[str]
    written: list[str]
    unfinished: dict[str, list[str]]  # table -> its games not decided at the hub

    def line(self, number: int) -> str:
        """What `mafiakit hub round N` prints: one line, naming the tables still playing."""
        words = f"round {number}: queued {', '.join(self.games)} (the running hub sends them)"
        if not self.written:
            words = f"round {number}: {', '.join(self.games)} already queued as they are"
        if self.unfinished:
            tables = sorted(self.unfinished, key=table_key)
            games = ", ".join(g for t in tables for g in self.unfinished[t])
            who = (f"table {tables[0]} still plays {games}: it gets" if len(tables) == 1 else
                   f"tables {', '.join(tables)} still play {games}: each gets")
            words += (f"; {who} its round-{number} game only once that one is decided (an "
                      "alert on the head judge's page until then)")
        return words


def round_commands(settings: HubSettings, number: int,
                   game: TableSeating
                   ) -> tuple[dict[str, JsonValue], list[tuple[str, dict[str, JsonValue]]]]:
    """The header of table `game`'s game of round `number`, and its commands in order."""
    gid = game_id_of(number, game.table)
    header: dict[str, JsonValue] = {"format": "mafia-game-log", "version": 1,
                                    "rules": settings.rules,
                                    "tournament": settings.name or settings.tournament,
                                    "table": game.table, "game": number,
                                    "players": list(game.seats)}
    if game.judge:
        header["judge"] = game.judge
    return header, [("new_game", {"header": header, "game_id": gid}),
                    ("roster", {"names": list(game.seats)})]


def queue_round(store: Store, settings: HubSettings, seating: Seating, number: int,
                now_iso: str) -> Queued:
    """Write round `number`'s commands to the outbox (the running hub sends them); what is
    queued already with the same content is left as it is."""
    if not has_rounds(settings.rules):
        raise ValueError(CLUB_NIGHT_HAS_NO_ROUNDS)
    rounds = {r.number: r for r in seating.rounds}
    if number not in rounds:
        raise ValueError(f"the seating has rounds 1-{len(rounds)}, not {number}")
    games, written = [], []
    unfinished = store.unfinished_games()
    waiting: dict[str, list[str]] = {}
    for game in rounds[number].games:
        gid = game_id_of(number, game.table)
        header, commands = round_commands(settings, number, game)
        store.add_game(game.table, gid, number, header)
        for name, args in commands:
            request_id = _queue(store, game.table, f"{gid}-{name}", name, args, now_iso=now_iso)
            if request_id is not None:
                written.append(request_id)
                if name == "new_game":
                    store.set_game_header(game.table, gid, header)
        games.append(gid)
        others = [g for g in unfinished.get(game.table, []) if g != gid]
        if others:
            waiting[game.table] = others
    return Queued(games, written, waiting)


def requeue_fixed(store: Store, settings: HubSettings, seating: Seating, now_iso: str) -> None:
    """At the hub's start: every round it queued before, taken again from the seating as it
    is now, so a fixed CSV replaces what a table refused or has not taken yet."""
    have = {r.number for r in seating.rounds}
    for number in sorted(set(store.game_rounds().values()) & have):
        queue_round(store, settings, seating, number, now_iso)


def _queue(store: Store, table: str, base: str, name: str, args: dict[str, JsonValue], *,
           now_iso: str) -> str | None:
    """Queue `name` with `args` unless its latest version says the same or was taken; the
    request id written, else None."""
    family = _versions(store.commands(table), base)
    if not family:
        store.queue_command(base, table, name, args, now_iso)
        return base
    latest = family[-1]
    if latest.args == args or latest.ok is True:
        return None
    request_id = f"{base}-v{len(family) + 1}"
    store.supersede(latest.request_id, f"replaced by {request_id} (the seating changed)",
                    now_iso)
    store.queue_command(request_id, table, name, args, now_iso)
    return request_id


def _versions(rows: Iterable[CommandState], base: str) -> list[CommandState]:
    return [r for r in rows if r.request_id == base or (
        r.request_id.startswith(base) and _VERSION.fullmatch(r.request_id[len(base):]))]
