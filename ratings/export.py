"""A finished game log -> the site's game JSON (docs/mafiaratings.md, "Export").

The log is replayed on the engine, action by action, and every event is folded one at a
time, so each fact is taken from the state it happened in: who was at the table when a
round began, when a foul was given (`ratings.timeline.moment`), which blacks shot. What the
site's format cannot hold is returned as a note (the command line writes each to stderr),
never dropped silently.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Required, TypedDict

from engine import actions as act
from engine.classic import events as ev
from engine.classic.apply import apply
from engine.classic.game import Game
from engine.classic.replay import replay
from engine.classic.ruleset import Ruleset
from engine.classic.state import GameState, Round
from engine.log import LogHeader
from engine.roles import Role
from ratings.rulescode import differences, rules_code
from ratings.site import VERSION, SiteGame
from ratings.timeline import GameTime, moment, same_moment, site_round

ROLE_NAMES = {Role.DON: "don", Role.MAFIA: "maf", Role.SHERIFF: "sheriff"}
RoundVotes = list[int | bool] | int | bool | None  # one voting round of a player (the site's)


class SiteDeath(TypedDict, total=False):
    """How a player left, as the site's JSON writes it (ratings.site.Death reads it)."""

    round: Required[int]
    type: Required[str]
    time: GameTime


class SiteRecord(TypedDict):
    round: int
    time: str
    record: list[int]


class SitePlayer(TypedDict, total=False):
    """A player of the site's game JSON as the export writes it (ratings.site.Player reads
    it; the fields the kit never writes are not named)."""

    name: Required[str]
    id: int
    role: str
    voting: list[RoundVotes]
    nominating: list[int | None]
    shooting: list[int | None]
    don: int
    sheriff: int
    death: SiteDeath
    warnings: list[GameTime]
    legacy: list[int]
    record: list[SiteRecord]
    bonus: float
    comment: str


class SiteGameJson(TypedDict, total=False):
    """The site's game JSON as the export writes it, in its key order (SiteGame reads it)."""

    version: str
    clubId: int
    eventId: int
    tournamentId: int
    gameNum: int
    tableNum: int
    startTime: str
    endTime: str
    language: str
    rules: str
    features: str
    winner: str
    moderator: dict[str, int | str]
    players: list[SitePlayer]
WINNERS = {"red": "civ", "black": "maf", "draw": "tie"}


class ExportError(ValueError):
    """The game cannot be exported (not finished, or no time known); the message says why."""


@dataclass(frozen=True)
class Site:
    """What the site needs that a game log does not hold: its ids for the club, the event,
    the tournament, the moderator and the players (by nickname), the game's language, and a
    date when the log has no time."""

    club: int = 0
    event: int | None = None
    tournament: int | None = None
    moderator: int = 0
    players: Mapping[str, int] = field(default_factory=dict)
    language: str = "ru"
    date: str | None = None


def player_ids(text: str) -> dict[str, int]:
    """Nickname -> the site's user id: a JSON object, or CSV lines "nickname,id"."""
    if text.lstrip().startswith("{"):
        return {str(k): int(v) for k, v in json.loads(text).items()}
    import csv

    return {row[0].strip(): int(row[1]) for row in csv.reader(text.splitlines())
            if len(row) >= 2 and row[1].strip().lstrip("-").isdigit()}


@dataclass
class Exported:
    game: SiteGameJson
    notes: list[str]


@dataclass
class _Day:
    """One day's voting as it happened: each closed round (the round, the players at the
    table when it closed) and the lift (yes voters or None for a count, players asked)."""

    rounds: list[tuple[Round, frozenset[int], bool]] = field(default_factory=list)
    """(the round, the players at the table when it ended, whether it was closed: a round
    the game's end stopped, its result known, keeps the votes counted until then)"""
    lift: tuple[tuple[int, ...] | None, frozenset[int]] | None = None


