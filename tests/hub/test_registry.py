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


def test_a_gap_asks_for_one_rebirth_and_what_is_stored_heals_it() -> None:
    """Issue 25: gaps by the events' own seq (every journal line, night actions included),
    healed by the missing events once stored; one rebirth per gap, with where it starts."""
    reg = Registry(("1",), heartbeat_s=2, rebirth_every_s=5)
    reg.status("1", status("online", 0), 0)
    assert reg.event("1", event(1), 0) is Verdict.TAKEN
    assert reg.event("1", event(1), 0) is Verdict.IGNORED  # a duplicate
    assert reg.event("1", event(4), 1) is Verdict.TAKEN
    assert reg.tables["1"].seqs.gap
    assert reg.want_rebirth("1", 1) == {"game_id": "g", "since": 2}
    assert reg.want_rebirth("1", 100) is None  # once per gap, however long it takes
    reg.event("1", event(2), 101)  # the table sends them again from its journal
    assert reg.tables["1"].seqs.gap and reg.want_rebirth("1", 102) is None  # still 3
    reg.event("1", event(3), 103)
    assert not reg.tables["1"].seqs.gap and reg.want_rebirth("1", 104) is None
    # a heartbeat carries the public seq only (screens read it): it never claims a gap
    assert reg.heartbeat("1", heartbeat(0, last=60), 105) is Verdict.TAKEN
    assert not reg.tables["1"].seqs.gap
    reg.event("1", event(7), 106)  # a later jump is a gap of its own
    assert reg.want_rebirth("1", 106) == {"game_id": "g", "since": 5}


def test_the_protocol_heals_a_gap_and_a_decided_game_waits_for_it() -> None:
    reg = Registry(("1",), heartbeat_s=2, rebirth_every_s=5)
    reg.status("1", status("online", 0), 0)
    reg.event("1", event(1), 0)
    reg.event("1", event(3), 0)
    reg.protocol_stored("1", "g")  # the protocol carries every action
    assert not reg.tables["1"].seqs.gap and reg.want_rebirth("1", 1) is None


def test_the_decided_snapshot_before_its_protocol_is_no_gap() -> None:
    """Before: the decided snapshot (sent before the protocol) set a gap that the public seq
    never closed, and the hub asked for a rebirth every 5 s until the next round."""
    reg = Registry(("1",), heartbeat_s=2, rebirth_every_s=5)
    reg.status("1", status("online", 0), 0)
    reg.event("1", event(1), 0)
    reg.decided("1", "g", True, False, 1.0)  # the snapshot; its protocol follows
    assert reg.want_rebirth("1", 1.1) is None and not reg.tables["1"].seqs.gap
    reg.protocol_stored("1", "g")
    assert reg.want_rebirth("1", 100) is None and not reg.tables["1"].seqs.gap


def test_a_protocol_that_never_comes_is_asked_for_once_per_birth() -> None:
    reg = Registry(("1",), heartbeat_s=2, rebirth_every_s=5)
    reg.status("1", status("online", 0), 0)
    reg.event("1", event(1), 0)
    reg.decided("1", "g", True, False, 1.0)
    assert reg.want_rebirth("1", 60) is None  # nothing heard since: it may wait in the queue
    reg.heartbeat("1", heartbeat(0), 2.0)
    assert reg.want_rebirth("1", 5.9) is None  # the grace
    assert reg.want_rebirth("1", 6.0) == {"game_id": "g"}
    assert reg.tables["1"].seqs.gap and reg.want_rebirth("1", 60) is None
    reg.status("1", status("online", 1), 61)  # connected again: it may never have heard
    assert reg.want_rebirth("1", 61) == {"game_id": "g"}


def born(instance: str, bdseq: int = 0, boot: datetime = BOOT, state: str = "online") -> Status:
    return Status.model_validate({"state": state, "bdseq": bdseq, "booted_at": boot,
                                  "software_version": "t", "instance": instance,
                                  "host": f"pi-{instance}"})


def test_a_second_instance_is_a_claim_while_the_holder_lives() -> None:
    """Issue 25 (docs/mqtt.md "One table per number"): the second machine's birth is not
    taken and its stop is not the holder's; once the holder is gone, a new one takes it."""
    reg = Registry(("1",), heartbeat_s=2, missed=2)
    assert reg.status("1", born("a"), 0)[0] is Verdict.TAKEN
    verdict, why = reg.status("1", born("b", boot=BOOT + timedelta(hours=1)), 1)
    assert verdict is Verdict.CLAIMED and "pi-b" in why and "pi-a" in why
    contest = reg.contested("1", 1)
    assert contest is not None and (contest.machine, contest.holder) == ("pi-b", "pi-a")
    assert reg.status("1", born("b", boot=BOOT + timedelta(hours=1), state="offline"),
                      2)[0] is Verdict.IGNORED
    assert state(reg) is Liveness.ONLINE and reg.tables["1"].birth == born("a")
    assert reg.contested("1", 1 + 601) is None  # the alert stays ten minutes
    reg.tick(10)  # the holder went quiet: stale
    assert reg.status("1", born("c", boot=BOOT + timedelta(hours=2)), 11)[0] is Verdict.TAKEN
    assert reg.tables["1"].birth == born("c", boot=BOOT + timedelta(hours=2))
