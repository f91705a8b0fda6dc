"""The store writes a batch's events at its commit (one statement): nothing lost, nothing
doubled, a read inside the batch sees them, a failed batch stores none of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from hub.store import Store


def test_a_batch_stores_its_events_once_and_reads_see_them(tmp_path: Path) -> None:
    store = Store(tmp_path / "hub.sqlite")
    with store.batch():
        for seq in (1, 2, 2, 3):  # a QoS 1 duplicate inside the batch
            store.add_event("1", "g", seq, action={"action": "start"}, at="a", received="b")
        assert [seq for seq, _ in store.events("1", "g")] == [1, 2, 3]
        store.add_event("1", "g", 4, action={"action": "start"}, at="a", received="b")
    other = Store(tmp_path / "hub.sqlite")  # another process's view after the commit
    assert other.event_count() == 4 and other.open_games() == [("1", "g")]
    other.close()
    with pytest.raises(RuntimeError), store.batch():
        store.add_event("1", "g", 5, action={"action": "start"}, at="a", received="b")
        raise RuntimeError("the hub failed mid-batch")
    assert store.event_count() == 4  # rolled back: nothing half-written
    with store.batch():
        store.add_event("1", "g", 5, action={"action": "start"}, at="a", received="b")
    assert store.event_count() == 5
    store.close()