class _Walk:
    """The facts of a game, gathered while it is replayed event by event."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.notes: list[str] = []
        self.warnings: dict[int, list[GameTime]] = {}
        self.deaths: dict[int, SiteDeath] = {}
        self.days: dict[int, _Day] = {}
        self.shooting: dict[int, dict[int, int | None]] = {}  # night -> black seat -> target
        self.orders: dict[tuple[object, ...], int] = {}
        self.in_round: list[GameTime] = []  # the times stamped in the round being counted

    def stamp(self, state: GameState) -> GameTime:
        """The moment of a line entered now, with its place among lines at that moment."""
        t = moment(state)
        key = tuple(sorted(t.items()))
        self.orders[key] = self.orders.get(key, 0) + 1
        stamped: GameTime = {**t, "order": self.orders[key]}
        if state.voting is not None:
            self.in_round.append(stamped)
        return stamped

    def round_cancelled(self, state: GameState) -> None:
        """A removal cancelled the round being counted: its votes are not exported, so
        every line entered during it is dated at the round's start, in order; the time then
        says "before the result" to the import even where the record keeps no votes
        (docs/mafiaratings.md, "Game times")."""
        day = state.day
        assert day is not None
        r, held = day.number - 1, len(day.rounds)
        start: GameTime = ({"round": r, "time": "voting start"} if held == 0
                           else {"round": r, "time": "voting", "votingRound": held})
        key = tuple(sorted(start.items()))
        order = self.orders.get(key, 0)
        for stamped in self.in_round:
            if not same_moment(stamped, start):
                order += 1
                stamped.pop("speaker", None)
                stamped.pop("nominee", None)
                stamped.pop("votingRound", None)
                stamped.update(start)
                stamped["order"] = order
        self.orders[key] = order
        self.in_round = []

    def action(self, before: GameState, a: act.Action, events: tuple[ev.Event, ...]) -> None:
        s = before
        if isinstance(a, act.Foul):
            self.warnings.setdefault(a.seat, []).append(self.stamp(s))
            if a.kind == "voting":
                self.notes.append(f"seat {a.seat}'s voting foul (000 II.1.6) is a warning "
                                  "like any other on the site")
        if isinstance(a, act.Disqualify):
            self.disqualified(s, a, events)
        if isinstance(a, act.Shoot):
            blacks = s.black_at_table()
            shots = dict(a.shots) if a.shots is not None else dict.fromkeys(blacks, a.target)
            self.shooting[s.number] = {b: shots.get(b) for b in blacks}
        if before.voting is not None and ev.VoteCancelled(next_day=False) in events:
            self.round_cancelled(before)
        for e in events:
            if isinstance(e, ev.RoundBegan | ev.RoundClosed):
                self.in_round = []
            if isinstance(e, ev.RoundClosed):
                day, voting = s.day, s.voting
                assert day is not None and voting is not None
                self.days.setdefault(day.number, _Day()).rounds.append(
                    (voting._replace(votes=e.votes), s.at_table, True))
            elif isinstance(e, ev.GameEnded) and s.voting is not None and s.voting.entered:
                assert s.day is not None  # decided inside a round whose result stood
                self.days.setdefault(s.day.number, _Day()).rounds.append(
                    (s.voting, s.at_table, False))
            elif isinstance(e, ev.LiftVoted) and isinstance(a, act.Lift):
                assert s.day is not None
                self.days.setdefault(s.day.number, _Day()).lift = (a.voters, s.at_table)
            elif isinstance(e, ev.PlayerRemoved):
                self.removed(s, e)
            s = apply(s, e)

    def removed(self, s: GameState, e: ev.PlayerRemoved) -> None:
        r = site_round(s)
        if e.cause in ("vote", "lift"):
            self.deaths[e.seat] = {"round": r, "type": "day"}
        elif e.cause == "kill":
            self.deaths[e.seat] = {"round": r, "type": "night"}
        elif e.cause == "fouls":
            self.deaths[e.seat] = {"round": r, "type": "warnings"}
        # "disqualified": `disqualified` below, which knows the kind and the moment

    def disqualified(self, s: GameState, a: act.Disqualify, events: tuple[ev.Event, ...]
                     ) -> None:
        late = any(isinstance(e, ev.LateDisqualified) for e in events)
        kind = "teamKickOut" if a.kind == "team_loss" else "kickOut"
        t = self.stamp(s)
        if late and s.finished and kind == "teamKickOut":
            kind = "kickOut"  # after the decision it changes no result (003 7.12)
            self.notes.append(f"seat {a.seat}'s team-loss disqualification after the "
                              "decision is a kick-out on the site (it changes no result)")
        before = self.deaths.get(a.seat)
        if before is None:  # at the table: removed now, or after the decision (003 7.12)
            self.deaths[a.seat] = {"round": t["round"], "type": kind, "time": t}
        elif t.get("speaker") == a.seat or (a.seat, "farewell") in s.queue:
            # the leaving player in (or waiting for) his farewell (000 II.3.5): the site
            # reads a kick-out before the end of his last speech as such
            self.deaths[a.seat] = {"round": before["round"], "type": kind, "time": t}
        else:
            self.notes.append(f"seat {a.seat}'s disqualification after he left the table: "
                              f"the site keeps how he left ({before['type']})")


def export_game(lines: Iterable[str | bytes], site: Site | None = None,
                rulesets: Mapping[str, Ruleset] | None = None,
                times: tuple[str, str] | None = None) -> Exported:
    """The site's JSON of one finished game log, and what it could not hold. `times`: when
    the game began and ended, for a log whose lines carry no time (the hub knows them). The
    hub adds its head judge's decisions with `as_decided`."""
    site = site or Site()
    raw = [line.decode("utf-8") if isinstance(line, bytes) else line for line in lines]
    head, played = replay(raw, rulesets)
    if not played.state.finished:
        raise ExportError("the game is not finished: only a decided game goes to the site")
    walk = _Walk(played.rules)
    game = Game(played.rules)
    for a in played.actions:
        before = game.state
        walk.action(before, a, game.push(a))
    return _assemble(head, raw, game, walk, site, times=times)


