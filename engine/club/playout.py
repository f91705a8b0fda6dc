"""Random legal club games, like `engine.classic.playout`: for property tests, benches and demos.

Deterministic for a seed. Every action is checked with `is_legal` before it is pushed, and
the random judge always has a legal way on, so a stuck game is a bug (raised, never skipped).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Literal

from engine import actions as act
from engine.club import actions as ca
from engine.club.game import ClubGame
from engine.club.night import ORDER
from engine.club.setup import FROM_SEATS, PUTANA_FROM, Settings, mafia_side
from engine.vocab import ClubStep, Phase


@dataclass(frozen=True)
class ClubMix:
    foul: float = 0.02
    disqualify: float = 0.003
    undo: float = 0.0
    nominate: float = 0.5
    vote_share: float = 0.6


@dataclass
class ClubPlayout:
    entered: list[ca.ClubAction] = field(default_factory=list)
    game: ClubGame | None = None


def random_settings(rng: random.Random, seats: int) -> Settings:
    tournament = rng.random() < 0.3
    immunity = tuple(sorted(rng.sample(range(1, seats + 1), rng.randint(0, 2))))
    return Settings(seats=seats, tournament=tournament, immunity=immunity,
                    date=rng.choice((None, "2026-11-27", "2026-11-30")),
                    rating_cards=tuple(range(1, rng.randint(0, seats) + 1)))


def random_deal(rng: random.Random, settings: Settings) -> ca.ClubRoles:
    n = settings.seats
    seats = rng.sample(range(1, n + 1), n)
    side = [seats.pop() for _ in range(mafia_side(n))]
    don = side.pop() if rng.random() < 0.6 else None
    named = {role.value: seats.pop() for role, first in FROM_SEATS.items() if n >= first}
    if n >= PUTANA_FROM and not settings.tournament and rng.random() < 0.6:
        named["putana"] = seats.pop()
    return ca.ClubRoles(mafia=tuple(sorted(side)), don=don, **named)


def random_club_game(seats: int, seed: int = 0, mix: ClubMix = ClubMix(),
                     max_actions: int = 3000) -> ClubPlayout:
    rng = random.Random(seed)
    settings = random_settings(rng, seats)
    game = ClubGame(settings)
    entered: list[ca.ClubAction] = []
    while len(entered) < max_actions:
        s = game.state
        if s.finished and s.speaking is None:
            return ClubPlayout(entered, game)
        action = choose(game, rng, mix)
        game.push(action)
        entered.append(action)
        if mix.undo and rng.random() < mix.undo:
            game.pop()
            entered.append(act.Undo())
    raise RuntimeError(f"club game {seed} at {seats} seats did not end in {max_actions}")


def _first_legal(game: ClubGame, options: list[ca.ClubAction]) -> ca.ClubAction | None:
    for a in options:
        if game.is_legal(a):
            return a
    return None


def choose(game: ClubGame, rng: random.Random, mix: ClubMix) -> ca.ClubAction:
    s = game.state
    table = sorted(s.at_table)
    if s.step is ClubStep.DEAL:
        return random_deal(rng, game.settings)
    if s.step is ClubStep.READY:
        return act.Start()
    if not s.finished and table:
        if rng.random() < mix.foul:
            foul = act.Foul(rng.choice(table))
            if game.is_legal(foul):
                return foul
        if rng.random() < mix.disqualify:
            kinds: tuple[Literal["removal", "drop", "team_loss"], ...] = (
                "removal", "drop", "team_loss")
            dq = ca.ClubDisqualify(rng.choice(table), rng.choice(kinds))
            if game.is_legal(dq):
                return dq
    if s.speaking is not None:
        return act.SpeechEnd()
    if s.step is ClubStep.ZERO_NIGHT:
        return act.Day()
    if s.step is ClubStep.NIGHT:
        return _night(game, rng)
    if s.step is ClubStep.DISCUSSION:
        return ca.DiscussionEnd()
    if s.step is ClubStep.NOMINATIONS:
        if rng.random() < mix.nominate:
            options: list[ca.ClubAction] = [
                act.Nominate(seat=rng.choice(table), by=rng.choice(table)) for _ in range(4)]
            pick = _first_legal(game, options)
            if pick is not None:
                return pick
        return ca.NominationsEnd()
    if s.step is ClubStep.VOTE:
        return _votes(game, rng, mix)
    if s.step is ClubStep.CATASTROPHE:
        assert s.day is not None
        return ca.Catastrophe(rng.choice(s.day.tied))
    if s.step is ClubStep.PICK:
        return _legal_seat(game, rng, lambda x: ca.NightAction(ORDER[-1], x), table)
    if s.step is ClubStep.AWAIT_NIGHT and s.phase is Phase.DAY:
        return act.Night()
    raise RuntimeError(f"the random judge is stuck at {s.step}")


def _legal_seat(game: ClubGame, rng: random.Random, make: object, seats: list[int],
                null: bool = True) -> ca.ClubAction:
    assert callable(make)
    options = [make(x) for x in rng.sample(seats, len(seats))]
    if null:
        options.insert(rng.randrange(len(options) + 1), make(None))
    pick = _first_legal(game, options)
    if pick is None:
        raise RuntimeError("no legal choice")
    return pick


def _votes(game: ClubGame, rng: random.Random, mix: ClubMix) -> ca.ClubAction:
    s = game.state
    d = s.day
    assert d is not None
    seat = d.candidates[len(d.entered)]
    used = {v for _, vs in d.entered for v in vs}
    free = [x for x in sorted(s.at_table) if x not in used and not s.banned(x, d.number)]
    last = len(d.entered) + 1 == len(d.candidates)
    share = mix.vote_share if last else mix.vote_share / len(d.candidates)
    voters = tuple(x for x in free if rng.random() < share)
    return act.Votes(seat=seat, voters=voters)


def _night(game: ClubGame, rng: random.Random) -> ca.ClubAction:
    s = game.state
    n = s.night
    assert n is not None
    done = [ORDER.index(a) for a, _ in n.acts]
    seats = list(range(1, s.seats + 1))
    for step in ORDER[(max(done) + 1) if done else 0:]:
        if rng.random() < 0.15 and game.is_legal(act.Day()):
            return act.Day()
        options: list[ca.ClubAction] = [ca.NightAction(step, x)
                                        for x in rng.sample(seats, len(seats))]
        options.insert(rng.randrange(len(options) + 1), ca.NightAction(step, None))
        pick = _first_legal(game, options)
        if pick is not None:
            return pick
    return act.Day()
