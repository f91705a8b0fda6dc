"""The head judge's decisions over MQTT: `hub/decide/{account}` in, `hub/judge/reply` out,
and the retained `hub/judge/state` the head judge's page draws (docs/hub.md, docs/web.md).

A decision taken here is recorded exactly as `mafiakit hub decide` records it (who, when,
why; appended, never edited: 000 III.15-16) and refused where it refuses (hub.standings
`refusal`: what the rules refuse on the game as it counts). "Who" is the personal account
whose decide topic it came on, which the broker's ACL ties to the login (docs/web.md "Who
decided"). More is refused here, with the reason, because a tap on a phone must name a real
game: an unknown table or game, a game whose protocol has not reached the hub, a result it
already has, a protest that is not open. Every refusal travels as a key and parameters too
(`ReasonView`), so the page says it in its language; the engine's own refusals come with
both texts of its catalogue. The request id is stored with its answer in the same
transaction as the decision, so a resent request (a lost link, a second tap) is answered
again and never recorded twice, across hub restarts too.
"""

from __future__ import annotations

import json
import logging
import re
import sqlite3
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import NamedTuple

from pydantic import ValidationError

from bus.errors import PayloadError, describe_validation_error
from bus.payloads import (
    DecisionRefusal,
    DecisionReply,
    DecisionRequest,
    LangText,
    ReasonView,
    decode,
)
from bus.topics import HEAD_JUDGE, is_head_judge
from hub.club import (
    EveningPages,
    EveningRatingJson,
    club_dates,
    club_refusal,
    club_tonight,
    evening_rating,
)
from hub.decisions import ArgsError, Decision, DecisionKind, effective_games, points_ok
from hub.players import compact_standings
from hub.standings import rules_refusal
from hub.store import ClubProtocolRow, Decisions, ProtocolRow, Store

EXTRA_STEP = Fraction(1, 10)  # extra points are tenths (docs/scoring.md readings)
_REQUEST_ID = re.compile(rb'"request_id"\s*:\s*"([A-Za-z0-9_.:-]{1,64})"')
log = logging.getLogger("mafiakit.hub")


class Refused(NamedTuple):
    """A refusal: its English text (logs, `error`) and its key and parameters (the page)."""

    text: str
    key: DecisionRefusal
    params: Mapping[str, int | float | str | LangText] = MappingProxyType({})

    def reason(self) -> ReasonView:
        return ReasonView(key=self.key, params=dict(self.params))


