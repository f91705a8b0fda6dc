"""Helpers to set a classic game up in a few lines, for scenario tests and demos.

    g = started("cml", don=3, mafia=(5, 8), sheriff=1)   # cards dealt, zero night
    g.push(Day())
    speeches(g, {1: 4, 2: 9})        # every regular speech; seat 1 nominates 4, seat 2 nominates 9
"""

from __future__ import annotations

from collections.abc import Mapping

from engine import actions as act
from engine.classic.game import Game
from engine.classic.protocol import DayLine, result
from engine.classic.ruleset import Ruleset
from engine.classic.state import REGULAR_KINDS
from engine.classic.timer import current_timer
from engine.errors import IllegalAction


def started(rules: Ruleset | str = "cml", don: int = 3, mafia: tuple[int, int] = (5, 8),
            sheriff: int = 1) -> Game:
    """A game with the cards dealt and the zero night begun."""
    game = Game(rules)
    game.push(act.Roles(don=don, mafia=mafia, sheriff=sheriff))
    game.push(act.Start())
    return game


def speeches(game: Game, nominations: Mapping[int, int] | None = None) -> None:
    """End the morning farewell and the regular speeches; stop at anything after them.

    `nominations` maps a speaker's seat to the seat he nominates during his speech.
    """
    noms = dict(nominations or {})
    seen_regular = False
    while True:
        speech = game.state.speech
        if speech is None:
            return
        if speech.kind not in REGULAR_KINDS and (speech.kind != "farewell" or seen_regular):
            return
        seen_regular = seen_regular or speech.kind in REGULAR_KINDS
        if speech.seat in noms and speech.kind in REGULAR_KINDS:
            game.push(act.Nominate(seat=noms.pop(speech.seat)))
        game.push(act.SpeechEnd())


def end_speeches(game: Game) -> list[tuple[int, str]]:
    """End every speech in a row (tie speeches, farewells...), returning (seat, kind)."""
    done = []
    while game.state.speech is not None:
        done.append((game.state.speech.seat, game.state.speech.kind))
        game.push(act.SpeechEnd())
    return done


def push(game: Game, *actions: act.Action) -> None:
    for a in actions:
        game.push(a)


def to_day(game: Game, shot: int | None = None) -> None:
    """From an open night: the shot (None = miss), then morning."""
    if game.state.number > 0:
        game.push(act.Shoot(target=shot))
    game.push(act.Day())


def refused(game: Game, action: act.Action, phrase: str) -> str:
    """Assert the action is refused with a reason naming `phrase` and the game is untouched;
    return the reason."""
    before = game.state
    try:
        game.push(action)
    except IllegalAction as exc:
        assert phrase in str(exc), f"{action}: {exc!s} does not name {phrase!r}"
        assert game.state is before, f"{action} was refused but changed the game"
        return str(exc)
    raise AssertionError(f"{action} was accepted; expected a refusal naming {phrase!r}")


def day_result(game: Game, number: int) -> DayLine:
    """Day `number` of the replay result object (the protocol)."""
    days = result(game.state, game.rules.id)["days"]
    (day,) = [d for d in days if d["day"] == number]
    return day


def timer_of(game: Game) -> tuple[str, float] | None:
    """(kind, seconds) of the timer that applies now."""
    t = current_timer(game.state, game.rules)
    return None if t is None else (t.kind, t.seconds)


def second_day(rules: Ruleset | str, nominations: Mapping[int, int]) -> Game:
    """Day 1 without nominations, a miss in night 1, then day 2's speeches with
    `nominations` (speaker -> nominee): all ten still at the table, day 2 opened by seat 2."""
    game = started(rules)
    game.push(act.Day())
    speeches(game)
    game.push(act.Night())
    to_day(game, shot=None)
    speeches(game, nominations)
    return game


def quiet_day(game: Game) -> None:
    """A day without nominations (or with its vote cancelled), then «Наступает ночь»."""
    speeches(game)
    game.push(act.Night())
