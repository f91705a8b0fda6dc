"""What the screens may count: nothing at night, and no roles after an undo (issue 9).

A public or audience screen must not learn how many things happened at night (a don's check
or not tells who is out), so night actions publish no public or audience snapshot, and the
public seq and the heartbeat's `last_public_seq` stay where they were. An undo that takes a
decided game back to running clears the retained protocol, so a screen connecting later
learns no role.
"""

from __future__ import annotations

from pathlib import Path

from bus.broker import MosquittoProcess
from bus.client import BusClient, Received
from bus.payloads import Heartbeat, Protocol, Snapshot, decode
from bus.testing import connected_client, next_item
from bus.topics import parse, table_base, table_topic
from device.config import TableSettings
from device.table.service import TableService
from device.testing import running_table, submit
from engine import actions as act
from engine.classic.log import action_to_dict
from engine.classic.playout import Mix, random_game
from engine.classic.state import NIGHT
from engine.vocab import InfoClass
from tests.classic import classic_game

T, N = "cup", "7"  # a table no other test uses: the session's broker keeps retained state
NIGHT_ACTIONS = (act.Shoot, act.DonCheck, act.SheriffCheck, act.BestMove)


def _first_night() -> tuple[list[act.Action], list[act.Action]]:
    """A legal game cut at the start of night 1: (up to the night, the night's actions)."""
    played = random_game("cml", 4, Mix(undo=0.0, foul=0.0, disqualify=0.0))
    game_so_far: list[act.Action] = []
    for index, action in enumerate(played.entered):
        game_so_far.append(action)
        if isinstance(action, act.Night) and index > 3:
            rest = played.entered[index + 1:]
            night: list[act.Action] = []
            for later in rest:
                if not isinstance(later, NIGHT_ACTIONS):
                    break
                night.append(later)
            assert len(night) >= 2, night  # a shot and at least one check
            return game_so_far, night
    raise AssertionError("the random game never reached night 1")


def test_night_actions_leave_the_screen_seqs_alone(tmp_path: Path) -> None:
    table = TableService(TableSettings(journal=tmp_path / "j.sqlite"), connect=False)
    before, night = _first_night()
    for action in before:
        assert table.submit_line(action_to_dict(action))[0]
    assert classic_game(table).state.phase == NIGHT and classic_game(table).state.number == 1
    seqs, journal = dict(table.screen_seqs.seq), table.seq
    for action in night:
        assert table.submit_line(action_to_dict(action))[0]
    assert table.seq == journal + len(night)  # the judge's seq counts every action
    assert table.screen_seqs.seq == seqs  # the players' seqs count none of them
    assert table.submit_line({"action": "day"})[0]
    assert all(table.screen_seqs.seq[c] == seqs[c] + 1 for c in seqs)  # the morning shows
    table.close()