class RemoteDesk:
    """Takes decision requests for the hub's one thread (it owns the store)."""

    def __init__(self, store: Store, tables: Collection[str] | None,
                 now_iso: Callable[[], str]) -> None:
        """`tables`: the tournament's (None: any table, for a hub.toml that names none)."""
        self.store, self.tables, self.now_iso = store, tables, now_iso

    def decide(self, raw: bytes, account: str = HEAD_JUDGE) -> DecisionReply | None:
        """The reply to one request that came on `account`'s decide topic (the broker lets an
        account write only its own); None if it has no request id to answer (quarantine it)."""
        try:
            payload = decode("decision_request", raw)
        except PayloadError as exc:
            request_id = _request_id_of(raw)
            if request_id is None:
                return None
            return _refused(request_id, Refused(_short(str(exc)), DecisionRefusal.BAD_REQUEST,
                                                {"text": _short(str(exc))}))
        assert isinstance(payload, DecisionRequest)
        with self.store.batch():
            earlier = self.store.decision_answer(payload.request_id)
            if earlier is not None:
                return _reply(payload.request_id, *earlier)
            at = self.now_iso()
            try:
                refused = self._refusal(payload, account)
            except sqlite3.Error:
                raise  # the store's trouble: the hub holds the request and tries again
            except Exception as exc:  # a bug must cost one refusal, never the answer
                log.exception("the hub could not check decision request %s",
                              payload.request_id)
                text = f"the hub could not check this request ({type(exc).__name__})"
                refused = Refused(text, DecisionRefusal.BAD_REQUEST, {"text": text})
            number = None
            if refused is None:
                number = self.store.add_decision(
                    at, who=who_decided(account, payload.who), why=payload.why.strip(),
                    kind=payload.kind, table=payload.table, game_id=payload.game_id,
                    args=dict(payload.args))
            self.store.add_decision_answer(
                payload.request_id, number,
                None if refused is None else _stored(refused), at)
        return _reply(payload.request_id, number, None if refused is None else _stored(refused))

    def _refusal(self, request: DecisionRequest, account: str) -> Refused | None:
        """Why a head judge's request cannot be taken, in his words; None if it can."""
        if not is_head_judge(account):
            return Refused(f"the account {account} is not a head judge's account",
                           DecisionRefusal.NOT_HEAD_JUDGE, {"account": account})
        try:
            decision = Decision(kind=request.kind, table=request.table, game_id=request.game_id,
                                who=request.who, why=request.why, args=dict(request.args))
        except ValidationError as exc:
            return _invalid(exc)
        return self.refusal(decision, who_decided(account, request.who))

    def refusal(self, decision: Decision, who: str) -> Refused | None:
        """Why `decision` cannot be recorded under `who` (the page's and `mafiakit hub
        decide`'s checks, the same): a table or game the hub does not know, a game not
        decided now, a repeat, what the rules refuse; None if it can."""
        table, game_id = decision.table, decision.game_id
        if self.tables is not None and table not in self.tables:
            return unknown_game(self.store, self.tables, table, game_id)
        club = club_refusal(self.store, table, game_id, decision.kind, decision.args)
        if club is not None:
            return Refused(club.text, club.key, club.params)
        club_rows = [(t, g, p) for t, g, p, _ in self.store.club_protocols()]
        games = {(g["table"], g["game_id"]): g for g in effective_games(
            [*self.store.protocols(), *club_rows], self.store.decisions(),
            self.store.game_rounds())}
        game = games.get((table, game_id))
        where: dict[str, int | float | str | LangText] = {"game": game_id, "table": table}
        if game is None and (table, game_id) in self.store.withdrawn():
            return Refused(f"game {game_id} at table {table} is not decided: its table took it "
                           "back into play (an undo after its end); decide once it is decided "
                           "again", DecisionRefusal.NOT_DECIDED, where)
        if game is None:
            return Refused(f"game {game_id} at table {table} has no protocol at the hub yet: "
                           "decide once the game is over and its protocol has arrived",
                           DecisionRefusal.NO_PROTOCOL, where)
        mine = _game_refusal(decision, game)
        if mine is not None:
            return mine
        earlier = [d for d in self.store.decisions() if (d[5], d[6]) == (table, game_id)]
        repeated = _repeat_of(decision, who, earlier)
        if repeated is not None:
            return Refused(f"decision {repeated} on game {game_id} at table {table} already "
                           "records exactly this (kind, arguments, who and why)",
                           DecisionRefusal.REPEATED, {**where, "decision": repeated})
        # what the rules refuse on the game as it counts, as `mafiakit hub decide` refuses it
        found = rules_refusal(self.store.protocol(table, game_id), earlier,
                              decision.kind.value, decision.args, who)
        if found is None:
            return None
        text, key, phrase = found
        params = dict(where)
        if key is DecisionRefusal.RULES:
            params["because"] = (LangText(ru=phrase.text("ru"), en=phrase.text("en"))
                                 if phrase is not None else LangText(ru=text, en=text))
        elif key is DecisionRefusal.BROKEN_PROTOCOL:
            params["text"] = _short(text)
        return Refused(_short(text), key, params)


def unknown_game(store: Store, tables: Collection[str], table: str,
                 game_id: str) -> Refused | None:
    """A decision names a table of this tournament and a game the hub has heard of (the
    page's route and `mafiakit hub decide` alike: decisions are append-only, a typo would
    stay in the record for ever)."""
    if table not in tables:
        return Refused(f"table {table} is not a table of this tournament (its tables: "
                       f"{', '.join(tables)})", DecisionRefusal.UNKNOWN_TABLE, {"table": table})
    known = store.known_games(table)
    if game_id not in known:
        have = ", ".join(known[-8:]) if known else "none yet"
        return Refused(f"the hub knows no game {game_id} at table {table} (its games: {have})",
                       DecisionRefusal.NO_PROTOCOL, {"game": game_id, "table": table})
    return None


def _repeat_of(decision: Decision, who: str, earlier: Decisions) -> int | None:
    """The earlier decision on this game that says exactly the same (a page resending under
    a new request id, a replayed request), if any: recorded once, never twice."""
    for number, _, by, why, kind, _, _, args in earlier:
        if (kind, args, by, why) == (decision.kind.value, decision.args, who,
                                     decision.why.strip()):
            return number
    return None


