"""Every refusal a judge can cause has Russian and English text (issue 11: the judge's
screen speaks one language): the catalogue is complete, and random illegal actions at random
moments of random games are refused with a key that renders in both languages and survives
the trip to the screen."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import actions as act
from engine.classic.game import Game
from engine.classic.playout import Mix, random_game
from engine.errors import IllegalAction
from engine.refusal_texts import TEXTS
from engine.refusal_view import RefusalView
from engine.refusals import LANGS, Phrase, R, Refusal, placeholders
from tests.engine.test_properties import ANY_ACTION, RULES, SEAT_ISH

CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)


@pytest.mark.parametrize("key", list(Refusal))
def test_every_refusal_has_russian_and_english_with_the_same_placeholders(key: Refusal) -> None:
    ru, en = TEXTS[key]
    assert ru.strip() and en.strip()
    assert CYRILLIC.search(ru), f"{key}: the Russian text is not Russian: {ru!r}"
    assert placeholders(ru) == placeholders(en), key


def test_a_key_is_a_closed_vocabulary_as_the_enum_it_was() -> None:
    """`Refusal` is a str, not a StrEnum (issue 8: the enum's 322 members cost every start),
    yet only the catalogue's keys exist: one object per key, read back from its text, an
    unknown text refused, and it travels (json, pickle) as its plain text."""
    import json
    import pickle

    assert Refusal("line_not_json") is R.LINE_NOT_JSON
    assert R.LINE_NOT_JSON == "line_not_json" and R.LINE_NOT_JSON.value == "line_not_json"
    assert type(R.LINE_NOT_JSON.value) is str and str(R.LINE_NOT_JSON) == "line_not_json"
    with pytest.raises(ValueError, match="'line_not_jsn' is not a refusal key"):
        Refusal("line_not_jsn")
    keys = list(Refusal)
    assert len(keys) == len(Refusal) == len(set(keys)) == sum(map(str.isupper, vars(R)))
    assert keys[0] is R.UNKNOWN_ACTION  # in the order R defines them
    assert json.dumps({"key": R.ALREADY_NOMINATED}) == '{"key": "already_nominated"}'
    assert pickle.loads(pickle.dumps(R.ALREADY_NOMINATED)) is R.ALREADY_NOMINATED
    assert repr(R.ALREADY_NOMINATED) == "Refusal('already_nominated')"


def test_a_refusal_prints_english_for_the_command_line_and_russian_for_the_screen() -> None:
    exc = IllegalAction(R.ALREADY_NOMINATED, seat=5)
    assert str(exc) == "seat 5 is already nominated today"
    assert exc.text("ru") == "№5 уже выставлен сегодня"


def test_words_inside_a_refusal_are_translated_too() -> None:
    phrase = Phrase(R.OWN_SPEECH_ONLY, {"what": Phrase(R.W_NOMINATION)})
    assert phrase.text("en") == "a nomination is made only during a player's own day speech"
    assert phrase.text("ru").startswith("выставление делается")


def test_an_unknown_key_from_a_newer_table_gives_no_text() -> None:
    assert RefusalView(key="from_the_future").text("ru") is None
    assert RefusalView(key="not_at_table", params={}).text("ru") is None  # {seat} missing


AFTER_GAME_TRIES = st.one_of(
    st.builds(act.Extra, seat=SEAT_ISH, points=st.integers(-40, 160).map(lambda p: p * 5)),
    st.builds(act.Penalty, seat=SEAT_ISH, points=st.integers(-50, 10), clause=st.just("III.10")),
    st.builds(act.LeaveColour, seat=SEAT_ISH, named=SEAT_ISH),
    st.builds(act.Protest, seat=SEAT_ISH, text=st.just("протест")),
    st.just(act.Close("judge")),
)


@settings(max_examples=200, deadline=None)
@given(rules=RULES, seed=st.integers(0, 2**32), cut=st.floats(0, 1), end=st.booleans(),
       tries=st.lists(st.one_of(ANY_ACTION, AFTER_GAME_TRIES), min_size=1, max_size=40))
def test_every_refusal_reaches_the_screen_in_both_languages(
        rules: str, seed: int, cut: float, end: bool, tries: list[act.Action]) -> None:
    played = random_game(rules, seed, Mix(undo=0.0)).game
    assert played is not None
    game = Game(rules)
    upto = len(played.actions) if end else int(len(played.actions) * cut)
    for action in played.actions[:upto]:
        game.push(action)
    for action in tries:
        try:
            game.push(action)
        except IllegalAction as exc:
            assert exc.phrase.key in TEXTS, str(exc)  # a refusal by key, in the catalogue
            texts = {lang: exc.text(lang) for lang in LANGS}
            assert str(exc) == texts["en"]
            assert CYRILLIC.search(texts["ru"]), (exc.phrase.key, texts)
            assert texts["ru"] != texts["en"]
            on_the_wire = RefusalView.model_validate_json(exc.phrase.wire().model_dump_json())
            assert on_the_wire.text("ru") == texts["ru"]


ENGINE = Path(__file__).resolve().parents[2] / "engine"


def _unkeyed_refusals(path: Path) -> list[int]:
    """Lines where IllegalAction is given a text instead of a key."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalAction"
            and node.args and _is_text(node.args[0])]


def _is_text(node: ast.expr) -> bool:
    """A string, an f-string, a sum of strings or a choice between strings."""
    match node:
        case ast.Constant(value=str()) | ast.JoinedStr():
            return True
        case ast.BinOp(left=left, right=right):
            return _is_text(left) or _is_text(right)
        case ast.IfExp(body=body, orelse=orelse):
            return _is_text(body) or _is_text(orelse)
    return False


def test_no_refusal_anywhere_is_given_as_text() -> None:
    """Every refusal in the engine, the club game's included, has its key and so its Russian
    text: a refusal given as a bare string fails here."""
    unkeyed = {path.relative_to(ENGINE).as_posix(): lines for path in ENGINE.rglob("*.py")
               if (lines := _unkeyed_refusals(path))}
    assert not unkeyed, unkeyed


def test_the_club_game_texts_are_its_own_module_and_in_the_catalogue() -> None:
    """engine.club.refusals holds exactly the club game's keys (club_*, cw_*); the catalogue
    every screen reads has them all."""
    from engine.club.refusals import CLUB_TEXTS

    club = {key for key in Refusal if key.value.startswith(("club_", "cw_"))}
    assert set(CLUB_TEXTS) == club
    assert all(TEXTS[key] == CLUB_TEXTS[key] for key in club)
