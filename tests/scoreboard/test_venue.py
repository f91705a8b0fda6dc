"""The venue's screen between rounds (issue 25): the standings after round N and the next
round's seating (table and seat per player, alphabetical), a page at a time, readable from
five metres, in ru and en at 1080p and 720p; 12 tables x 10 players page through whole. Its
reference images are docs/img/venue-*.png (looked at before they were committed)."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from bus.errors import PayloadError
from scoreboard.board import HubBoard
from scoreboard.fonts import Fonts
from scoreboard.frames import VenueFrame
from scoreboard.render import Renderer
from scoreboard.testing import check_reference, overlaps
from scoreboard.venue import ROWS, ROWS_PER_COLUMN, venue_frame
from scoreboard.venue_samples import NICKNAMES, sample_board, sample_pages
from scoreboard.venuedraw import ROW_PX, draw_venue

DOCS = Path(__file__).resolve().parents[2] / "docs" / "img"
SIZES = ((1920, 1080), (1280, 720))
PAGE_S = 10.0


def pages_of(board: HubBoard, lang: str = "ru") -> list[VenueFrame]:
    """One full turn of the pages (the clock moves a page at a time)."""
    first = venue_frame(board, 0.0, lang, page_s=PAGE_S)
    frames, now = [first], PAGE_S
    while True:
        frame = venue_frame(board, now, lang, page_s=PAGE_S)
        if frame == first:
            return frames
        frames.append(frame)
        now += PAGE_S


def page(name: str, value: object) -> tuple[str, bytes]:
    return name, json.dumps(value, ensure_ascii=False).encode()


def test_twelve_tables_of_ten_page_through_every_player_once() -> None:
    """120 players: five pages of standings then five of seating, 24 rows a page; every
    player once in each, the seating alphabetical with his table and seat."""
    frames = pages_of(sample_board())
    standings = [f for f in frames if f.kind == "standings"]
    seating = [f for f in frames if f.kind == "seating"]
    assert len(standings) == len(seating) == 5 and frames[0].kind == "standings"
    assert all(len(f.rows) <= ROWS for f in frames)
    assert [f.page for f in seating] == [1, 2, 3, 4, 5] and seating[0].page_text == "стр. 1 из 5"
    shown = [row[1] for f in standings for row in f.rows]
    assert sorted(shown) == sorted(NICKNAMES)
    seated = [row for f in seating for row in f.rows]
    assert sorted(row[0] for row in seated) == sorted(NICKNAMES)
    keys = [row[0].casefold().replace("ё", "е") for row in seated]
    assert keys == sorted(keys)  # alphabetical: "Ёжик" among the Е, not after "Ясень"
    spots = {(row[1], row[2]) for row in seated}
    assert len(spots) == 120 and {t for t, _ in spots} == {str(n) for n in range(1, 13)}
    assert standings[0].title == "Таблица после тура 3" and seating[0].title == "Рассадка: тур 4"
    assert standings[0].rows[2][0] == "3*" and "жребий" in standings[0].footnote
    assert "жребий" not in standings[-1].footnote  # no shared place on the last page
    assert standings[-1].footnote == "далее — Рассадка: тур 4"


def test_the_round_being_played_keeps_its_seating_whole() -> None:
    """Table 1 of round 2 has finished (its players already point at round 3), table 2 plays
    on: the screen shows round 2 with all twenty players, table 1's from the round's page."""
    board = HubBoard()
    one = [f"A{i}" for i in range(10)]
    two = [f"B{i}" for i in range(10)]
    board.on_page(*page("public/players", {
        "players": [{"player": p, "next": {"round": 3, "table": "2", "seat": i + 1}}
                    for i, p in enumerate(one)]
        + [{"player": p, "next": {"round": 2, "table": "2", "seat": i + 1}}
           for i, p in enumerate(two)],
        "standings": None, "standings_as_of": {"as_of_round": 1, "hidden": False}}))
    board.on_page(*page("public/rounds/2", {"round": 2, "games": [
        {"table": "1", "game_id": "r2-t1", "players": one, "winner": "red"}]}))
    seating = board.seating()
    assert seating is not None and seating.round == 2 and len(seating.seats) == 20
    assert {(s.player, s.table, s.seat) for s in seating.seats if s.player.startswith("A")} == {
        (p, "1", i + 1) for i, p in enumerate(one)}
    board.on_page("public/rounds/2", b"")  # an undo cleared the round's page
    assert len(board.seating().seats) == 10  # type: ignore[union-attr]


def test_hidden_standings_leave_the_seating_and_say_so() -> None:
    frames = pages_of(sample_board(hidden=True), "en")
    assert {f.kind for f in frames} == {"seating"}
    assert frames[0].note == "Standings hidden until the final"


def test_a_page_that_does_not_read_changes_nothing() -> None:
    board = sample_board()
    before = board.seating()
    with pytest.raises(PayloadError, match="players page"):
        board.on_page("public/players", b'{"players": [{"player": ""}]}')
    with pytest.raises(PayloadError, match="not JSON"):
        board.on_page("public/rounds/4", b"\xff")
    assert board.seating() == before


def test_no_hub_yet_says_it_waits() -> None:
    frame = venue_frame(HubBoard(), 0.0, "en")
    assert frame.kind == "empty" and frame.empty_text == (
        "Waiting for the hub's standings and seating")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_page_fits_whole_and_reads_from_five_metres(
        fonts: Fonts, size: tuple[int, int], lang: str) -> None:
    """Nothing overlaps or leaves the screen, no name is cut or made smaller, and a row's
    capitals are at least 3.5 % of the screen's height (25 mm at 5 m on a 55-inch TV;
    scoreboard/venuedraw.py)."""
    height = size[1]
    row_px = round(ROW_PX * height / 1080)
    metrics = fonts.font(row_px).metrics("Н")[0]
    assert metrics is not None
    cap = metrics[3]  # the capital's height above the baseline, in pixels
    assert cap >= 0.035 * height, (cap, height)
    line = fonts.font(row_px).get_height()
    for frame in pages_of(sample_board(), lang):
        target = pygame.Surface(size)
        placed = draw_venue(frame, target, fonts)
        assert overlaps(placed, target.get_rect()) == [], frame.title
        cells = [(name, rect) for name, rect in placed if name.count(":") == 2
                 and ":head:" not in name]
        assert len(cells) == 3 * len(frame.rows)
        assert {rect.height for _, rect in cells} == {line}, frame.title  # full size
        texts = [text for row in frame.rows for text in row]
        assert not any("…" in text for text in texts)
        assert len({name.split(":")[0] for name, _ in cells}) == (
            2 if len(frame.rows) > ROWS_PER_COLUMN else 1)


def test_a_nickname_of_forty_letters_shrinks_then_is_cut_within_its_cell(fonts: Fonts) -> None:
    board = HubBoard()
    long = "Очень-очень длинный ник из сорока букв!!"
    assert len(long) == 40
    board.on_page(*page("public/players", {"players": [
        {"player": long, "next": {"round": 1, "table": "12", "seat": 10}}]}))
    target = pygame.Surface((1280, 720))
    placed = draw_venue(venue_frame(board, 0.0, "ru"), target, fonts)
    assert overlaps(placed, target.get_rect()) == []


VIEWS = {"standings": 0.0, "seating": 5 * PAGE_S}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("kind", sorted(VIEWS))
def test_venue_pages_match_their_reference_images_in_docs(
        renderers: dict[tuple[int, int], Renderer], kind: str, lang: str,
        size: tuple[int, int], tmp_path: Path) -> None:
    frame = venue_frame(sample_board(), VIEWS[kind], lang, page_s=PAGE_S)
    assert frame.kind == kind and frame.page == 1
    image = renderers[size].draw(frame)
    name = f"venue-{kind}-{lang}-{size[1]}.png"
    difference = check_reference(image, DOCS / name)
    if not difference.acceptable():
        pygame.image.save(image, str(tmp_path / name))
    assert difference.acceptable(), (name, difference, tmp_path / name)


def test_the_sample_pages_are_what_the_hub_would_publish() -> None:
    """The sample goes through the same reading (bus/hubpages.py) as a hub's pages."""
    pages = sample_pages()
    assert set(pages) == {"public/players", "public/rounds/4"}
    board = HubBoard()
    for name, raw in pages.items():
        board.on_page(name, raw)
    assert board.as_of_round == 3 and not board.hidden
