"""The site's game JSON -> a game log the engine replays (docs/mafiaratings.md, "Import").

The game is played back on the engine: at each step the engine says what comes next (a
speech to end, a candidate's votes, the lift question, a night step) and the record gives
the judge's line for it; every foul and removal of the record is entered at the first state
whose game time (`ratings.timeline.moment`) equals its own. What the record does not say is
inferred, and each inference is returned as a note (the command line writes it to stderr).
Where the record contradicts the rules as the kit reads them, the game is refused with the
reason (`ImportRefused`: "game N: reason").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine import actions as act
from engine.classic.game import Game
from engine.classic.log import action_to_dict
from engine.classic.night import best_move_victim
from engine.classic.ruleset import Ruleset, load_ruleset
from engine.classic.state import FAREWELL, NIGHT, REGULAR_KINDS, GameState
from engine.classic.timer import night_steps
from engine.errors import IllegalAction
from engine.jsonvalue import JsonValue
from engine.log import LogLine, header
from engine.roles import Role
from ratings.rulescode import rulesets_of, upgraded
from ratings.site import TIMES, Death, SiteGame, known_fields
from ratings.timeline import GameTime, from_site, moment, rank, same_moment, site_round
from ratings.votes import VotePlan, plan_counts

SITE_ROLES = {"don": Role.DON, "maf": Role.MAFIA, "sheriff": Role.SHERIFF}
CAUSES = {"day": ("vote", "lift"), "night": ("kill",), "warnings": ("fouls",),
          "kickOut": ("disqualified",), "teamKickOut": ("disqualified",),
          "giveUp": ("disqualified",), "techFouls": ("disqualified",)}
WINNERS = {"civ": "red", "maf": "black", "tie": "draw"}
MAX_LINES = 2000


class ImportRefused(ValueError):
    """The record contradicts the rules, or cannot be read: "game N: reason"."""


@dataclass
class Imported:
    lines: list[LogLine]  # the header, then the actions
    notes: list[str]


@dataclass
class _Event:
    """A foul or a removal of the record, with its game time."""

    time: GameTime
    seat: int
    action: act.Action
    what: str
    timed: bool = True  # False: the record gave no time; placed by inference
    done: bool = False


def import_game(obj: Mapping[str, object], number: int | str,
                rules: Ruleset | None = None) -> Imported:
    """The game log of one site game; `number` names it in refusals and notes."""
    notes: list[str] = []
    tag = f"game {number}"
    try:
        kept, dropped = known_fields(dict(obj))
        notes += [f"{tag}: {what} is not the site's reader's: left out" for what in dropped]
        site = SiteGame.model_validate(kept)
    except (ValueError, TypeError) as exc:
        raise ImportRefused(f"{tag}: not a game the site's reader takes: "
                            f"{_first_error(exc)}") from None
    try:
        return _Playback(site, tag, rules, notes).run()
    except _Refusal as exc:
        raise ImportRefused(f"{tag}: {exc}") from None


class _Refusal(Exception):
    pass


def _first_error(exc: Exception) -> str:
    errors = getattr(exc, "errors", None)
    if callable(errors):
        first = errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        return f"{where}: {first.get('msg')}" if where else str(first.get("msg"))
    return str(exc)


class _Playback:
    def __init__(self, site: SiteGame, tag: str, rules: Ruleset | None,
                 notes: list[str]) -> None:
        self.site = site
        self.tag = tag
        self.notes = notes
        self.features = site.features if site.features is not None else "gsdutclhvknwro"
        self.rules = rules or self._rules()
        self.game = Game(self.rules)
        self.lines: list[LogLine] = []
        self.nominated: set[tuple[int, int]] = set()  # (round, nominator) entered
        self.checks_done: set[tuple[str, int]] = set()
        self.legacy_done = False
        self.events: list[_Event] = []
        self.deaths: dict[int, tuple[str, int | None]] = {}
        self.plans: dict[int, VotePlan] = {}

    # -- reading the record ------------------------------------------------------------------
    def note(self, text: str) -> None:
        self.notes.append(f"{self.tag}: {text}")

    def _rules(self) -> Ruleset:
        code = upgraded(self.site.rules or "")
        found = rulesets_of(code)
        if not found:
            raise ImportRefused(f"{self.tag}: the rules code {code!r} matches none of the kit's "
                                "rulesets: give the ruleset (--rules)")
        if len(found) > 1:
            self.note(f"the rules code {code} fits {' and '.join(found)}: read as {found[0]} "
                      "(--rules chooses)")
        return load_ruleset(found[0])

    def _has(self, letter: str) -> bool:
        return letter in self.features

    def _read(self) -> None:
        players = self.site.players
        by_role: dict[str, list[int]] = {"don": [], "maf": [], "sheriff": []}
        for seat, p in enumerate(players, start=1):
            if p.role in by_role:
                by_role[p.role].append(seat)
        self.roles = (by_role["don"][0], (by_role["maf"][0], by_role["maf"][1]),
                      by_role["sheriff"][0])
        for seat, p in enumerate(players, start=1):
            self._death(seat, p.death)
            self._fouls(seat, p.warnings)
            if p.techFouls:
                self.note(f"seat {seat}'s technical fouls: the kit's rulesets have none; left "
                          "out")

    def _death(self, seat: int, death: object) -> None:
        if death is None or death is False:
            return
        kind: str | None = None
        r: int | None = None
        t: GameTime | None = None
        if isinstance(death, Death):
            kind, r = death.type, death.round
            t = from_site(death.time) if death.time is not None else None
        elif isinstance(death, str):
            kind = death
        elif isinstance(death, int) and not isinstance(death, bool):
            r = death
        self.deaths[seat] = (kind or "", r)
        if kind in ("kickOut", "teamKickOut", "giveUp", "techFouls"):
            removal: act.Action = act.Disqualify(
                seat=seat, kind="team_loss" if kind == "teamKickOut" else "removal")
            if kind in ("giveUp", "techFouls"):
                self.note(f"seat {seat} left by {kind!r}: entered as a removal from the table "
                          "(002 \"Покидание стола\")")
            if t is None:
                t = self._untimed(seat, r)
                self.events.append(_Event(t, seat, removal, f"seat {seat}'s removal", False))
            else:
                self.events.append(_Event(t, seat, removal, f"seat {seat}'s removal"))

    def _untimed(self, seat: int, r: int | None) -> GameTime:
        """A time for a removal or a foul the record gives none: the end of the round's day
        (after its vote), or the zero night."""
        round_ = r if r is not None else 0
        self.note(f"seat {seat}: no time recorded for a foul or removal in round {round_}: "
                  "placed after that round's vote")
        return {"round": round_, "time": "end"}

    def _fouls(self, seat: int, warnings: object) -> None:
        if isinstance(warnings, list):
            for w in warnings:
                t = from_site(w)
                self.events.append(_Event(t, seat, act.Foul(seat=seat), f"seat {seat}'s foul"))
        elif isinstance(warnings, int) and warnings:
            kind, r = self.deaths.get(seat, ("", None))
            t = self._untimed(seat, r if kind == "warnings" else None)
            if kind != "warnings":
                t = {"round": 10_000, "time": "end"}  # after the decision: counted only
            for _ in range(warnings):
                self.events.append(_Event(t, seat, act.Foul(seat=seat), f"seat {seat}'s foul",
                                          False))

    # -- the playback ----------------------------------------------------------------------
    def push(self, a: act.Action, what: str) -> None:
        try:
            self.game.push(a)
        except IllegalAction as exc:
            raise _Refusal(f"{what}: {exc}") from None
        self.lines.append(action_to_dict(a))
        if len(self.lines) > MAX_LINES:
            raise _Refusal("the record does not end as the kit replays it")

    def run(self) -> Imported:
        self._read()
        self.events.sort(key=lambda e: (rank(e.time), e.time.get("order", 0)))
        don, mafia, sheriff = self.roles
        self.push(act.Roles(don=don, mafia=mafia, sheriff=sheriff), "the cards")
        self.push(act.Start(), "the start")
        while True:
            s = self.game.state
            if s.finished and s.speech is None:
                break
            self._before_flush(s)
            self._flush(self.game.state)
            if self.game.state is not s:
                continue  # a foul or removal moved the game on: its new moment first
            self._next(s)
        self._flush(self.game.state, final=True)
        self._after_game()
        self._compare()
        head = header(self.rules.id, players=[p.name for p in self.site.players],
                      **self._header_fields())
        return Imported([head, *self.lines], self.notes)

    def _header_fields(self) -> dict[str, JsonValue]:
        out: dict[str, JsonValue] = {}
        if self.site.gameNum is not None:
            out["game"] = self.site.gameNum
        if self.site.tableNum is not None:
            out["table"] = str(self.site.tableNum)
        if self.site.moderator.name:
            out["judge"] = self.site.moderator.name
        if isinstance(self.site.startTime, str):
            out["date"] = self.site.startTime[:10]
        return out

    def _before_flush(self, s: GameState) -> None:
        """What the judge enters at a moment before its fouls: a nomination in its speech
        (a foul after it cannot undo it, one before it could forbid it), the best move at
        the end of the night steps (a removal after it keeps it, 000 I.7.8)."""
        speech = s.speech
        if (speech is not None and speech.kind in REGULAR_KINDS and s.phase != NIGHT
                and (site_round(s), speech.seat) not in self.nominated):
            self.nominated.add((site_round(s), speech.seat))
            seat = self._nomination(site_round(s), speech.seat)
            if seat is not None:
                day = s.day
                if day is not None and day.vote == "cancelled":
                    self.note(f"day {s.number}: seat {speech.seat} nominated {seat}, but the "
                              "vote is cancelled (docs/rules.md, row 15): not entered")
                else:
                    self.push(act.Nominate(seat=seat), f"seat {speech.seat}'s nomination of "
                              f"{seat} on day {s.number}")
        if s.phase == NIGHT and not s.finished and night_steps(s, self.rules) == ("best_move",):
            self._best_move(s)

    def _flush(self, s: GameState, final: bool = False,
               before: tuple[int, int] | None = None) -> None:
        """Enter the record's fouls and removals of this moment; with `before`, also those
        of earlier times the playback did not meet (a step the record does not keep), so
        that a night's stay in its night and a day's in its day."""
        m = moment(s)
        for e in self.events:
            if e.done:
                continue
            exact = same_moment(e.time, m)
            passed = rank(e.time) < (before or rank(m)) or final
            if not exact and not passed:
                continue
            if not exact:
                self.note(f"{e.what} at {_words(e.time)}: that moment does not come as the kit "
                          f"replays the game; entered at {_words(m)}")
            e.done = True
            self.push(e.action, f"{e.what} at {_words(e.time)}")

    def _next(self, s: GameState) -> None:
        if s.speech is not None:
            self._farewell_record(s)
            self.push(act.SpeechEnd(), f"the end of seat {s.speech.seat}'s speech")
            return
        if s.phase == NIGHT:
            self._night(s)
            return
        if s.voting is not None:
            self._votes(s)
            return
        if s.lift is not None:
            self._lift(s)
            return
        self._flush(s, before=(site_round(s) + 1, 0))
        if self.game.state is not s:
            return  # the day goes on from the new state (or the game ended)
        self.push(act.Night(), f"the night after day {s.number}")

    # -- the day -------------------------------------------------------------------------
    def _nomination(self, r: int, seat: int) -> int | None:
        if not self._has("n"):
            return None
        noms = self.site.players[seat - 1].nominating or []
        return noms[r] if r < len(noms) else None

    def _farewell_record(self, s: GameState) -> None:
        """A colour left on record in a farewell after a night kill (000 III.5.1)."""
        speech = s.speech
        if speech is None or speech.kind != FAREWELL or not self._has("o"):
            return
        for rec in self.site.players[speech.seat - 1].record or ():
            if rec.time != "night kill speaking" or rec.round != site_round(s):
                self.note(f"seat {speech.seat}'s colours on record at {rec.time!r}: the kit "
                          "keeps only a black colour left in the farewell after a night kill")
                continue
            for named in rec.record:
                if named > 0:
                    self.note(f"seat {speech.seat} left seat {named} as red on record: the kit "
                              "keeps only a black colour (000 III.5.1)")
                    continue
                self.push(act.LeaveColour(seat=speech.seat, named=-named, colour="black"),
                          f"seat {speech.seat}'s colour on record")

    def _round_votes(self, s: GameState) -> dict[int, int | None] | None:
        """Each player's vote in the round being counted, or None: not recorded."""
        if not self._has("v"):
            return None
        day = s.day
        assert day is not None
        r, k = site_round(s), len(day.rounds)
        out: dict[int, int | None] = {}
        for seat, p in enumerate(self.site.players, start=1):
            votes = p.voting[r] if p.voting is not None and r < len(p.voting) else None
            if isinstance(votes, list):
                rounds = [v for v in votes if not isinstance(v, bool)]
                out[seat] = rounds[k] if k < len(rounds) else None
            else:
                out[seat] = votes if k == 0 else None
        return out

    def _votes(self, s: GameState) -> None:
        voting, day = s.voting, s.day
        assert voting is not None and day is not None
        candidate = voting.candidates[len(voting.entered)]
        votes = self._round_votes(s)
        if votes is None:
            count = self._plan(s).count(s, candidate)
            self.push(act.Votes(seat=candidate, count=count),
                      f"day {s.number}: the votes for {candidate}")
            return
        for seat, v in votes.items():
            if v is not None and v not in voting.candidates and seat in s.at_table:
                raise _Refusal(f"day {s.number}, round {len(day.rounds) + 1}: seat {seat} "
                               f"voted for {v}, who is not a candidate (candidates: "
                               f"{', '.join(map(str, voting.candidates))})")
        missing = [seat for seat in sorted(s.at_table) if votes.get(seat) is None]
        if missing and not voting.entered:
            self.note(f"day {s.number}, round {len(day.rounds) + 1}: no vote recorded for seat "
                      f"{', '.join(map(str, missing))}: counted against the last candidate "
                      "(000 I.6.15, 003 4.4.9)")
        voters = tuple(sorted(seat for seat, v in votes.items() if v == candidate
                              and seat in s.at_table))
        self.push(act.Votes(seat=candidate, voters=voters),
                  f"day {s.number}: the votes for {candidate}")

    def _plan(self, s: GameState) -> VotePlan:
        day = s.day
        assert day is not None
        plan = self.plans.get(day.number)
        if plan is None:
            r = site_round(s)
            leaving = frozenset(seat for seat, (kind, dr) in self.deaths.items()
                                if kind == "day" and dr == r)
            removals = [(e.seat, e.time) for e in self.events
                        if e.time.get("round") == r and e.time.get("nominee") is not None
                        and _removes(e.action, self.game.state, self.rules)]
            tomorrow = any(r + 1 < len(p.nominating or ()) and (p.nominating or [])[r + 1]
                           for p in self.site.players)
            revotes = max((int(e.time.get("votingRound") or 0) for e in self.events
                           if e.time.get("round") == r and e.time.get("time") == "voting"),
                          default=0)
            plan = plan_counts(leaving, self.rules, removals, revotes, tomorrow)
            self.plans[day.number] = plan
            self.note(f"day {s.number}: the record has no votes: counts inferred that give its "
                      f"outcome ({_leavers(leaving)})")
        return plan

    def _lift(self, s: GameState) -> None:
        tied = s.lift
        assert tied is not None
        r = site_round(s)
        if self._has("v") and self._has("k"):
            yes = []
            for seat in sorted(s.at_table):
                votes = self.site.players[seat - 1].voting
                answer = votes[r] if votes is not None and r < len(votes) else None
                if isinstance(answer, list) and answer and answer[-1] is True:
                    yes.append(seat)
            self.push(act.Lift(voters=tuple(yes)), f"day {s.number}: the lift question")
            return
        left = all(self.deaths.get(seat, ("", None)) == ("day", r) for seat in tied)
        count = len(s.at_table) // 2 + 1 if left else 0
        which = "the least that lifts" if left else "none"
        self.note(f"day {s.number}: the lift question's count is not recorded: {count} of "
                  f"{len(s.at_table)} entered, {which} "
                  f"({_leavers(frozenset(tied) if left else frozenset())})")
        self.push(act.Lift(count=count), f"day {s.number}: the lift question")

    # -- the night -----------------------------------------------------------------------
    def _night(self, s: GameState) -> None:
        if s.number == 0:
            self.push(act.Day(), "the morning after the zero night")
            return
        steps = night_steps(s, self.rules)
        n = s.number
        if steps and steps[0] == "shoot":
            self._shoot(s)
            return
        for name, key in (("don_check", "don"), ("sheriff_check", "sheriff")):
            if name in steps and (key, n) not in self.checks_done:
                self.checks_done.add((key, n))
                seat = self._checked(key, n)
                if seat is not None:
                    check: act.Action = (act.DonCheck(seat=seat) if key == "don"
                                         else act.SheriffCheck(seat=seat))
                    self.push(check, f"night {n}: the {key}'s check of {seat}")
                    return
        self._flush(s, before=(n, TIMES.index("day start")))
        if self.game.state is not s:
            return  # the night goes on from the new state
        self.push(act.Day(), f"the morning after night {n}")

    def _checked(self, key: str, n: int) -> int | None:
        if not self._has("g" if key == "don" else "s"):
            return None
        found = [seat for seat, p in enumerate(self.site.players, start=1)
                 if getattr(p, key) == n]
        return found[0] if found else None

    def _shoot(self, s: GameState) -> None:
        n = s.number
        blacks = s.black_at_table()
        if self._has("h"):
            shots: dict[int, int | None] = {}
            for b in blacks:
                arr = self.site.players[b - 1].shooting or []
                shots[b] = arr[n - 1] if n - 1 < len(arr) else None
            targets = set(shots.values())
            if len(targets) == 1 and (None in targets or next(iter(targets)) in s.at_table):
                self.push(act.Shoot(target=next(iter(targets))), f"night {n}: the shot")
            else:
                self.push(act.Shoot(shots=tuple(sorted(shots.items()))), f"night {n}: the shots")
            return
        killed = [seat for seat, (kind, r) in self.deaths.items() if kind == "night" and r == n]
        target = killed[0] if killed else None
        self.note(f"night {n}: the shots are not recorded: "
                  f"{'a kill of ' + str(target) if target else 'a miss'} from who left")
        self.push(act.Shoot(target=target), f"night {n}: the shot")

    def _best_move(self, s: GameState) -> None:
        if self.legacy_done:
            return
        self.legacy_done = True
        victim = best_move_victim(s, self.rules)
        if victim is None or not (self._has("l") or self._has("i")):
            return
        legacy = self.site.players[victim - 1].legacy
        if legacy is None:
            return
        seats = tuple(legacy) if isinstance(legacy, list) else (legacy,)
        self.push(act.BestMove(seats=seats), f"night {s.number}: seat {victim}'s best move")

    # -- after the game ------------------------------------------------------------------
    def _after_game(self) -> None:
        for seat, p in enumerate(self.site.players, start=1):
            bonus = p.bonus
            items = bonus if isinstance(bonus, list) else [bonus] if bonus is not None else []
            for item in items:
                if isinstance(item, str):
                    self.note(f"seat {seat}'s title {item!r}: the kit has no titles; left out")
                    continue
                if item <= 0:
                    self.note(f"seat {seat}'s bonus {item:+.2f}: a penalty in the kit names its "
                              "clause (docs/scoring.md); left out")
                    continue
                extra = act.Extra(seat=seat, points=round(item * 100))  # hundredths
                try:
                    self.game.push(extra)
                except IllegalAction as exc:
                    self.note(f"seat {seat}'s bonus {item:+.2f}: not entered: {exc}")
                    continue
                self.lines.append(action_to_dict(extra))

    def _compare(self) -> None:
        """The replay against the record: who left, how and when; the winner; every
        recorded line used."""
        s = self.game.state
        gone = {r.seat: r for r in s.removed}
        for seat, (kind, r) in self.deaths.items():
            removal = gone.get(seat)
            if kind == "" or kind not in CAUSES:
                continue
            late = any(d == seat for d, _ in s.late_disqualifications)
            if removal is None and (late or kind == "warnings"):
                continue  # removed after the decision: the kit counts it, the result stands
            if removal is None:
                raise _Refusal(f"the record says seat {seat} left ({kind}, round {r}), but he "
                               f"stays at the table as the kit replays it under {self.rules.id}")
            if removal.cause not in CAUSES[kind] and not late:
                raise _Refusal(f"the record says seat {seat} left by {kind!r}, the kit's replay "
                               f"by {removal.cause!r} (round {r})")
            there = removal.number if removal.phase == NIGHT else removal.number - 1
            if r is not None and there != r and not late:
                raise _Refusal(f"the record says seat {seat} left in round {r}, the kit's "
                               f"replay in round {there}")
        for seat, removal in gone.items():
            if seat not in self.deaths and self._has("d"):
                raise _Refusal(f"the kit's replay removes seat {seat} ({removal.cause}, "
                               f"{removal.phase} {removal.number}), the record does not")
        winner = WINNERS[self.site.winner]
        if s.winner != winner:
            raise _Refusal(f"the record's winner is {self.site.winner!r}, the kit's replay gives "
                           f"{s.winner} ({s.termination}) under {self.rules.id}")
        self._unused()

    def _unused(self) -> None:
        s = self.game.state
        days = {d.number: d for d in (*s.days, *((s.day,) if s.day is not None else ()))}
        for seat, p in enumerate(self.site.players, start=1):
            for r, nominee in enumerate(p.nominating or ()):
                if nominee is None:
                    continue
                day = days.get(r + 1)
                entered = day is not None and nominee in day.nominations
                if not entered and (r, seat) not in self.nominated:
                    raise _Refusal(f"seat {seat} nominated {nominee} on day {r + 1}, but he does "
                                   "not speak that day as the kit replays the game")
            for r, votes in enumerate(p.voting or ()):
                day = days.get(r + 1)
                # votes on a day without a closed round: the vote never came, unless it stood
                # when a removal inside it decided the game ("held" without its round)
                if (votes is not None and self._has("v")
                        and (day is None or (not day.rounds and day.vote != "held"))):
                    status = "not reached" if day is None else f"'{day.vote}'"
                    raise _Refusal(f"the record has votes on day {r + 1}, but as the kit "
                                   f"replays the game that day's vote is {status} under "
                                   f"{self.rules.id} (docs/rules.md, \"Cancelled votes\")")


def _removes(a: act.Action, s: GameState, rules: Ruleset) -> bool:
    """A removal by discipline: a disqualification, or the foul that is the fourth."""
    if isinstance(a, act.Disqualify):
        return True
    return isinstance(a, act.Foul) and s.fouls[a.seat - 1] >= rules.fouls.removal_at - 1


def _leavers(seats: frozenset[int]) -> str:
    if not seats:
        return "nobody left by the vote"
    return "left by the vote: " + ", ".join(map(str, sorted(seats)))


def _words(t: GameTime) -> str:
    parts = [f"round {t.get('round')}", str(t.get("time"))]
    for key in ("speaker", "nominee", "votingRound"):
        value = t.get(key)
        if value is not None:
            parts.append(f"{key} {value}")
    return ", ".join(parts)