def who_decided(account: str, typed: str) -> str:
    """Who a decision is recorded under: a personal account's own name (the broker vouches
    for it), or the name typed on the shared `head-judge` account, marked as typed there."""
    if account != HEAD_JUDGE:
        return account
    return f"{typed.strip()[:80 - len(HEAD_JUDGE) - 3]} ({HEAD_JUDGE})"


def _invalid(exc: ValidationError) -> Refused:
    """A decision `Decision` refuses: by the key its check gave, else the validator's text."""
    for error in exc.errors():
        cause = (error.get("ctx") or {}).get("error")
        if isinstance(cause, ArgsError):
            return Refused(str(cause), cause.key, dict(cause.params))
    text = _short(describe_validation_error(exc))
    return Refused(text, DecisionRefusal.BAD_REQUEST, {"text": text})


def _objects(value: object) -> list[dict[str, object]]:
    """The JSON objects of a JSON list (a game's protests, the aggregate's tables); none if
    `value` is no list."""
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _game_refusal(decision: Decision, game: Mapping[str, object]) -> Refused | None:
    name = f"game {decision.game_id} at table {decision.table}"
    where: dict[str, int | float | str | LangText] = {"game": decision.game_id,
                                                       "table": decision.table}
    kind, args = decision.kind, decision.args
    if not game["counts"] and kind is not DecisionKind.PROTEST_FILED:
        return Refused(f"{name} was ordered replayed: it no longer counts",
                       DecisionRefusal.REPLAYED, where)
    winner = game["winner"]
    if kind is DecisionKind.CHANGE_RESULT and args["winner"] == winner:
        return Refused(f"{name} already counts as "
                       f"{_result_words(winner if isinstance(winner, str) else None)}",
                       DecisionRefusal.ALREADY_COUNTS, {**where, "winner": str(winner)})
    open_protests = [p for p in _objects(game["protests"]) if p["state"] == "open"]
    if kind in (DecisionKind.PROTEST_ACCEPTED, DecisionKind.PROTEST_REJECTED) and not open_protests:
        return Refused(f"{name} has no open protest to rule on",
                       DecisionRefusal.NO_OPEN_PROTEST, where)
    seat = args.get("seat")
    if isinstance(seat, int):
        players = game.get("players")
        seats = (len(players) if isinstance(players, list) else 0) or 10
        if seat > seats:
            return Refused(f"{name} has seats 1-{seats}, not {seat}",
                           DecisionRefusal.SEAT_RANGE, {**where, "seats": seats, "seat": seat})
    points = args.get("points")
    if points_ok(points) and Fraction(str(points)) % EXTRA_STEP:
        return Refused(f"points are given in tenths (0.1, 0.2 ...), not {points}",
                       DecisionRefusal.TENTHS, {"points": points})
    return None


def _result_words(winner: str | None) -> str:
    return {"red": "a red win", "black": "a black win", "draw": "a draw"}.get(
        winner or "", "undecided")


def _stored(refused: Refused) -> str:
    """A refusal as the store keeps it with its request id (answered again on a resend)."""
    return json.dumps({"text": refused.text, "reason": refused.reason().model_dump(mode="json")},
                      ensure_ascii=False)


def _refused(request_id: str, refused: Refused) -> DecisionReply:
    return DecisionReply(request_id=request_id, ok=False, error=refused.text,
                         reason=refused.reason())


def _reply(request_id: str, number: int | None, error: str | None) -> DecisionReply:
    if number is not None:
        return DecisionReply(request_id=request_id, ok=True, decision_id=number)
    text, reason = error or "refused", None
    try:  # stored since refusals have keys; an older answer is its text alone
        kept = json.loads(text)
        text, reason = kept["text"], ReasonView.model_validate(kept["reason"])
    except (ValueError, KeyError, TypeError):
        pass
    return DecisionReply(request_id=request_id, ok=False, error=text, reason=reason)


def _short(text: str) -> str:
    return text if len(text) <= 500 else text[:497] + "..."


def _request_id_of(raw: bytes) -> str | None:
    """The request id of a request too broken to take, if one can be answered at all: read
    with numbers left unparsed (a 5,000-digit number is too long for Python's int), and, when
    the JSON nests too deep for the parser, found in the text itself."""
    try:
        data = json.loads(raw, parse_int=str, parse_float=str, parse_constant=str)
    except RecursionError:
        found = _REQUEST_ID.search(raw)  # (the broker's packet limit bounds it: 128 KiB)
        data = {"request_id": found.group(1).decode()} if found else None
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    value = data.get("request_id")
    try:
        return DecisionReply(request_id=value, ok=False, error="x").request_id
    except ValidationError:
        return None


