"""Liveness bookkeeping with injected time: births, late wills, replays, stale, gaps."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bus.payloads import Event, Heartbeat, Status
from hub.registry import Liveness, Registry, Verdict

BOOT = datetime(2026, 11, 30, 20, 0, tzinfo=UTC)


def status(state: str, bdseq: int, boot: datetime = BOOT) -> Status:
    return Status.model_validate({"state": state, "bdseq": bdseq, "booted_at": boot,
                                  "software_version": "t"})


def heartbeat(bdseq: int, last: int | None = None, game: str | None = "g") -> Heartbeat:
    return Heartbeat(seq=1, bdseq=bdseq, sent_at=BOOT, uptime_s=1, game_id=game,
                     last_public_seq=last)


def event(seq: int, game: str = "g") -> Event:
    return Event(seq=seq, game_id=game, action={"action": "start"}, accepted=True, at=BOOT)


def state(reg: Registry) -> Liveness:
    return reg.tables["1"].state


def test_a_late_will_of_an_older_connection_is_ignored() -> None:
    reg = Registry(("1",), heartbeat_s=2)
    assert reg.status("1", status("online", 3), 0)[0] is Verdict.TAKEN
    assert reg.status("1", status("lost", 2), 1)[0] is Verdict.IGNORED
    assert state(reg) is Liveness.ONLINE
    assert reg.status("1", status("lost", 3), 2)[0] is Verdict.TAKEN
    assert state(reg) is Liveness.LOST


def test_a_replayed_birth_of_an_earlier_boot_is_refused() -> None:
    reg = Registry(("1",), heartbeat_s=2)
    reg.status("1", status("online", 0, BOOT + timedelta(hours=1)), 0)
    verdict, why = reg.status("1", status("online", 5, BOOT), 1)
    assert verdict is Verdict.REFUSED and "earlier boot" in why
    assert reg.tables["1"].birth is not None and reg.tables["1"].birth.bdseq == 0


def test_stale_after_two_missed_heartbeats_and_back_with_the_next() -> None:
    reg = Registry(("1",), heartbeat_s=2, missed=2)
    reg.status("1", status("online", 0), 0)
    reg.heartbeat("1", heartbeat(0), 1)
    assert reg.tick(4.9) == [] and state(reg) is Liveness.ONLINE
    assert reg.tick(5.1) == ["1"] and state(reg) is Liveness.STALE
    reg.heartbeat("1", heartbeat(0), 6)
    assert state(reg) is Liveness.ONLINE


def test_a_gap_asks_for_one_rebirth_and_a_snapshot_heals_it() -> None:
    reg = Registry(("1",), heartbeat_s=2, rebirth_every_s=5)
    reg.status("1", status("online", 0), 0)
    assert reg.event("1", event(1), 0) == (Verdict.TAKEN, False)
    assert reg.event("1", event(1), 0) == (Verdict.IGNORED, False)  # a duplicate
    assert reg.event("1", event(4), 1) == (Verdict.TAKEN, True)
    assert reg.want_rebirth("1", 1) and not reg.want_rebirth("1", 2)
    reg.healed("1", 4, "g")
    assert not reg.tables["1"].gap and not reg.want_rebirth("1", 10)
    # a heartbeat carries the public seq only (screens read it): it never claims a gap
    assert reg.heartbeat("1", heartbeat(0, last=6), 11) == (Verdict.TAKEN, False)
    assert reg.event("1", event(7), 12) == (Verdict.TAKEN, True)  # a later jump, seen again
