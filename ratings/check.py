"""What the site's reader would find wrong in a game, in the kit's own words.

The site's reader (include/game.php, `check`) does not stop at the fields' types: it checks
that the record hangs together, and where it does not it "fixes" the game by cutting data
(a vote after a death: that voter's votes; a player alive who did not vote: every vote of
the game). `issues(game)` runs the checks that matter for what the kit writes, so the tests
can hold every export to them (docs/mafiaratings.md, "What the reader checks"):

- role counts (the models check them), warnings: at most 4, and 4 exactly when the player
  left by them; a best move (legacy) only from a player killed in night 1; shots only by
  black players and not after they left; nominations, votes and shots not after the player
  left (the arrays end with the round he left in);
- every player at the table when a round's voting began voted in it (unless that day's vote
  has no votes at all, the kit's cancelled vote), for a player nominated that day, and
  not after he left;
- a player who left by the vote ("day") is among the leaders of that day's last round.
"""

from __future__ import annotations

from collections.abc import Mapping

from ratings.site import TIMES, GameTime, RoundVotes, SiteGame

Time = GameTime  # a moment as the site records it (built here unchecked: model_construct)


def issues(data: Mapping[str, object]) -> list[str]:
    game = SiteGame.model_validate(data)
    return _Checks(game).run()


