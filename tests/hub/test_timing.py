"""No timing side channel in the hub's public pages (issue 24, item 5, the hub's side): the
`player` account on the production ACL receives the hub's public topics at times that tell
nothing of the night. Whole games are played at two tables with the night actions entered
at random moments; a decided game's protest window makes the aggregate change every second,
so the player sees a steady stream to compare against. The detector is tests/timing.py's,
the one that found the leak (one extra aggregate per night action): it must find nothing
above chance. Its own sanity checks (a leak of either kind is found) are below."""

from __future__ import annotations

import random
import threading
import time
from functools import partial
from itertools import pairwise
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from bus.broker import MosquittoProcess
from bus.config import BrokerConfig
from bus.testing import ACL_OTHER_TABLE, ACL_OTHER_TABLE_USER, ACL_TABLE, ACL_TABLE_USER
from bus.topics import hub_topic
from device.table.service import TableService
from device.testing import running_table, submit
from engine.vocab import Phase
from hub.config import HubSettings
from hub.roster_csv import write_seating
from hub.seating import TournamentPlan, generate
from tests.hub.helpers import T, actions_of, own_protocol, play, running_hub, stored, wait_for
from tests.timing import Verdict, controls_in, detect

TABLES = (ACL_TABLE, ACL_OTHER_TABLE)
BEAT_S = 2.0  # the tables' heartbeat as at a tournament (the old hub sent a page on each)


class Arrivals:
    """When an account received each message of `filters` (a bare paho client: the time is
    taken in its callback, on its network thread)."""

    def __init__(self, config: BrokerConfig, topic_filter: str) -> None:
        self.times: list[float] = []
        self._lock = threading.Lock()
        self._client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="arrivals")
        self._client.username_pw_set(config.username, config.password.get_secret_value()
                                     if config.password else None)
        self._client.on_message = self._stamp
        self._client.connect(config.host, config.port)
        self._client.subscribe(topic_filter, qos=1)
        self._client.loop_start()

    def _stamp(self, client: mqtt.Client, userdata: object, message: mqtt.MQTTMessage) -> None:
        if not message.retain:
            with self._lock:
                self.times.append(time.monotonic())

    def close(self) -> list[float]:
        self._client.loop_stop()
        self._client.disconnect()
        with self._lock:
            return list(self.times)


class Nights:
    """The secret inputs entered (marks) and the nights they fell in."""

    def __init__(self) -> None:
        self.marks: list[float] = []
        self.stretches: list[tuple[float, float]] = []

    def play(self, table: TableService, actions: list[dict[str, object]],
             rng: random.Random) -> None:
        """Enter a whole game: day lines quickly, each night line after a random pause."""
        start, inside = 0.0, 0
        for line in actions:
            before = table.table_game.state.phase
            time.sleep(rng.uniform(0.3, 1.5) if before == Phase.NIGHT else 0.01)
            at = time.monotonic()
            ok, why = submit(table, line)
            assert ok, why
            after = table.table_game.state.phase
            if before != Phase.NIGHT and after == Phase.NIGHT:
                start, inside = at, 0
            elif before == Phase.NIGHT and after == Phase.NIGHT:
                self.marks.append(at)  # a shot or a check: only the table's judge knows
                inside += 1
            elif before == Phase.NIGHT and inside:
                self.stretches.append((start, at))


def opened(table: TableService, round_name: str) -> bool:
    return table.game_id == f"{round_name}-t{table.table}" and len(table.names) == 10


