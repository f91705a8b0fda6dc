"""Random legal games: for property tests, benchmarks, secrecy sweeps and demos.

`random_game(rules, seed)` plays a whole game by choosing, at every step, one of the
actions a judge could legally enter (with fouls, ties, lifts, misses and undos mixed in).
Deterministic for a given seed. An illegal choice here is a bug in the engine or here, so it
is raised, never skipped.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine import actions as act
from engine.classic.game import Game
from engine.classic.ruleset import Ruleset
from engine.classic.state import REGULAR_KINDS, GameState
from engine.classic.timer import night_steps
from engine.classic.views import step
from engine.roles import Role


@dataclass
class Playout:
    """The actions as the judge entered them (undos included) and the finished game."""

    entered: list[act.Action] = field(default_factory=list)
    game: Game | None = None


@dataclass(frozen=True)
class Mix:
    """How often the random judge does the unusual things."""

    foul: float = 0.02
    disqualify: float = 0.002
    undo: float = 0.0
    nominate: float = 0.55
    tie_bias: float = 0.35
    voters: float = 0.5
    miss: float = 0.12
    vote_removal: float = 0.0
    """During a voting round: a removal by discipline (a fourth foul where the player has
    three, else a disqualification), before or after the result is known (engine.classic.moment)."""


def random_game(rules: Ruleset | str = "cml", seed: int = 0, mix: Mix = Mix(),
                max_actions: int = 2000) -> Playout:
    game = Game(rules)
    return Playout(play_on(game, seed, mix, max_actions), game)


def play_on(game: Game, seed: int = 0, mix: Mix = Mix(),
            max_actions: int = 2000) -> list[act.Action]:
    """Play `game` on from wherever it stands to its end (the last farewell included);
    return the actions entered, undos included. Used to finish scripted examples."""
    rng = random.Random(seed)
    entered: list[act.Action] = []
    while len(entered) < max_actions:
        s = game.state
        if s.finished and s.speech is None:
            return entered
        action = _choose(game, s, rng, mix)
        game.push(action)
        entered.append(action)
        if mix.undo and rng.random() < mix.undo:
            game.pop()
            entered.append(act.Undo())
    raise RuntimeError(f"game {seed} did not end within {max_actions} actions")


def next_action(game: Game, rng: random.Random, mix: Mix = Mix()) -> act.Action | None:
    """One action a judge could legally enter now (None once the game is over)."""
    s = game.state
    if s.finished and s.speech is None:
        return None
    return _choose(game, s, rng, mix)


def _choose(game: Game, s: GameState, rng: random.Random, mix: Mix) -> act.Action:
    rules = game.rules
    if s.roles is None:
        seats = rng.sample(range(1, 11), 4)
        return act.Roles(don=seats[0], mafia=(seats[1], seats[2]), sheriff=seats[3])
    if not s.started:
        return act.Start()
    at_table = sorted(s.at_table)
    if not s.finished and len(at_table) > 3 and rng.random() < mix.foul:
        return act.Foul(seat=rng.choice(at_table))
    if not s.finished and rng.random() < mix.disqualify:
        seat = rng.choice(at_table)
        if rng.random() < 0.2:
            return act.Disqualify(seat=seat, kind="team_loss")
        return act.Disqualify(seat=seat, kind="removal")
    the_step = step(s, rules)
    if (the_step == "vote" and mix.vote_removal and len(at_table) > 3
            and rng.random() < mix.vote_removal):
        seat = rng.choice(at_table)
        if s.fouls[seat - 1] == rules.fouls.removal_at - 1:
            return act.Foul(seat=seat)
        return act.Disqualify(seat=seat, kind="removal")
    if the_step in ("farewell", "tie_speech", "majority_speech"):
        return act.SpeechEnd()
    if the_step.value in REGULAR_KINDS:
        return _speech(s, rng, mix, game)
    if the_step == "vote":
        return _votes(s, rng, mix)
    if the_step == "lift":
        yes = rng.randint(0, len(at_table))
        if rng.random() < mix.voters:
            return act.Lift(voters=tuple(sorted(rng.sample(at_table, yes))))
        return act.Lift(count=yes)
    if the_step == "await_night":
        return act.Night()
    if the_step == "zero_night":
        return act.Day()
    return _night(s, rng, game, mix)


def _speech(s: GameState, rng: random.Random, mix: Mix, game: Game) -> act.Action:
    day, speech = s.day, s.speech
    assert day is not None and speech is not None
    if game.rules.day.withdraw_allowed and speech.seat in day.nominators and rng.random() < 0.05:
        return act.Withdraw(seat=day.nominations[day.nominators.index(speech.seat)])
    if (speech.seat not in day.nominators and day.vote != "cancelled"
            and rng.random() < mix.nominate):
        free = [seat for seat in sorted(s.at_table) if seat not in day.nominations]
        if free:
            by = speech.seat if rng.random() < 0.5 else None
            return act.Nominate(seat=rng.choice(free), by=by)
    return act.SpeechEnd()


def _votes(s: GameState, rng: random.Random, mix: Mix) -> act.Action:
    voting = s.voting
    assert voting is not None
    seat = voting.candidates[len(voting.entered)]
    left = voting.votes_left()
    if rng.random() < mix.tie_bias:
        count = min(left, len(s.at_table) // len(voting.candidates))
    else:
        count = rng.randint(0, left)
    known = all(v is not None for _, _, v in voting.entered)
    if known and rng.random() < mix.voters:
        voted = {v for _, _, vs in voting.entered for v in (vs or ())}
        free = [seat_ for seat_ in sorted(s.at_table) if seat_ not in voted]
        return act.Votes(seat=seat, voters=tuple(sorted(rng.sample(free, count))))
    return act.Votes(seat=seat, count=count)


def _night(s: GameState, rng: random.Random, game: Game, mix: Mix) -> act.Action:
    night = s.night
    assert night is not None
    steps = night_steps(s, game.rules)
    at_table = sorted(s.at_table)
    if steps and steps[0] == "shoot":
        roll = rng.random()
        if roll < mix.miss:
            return act.Shoot(target=None)
        if roll < mix.miss + 0.28:
            blacks = s.black_at_table()
            target = rng.choice(at_table)
            shots = tuple((b, target if rng.random() < 0.85 else rng.choice([None, *at_table]))
                          for b in blacks)
            return act.Shoot(shots=shots)
        return act.Shoot(target=rng.choice(at_table))
    if steps and rng.random() < 0.9:
        name = steps[0]
        if name == "don_check":
            don = s.seat_of(Role.DON)
            return act.DonCheck(seat=rng.choice([x for x in range(1, 11) if x != don]))
        if name == "sheriff_check":
            sheriff = s.seat_of(Role.SHERIFF)
            return act.SheriffCheck(seat=rng.choice([x for x in range(1, 11) if x != sheriff]))
        victim = night.shot
        others = [x for x in range(1, 11) if x != victim]
        return act.BestMove(seats=tuple(rng.sample(others, rng.randint(1, 3))))
    return act.Day()
