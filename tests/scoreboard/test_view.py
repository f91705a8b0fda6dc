"""Reading views and snapshots with the engine's typed contract: what breaks it is refused in
plain words (issue 8: one description of the shape, no second, lenient reader)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bus.testing import sample_snapshot
from engine.viewmodels import AudienceView, JudgeView, PublicView
from scoreboard.fonts import Fonts
from scoreboard.samples import NOW, SAMPLES, sample_payload, sample_reveal, sample_view
from scoreboard.tablefeed import TableFeed, read_names, read_snapshot
from scoreboard.view import ViewError, is_over, read_view


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_sample_reads_as_its_class(name: str) -> None:
    view = read_view(sample_view(name))
    assert isinstance(view, JudgeView if name.startswith("judge_") else PublicView)
    assert [seat.seat for seat in view.seats] == list(range(1, len(view.seats) + 1))
    seats = name.removeprefix("seats").partition("_")[0]
    assert len(view.seats) == (int(seats) if name.startswith("seats") else 10)
    assert is_over(view) == (view.phase == "finished")
    assert (sample_reveal(name) is not None) == is_over(view)


def test_a_typed_view_passes_as_it_is() -> None:
    snapshot = sample_snapshot("audience")
    assert read_view(snapshot.view) is snapshot.view
    assert isinstance(snapshot.view, AudienceView)


@pytest.mark.parametrize("seats", [3, 7, 12, 15])
def test_any_table_of_3_to_15_seats_reads(seats: int) -> None:
    for view_class in ("public", "audience", "judge"):
        snapshot = read_snapshot(sample_snapshot(view_class, seats).model_dump(mode="json"))
        assert len(snapshot.view.seats) == seats == len(snapshot.names)


def broken(**changes: Any) -> dict[str, Any]:
    """The speech sample as JSON, with any change (wrong types too) for the contract to refuse."""
    data: dict[str, Any] = json.loads(json.dumps(sample_view("speech")))
    data.update(changes)
    return data


def seats_with(index: int, **changes: Any) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = json.loads(json.dumps(sample_view("speech")["seats"]))
    seats[index].update(changes)
    return seats


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ("not a dict", "breaks the view contract"),
        (broken(phase="dusk"), "'public.phase'"),
        (broken(view="players"), "'players'"),
        (broken(seats=sample_view("speech")["seats"][:2]), "at least 3"),
        (broken(seats=None), "'public.seats'"),
        (broken(speaker=16), "'public.speaker': Input should be less than or equal to 15"),
        (broken(speaker=0), "'public.speaker'"),
        (broken(nominations=[4, "x"]), "'public.nominations.1'"),
        (broken(seats=seats_with(2, fouls=-1)), "'public.seats.2.fouls'"),
        (broken(seats=seats_with(2, seat=5)), "seats must be 1..N in order"),
        (broken(day_vote="maybe"), "'public.day_vote'"),
        (broken(roles={"1": "don"}), "unknown field 'public.roles'"),  # secrecy by type
        (broken(winner="red"), "unknown field 'public.winner'"),
        (broken(timer={"kind": "speech", "seconds": "sixty"}), "'public.timer.seconds'"),
        (broken(number=-2), "'public.number'"),
        (broken(step="sheriff_check"), "'public.step."),  # a night step is not a step name
        (broken(vote={"round": 1, "candidates": [4], "current": 4, "votes": {"4": -1}}),
         "'public.vote.votes.4'"),
        ({k: v for k, v in sample_view("speech").items() if k != "rounds"},
         "missing field 'public.rounds'"),
    ],
)
def test_broken_views_are_refused_in_plain_words(data: Any, words: str) -> None:
    with pytest.raises(ViewError, match=words.replace(".", r"\.").replace("(", r"\(")):
        read_view(data)


def test_the_time_left_comes_from_the_snapshot_and_the_moment_from_the_screen() -> None:
    snap = read_snapshot(sample_payload("speech"))
    assert snap.view.timer is not None and snap.view.timer.remaining == 37
    feed = TableFeed("3", view=snap.view, as_of=5.0, sent_at=snap.sent_at.timestamp())
    assert feed.timer is not None and (feed.timer.remaining, feed.timer.as_of) == (37, 5.0)
    assert feed.timer.kind == "speech" and feed.timer.seconds == 60
    assert feed.table_time(8.0) == NOW + 3  # the table's wall clock, counted on here


def test_a_snapshot_as_a_dict_text_bytes_or_model_reads_the_same() -> None:
    payload = sample_payload("speech")
    as_dict = read_snapshot(payload)
    assert read_snapshot(json.dumps(payload)) == as_dict
    assert read_snapshot(json.dumps(payload).encode()) == as_dict
    assert read_snapshot(as_dict) is as_dict
    assert as_dict.names[0] == "Антарес" and as_dict.seq == 7


@pytest.mark.parametrize(
    ("payload", "words"),
    [
        (b"\xff\xfe", "not UTF-8"),
        (b"{not json", "not valid JSON"),
        (b"[1, 2]", "must be a JSON object"),
        (sample_payload("speech", seq="seven"), "'seq'"),
        (sample_payload("speech", names=["a"] * 9), "names must list all 10 seats"),
        (sample_payload("speech", names=["a"] * 9 + [5]), "'names.9'"),
        (sample_payload("speech", pending_key="x"), "unknown field 'pending_key'"),
        (sample_payload("speech", view_class="judge"), "must carry a judge view"),
    ],
)
def test_broken_payloads_are_refused(payload: Any, words: str) -> None:
    with pytest.raises(ViewError, match=words):
        read_snapshot(payload)


def test_nicknames_are_trimmed_and_cut() -> None:
    names = read_names(["  Лиса  ", None, "x" * 60, *["n"] * 7])
    assert names is not None
    assert names[0] == "Лиса" and names[1] == "" and len(names[2]) == 40
    with pytest.raises(ViewError, match="nickname of seat 10 must be text"):
        read_names(["a"] * 9 + [3])
    with pytest.raises(ViewError, match="3 to 15 texts"):
        read_names(["a"] * 16)
    assert read_names(["a", "b", "c"]) == ("a", "b", "c")


def test_nicknames_a_screen_cannot_draw_are_cleaned(fonts: Fonts) -> None:
    """The table refuses such names at entry; a roster given to a screen by hand is cleaned
    all the same, so a NUL (it crashed the font code once) never reaches a font."""
    names = read_names(["Ан\u0000на", "\u202eBob", "a\u200fb", *["n"] * 7])
    assert names is not None
    assert names[:3] == ("Анна", "Bob", "ab")
    for name in names:
        fonts.fit(name, 26, 500)
