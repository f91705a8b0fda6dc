"""No role, shot, check or best move reaches a public or audience frame before the game ends."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoreboard.model import judge_frame, table_frame, wall_frame
from scoreboard.samples import (
    NOW,
    PUBLIC_SAMPLES,
    leaky,
    sample_feed,
    sample_payload,
    sample_view,
)
from scoreboard.secrecy import secret_free, secrets_found
from scoreboard.tablefeed import TableFeed
from scoreboard.view import ViewError, is_over, read_view

ROLE_WORDS = ("шериф", "дон", "мафи", "чёрн", "черн", "мирн", "sheriff", "don", "mafia",
              "black", "citizen")
IN_GAME = tuple(name for name in PUBLIC_SAMPLES if not is_over(read_view(sample_view(name))))
OVER = tuple(name for name in PUBLIC_SAMPLES if is_over(read_view(sample_view(name))))


def leaky_feed(name: str) -> TableFeed:
    """The moment of sample `name` as a judge snapshot: every secret, on a screen's feed."""
    return sample_feed(name, payload=sample_payload(name, view=leaky(sample_view(name))))


@pytest.mark.parametrize("view_class", ["public", "audience"])
@pytest.mark.parametrize("key", ["roles", "nights", "best_move", "winner", "night_steps"])
def test_a_screen_class_view_cannot_carry_a_secret(view_class: str, key: str) -> None:
    """Secrecy by type (issue 8): such a message is refused whole, in words."""
    secrets: dict[str, object] = dict(leaky(sample_view("speech")))
    data = {**sample_view("speech"), "view": view_class, key: secrets[key]}
    with pytest.raises(ViewError, match=f"unknown field '{view_class}.{key}'"):
        read_view(data)


def all_text(value: object) -> str:
    """Every string in a frame, nicknames included, lower-cased."""
    from dataclasses import fields, is_dataclass

    if isinstance(value, str):
        return value.lower()
    if isinstance(value, tuple | list):
        return " ".join(all_text(v) for v in value)
    if is_dataclass(value) and not isinstance(value, type):
        return " ".join(all_text(getattr(value, f.name)) for f in fields(value))
    return ""


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("info_class", ["public", "audience"])
@pytest.mark.parametrize("name", IN_GAME)
def test_a_judge_view_on_a_screen_never_leaks_during_the_game(
    name: str, info_class: str, lang: str
) -> None:
    frame = table_frame(leaky_feed(name), NOW, lang, info_class)
    assert secrets_found(frame) == []
    assert all(seat.role is None and seat.role_text == "" for seat in frame.seats)
    assert frame.summary == () and frame.judge is None and frame.result == ""
    words = [w for w in ROLE_WORDS if w in all_text(frame).replace("-", " ").split()
             or any(token.startswith(w) for token in all_text(frame).split())]
    assert words == []


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("name", OVER)
def test_after_the_game_roles_are_public(name: str, lang: str) -> None:
    frame = table_frame(sample_feed(name), NOW, lang)
    assert secret_free(frame)
    assert all(seat.role for seat in frame.seats)
    assert frame.result and frame.summary


def test_the_wall_never_leaks_during_the_game() -> None:
    feeds = [leaky_feed(name) for name in IN_GAME]
    feeds = [replace(feed, table=str(i)) for i, feed in enumerate(feeds, start=1)]
    wall = wall_frame(feeds, NOW, "ru")
    assert secrets_found(wall) == []
    assert all(card.result == "" for card in wall.cards)


def test_a_judge_frame_is_never_secret_free() -> None:
    judge = judge_frame(sample_feed("judge_day"), NOW, "ru")
    found = secrets_found(judge)
    assert any(".role" in item for item in found)
    assert any(item.startswith("TableFrame.judge") for item in found)
    assert not secret_free(judge)


@pytest.mark.parametrize(
    "text",
    ["Проверка шерифа", "Шериф", "дона", "Дон", "мафии", "Мафия", "Чёрный", "черные",
     "мирный", "sheriff", "The Don", "MAFIA", "black", "citizens", "red team"],
)
def test_the_check_catches_role_words_in_any_form(text: str) -> None:
    frame = replace(table_frame(sample_feed("speech"), NOW, "ru"), subtitle=text)
    found = secrets_found(frame)
    assert len(found) == 1 and found[0].startswith("TableFrame.subtitle")


@pytest.mark.parametrize("text", ["Донецк", "Лондон", "ready", "Голосование", "Done"])
def test_the_check_ignores_words_that_only_contain_role_letters(text: str) -> None:
    frame = replace(table_frame(sample_feed("speech"), NOW, "ru"), subtitle=text)
    assert secret_free(frame)


def test_the_check_catches_a_filled_role_field_and_skips_nicknames() -> None:
    frame = table_frame(sample_feed("speech"), NOW, "ru")
    seats = list(frame.seats)
    seats[0] = replace(seats[0], role="sheriff")
    found = secrets_found(replace(frame, seats=tuple(seats)))
    assert found == ["TableFrame.seats[0].role: filled before the game is decided"]
    seats[0] = replace(frame.seats[0], nickname="Don Corleone")
    assert secret_free(replace(frame, seats=tuple(seats)))


def test_a_wall_card_that_is_not_over_is_checked() -> None:
    wall = wall_frame([sample_feed("speech")], NOW, "ru")
    card = replace(wall.cards[0], result="Победа мафии")
    assert not secret_free(replace(wall, cards=(card,)))
    assert secret_free(replace(wall, cards=(replace(card, over=True),)))


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(IN_GAME),
    roles=st.dictionaries(st.sampled_from([str(n) for n in range(1, 11)]),
                          st.sampled_from(["citizen", "sheriff", "mafia", "don"])),
    lang=st.sampled_from(["ru", "en"]),
    step=st.sampled_from(["shoot", "checks", "best_move", "morning", "night", None]),
)
def test_any_roles_in_any_undecided_view_stay_hidden(
    name: str, roles: dict[str, str], lang: str, step: str | None
) -> None:
    data = leaky(sample_view(name))
    data["roles"] = roles
    if step is not None and data["phase"] == "night" and data["number"] > 0:
        data["step"] = step
    feed = sample_feed(name, payload=sample_payload(name, view=data))
    assert secret_free(table_frame(feed, NOW, lang))
    assert secret_free(wall_frame([feed], NOW, lang))