def test_night_actions_send_the_screens_nothing(broker: MosquittoProcess,
                                                tmp_path: Path) -> None:
    before, night = _first_night()
    with running_table(tmp_path / "j.sqlite", broker.url, tournament=T, table=N,
                       heartbeat_s=0.05) as table:
        for action in before:
            assert submit(table, action_to_dict(action)) == (True, "")
        seqs = dict(table.screen_seqs.seq)
        public_seq = seqs[InfoClass.PUBLIC]
        base = table_base(T, N)
        watcher = connected_client(broker.config(), "watcher", f"{base}/public",
                                   f"{base}/audience", f"{base}/judge", f"{base}/heartbeat")
        for kind in ("public", "audience", "judge"):  # the retained ones come first
            next_item(watcher, lambda i, k=kind: isinstance(i, Received)  # type: ignore[misc]
                      and parse(i.topic).kind == k)
        for action in night:
            assert submit(table, action_to_dict(action)) == (True, "")
        ok, why = submit(table, {"action": "nominate", "seat": 4})  # refused at night
        assert not ok
        seen: list[Snapshot | Heartbeat] = []

        def marker(item: object) -> bool:
            if not isinstance(item, Received):
                return False
            payload = decode(parse(item.topic).kind, item.payload)
            assert isinstance(payload, Snapshot | Heartbeat)
            seen.append(payload)
            return isinstance(payload, Snapshot) and getattr(payload.view, "last_error",
                                                             None) == why

        next_item(watcher, marker)  # the judge's refusal: everything before it has arrived
        watcher.close()
    snapshots = [p for p in seen if isinstance(p, Snapshot)]
    # (a live copy of a snapshot from before the night may arrive after the retained one)
    judge = [s for s in snapshots if s.view_class == "judge" and s.seq > len(before)]
    assert len(judge) == len(night) + 1
    assert {s.seq for s in judge[:-1]} == set(range(len(before) + 1,
                                                    len(before) + len(night) + 1))
    # live copies of snapshots sent up to nightfall may still arrive after the retained
    # ones (on a busy machine); nothing newer may: no screen snapshot for a night action
    screens = [s for s in snapshots if s.view_class != "judge"]
    assert all(s.seq <= seqs[InfoClass(s.view_class)] for s in screens), screens
    assert all(s.view.step == "night" for s in screens
               if s.seq == seqs[InfoClass(s.view_class)])
    beats = [p for p in seen if isinstance(p, Heartbeat)]
    assert all(beat.last_public_seq == public_seq for beat in beats)


_MARKERS = iter(range(11, 100))  # seats no table has: each marker's refusal is its own


def _marker(table: TableService) -> str:
    """A refusal the table publishes now, in its judge snapshot, after all it sent before
    (one connection keeps the order): its text, unique to this call."""
    seat = next(_MARKERS)
    ok, why = submit(table, {"action": "foul", "seat": seat})  # refused: no such seat
    assert not ok and str(seat) in why
    return why


def _judge_says(client: BusClient, why: str, got: list[Received] | None = None) -> None:
    def until_marker(item: object) -> bool:
        if not isinstance(item, Received):
            return False
        if got is not None:
            got.append(item)
        return item.topic == table_topic(T, N, "judge") and why in item.payload.decode()

    next_item(client, until_marker)


def _retained_now(broker: MosquittoProcess, table: TableService, name: str) -> list[Received]:
    """Everything retained for the table, as a screen connecting now receives it.

    First everything the table sent so far is at the broker (a marker it sent after them came
    back): a screen subscribing while the table's last publishes are still on their way
    would get what was retained before them, which is not what this asks."""
    watcher = connected_client(broker.config(), f"{name}-flush", table_topic(T, N, "judge"))
    _judge_says(watcher, _marker(table))
    watcher.close()
    late = connected_client(broker.config(), name, f"{table_base(T, N)}/#")
    got: list[Received] = []
    _judge_says(late, _marker(table), got)
    late.close()
    return got


def test_an_undo_after_the_end_clears_the_retained_protocol(broker: MosquittoProcess,
                                                            tmp_path: Path) -> None:
    played = random_game("cml", 11, Mix(undo=0.0))
    with running_table(tmp_path / "j.sqlite", broker.url, tournament=T, table=N) as table:
        for action in played.entered:
            assert submit(table, action_to_dict(action)) == (True, "")
        assert classic_game(table).state.finished
        protocol = table_topic(T, N, "protocol")
        decided = [m for m in _retained_now(broker, table, "early") if m.topic == protocol]
        assert len(decided) == 1  # the reveal is there while the game is decided
        shown = decode("protocol", decided[0].payload)
        assert isinstance(shown, Protocol) and len(shown.reveal.roles) == 10

        while classic_game(table).state.finished:  # back past the action that decided the game
            assert submit(table, {"action": "undo"}) == (True, "")
        later = _retained_now(broker, table, "late")
    assert [m for m in later if m.topic == protocol and m.payload] == []
    publics = [decode("public", m.payload) for m in later if m.topic.endswith("/public")]
    assert publics and all(isinstance(p, Snapshot) and p.view.phase != "finished"
                           for p in publics)
