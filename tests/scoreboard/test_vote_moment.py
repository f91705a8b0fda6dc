"""The screens and a removal during the vote (issue 26): a vote whose result was known
before the removal goes on as a vote; one cancelled by it is shown as cancelled (000 I.8.1-8.2,
003 7.1-7.2; docs/rules.md, "The moment today's result is known")."""

from __future__ import annotations

import pytest

from engine import Disqualify, SpeechEnd, Votes
from engine.classic import Game
from engine.classic.testing import second_day
from engine.classic.views import view
from scoreboard.frames import TableFrame
from scoreboard.model import table_frame
from scoreboard.tablefeed import TableFeed
from scoreboard.view import read_view

NOW = 1_764_403_200.0


def day_2_round(votes_for_4: int) -> Game:
    """fiim, day 2: candidates 4, 9, 6, 2; 4 counted with `votes_for_4` of 10; then seat 9,
    a candidate still to be counted, is disqualified."""
    game = second_day("fiim", {2: 4, 3: 9, 4: 6, 5: 2})
    game.push(Votes(4, count=votes_for_4))
    game.push(Disqualify(9))
    return game


def frame(game: Game, info_class: str, lang: str) -> TableFrame:
    data = view(game.state, game.rules, info_class, len(game.actions)).model_dump(mode="json")
    feed = TableFeed("3", view=read_view(data), as_of=NOW - 5, status="online")
    return table_frame(feed, NOW, lang, info_class)


@pytest.mark.parametrize("info_class", ["public", "audience"])
def test_a_vote_that_stands_after_a_removal_is_shown_going_on(info_class: str) -> None:
    """6 of 10 for 4 fixed the result: the vote goes on without 9 (he dropped out), whose
    card shows him out; nothing says the vote is cancelled."""
    game = day_2_round(6)
    for lang, cancelled in (("en", "cancelled"), ("ru", "отменено")):
        shown = frame(game, info_class, lang)
        assert shown.vote is not None
        assert [(line.seat, line.votes) for line in shown.vote.lines] == [
            (4, 6), (6, None), (2, None)]
        assert cancelled not in shown.subtitle
        assert not shown.seats[8].at_table
    game.push(Votes(6, count=1))
    game.push(SpeechEnd())  # 4's farewell
    over = frame(game, info_class, "en")
    assert over.subtitle == "The vote is over"
    assert not over.seats[3].at_table, "4 was voted out"


@pytest.mark.parametrize("info_class", ["public", "audience"])
def test_a_vote_cancelled_by_a_removal_is_shown_cancelled(info_class: str) -> None:
    """5 of 10 for 4 fixed nothing (a tie was still possible): today's vote is cancelled,
    no vote panel stands on the screen and the subtitle says so."""
    game = day_2_round(5)
    for lang, words in (("en", "The vote is cancelled"), ("ru", "Голосование отменено")):
        shown = frame(game, info_class, lang)
        assert shown.vote is None
        assert shown.subtitle == words
    assert frame(game, "public", "en").seats[3].at_table