def _assemble(head: LogHeader, raw: list[str], game: Game, walk: _Walk, site: Site, *,
              times: tuple[str, str] | None) -> Exported:
    s = game.state
    rules = game.rules
    notes = walk.notes
    names = head.get("players") if isinstance(head.get("players"), list) else None
    players: list[SitePlayer] = []
    for seat in range(1, 11):
        name = str(names[seat - 1]) if names is not None else f"Seat {seat}"
        p: SitePlayer = {"name": name}
        if name in site.players:
            p["id"] = site.players[name]
        assert s.roles is not None
        role = ROLE_NAMES.get(s.roles[seat - 1])
        if role is not None:
            p["role"] = role
        players.append(p)
    votes_kept, kill_all_kept = _votes(walk, players, notes)
    _nominations(s, players)
    _nights(s, walk, players, notes)
    _deaths(s, walk, players, notes)
    _sheet(s, players, notes)
    if not votes_kept:
        for p in players:
            p.pop("voting", None)
    elif _day1_winner_stayed(s):
        notes.append("day 1's vote winner stayed (000 I.6.18.5): the site's reader accepts that "
                     "only under its rules option 'to-talk', not cml's 'self-break', and may "
                     "cut this game's votes (docs/mafiaratings.md)")
    features = "gsdutc" + "l" + "h" + ("v" if votes_kept else "") + \
        ("k" if kill_all_kept else "") + "nwr" + ("o" if rules.scoring.colour_left.allowed
                                                 else "")
    notes += [f"rules code: {d}" for d in differences(rules)]
    start, end = _times(raw, head, site, times)
    winner = s.winner
    assert winner is not None
    out: SiteGameJson = {"version": VERSION, "clubId": site.club}
    if site.event is not None:
        out["eventId"] = site.event
    if site.tournament is not None:
        out["tournamentId"] = site.tournament
    game_number, table_number = _numbers(head)
    if game_number is not None:
        out["gameNum"] = game_number
    if table_number is not None:
        out["tableNum"] = table_number
    out.update({
        "startTime": start, "endTime": end, "language": site.language,
        "rules": rules_code(rules), "features": _ordered(features), "winner": WINNERS[winner],
        "moderator": {"id": site.moderator, **_judge(head, s)}, "players": players,
    })
    if s.late_disqualifications and any(seat not in walk.deaths
                                        for seat, _ in s.late_disqualifications):
        notes.append("a disqualification after the decision is a kick-out at the end on the "
                     "site")
    if s.sheet.protests:
        notes.append(f"{len(s.sheet.protests)} protest(s) written in the protocol: the site "
                     "has no place for protests")
    SiteGame.model_validate(out)  # what the reader takes, or a bug here
    return Exported(out, notes)


def _day1_winner_stayed(s: GameState) -> bool:
    days = s.days if s.day is None else (*s.days, s.day)
    first = next((d for d in days if d.number == 1), None)
    if first is None or not first.rounds:
        return False
    votes = first.rounds[-1].votes
    top = max(votes)
    leaders = [c for c, n in zip(first.rounds[-1].candidates, votes, strict=True) if n == top]
    return len(leaders) == 1 and not any(
        r.seat == leaders[0] and r.cause == "vote" for r in s.removed)


