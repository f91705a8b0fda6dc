"""The heartbeat tells a screen nothing of the night (issue 24, item 5).

A real table process (`mafiakit table --stdin`) on the ACL broker plays whole games fed by a
judge at a human-like, random pace; the `scoreboard` account, which reads heartbeats,
records when each arrives. The detector of tests/timing.py (the statistical form of the
attack that told 57 of 63 night actions) must find nothing above chance, neither for the
night actions nor for any input at all. On the same data, the heartbeat as the old table
sent it (each beat after an input held back 40-250 ms) is detected: the check can fail.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest

from bus.broker import MosquittoProcess
from bus.client import BusClient, BusItem, Received
from bus.payloads import Heartbeat, decode
from bus.testing import ACL_TABLE, ACL_TABLE_USER, ACL_TOURNAMENT, GUARD_S
from bus.topics import table_topic
from device.testing import send_line, start_table_process
from engine import actions as act
from engine.log import action_to_dict, header
from engine.playout import Mix, random_game
from tests.timing import detect, held_back

PERIOD = 0.3  # s: a short grid gives many beats in a minute; the grid works the same at 2 s
GAMES = 6
NIGHT = (act.Shoot, act.DonCheck, act.SheriffCheck, act.BestMove)


class ArrivalLog:
    """A sink for a BusClient: every heartbeat, stamped on arrival (paho's thread)."""

    def __init__(self) -> None:
        self.beats: list[tuple[float, Heartbeat]] = []

    def put(self, item: BusItem, /) -> None:
        now = time.monotonic()
        if isinstance(item, Received) and item.topic.endswith("/heartbeat"):
            beat = decode("heartbeat", item.payload)
            assert isinstance(beat, Heartbeat)
            self.beats.append((now, beat))


@pytest.mark.slow
def test_the_heartbeat_tells_a_screen_nothing_of_the_night(
        private_acl_broker: MosquittoProcess, tmp_path: Path) -> None:
    broker = private_acl_broker
    arrivals = ArrivalLog()
    screen = BusClient(broker.config("scoreboard"), name="screen", inbox=arrivals)
    screen.subscribe(table_topic(ACL_TOURNAMENT, ACL_TABLE, "heartbeat"))
    screen.start()
    assert screen.wait_ready(GUARD_S)
    url = broker.config(ACL_TABLE_USER).url(with_password=True)
    proc, _ = start_table_process(tmp_path / "t.sqlite", url, MAFIAKIT_TOURNAMENT=ACL_TOURNAMENT,
                                  MAFIAKIT_TABLE=ACL_TABLE, MAFIAKIT_HEARTBEAT_S=str(PERIOD))
    rng = random.Random(24)
    night: list[float] = []
    inputs: list[float] = []
    try:
        time.sleep(3 * PERIOD)
        for n in range(GAMES):
            if n:
                send_line(proc, {"command": "new_game", "header": header("cml", game=n + 1)})
            for action in random_game("cml", 240 + n, Mix(undo=0.03)).entered:
                # a quick judge by day, a slower one at night: more beats see the night
                pace = 3.0 if isinstance(action, NIGHT) else 10.0
                time.sleep(min(1.0, rng.expovariate(pace)))
                send_line(proc, action_to_dict(action))
                done = time.monotonic()
                inputs.append(done)
                if isinstance(action, NIGHT):
                    night.append(done)
        time.sleep(3 * PERIOD)
    finally:
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait(60)
        screen.close()
    times = [t for t, _ in arrivals.beats]
    beats = [b for _, b in arrivals.beats]
    for moments, what in ((night, "night actions"), (inputs, "every input")):
        found = detect(times, moments, window=PERIOD)
        print(f"\n{what}: {found}")
        assert not found.detected, f"the heartbeat tells the {what}: {found}"
        assert found.gaps_with > 25 and found.gaps_without > 25, found
    # the beat's own numbers are the grid's: nothing in them moves with an input
    assert all(b.uptime_s == pytest.approx((b.seq - 1) * PERIOD) for b in beats)
    assert len(night) > 30 and len(times) > 150, (len(night), len(times))
    leaky = detect(held_back(times, night, low=0.04, high=0.25), night, window=PERIOD)
    print(f"the old heartbeat's leak on the same data: {leaky}")
    assert leaky.detected, f"the detector misses the old heartbeat's leak: {leaky}"
    sent = [json.dumps(b.model_dump(mode="json"), sort_keys=True) for b in beats]
    assert len(set(sent)) == len(sent)  # every beat arrived once
