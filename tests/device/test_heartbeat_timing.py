"""The heartbeat tells a screen nothing of the night (issue 24, item 5).

A real table process (`mafiakit table --stdin`) on the ACL broker plays whole games fed by a
judge at a human-like, random pace, who now and then stops for a while; the `scoreboard`
account, which reads heartbeats, records when each arrives. The detector of tests/timing.py
(the statistical form of the attack that told 57 of 63 night actions) compares the
instants of the night actions (the marks) with instants drawn from the judge's pauses (the
controls: a heartbeat period with an input in it is no control, tests/timing.py): it must
find nothing above chance, neither for the night actions nor for every input. On the same
data, the heartbeat as the old table sent it (each beat after an input held back 40-250 ms)
is found: the check can fail.
"""

from __future__ import annotations

import bisect
import random
import time
from itertools import pairwise
from pathlib import Path

import pytest

from bus.broker import MosquittoProcess
from bus.client import BusClient, BusItem, Received
from bus.payloads import Heartbeat, decode
from bus.testing import ACL_TABLE, ACL_TABLE_USER, ACL_TOURNAMENT, GUARD_S
from bus.topics import table_topic
from device.testing import send_line, start_table_process
from engine import actions as act
from engine.classic.log import action_to_dict
from engine.classic.playout import Mix, random_game
from engine.log import header
from tests.timing import controls_in, detect

PERIOD = 0.3  # s: a short grid gives many beats in a minute; the grid works the same at 2 s
GAMES = 6
PAUSES = 0.06  # the share of the judge's lines after which he stops for a while
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


def held_back(messages: list[float], inputs: list[float], rng: random.Random) -> list[float]:
    """The old heartbeat on the same data: each beat after an input (since the beat before)
    came 40-250 ms late."""
    out = messages[:1]
    for start, end in pairwise(messages):
        first = bisect.bisect_right(inputs, start)
        late = first < len(inputs) and inputs[first] <= end
        out.append(end + (rng.uniform(0.04, 0.25) if late else 0.0))
    return out


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
    pauses: list[tuple[float, float]] = []  # stretches without any input: the controls'
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
                if rng.random() < PAUSES:  # the judge stops: a stretch with no input
                    time.sleep(rng.uniform(3, 6) * PERIOD)
                    pauses.append((done + PERIOD, time.monotonic() - 0.05))
        time.sleep(3 * PERIOD)
    finally:
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait(60)
        screen.close()
    times = [t for t, _ in arrivals.beats]
    beats = [b for _, b in arrivals.beats]
    controls = controls_in(pauses, 3, rng)
    for marks, what in ((night, "night actions"), (inputs, "every input")):
        verdict = detect(times, marks, controls)
        print(f"\n{what}: {verdict}")
        assert not verdict.leaks(), f"the heartbeat tells the {what}: {verdict}"
    old = detect(held_back(times, inputs, rng), night, controls)
    print(f"the old heartbeat's leak on the same data: {old}")
    assert old.leaks(), f"the detector misses the old heartbeat's leak: {old}"
    # the beat's own numbers are the grid's: nothing in them moves with an input
    assert all(b.uptime_s == pytest.approx((b.seq - 1) * PERIOD) for b in beats)
    assert len(night) > 30 and len(controls) > 30 and len(times) > 150, (
        len(night), len(controls), len(times))
    assert len({(b.seq, b.bdseq) for b in beats}) == len(beats)  # every beat arrived once
