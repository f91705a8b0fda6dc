"""Alerts from what the tables say, with the hub's clocks in the test's hand (no broker)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from bus.payloads import Heartbeat, Status, encode
from bus.testing import ACL_TABLE, ACL_TOURNAMENT, sample_snapshot, sample_view
from bus.topics import table_topic
from hub.config import HubSettings
from hub.service import HubService

T, N = ACL_TOURNAMENT, ACL_TABLE


class Clock:
    def __init__(self) -> None:
        self.t = 1_800_000_000.0

    def __call__(self) -> float:
        return self.t


def kinds(hub: HubService) -> list[str]:
    return sorted(a.kind for a in hub.alerts())


def public(game: str, seq: int, **view: object) -> bytes:
    return encode(sample_snapshot("public", game_id=game, seq=seq,
                                  view=sample_view("public", **view)))


def test_alerts_follow_the_tables(tmp_path: Path) -> None:
    clock = Clock()
    settings = HubSettings(tournament=T, tables=[N], database=tmp_path / "hub.sqlite",
                           heartbeat_s=2, max_game_minutes=90, unclosed_protocol_s=30)
    hub = HubService(settings, connect=False, mono=clock, wall=clock)
    birth = Status(state="online", bdseq=0, booted_at=datetime.fromtimestamp(clock.t, UTC),
                   software_version="t")
    hub.ingest(table_topic(T, N, "status"), encode(birth))
    hub.ingest(table_topic(T, N, "public"), public("g1", 3))
    assert kinds(hub) == []
    clock.t += 91 * 60  # the game runs over 90 minutes (and the table went quiet)
    hub.ingest(table_topic(T, N, "public"), public("g1", 4))
    assert kinds(hub) == ["game_over_time"]
    # the page says each alert in its language from these (`alert.*` of web/common/words.js)
    assert [a.params for a in hub.alerts()] == [{"game": "g1", "minutes": "90"}]
    hub.ingest(table_topic(T, N, "public"),
               public("g1", 5, phase="finished", step="over", speaker=None, timer=None))
    assert kinds(hub) == ["protest_window"]  # 000 III.15.1: ten minutes from the end
    clock.t += 31
    assert kinds(hub) == ["protest_window", "protocol_not_closed"]
    assert sorted((a.kind, a.params) for a in hub.alerts()) == [
        ("protest_window", {"game": "g1", "left": "9:29"}),
        ("protocol_not_closed", {"game": "g1"})]
    clock.t += 10 * 60
    hub.tick()  # nothing heard for far more than two heartbeats
    assert kinds(hub) == ["protocol_not_closed", "table_offline"]
    assert [a.params for a in hub.alerts() if a.kind == "table_offline"] == [
        {"state": "stale"}]
    hub.ingest(table_topic(T, N, "public"), public("g2", 0, phase="setup"))
    assert kinds(hub) == ["protocol_not_closed"]  # g1's protocol is still owed
    hub.close()


def test_a_tables_clock_jump_mid_game_reaches_the_head_judge(tmp_path: Path) -> None:
    """docs/clock.md: a table whose wall clock stepped during a game says so in its heartbeat;
    the head judge's alerts name the table, the game and the jump until the next game."""
    clock = Clock()
    settings = HubSettings(tournament=T, tables=[N], database=tmp_path / "hub.sqlite")
    hub = HubService(settings, connect=False, mono=clock, wall=clock)
    sent = datetime.fromtimestamp(clock.t, UTC)

    def heartbeat(seq: int, game: str, step: float | None) -> bytes:
        return encode(Heartbeat(seq=seq, bdseq=0, sent_at=sent, uptime_s=60.0 + seq,
                                game_id=game, clock_step_s=step))

    hub.ingest(table_topic(T, N, "heartbeat"), heartbeat(1, "g1", None))
    assert "clock_step" not in kinds(hub)
    hub.ingest(table_topic(T, N, "heartbeat"), heartbeat(2, "g1", 183.0))
    [alert] = [a for a in hub.alerts() if a.kind == "clock_step"]
    assert alert.params == {"game": "g1", "seconds": "+183"}
    assert alert.text.startswith(f"Table {N}: its clock jumped +183 s during game g1")
    hub.ingest(table_topic(T, N, "heartbeat"), heartbeat(3, "g2", None))  # the next game
    assert "clock_step" not in kinds(hub)
