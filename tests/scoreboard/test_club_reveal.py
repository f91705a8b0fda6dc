"""The club result on the screens (docs/club.md, "The result"; 004 §8): once decided, the
retained `ClubProtocol` shows every card, the winning side and each seat's points at 3-15
seats; before that nothing (no role, no point) reaches a public or audience frame."""

from __future__ import annotations

import queue
import time
from pathlib import Path

import pytest

from bus.broker import MosquittoProcess
from device.config import TableSettings
from device.table.service import TableService
from device.table.snapshots import protocol as table_protocol
from engine.club.game import ClubGame
from engine.club.playout import ClubMix, random_club_game
from engine.club.result import result
from engine.club.score import ClubSeatScore
from engine.club.views import audience_view, public_view
from engine.roles import ClubRole
from scoreboard.feed import FeedStore
from scoreboard.live import LiveFeed
from scoreboard.model import table_frame, wall_frame
from scoreboard.secrecy import secrets_found
from scoreboard.tablefeed import TableFeed
from scoreboard.view import ViewError, club_points, read_view
from tests.scoreboard.club_over import twelve, twelve_protocol

NOW = 1_764_403_200.0
T, N = "club-cup", "4"
ROLE_WORDS = {ClubRole.CITIZEN: "Мирный", ClubRole.MAFIA: "Мафия", ClubRole.DON: "Дон",
              ClubRole.MANIAC: "Маньяк", ClubRole.DOCTOR: "Доктор",
              ClubRole.COMMISSAR: "Комиссар", ClubRole.KAMIKAZE: "Камикадзе",
              ClubRole.SAPPER: "Сапёр", ClubRole.PUTANA: "Путана"}


def expected_points(score: dict[str, ClubSeatScore] | None) -> dict[int, str]:
    assert score is not None, "a decided game has its score"
    return {int(seat): (f"−{-line['total']}" if line["total"] < 0 else str(line["total"]))
            for seat, line in score.items()}


@pytest.mark.parametrize("seats", [3, 7, 12, 15])
def test_the_club_reveal_shows_roles_result_and_points_only_at_the_end(seats: int) -> None:
    played = random_club_game(seats, 7, ClubMix(foul=0.03))
    assert played.game is not None
    game = ClubGame(played.game.settings)
    for action in played.entered:
        game.push(action)
        for info_class, view in (("public", public_view(game)),
                                 ("audience", audience_view(game))):
            feed = TableFeed(N, view=read_view(view.model_dump(mode="json")), status="online")
            frame = table_frame(feed, NOW, "ru", info_class)
            assert secrets_found(frame) == [], (seats, len(game.actions))
            if not game.state.finished:
                assert not any(s.role_text or s.points for s in frame.seats)
    protocol = table_protocol(game, "g-1", {"format": "mafia-game-log", "rules": "club",
                                           "seats": seats})
    feed = TableFeed(N, view=read_view(public_view(game).model_dump(mode="json")),
                     status="online", reveal=protocol.reveal,
                     points=club_points(protocol.result))
    frame = table_frame(feed, NOW, "ru", "public")
    r = result(game)
    assert frame.over and len(frame.seats) == seats and r["winner"] is not None
    assert frame.result == {"city": "Победа города", "mafia": "Победа мафии",
                            "maniac": "Победа маньяка"}[r["winner"]]
    assert frame.result_side == r["winner"]
    assert state_roles(game) == [s.role_text for s in frame.seats]
    assert {s.seat: s.points for s in frame.seats} == expected_points(r["score"])
    assert wall_frame([feed], NOW, "ru").cards[0].result == frame.result


def state_roles(game: ClubGame) -> list[str]:
    assert game.state.roles is not None
    return [ROLE_WORDS[role] for role in game.state.roles]


def test_a_protocol_of_another_game_reveals_nothing() -> None:
    """A table's retained protocol of its previous game, while the next one is decided but
    its own protocol has not come yet: the old cards and points must not show."""
    feed, protocol = twelve_protocol("club-4-1")
    store = FeedStore()
    store.on_protocol(N, "club-4-0", protocol.reveal, club_points(protocol.result))
    assert feed.view is not None
    store.on_snapshot(N, snapshot(feed, "club-4-1"), NOW, retained=True)
    frame = table_frame(store.feed(N, NOW), NOW, "ru", "public")
    assert frame.over and not any(s.role_text or s.points for s in frame.seats)
    store.on_protocol(N, "club-4-1", protocol.reveal, club_points(protocol.result))
    frame = table_frame(store.feed(N, NOW), NOW, "ru", "public")
    assert all(s.role_text for s in frame.seats) and frame.seats[4].points == "−48"
    store.on_protocol(N, None, None)  # an undo took the game back: cleared
    frame = table_frame(store.feed(N, NOW), NOW, "ru", "public")
    assert not any(s.role_text or s.points for s in frame.seats)


def snapshot(feed: TableFeed, game_id: str) -> dict[str, object]:
    assert feed.view is not None
    return {"schema_version": 3, "view_class": "public", "tournament": T, "table": N,
            "seq": 1, "game_id": game_id, "names": list(feed.names),
            "view": feed.view.model_dump(mode="json"), "uptime_s": 60.0,
            "sent_at": "2026-11-25T20:00:00+00:00"}


def test_a_score_that_breaks_the_contract_is_refused_in_words() -> None:
    with pytest.raises(ViewError, match=r"score breaks the contract.*total"):
        club_points({"score": {"1": {"base": 1}}})
    assert club_points({"score": None}) == {}


def test_the_12_seat_club_result_through_a_real_table_and_broker(
        broker: MosquittoProcess, tmp_path: Path) -> None:
    """The bundled 12-seat game played at a real table service: the public screen, fed only
    by the broker, shows no card or point until the end, then the protocol's."""
    head, lines, expected = twelve()
    table = TableService(TableSettings(journal=tmp_path / "j.sqlite", tournament=T, table=N,
                                       broker={"url": broker.url})).start()
    screen = LiveFeed(broker.config(), FeedStore(), tournament=T, table=N, view_class="public")
    try:
        assert table.bus is not None and table.bus.wait_ready(60)
        screen.start()
        assert screen.client.wait_ready(60)
        table.new_game(dict(head), names=list(head["players"]))
        for line in lines:
            assert table.submit_line(line) == (True, ""), line
        seen = 0
        while True:
            try:
                item = screen.client.inbox.get(timeout=60)
            except queue.Empty:
                raise AssertionError(f"no reveal after {seen} messages") from None
            screen.handle(item)
            seen += 1
            frame = table_frame(screen.store.feed(N, time.time()), NOW, "ru", "public")
            assert secrets_found(frame) == [], seen
            if frame.over and all(s.role_text for s in frame.seats):
                break
        assert {s.seat: s.points for s in frame.seats} == expected_points(expected["score"])
        assert frame.result == "Победа города" and frame.seats[8].role_text == "Маньяк"
        assert [s.nickname for s in frame.seats] == head["players"]
    finally:
        screen.close()
        table.close()