def _ordered(letters: str) -> str:
    order = "agsdutclihvknwro"
    return "".join(c for c in order if c in letters)


def _numbers(head: LogHeader) -> tuple[int | None, int | None]:
    """The game's and the table's number (the site's gameNum, tableNum), where the header
    gives one."""
    return _number(head.get("game")), _number(head.get("table"))


def _number(value: object) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return None


def _judge(head: LogHeader, s: GameState) -> dict[str, str]:
    judge = s.sheet.judge or head.get("judge")
    return {"name": str(judge)} if judge else {}


def _times(raw: list[str], head: LogHeader, site: Site, times: tuple[str, str] | None
           ) -> tuple[str, str]:
    """The first and last time a line was entered ("t"), else the times given, else the
    header's date, else the date given; the site takes ISO 8601 and reads it in the event's
    time zone."""
    stamps = []
    for line in raw[1:]:
        text = line.strip()
        if text:
            t = json.loads(text).get("t")
            if isinstance(t, str):
                stamps.append(t)
    if stamps:
        return min(stamps), max(stamps)
    if times is not None:
        return times
    date = head.get("date") or site.date
    if isinstance(date, str) and date:
        return date, date
    raise ExportError("the log has no time (no \"t\" on its lines, no \"date\" in its "
                      "header): give the date (--date YYYY-MM-DD)")


def _votes(walk: _Walk, players: list[SitePlayer], notes: list[str]) -> tuple[bool, bool]:
    """Every player's vote, round by round (and his answer to the lift question). Returns
    whether the votes and the lift answers could be kept: the site keeps a vote per player,
    so a round entered as counts cannot be exported (docs/mafiaratings.md)."""
    kept, kill_all = True, True
    for number, day in sorted(walk.days.items()):
        r = number - 1
        per_player: dict[int, list[int | bool]] = {}
        for k, (rnd, present, closed) in enumerate(day.rounds):
            if any(voters is None for _, _, voters in rnd.entered):
                if kept:
                    notes.append(f"day {number}: votes entered as counts: the site keeps each "
                                 "player's vote, so no vote of this game is exported "
                                 "(feature 'v' left out)")
                kept = False
                continue
            named = {v: cand for cand, _, voters in rnd.entered for v in (voters or ())}
            last = rnd.candidates[-1]  # every vote named in no list (000 I.6.15, 003 4.4.9)
            voted = present | set(named) if closed else set(named)
            for seat in sorted(voted):
                per_player.setdefault(seat, []).append(named.get(seat, last))
            for gone in rnd.gone:
                if gone not in named and k == 0 and kept:
                    notes.append(f"day {number}: seat {gone} left before voting, once the "
                                 "result was known: the site's reader wants a vote from every "
                                 "player who was at the table when the voting began, so no vote "
                                 "of this game is exported")
                    kept = False
        if day.lift is not None:
            yes, asked = day.lift
            if yes is None:
                if kill_all:
                    notes.append(f"day {number}: the lift question was entered as a count: "
                                 "the site keeps each player's answer (feature 'k' left out; "
                                 "who left by it is kept)")
                kill_all = False
            else:
                for seat in asked:
                    per_player.setdefault(seat, []).append(seat in yes)
        several = len(day.rounds) > 1 or day.lift is not None
        for seat, votes in per_player.items():
            voting = players[seat - 1].setdefault("voting", [])
            voting.extend([None] * (r + 1 - len(voting)))
            voting[r] = votes if several else votes[0]
    return kept, kept and kill_all


def _nominations(s: GameState, players: list[SitePlayer]) -> None:
    days = s.days if s.day is None else (*s.days, s.day)
    for day in days:
        r = day.number - 1
        for nominee, by in zip(day.nominations, day.nominators, strict=True):
            nominating = players[by - 1].setdefault("nominating", [])
            nominating.extend([None] * (r + 1 - len(nominating)))
            nominating[r] = nominee


