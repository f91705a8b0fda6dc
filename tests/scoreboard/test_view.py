"""Reading view dicts and bus payloads: tolerant of extra keys, strict about broken values."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scoreboard.fonts import Fonts
from scoreboard.samples import NOW, SAMPLES, sample_payload, sample_view
from scoreboard.tablefeed import read_names, read_snapshot
from scoreboard.view import View, ViewError, read_view


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_sample_reads(name: str) -> None:
    view = read_view(sample_view(name))
    assert isinstance(view, View)
    assert len(view.seats) == 10
    assert [seat.seat for seat in view.seats] == list(range(1, 11))
    assert view.over == (view.phase == "finished")


def test_extra_keys_anywhere_are_ignored() -> None:
    data = sample_view("vote")
    data["future_key"] = {"anything": [1, 2]}
    data["seats"][0]["mood"] = "calm"
    data["vote"]["extra"] = True
    data["timer"]["tick"] = 3
    assert read_view(data) == read_view(sample_view("vote"))


def test_missing_optional_keys_take_defaults() -> None:
    view = read_view({"phase": "day", "seats": [{} for _ in range(10)]})
    assert view.info_class == "public"
    assert view.step == "" and view.number == 0 and view.speaker is None
    assert all(seat.at_table and seat.fouls == 0 for seat in view.seats)
    assert view.nominations is None and view.vote is None and view.roles is None


def test_votes_and_roles_keys_may_be_text_or_numbers() -> None:
    data = sample_view("vote")
    view = read_view(data)
    assert view.vote is not None
    assert dict(view.vote.votes) == {4: 3}
    assert view.vote.current == 9 and view.vote.candidates == (4, 9, 2)


def broken(**changes: Any) -> dict[str, Any]:
    data = sample_view("speech")
    data.update(changes)
    return data


def seats_with(index: int, **changes: Any) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = sample_view("speech")["seats"]
    seats[index].update(changes)
    return seats


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ("not a dict", "must be a JSON object"),
        (broken(phase="dusk"), "unknown phase 'dusk'"),
        (broken(view="players"), "unknown view class"),
        (broken(seats=sample_view("speech")["seats"][:9]), "must have 10 seats, it has 9"),
        (broken(seats=None), "the seats must be a list"),
        (broken(speaker=11), "seat 11 does not exist"),
        (broken(speaker=0), "seats are numbered 1 to 10"),
        (broken(nominations=[4, "x"]), "seat 'x' does not exist"),
        (broken(seats=seats_with(2, fouls=-1)), "fouls of seat 3"),
        (broken(seats=seats_with(2, seat=5)), "seats must come in order"),
        (broken(winner="green"), "unknown winner 'green'"),
        (broken(roles={"1": "werewolf"}), "unknown role 'werewolf' for seat 1"),
        (broken(timer={"kind": "speech", "seconds": "60"}), "number of seconds"),
        (broken(timer={"kind": "speech", "seconds": 60, "started_at": "2025-11-29T08:00:00"}),
         "needs a time zone"),
        (broken(timer={"kind": "speech", "seconds": 60, "started_at": "yesterday"}),
         "is not a date and time"),
        (broken(number=-2), "day or night number"),
        (broken(vote={"round": 1, "candidates": [4], "current": 4, "votes": {"4": -1}}),
         "votes for seat 4"),
    ],
)
def test_broken_views_are_refused_in_plain_words(data: Any, words: str) -> None:
    with pytest.raises(ViewError, match=words):
        read_view(data)


def test_timer_start_as_iso_text_or_epoch_seconds() -> None:
    iso = broken(timer={"kind": "speech", "seconds": 60, "started_at": "2025-11-29T08:00:00Z"})
    view = read_view(iso)
    assert view.timer is not None and view.timer.started_at == NOW
    epoch = read_view(sample_view("speech"), started_at=NOW - 5)
    assert epoch.timer is not None and epoch.timer.started_at == NOW - 5


def test_snapshot_wrapper_bare_view_and_bytes_read_the_same() -> None:
    payload = sample_payload("speech")
    wrapped = read_snapshot(payload)
    bare = read_snapshot({**payload.pop("view"), **payload})
    raw = read_snapshot(json.dumps(sample_payload("speech")).encode())
    assert wrapped == bare == raw
    assert wrapped.names is not None and wrapped.names[0] == "Антарес"
    assert wrapped.seq == 7
    assert wrapped.view.timer is not None and wrapped.view.timer.started_at == NOW - 23


def test_the_bus_json_shape_reads() -> None:
    """As `Snapshot.model_dump(mode="json")` sends it: ISO start, empty names allowed."""
    payload = sample_payload("speech", names=[], timer_started_at="2025-11-29T07:59:37+00:00")
    payload.update(view_class="public", tournament="cup", schema_version=1)
    snap = read_snapshot(payload)
    assert snap.names is None
    assert snap.view.timer is not None and snap.view.timer.started_at == NOW - 23


@pytest.mark.parametrize(
    ("payload", "words"),
    [
        (b"\xff\xfe", "not UTF-8"),
        (b"{not json", "not valid JSON"),
        (b"[1, 2]", "must be a JSON object"),
        (sample_payload("speech", seq="7"), "sequence number"),
        (sample_payload("speech", names=["a"] * 9), "list of 10 texts"),
        (sample_payload("speech", names=["a"] * 9 + [5]), "nickname of seat 10 must be text"),
        (sample_payload("speech", pending_key=5), "pending keys must be text"),
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


def test_nicknames_a_screen_cannot_draw_are_cleaned(fonts: Fonts) -> None:
    """The table refuses such names at entry; a screen still never crashes on one that
    arrives anyway (an old retained snapshot, a buggy table): a NUL crashed the font code."""
    names = read_names(["Ан\u0000на", "\u202eBob", "a\u200fb", *["n"] * 7])
    assert names is not None
    assert names[:3] == ("Анна", "Bob", "ab")
    for name in names:
        fonts.fit(name, 26, 500)
