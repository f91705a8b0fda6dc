"""Every key screen compared with a reviewed reference PNG, and proof the comparison can fail.

Rewrite the references with MAFIAKIT_UPDATE_REFERENCES=1 (then look at them before committing).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from scoreboard.frames import TableFrame, WallFrame
from scoreboard.model import judge_frame, table_frame, wall_frame
from scoreboard.render import Renderer
from scoreboard.samples import (
    AFTER_GAME,
    NAMES,
    NOW,
    PUBLIC_SAMPLES,
    sample_feed,
    sample_payload,
    sample_view,
    wall_feeds,
)
from scoreboard.tablefeed import TableFeed
from scoreboard.testing import check_reference, compare
from tests.scoreboard.club_over import twelve_protocol

REFERENCE = Path(__file__).parent / "reference"
HD, SMALL = (1920, 1080), (1280, 720)
Frame = TableFrame | WallFrame


def table(name: str, lang: str, status: str = "online", info_class: str = "public") -> Callable[
        [], Frame]:
    return lambda: table_frame(sample_feed(name, status), NOW, lang, info_class)


def judge(name: str, lang: str) -> Callable[[], Frame]:
    return lambda: judge_frame(sample_feed(name, view_class="judge"), NOW, lang)


def closed_feed() -> TableFeed:
    """The protocol signed 12 minutes after the decision, with no pad input or refusal."""
    after = {**AFTER_GAME, "closed": True, "judge": "Иванова"}
    view = {**sample_view("judge_over"), "after_game": after, "pad": None, "last_error": None,
            "refusal": None}
    return sample_feed("judge_over", payload=sample_payload("judge_over", view=view))


ONE_TABLE = (("1", "farewell", "online"),)  # long phase and players lines under a countdown
TWO_TABLES = (*ONE_TABLE, ("2", "over_red", "stale"))


def wall(lang: str, floor: tuple[tuple[str, str, str], ...] = ()) -> Callable[[], Frame]:
    """The wall of `floor` (table, sample, status), or of the twelve WALL tables."""
    if not floor:
        return lambda: wall_frame(wall_feeds(), NOW, lang)
    return lambda: wall_frame([sample_feed(name, status, table) for table, name, status in floor],
                              NOW, lang)


CASES: dict[str, tuple[Callable[[], Frame], tuple[int, int]]] = {
    **{f"{name}-ru-720": (table(name, "ru"), SMALL) for name in PUBLIC_SAMPLES},
    "speech-offline-ru-720": (table("speech", "ru", "offline"), SMALL),
    "speech-stale-ru-720": (table("speech", "ru", "stale"), SMALL),
    "waiting-ru-720": (lambda: table_frame(TableFeed("5", names=NAMES), NOW, "ru"), SMALL),
    "vote-audience-ru-720": (table("vote", "ru", info_class="audience"), SMALL),
    "judge_night-ru-720": (judge("judge_night", "ru"), SMALL),
    "judge_day-ru-720": (judge("judge_day", "ru"), SMALL),
    # issue 12: points on the cards, the protest window, who protested; the best move once
    "judge_over-ru-720": (judge("judge_over", "ru"), SMALL),
    "judge_over-en-1080": (judge("judge_over", "en"), HD),
    "judge_closed-ru-720": (lambda: judge_frame(closed_feed(), NOW, "ru"), SMALL),
    "deal-en-1080": (table("deal", "en"), HD),
    **{f"wall{n}-ru-{size[1]}": (wall("ru", floor), size)
       for n, floor in ((1, ONE_TABLE), (2, TWO_TABLES)) for size in (SMALL, HD)},
    "wall12-ru-720": (wall("ru"), SMALL),
    **{f"{name}-en-720": (table(name, "en"), SMALL)
       for name in ("speech", "vote", "lift", "night", "over_red")},
    "judge_day-en-720": (judge("judge_day", "en"), SMALL),
    "wall12-en-720": (wall("en"), SMALL),
    **{f"{name}-ru-1080": (table(name, "ru"), HD)
       for name in ("speech", "vote", "night", "over_black", "speech_last_seconds")},
    **{f"{name}-en-1080": (table(name, "en"), HD) for name in ("lift", "over_red", "tie_speech")},
    "judge_night-ru-1080": (judge("judge_night", "ru"), HD),
    "wall12-ru-1080": (wall("ru"), HD),
    "wall12-en-1080": (wall("en"), HD),
    # the club game's tables, 3 to 15 seats (004 §1); the 720 ones come with PUBLIC_SAMPLES
    **{f"seats{n}_{moment}-ru-1080": (table(f"seats{n}_{moment}", "ru"), HD)
       for n in (3, 7, 12, 15) for moment in ("mid", "over")},
    **{f"judge_seats{n}-ru-720": (judge(f"seats{n}_mid", "ru"), SMALL) for n in (12, 15)},
    # the club's own result from its protocol: cards, the city's win, points with a -50 fine
    "club12_reveal-ru-720": (lambda: table_frame(twelve_protocol()[0], NOW, "ru"), SMALL),
    "club12_reveal-ru-1080": (lambda: table_frame(twelve_protocol()[0], NOW, "ru"), HD),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_screen_matches_its_reference(
    case: str, renderers: dict[tuple[int, int], Renderer], tmp_path: Path
) -> None:
    build, size = CASES[case]
    image = renderers[size].draw(build())
    difference = check_reference(image, REFERENCE / f"{case}.png")
    if not difference.acceptable():
        pygame.image.save(image, str(tmp_path / f"{case}.png"))
    assert difference.acceptable(), (
        f"{case}: {difference.differing} of {difference.total} pixels differ "
        f"({difference.share:.2%}); the new image is {tmp_path / f'{case}.png'}")


def test_every_reference_file_belongs_to_a_case() -> None:
    files = {path.stem for path in REFERENCE.glob("*.png")}
    assert files == set(CASES)


def reference(case: str) -> pygame.Surface:
    return pygame.image.load(str(REFERENCE / f"{case}.png"))


def test_the_comparison_fails_when_one_second_passes(small: Renderer) -> None:
    later = small.draw(table_frame(sample_feed("speech"), NOW + 1, "ru"))
    difference = compare(later, reference("speech-ru-720"))
    assert not difference.acceptable() and difference.differing > 500


def test_the_comparison_fails_when_a_player_leaves(small: Renderer) -> None:
    data = sample_view("speech")
    data["seats"][0].update({"at_table": False, "out": {"cause": "fouls", "day": 2}, "fouls": 4})
    feed = sample_feed("speech", payload=sample_payload("speech", view=data))
    difference = compare(small.draw(table_frame(feed, NOW, "ru")), reference("speech-ru-720"))
    assert not difference.acceptable()


def test_the_comparison_fails_when_one_letter_of_a_nickname_changes(small: Renderer) -> None:
    feed = replace(sample_feed("speech"), names=("Антарес", "Бармалеи", *NAMES[2:]))
    difference = compare(small.draw(table_frame(feed, NOW, "ru")), reference("speech-ru-720"))
    assert not difference.acceptable()


def test_the_comparison_fails_when_a_day_number_in_a_seat_note_changes(small: Renderer) -> None:
    data = sample_view("speech")
    out = data["seats"][2]["out"]
    assert out is not None
    out["day"] = 2
    feed = sample_feed("speech", payload=sample_payload("speech", view=data))
    difference = compare(small.draw(table_frame(feed, NOW, "ru")), reference("speech-ru-720"))
    assert not difference.acceptable()


def test_the_comparison_accepts_the_same_frame_and_refuses_another_size(
    renderers: dict[tuple[int, int], Renderer]
) -> None:
    same = renderers[SMALL].draw(table_frame(sample_feed("speech"), NOW, "ru"))
    assert compare(same, reference("speech-ru-720")).acceptable()
    bigger = renderers[HD].draw(table_frame(sample_feed("speech"), NOW, "ru"))
    difference = compare(bigger, reference("speech-ru-720"))
    assert not difference.same_size and not difference.acceptable()
