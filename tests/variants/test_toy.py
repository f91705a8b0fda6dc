"""A third variant joins by one line (issue 27 item 1): the test-only "toy" game
(tests/variants/toy.py) is registered, and the real table service opens, journals, resumes
and decides it, the generic replay reads its log, and a screen draws its public view, all
through the variant protocol (engine/variant.py), nothing in device/, hub/ or scoreboard/
knowing it exists."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from device.config import TableSettings
from device.table.service import TableService
from engine.club.testing import replay_club
from engine.replay import replay_game
from engine.variant import find_variant
from engine.viewmodels import PublicView
from engine.vocab import InfoClass
from scoreboard.model import table_frame
from scoreboard.render import render_table
from scoreboard.tablefeed import TableFeed
from scoreboard.view import read_view
from tests.variants.toy import RULES, TOY, ToyGame

SEVEN = Path(__file__).resolve().parents[2] / "examples" / "club-seven-maniac-and-doctor.jsonl"
NOW = 1_764_403_200.0


def seven() -> tuple[dict[str, object], list[dict[str, object]]]:
    rows = [json.loads(t) for t in SEVEN.read_text(encoding="utf-8").splitlines() if t.strip()]
    header = {k: v for k, v in rows[0].items() if k != "seats"}
    return {**header, "rules": RULES}, rows[1:]


def test_without_its_line_the_kit_does_not_know_the_toy() -> None:
    assert find_variant({"rules": RULES}) is not TOY  # the classic game's reader refuses it
    header, lines = seven()
    with pytest.raises(ValueError, match="line 1"):
        replay_game([json.dumps(header), *(json.dumps(x) for x in lines)])


def test_the_table_service_plays_and_resumes_a_toy_game(toy: None, tmp_path: Path) -> None:
    """Up to the line that decides it, with a restart half-way; the whole log replays to the
    end below. The decided game's protocol, published and stored by the hub over a real
    broker: tests/variants/test_toy_protocol.py."""
    header, lines = seven()
    replica = find_variant(header).open(header)
    deciding = next(n for n, line in enumerate(lines)
                    if replica.play_line(line) is None and replica.state.finished)
    settings = TableSettings(journal=tmp_path / "t.sqlite", table="1", lang="en")
    table = TableService(settings, connect=False)
    table.new_game(dict(header), game_id="toy-1")
    assert isinstance(table.table_game, ToyGame) and table.table_game.seats == 7
    half = len(lines) // 2
    for line in lines[:half]:
        assert table.submit_line(dict(line)) == (True, ""), line
    table.close()
    again = TableService(settings, connect=False)  # a restart: the journal replays the toy
    assert isinstance(again.table_game, ToyGame) and again.game_id == "toy-1"
    assert len(again.table_game.actions) == half
    for line in lines[half:deciding]:
        assert again.submit_line(dict(line)) == (True, ""), line
    assert not again.table_game.state.finished
    saved = again.journal.load("toy-1")
    again.close()
    assert saved is not None and len(saved.lines) == deciding
    # the journal's own log, with the rest of the example, replays through the generic replay
    head, game = replay_game([json.dumps(saved.log_header()),
                              *(json.dumps(x) for x in (*saved.lines, *lines[deciding:]))])
    _, club = replay_club(SEVEN.read_text(encoding="utf-8").splitlines())
    assert head["rules"] == RULES and isinstance(game, ToyGame)
    assert game.state == club.state and game.state.finished
    assert game.result() == club.result()


def test_a_screen_draws_a_toy_game(toy: None) -> None:
    header, lines = seven()
    game = find_variant(header).open(header)
    for line in lines[:6]:
        game.play_line(line)
    view = game.view(InfoClass.PUBLIC)
    assert isinstance(view, PublicView)
    feed = TableFeed("1", view=read_view(view.model_dump(mode="json")), status="online",
                     as_of=NOW - 5)
    frame = table_frame(feed, NOW, "en", view.view.value)
    assert len(frame.seats) == 7
    surface = render_table(frame, (1280, 720))
    assert surface.get_size() == (1280, 720)
    colours = {surface.get_at((x, y))[:3] for x in range(0, 1280, 40) for y in range(0, 720, 40)}
    assert len(colours) > 3  # a drawn table, not a blank surface