def test_the_hubs_public_topics_tell_nothing_of_the_night(
        private_acl_broker: MosquittoProcess, tmp_path: Path) -> None:
    broker = private_acl_broker
    plan = TournamentPlan(players=tuple(f"Player{i:02d}" for i in range(20)), tables=TABLES,
                          rounds=2)
    seating = tmp_path / "seating.csv"
    seating.write_text(write_seating(generate(plan, seed=1, effort=0.1)), encoding="utf-8")
    settings = HubSettings(
        tournament=T, name="Test Cup", seating=seating, database=tmp_path / "hub.sqlite",
        heartbeat_s=BEAT_S, resend_s=0.5, rebirth_every_s=0.5, aggregate_s=0.2,
        broker={"url": broker.config("hub").url(with_password=True)})
    rng = random.Random(24)
    nights = Nights()
    arrivals = Arrivals(broker.config("player"), hub_topic(T, "public") + "/#")
    try:
        with running_hub(settings) as hub, running_table(
                tmp_path / "t3.sqlite", broker.config(ACL_TABLE_USER).url(with_password=True),
                tournament=T, table=ACL_TABLE, heartbeat_s=BEAT_S) as t3, running_table(
                tmp_path / "t4.sqlite",
                broker.config(ACL_OTHER_TABLE_USER).url(with_password=True),
                tournament=T, table=ACL_OTHER_TABLE, heartbeat_s=BEAT_S) as t4:
            hub.start_round(1)
            wait_for("round 1 at both tables", lambda: opened(t3, "r1") and opened(t4, "r1"))
            play(t3, actions_of(11))  # decided at once: its protest window ticks each second
            wait_for("its protocol", lambda: stored(hub).protocol(
                ACL_TABLE, f"r1-t{ACL_TABLE}") == own_protocol(t3))
            nights.play(t4, actions_of(12), rng)
            hub.start_round(2)
            for table, seed in ((t3, 13), (t4, 14)):
                wait_for("the round-2 game", partial(opened, table, "r2"))
                nights.play(table, actions_of(seed), rng)
    finally:
        messages = arrivals.close()
    controls = controls_in(nights.stretches, 3, rng)
    in_nights = [m for m in messages if any(a <= m <= b for a, b in nights.stretches)]
    assert len(nights.marks) >= 20 and len(in_nights) >= 20  # the test can see something
    verdict = detect(messages, nights.marks, controls)
    print(f"the player's pages against the night: {verdict}")  # (pytest -s shows it)
    assert not verdict.leaks(), f"the player's pages tell the night: {verdict}"


def steady(period: float, until: float, rng: random.Random) -> list[float]:
    """A message every `period` (a little network jitter)."""
    return [k * period + rng.uniform(0, 0.005) for k in range(1, int(until / period))]


def sanity(leak: str) -> Verdict:
    """The detector on made-up streams as dense as the games above (three inputs in a night
    of about two seconds): no leak, the old hub's extra page, the old table's late heartbeat."""
    rng = random.Random(7)
    nights, marks, t = [], [], 5.0
    while t < 600:
        start = t
        for _ in range(3):
            t += rng.uniform(0.2, 0.8)
            marks.append(t)
        t += rng.uniform(0.2, 0.8)
        nights.append((start, t))
        t += rng.uniform(3, 6)
    messages = steady(1.0, 620, rng)
    controls = controls_in(nights, 3, rng)
    if leak == "extra page":  # a page right after each night action
        messages = sorted([*messages, *(m + rng.uniform(0.01, 0.05) for m in marks)])
    elif leak == "late heartbeat":  # a heartbeat late after an input in its period; the
        beats = steady(2.0, 620, rng)  # controls from the pauses between the nights
        messages = [b + (rng.uniform(0.04, 0.25) if any(a < m <= b for m in marks) else 0.0)
                    for a, b in pairwise([0.0, *beats])]
        pauses = [(end + 2.5, start - 2.5) for (_, end), (start, _) in pairwise(nights)
                  if start - end > 5]
        controls = controls_in(pauses, 3, rng)
    return detect(messages, marks, controls)


def test_the_detector_finds_either_leak_and_nothing_in_a_steady_stream() -> None:
    calm = sanity("none")
    assert not calm.leaks(), calm
    for leak in ("extra page", "late heartbeat"):
        verdict = sanity(leak)
        assert verdict.leaks(), (leak, str(verdict))
