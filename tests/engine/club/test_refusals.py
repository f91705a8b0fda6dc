"""Every refusal of the club game has its key (issue 11: the judge's screen speaks one
language): random illegal lines at random moments of random club games, 3..15 seats, are
refused with a key that renders in Russian and English, survives the trip to the screen, and
leaves the game as it was."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import actions as act
from engine.club import actions as ca
from engine.club.game import ClubGame
from engine.club.playout import ClubMix, random_club_game
from engine.errors import IllegalAction
from engine.refusal_texts import TEXTS
from engine.refusal_view import RefusalView
from engine.refusals import CLUB_ACT_WORDS, CLUB_ROLE_WORDS, LANGS, Phrase, R
from engine.roles import ClubRole
from engine.vocab import NightAct

CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
LATIN = re.compile(r"[a-z]{2,}", re.IGNORECASE)
LOG_WORDS = {"club", "null", "by", "kind"}  # clause names and the log's own field words
SEAT_ISH = st.integers(-1, 17)
MAYBE_SEAT = st.none() | SEAT_ISH
SEATS = (3, 5, 7, 9, 11, 13, 15)

CLUB_TRIES: st.SearchStrategy[ca.ClubAction] = st.one_of(
    st.builds(ca.ClubRoles, mafia=st.lists(SEAT_ISH, max_size=5).map(tuple), don=MAYBE_SEAT,
              maniac=MAYBE_SEAT, doctor=MAYBE_SEAT, commissar=MAYBE_SEAT,
              kamikaze=MAYBE_SEAT, sapper=MAYBE_SEAT, putana=MAYBE_SEAT),
    st.sampled_from([act.Start(), act.Day(), act.Night(), act.SpeechEnd(), act.Undo(),
                     ca.DiscussionEnd(), ca.NominationsEnd(), act.Close("judge")]),
    st.builds(act.Nominate, seat=SEAT_ISH, by=MAYBE_SEAT),
    st.builds(act.Votes, seat=SEAT_ISH, voters=st.none() | st.lists(SEAT_ISH, max_size=6)
              .map(tuple)),
    st.builds(act.Votes, seat=SEAT_ISH, count=st.integers(0, 9)),
    st.builds(ca.Catastrophe, seat=SEAT_ISH),
    st.builds(ca.NightAction, act=st.sampled_from(NightAct), seat=MAYBE_SEAT),
    st.builds(act.Foul, seat=SEAT_ISH, kind=st.none() | st.just("voting")),
    st.builds(ca.ClubDisqualify, seat=SEAT_ISH,
              kind=st.sampled_from(["removal", "drop", "team_loss"])),
    st.builds(act.Extra, seat=SEAT_ISH, points=st.integers(-1, 3).map(lambda p: p * 100)),
    st.builds(act.Penalty, seat=SEAT_ISH, points=st.integers(-60, 10).map(lambda p: p * 5),
              clause=st.just("004 §9")),
    st.builds(act.Protest, seat=SEAT_ISH, text=st.just("протест")),
)


@pytest.mark.parametrize("seats", SEATS)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), cut=st.floats(0, 1), end=st.booleans(),
       tries=st.lists(CLUB_TRIES, min_size=1, max_size=30))
def test_every_club_refusal_reaches_the_screen_in_both_languages(
        seats: int, seed: int, cut: float, end: bool, tries: list[ca.ClubAction]) -> None:
    played = random_club_game(seats, seed, ClubMix()).game
    assert played is not None
    game = ClubGame(played.settings)
    upto = len(played.actions) if end else int(len(played.actions) * cut)
    for action in played.actions[:upto]:
        game.push(action)
    for action in tries:
        before = (game.state, game.actions)
        try:
            game.push(action)
        except IllegalAction as exc:
            assert exc.phrase.key in TEXTS, str(exc)  # a refusal by key, in the catalogue
            texts = {lang: exc.text(lang) for lang in LANGS}
            assert str(exc) == texts["en"]
            assert CYRILLIC.search(texts["ru"]), (exc.phrase.key, texts)
            assert set(LATIN.findall(texts["ru"])) <= LOG_WORDS, texts["ru"]  # no English
            on_the_wire = RefusalView.model_validate_json(exc.phrase.wire().model_dump_json())
            assert on_the_wire.text("ru") == texts["ru"]
            assert (game.state, game.actions) == before  # nothing applied


def test_a_classic_line_in_a_club_game_is_refused_in_both_languages() -> None:
    game = ClubGame(7)
    with pytest.raises(IllegalAction) as caught:
        game.push(act.Shoot(target=3))  # type: ignore[arg-type]  # an untyped caller's line
    assert str(caught.value) == "Shoot is not part of the club game"
    assert caught.value.text("ru") == "Shoot: такого хода в клубной игре нет"


def test_a_night_line_names_the_role_in_the_hosts_words() -> None:
    exc = IllegalAction(R.CLUB_PUTANA_WITH, what=Phrase(CLUB_ACT_WORDS[NightAct.HEAL]),
                        role=Phrase(CLUB_ROLE_WORDS[ClubRole.DOCTOR]))
    assert str(exc) == "heal: the putana is with the doctor tonight, he sleeps (004 §3, club R15)"
    assert exc.text("ru") == ("доктор: путана этой ночью у игрока с картой «доктор», он спит "
                              "(004 §3, club R15)")
