"""The club engine's views (004; docs/club.md) on the screens: random legal club games at 3,
7, 12 and 15 seats, every view read with the typed contract, no role on a public or audience
frame before the end, and the judge's screen naming every night action."""

from __future__ import annotations

import pygame
import pytest

from engine.club.game import ClubGame
from engine.club.playout import ClubMix, random_club_game
from engine.club.views import audience_view, judge_view, public_view
from engine.viewmodels import ClubNightView, JudgeView
from engine.vocab import Phase
from scoreboard.model import judge_frame, table_frame, wall_frame
from scoreboard.render import Renderer
from scoreboard.secrecy import secret_free, secrets_found
from scoreboard.tablefeed import TableFeed
from scoreboard.theme import DAY, NIGHT
from scoreboard.view import read_view

NOW = 1_764_403_200.0


def fragments(night: ClubNightView) -> list[str]:
    """What the judge's line of `night` must say, action by action (004 §7)."""
    said = [f"{words} №{seat}" for words, seat in (
        ("путана →", night.putana), ("мафия →", night.mafia_shot),
        ("маньяк →", night.maniac_shot), ("доктор лечил", night.heal), ("спасён", night.saved),
        ("камикадзе →", night.kamikaze)) if seat is not None]
    said += [f"{who} проверил №{check.seat}" for who, check in (
        ("дон", night.don_check), ("комиссар", night.commissar_check)) if check is not None]
    return said + [f"№{seat}" for seat in night.blast]


@pytest.mark.parametrize("seats", [3, 7, 12, 15])
@pytest.mark.parametrize("seed", range(2))
def test_every_club_view_reads_and_no_screen_leaks(seats: int, seed: int) -> None:
    played = random_club_game(seats, seed, ClubMix(foul=0.03))
    assert played.game is not None
    game = ClubGame(played.game.settings)
    for action in played.entered:
        game.push(action)
        for view in (public_view(game), audience_view(game)):
            feed = TableFeed("3", view=read_view(view.model_dump(mode="json")),
                             status="online", as_of=NOW - 5)
            frame = table_frame(feed, NOW, "ru", view.view.value)
            assert secrets_found(frame) == [], (seats, seed, len(game.actions))
            assert secret_free(wall_frame([feed], NOW, "ru"))
            assert len(frame.seats) == seats
        judge = read_view(judge_view(game).model_dump(mode="json"))
        panel = judge_frame(TableFeed("3", view=judge, status="online"), NOW, "ru").judge
        assert isinstance(judge, JudgeView) and panel is not None
        for night in judge.club_nights or ():
            line = next((x for x in panel.lines if x.startswith(f"Ночь {night.night}:")), "")
            assert all(words in line for words in fragments(night)), (line, night)
    assert game.state.finished


def test_the_judge_sees_the_club_night_step_and_the_end() -> None:
    played = random_club_game(15, 3)
    assert played.game is not None
    game = ClubGame(played.game.settings)
    subtitles, renderer = set(), Renderer((1280, 720))
    for action in played.entered:
        game.push(action)
        frame = judge_frame(TableFeed("3", view=judge_view(game), status="online"), NOW, "ru")
        if game.state.phase is Phase.NIGHT and game.state.number > 0:
            subtitles.add(frame.subtitle)
        assert isinstance(renderer.draw(frame), pygame.Surface)
    assert "Выстрел мафии" in subtitles and "Доктор лечит" in subtitles
    end = judge_frame(TableFeed("3", view=judge_view(game), status="online"), NOW, "ru")
    assert end.over and end.result.startswith("Победа")
    assert all(seat.role_text for seat in end.seats)


@pytest.mark.parametrize("seats", [7, 12])
def test_no_club_screen_leaves_the_clocks_half_empty(seats: int) -> None:
    """Issue 25: the club's vote has no time limit, and its screen left the clock's half
    blank; now the seat being voted on stands there, and a panel with nothing beside it takes
    the whole width. Every public frame of a random club game, at 1280x720."""
    renderer = Renderer((1280, 720))
    clock = renderer.layout.clock
    played = random_club_game(seats, 1, ClubMix())
    assert played.game is not None
    game = ClubGame(played.game.settings)
    votes = 0
    for action in played.entered:
        game.push(action)
        view = read_view(public_view(game).model_dump(mode="json"))
        frame = table_frame(TableFeed("3", view=view, status="online", as_of=NOW - 5),
                            NOW, "ru")
        surface = renderer.draw(frame)
        background = (NIGHT if frame.night else DAY).bg
        inked = sum(1 for x in range(clock.left, clock.right, 8)
                    for y in range(clock.top, clock.bottom, 8)
                    if tuple(surface.get_at((x, y)))[:3] != background)
        assert inked > 100, (view.phase, view.step, len(game.actions), inked)
        if view.vote is not None and frame.countdown is None and not frame.over:
            votes += 1
            assert frame.focus is not None and frame.focus.text == f"№{view.vote.current}"
    assert votes, "the game had no vote to look at"