def _nights(s: GameState, walk: _Walk, players: list[SitePlayer], notes: list[str]
            ) -> None:
    for night, shots in sorted(walk.shooting.items()):
        for black, target in shots.items():
            shooting = players[black - 1].setdefault("shooting", [])
            shooting.extend([None] * (night - len(shooting)))
            shooting[night - 1] = target
    for p in players:
        shot = p.get("shooting")
        while shot and shot[-1] is None:
            shot.pop()
        if shot == []:
            del p["shooting"]
    nights = s.nights if s.night is None else (*s.nights, s.night)
    for n in nights:
        for key, seat in (("don", n.don_check), ("sheriff", n.sheriff_check)):
            if seat is None:
                continue
            checked = players[seat - 1]
            if key in checked:
                notes.append(f"night {n.number}: the {key} checked seat {seat} again: the site "
                             "keeps one check of a seat by each")
            elif key == "don":
                checked["don"] = n.number
            else:
                checked["sheriff"] = n.number


def _deaths(s: GameState, walk: _Walk, players: list[SitePlayer], notes: list[str]
            ) -> None:
    for seat, gone in walk.deaths.items():
        players[seat - 1]["death"] = gone
    for seat, times in walk.warnings.items():
        death: SiteDeath | None = walk.deaths.get(seat)
        if death is None and len(times) >= 4:
            # a fourth foul after the decision removes nobody (002); the site's reader wants
            # a fourth warning to be a removal: one at the end, as its client writes it
            death = {"round": times[3]["round"], "type": "warnings"}
            players[seat - 1]["death"] = death
        cap = 4 if death is not None and death["type"] == "warnings" else 3
        if len(times) > cap:
            notes.append(f"seat {seat} has {len(times)} fouls: the site keeps {cap} (its fourth "
                         "warning is always how the player left)")
        players[seat - 1]["warnings"] = times[:cap]
    bm = s.best_move
    if bm is not None:
        victim = walk.deaths.get(bm.seat)
        if victim is None or victim["type"] != "night" or victim["round"] > 1:
            notes.append(f"seat {bm.seat}'s best move: the site keeps a best move only from "
                         "the player killed in night 1")
        else:
            players[bm.seat - 1]["legacy"] = list(bm.guess)
    for colour in s.sheet.colour_left:
        left = walk.deaths.get(colour.seat)
        r = left["round"] if left is not None else 1
        players[colour.seat - 1].setdefault("record", []).append(
            {"round": r, "time": "night kill speaking", "record": [-colour.named]})


def _sheet(s: GameState, players: list[SitePlayer], notes: list[str]) -> None:
    """The judge's extra points and the penalties he assessed: the site's bonus (points can
    be negative, its rule 8.20.1), with what each was in the comment."""
    points: dict[int, int] = {}
    why: dict[int, list[str]] = {}
    for e in s.sheet.extras:
        points[e.seat] = points.get(e.seat, 0) + e.points
        why.setdefault(e.seat, []).append(f"extra {e.points / 100:+.2f}")
    for p in s.sheet.penalties:
        points[p.seat] = points.get(p.seat, 0) + p.points
        why.setdefault(p.seat, []).append(f"penalty {p.points / 100:+.2f} ({p.clause})")
    for seat, total in points.items():
        if total:
            players[seat - 1]["bonus"] = total / 100
        players[seat - 1]["comment"] = "; ".join(why[seat])
    if s.sheet.penalties:
        notes.append("penalties are in the bonus: the site has no field of their own")
    if any(seat in (r.seat for r in s.removed if r.cause == "disqualified")
           for seat in range(1, 11)):
        notes.append("the penalty for a disqualification is the site's scoring, from how the "
                     "player left (kickOut): not in the bonus")



def as_decided(done: Exported, winner: str | None, points: Iterable[tuple[int, float, str]]
               ) -> Exported:
    """The game as it counts after the head judge's decisions (hub/decisions.py): the
    result he changed, and points he gave or took (seat, points, why) added to the bonus."""
    game = json.loads(json.dumps(done.game))
    notes = list(done.notes)
    if winner is not None and WINNERS[winner] != game["winner"]:
        game["winner"] = WINNERS[winner]
        notes.append(f"the head judge changed the result to {winner}: the site takes the "
                     "winner as given")
    for seat, value, why in points:
        player = game["players"][seat - 1]
        total = round(float(player.get("bonus", 0.0)) + value, 2)
        if total:
            player["bonus"] = total
        else:
            player.pop("bonus", None)
        player["comment"] = "; ".join(x for x in (player.get("comment"), why) if x)
    SiteGame.model_validate(game)
    return Exported(game, notes)