def judge_pages(aggregate: Mapping[str, object],
                protocols: Sequence[ProtocolRow],
                decisions: Decisions, rounds: Mapping[tuple[str, str], int],
                started: Mapping[str, Mapping[str, float | None]] | None = None, *,
                undecided: Collection[tuple[str, str]] = (),
                round_numbers: Iterable[int] = (),
                club_rows: Sequence[ClubProtocolRow] = (),
                evenings: EveningPages | None = None) -> dict[str, dict[str, object]]:
    """Hub topic name -> JSON of the head judge's retained pages:

    - `judge/state`: the aggregate (its standings trimmed to what the page shows), each
      running game's time in game (`in_game_s`, with `uptime_s`, the table's own clock at
      that moment: docs/clock.md), every decision (who, when, why) and the open protests;
    - `judge/rounds/{n}`: every finished protocol of round n with its players and roles
      (one message per round, so a tournament of any length fits the 64 KiB limit). A game
      whose table is back in play after an undo (`undecided`) is left out: no role of a
      running game, even to the head judge; every round of `round_numbers` gets its page,
      empty or not, so an emptied round replaces what was retained before;
    - in `judge/state`, the latest evening's `club_games` only (hub.club `club_tonight`)
      and `club_evening`: its rating over `club_rows`, the rows `mafiakit hub evening
      --date` prints for that date; `club_dates`: every evening the hub stored;
    - `judge/club/{date}`: one evening's club games with their cards and nights, and its
      rating (hub.club `evening_page`; one message an evening, so any number of Fridays
      fits), for the page's choice of an earlier evening; `evenings` keeps the pages
      made before (the hub's), so only an evening that changed is added up again.
    """
    games = effective_games(protocols, decisions, rounds)
    stored = {(t, g): p for t, g, p in protocols}
    by_round: dict[int, list[dict[str, object]]] = {n: [] for n in round_numbers}
    protests: list[dict[str, object]] = []
    for game in games:
        if (game["table"], game["game_id"]) in undecided:
            continue
        protocol = stored[(game["table"], game["game_id"])]
        reveal = protocol.get("reveal") or {}
        by_round.setdefault(game["round"] or 0, []).append({
            "table": game["table"], "game_id": game["game_id"], "round": game["round"],
            "players": game["players"], "roles": reveal.get("roles"),
            "termination": reveal.get("termination"),
            "table_winner": game["table_winner"], "winner": game["winner"],
            "counts": game["counts"], "extra_points": game["extra_points"],
            "removed": (protocol.get("result") or {}).get("removed", []),
        })
        protests.extend({"table": game["table"], "game_id": game["game_id"], **p}
                        for p in game["protests"] if p["state"] == "open")
    taken = [{"id": n, "at": at, "who": who, "why": why, "kind": kind, "table": t,
              "game_id": g, "args": args} for n, at, who, why, kind, t, g, args in decisions]
    tables = [{**t, "in_game_s": None, "uptime_s": None, **(started or {}).get(str(t["table"]), {})}
              for t in _objects(aggregate.get("tables", []))]
    standings = aggregate.get("standings")
    state = {**aggregate, "tables": tables, "decisions": taken, "protests": protests,
             "rounds": sorted(n for n, played in by_round.items() if played),
             "standings": compact_standings(standings if isinstance(standings, dict) else None),
             "club_games": club_tonight(_objects(aggregate.get("club_games")))["games"],
             "club_evening": tonight(club_rows, decisions),
             "club_dates": club_dates(club_rows)}
    out: dict[str, dict[str, object]] = {"judge/state": state}
    for number, played in by_round.items():
        out[f"judge/rounds/{number}"] = {"round": number, "protocols": played}
    made = (evenings or EveningPages()).pages(club_rows, decisions, undecided)
    out.update({f"judge/club/{date}": dict(page) for date, page in made.items()})
    return out


def tonight(rows: Sequence[ClubProtocolRow], decisions: Decisions) -> EveningRatingJson | None:
    """The club host's rating of the latest evening (the latest header `date` of a club game
    that counts), each player's row as `mafiakit hub evening` prints it (004 §8; only the
    players, not the games, to keep `judge/state` within one message); `error` in the
    host's words when a game of that evening cannot count. None: no club game."""
    dates = sorted(str(p.get("header", {}).get("date") or "") for _, _, p, _ in rows)
    if not dates:
        return None
    return evening_rating(rows, decisions, dates[-1] or None)