class _Checks:
    def __init__(self, game: SiteGame) -> None:
        self.game = game
        self.players = game.players
        self.found: list[str] = []

    def say(self, text: str) -> None:
        self.found.append(text)

    # -- deaths and their times ------------------------------------------------------------
    def death(self, seat: int) -> tuple[str, int] | None:
        d = self.players[seat - 1].death
        if d is None or isinstance(d, bool | int | str):
            return None
        return d.type, d.round

    def death_time(self, seat: int) -> Time | None:
        """When the player left: the recorded time, his fourth warning, the shot, or his
        round's voting; None if he did not leave."""
        p = self.players[seat - 1]
        d = p.death
        if d is None or isinstance(d, bool | int | str):
            return None
        if d.time is not None:
            return d.time
        if d.type == "warnings" and isinstance(p.warnings, list) and len(p.warnings) > 3:
            return p.warnings[3]
        if d.type == "night":
            return Time.model_construct(round=d.round, time="shooting")
        if d.type == "day":
            return Time.model_construct(round=d.round, time="voting kill all", votingRound=99)
        return Time.model_construct(round=d.round, time="start")

    def alive_at(self, seat: int, t: Time) -> bool:
        gone = self.death_time(seat)
        return gone is None or not self.before(gone, t)

    def before(self, a: Time, b: Time) -> bool:
        """`a` strictly before `b`, as far as the checks need it."""
        ka, kb = (a.round, TIMES.index(a.time)), (b.round, TIMES.index(b.time))
        if ka != kb:
            return ka < kb
        if a.time == "voting":
            sa, sb = self._voting_key(a), self._voting_key(b)
            if sa != sb:
                return sa < sb
        if a.time == "speaking":
            first = self.opener(a.round)
            pa = (_seat(a.speaker) - first) % 10
            pb = (_seat(b.speaker) - first) % 10
            if pa != pb:
                return pa < pb
        return _order(a) < _order(b)

    def _voting_key(self, t: Time) -> tuple[int, int, int]:
        noms = self.nominations(t.round)
        held = t.votingRound if t.votingRound is not None else 0
        if t.nominee is not None:
            who = t.nominee
            return (held, 2, noms.index(who) if who in noms else 99)
        if t.speaker is not None:
            who = t.speaker
            return (held, 1, noms.index(who) if who in noms else 99)
        return (held, 0, 0)

    def opener(self, r: int) -> int:
        """Who opens day r + 1: seat 1, then the first seat still at the table after the
        one who opened the day before (000 I.6.2; the site's "rotation: first")."""
        first = 1
        for day in range(r + 1):
            start = Time.model_construct(round=day, time="day start")
            candidates = [(first - 1 + i) % 10 + 1 for i in range(10)] if day == 0 else [
                (first + i) % 10 + 1 for i in range(10)]
            first = next((s for s in candidates if self.alive_at(s, start)), first)
        return first

    def nominations(self, r: int) -> list[int]:
        first = self.opener(r)
        out = []
        for i in range(10):
            seat = (first - 1 + i) % 10 + 1
            noms = self.players[seat - 1].nominating or []
            nominee = noms[r] if r < len(noms) else None
            if nominee is not None:
                out.append(nominee)
        return out

    # -- the checks ------------------------------------------------------------------------
    def run(self) -> list[str]:
        for seat in range(1, 11):
            self.arrays(seat)
            self.warnings(seat)
            self.legacy(seat)
        self.voting()
        return self.found

    def arrays(self, seat: int) -> None:
        p = self.players[seat - 1]
        died = self.death(seat)
        if p.shooting is not None and p.role not in ("maf", "don"):
            self.say(f"seat {seat} is red but has shots")
        if died is None:
            return
        r = died[1]
        for name in ("nominating", "voting", "shooting"):
            arr = getattr(p, name)
            if arr is not None and len(arr) > r + 1:
                self.say(f"seat {seat}'s {name} goes past round {r}, when he left")

    def warnings(self, seat: int) -> None:
        p = self.players[seat - 1]
        n = len(p.warnings) if isinstance(p.warnings, list) else (p.warnings or 0)
        died = self.death(seat)
        if n == 4 and (died is None or died[0] != "warnings"):
            self.say(f"seat {seat} has 4 warnings but did not leave by them")
        if n < 4 and died is not None and died[0] == "warnings":
            self.say(f"seat {seat} left by warnings with only {n}")

    def legacy(self, seat: int) -> None:
        p = self.players[seat - 1]
        if p.legacy is None:
            return
        died = self.death(seat)
        if died is None or died[0] != "night" or died[1] > 1:
            self.say(f"seat {seat} left a legacy but was not killed in night 1")

    def voting(self) -> None:
        rounds = max((len(p.voting or ()) for p in self.players), default=0)
        for r in range(rounds):
            votes = {seat: (p.voting or [])[r] if r < len(p.voting or []) else None
                     for seat, p in enumerate(self.players, start=1)}
            noms = self.nominations(r)
            if not any(v is not None for v in votes.values()):
                continue
            start = Time.model_construct(round=r, time="voting start")
            for seat, v in votes.items():
                if v is None:
                    if self.alive_at(seat, start) and not self.cancelled(r, votes):
                        self.say(f"seat {seat} was at the table but did not vote in round {r}")
                    continue
                picks = v if isinstance(v, list) else [v]
                for k, pick in enumerate(x for x in picks if not isinstance(x, bool)):
                    t = Time.model_construct(round=r, time="voting", votingRound=k, nominee=pick)
                    if pick not in noms:
                        self.say(f"seat {seat} voted for {pick}, not nominated in round {r}")
                    if not self.alive_at(seat, t):
                        self.say(f"seat {seat} voted for {pick} in round {r} after he left")
            self.voted_out(r, votes)

    def cancelled(self, r: int, votes: dict[int, RoundVotes]) -> bool:
        """The site's own reading of a cancelled vote: a removal by discipline in round r
        not after the moment its votes decided it (the first leader's votes counted: the
        site's looser moment, docs/mafiaratings.md), or in round r - 1 after that day's
        decision by a player not leaving by it."""
        decided = self.decided(r, votes)
        for seat in range(1, 11):
            died = self.death(seat)
            gone = self.death_time(seat)
            if died is None or gone is None or died[0] in ("day", "night"):
                continue
            if died[1] == r and (decided is None or not self.before(decided, _rough(gone))):
                return True
        return False

    def decided(self, r: int, votes: dict[int, RoundVotes]) -> Time | None:
        last: dict[int, int] = {}
        rounds = 0
        for v in votes.values():
            picks = [x for x in (v if isinstance(v, list) else [v]) if not isinstance(x, bool)]
            rounds = max(rounds, len(picks))
            if picks and picks[-1] is not None:
                last[picks[-1]] = last.get(picks[-1], 0) + 1
        top = max(last.values(), default=0)
        leaders = [seat for seat, n in last.items() if n == top]
        if len(leaders) != 1:
            return None
        noms = self.nominations(r)
        first = next((n for n in noms[:-2] if last.get(n) == top),
                     noms[-2] if len(noms) >= 2 else leaders[0])
        return Time.model_construct(round=r, time="voting", votingRound=max(rounds - 1, 0),
                                    nominee=first)

    def voted_out(self, r: int, votes: dict[int, RoundVotes]) -> None:
        leavers = [seat for seat in range(1, 11) if self.death(seat) == ("day", r)]
        if not leavers:
            return
        last: dict[int, int] = {}
        for v in votes.values():
            picks = [x for x in (v if isinstance(v, list) else [v]) if not isinstance(x, bool)]
            if picks and picks[-1] is not None:
                last[picks[-1]] = last.get(picks[-1], 0) + 1
        top = max(last.values(), default=0)
        leaders = {seat for seat, n in last.items() if n == top}
        for seat in leavers:
            if seat not in leaders:
                self.say(f"seat {seat} left by the vote in round {r} but is not among its "
                         "leaders")


def _rough(t: Time) -> Time:
    """A time without its order (the site compares the decision so)."""
    return t.model_copy(update={"order": None})


def _seat(seat: int | None) -> int:
    """The speaker of a "speaking" time (the model requires one there)."""
    if seat is None:
        raise ValueError("a time 'speaking' names no speaker")
    return seat


def _order(t: Time) -> int:
    return t.order if t.order is not None else -1
