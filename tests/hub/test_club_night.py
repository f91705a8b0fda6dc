"""A club night as a first-class evening (issue 25, item 5; docs/club-night.md): a hub with
`rules = "club"`, a club table whose host types two games at its console (the table's own
games, dated and numbered, the players by `roster`), and the evening in one command from the
hub and from the table's journal: the same CSV, places shared on equal points (004 §8 names
no tie-break). Real processes, a real broker."""

from __future__ import annotations

import csv
import io
import itertools
import json
import subprocess
import sys
from pathlib import Path

from bus.broker import MosquittoProcess
from bus.config import BrokerConfig
from bus.testing import connected_client, next_message
from bus.topics import hub_topic
from device.testing import send_line, start_table_process
from hub.config import load_hub_settings
from tests.hub.helpers import HEARTBEAT_S, running_hub, stored, wait_for

ROOT = Path(__file__).resolve().parents[2]
SEVEN = ROOT / "examples" / "club-seven-maniac-and-doctor.jsonl"


def mafiakit(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mafiakit.cli", *args], capture_output=True,
                          text=True, check=False, timeout=120, cwd=cwd)


def test_a_club_night_from_the_tables_to_its_evening_csv(private_broker: MosquittoProcess,
                                                        tmp_path: Path) -> None:
    (tmp_path / "hub.toml").write_text(
        'tournament = "club"\nname = "Friday club"\nrules = "club"\ntables = ["1"]\n'
        f'database = "hub.sqlite"\nheartbeat_s = {HEARTBEAT_S}\naggregate_s = 0.2\n'
        f'[broker]\nurl = "{private_broker.url}"\n', encoding="utf-8")
    settings = load_hub_settings(tmp_path / "hub.toml")
    assert settings.rules == "club"  # before: "unknown ruleset 'club'"
    done = mafiakit("hub", "round", "1", "--config", "hub.toml", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (2, "hub round: a club night has no rounds: the "
                                                 "host opens each game at the table "
                                                 "(docs/club-night.md); `mafiakit hub evening` "
                                                 "adds them up\n")
    journal = tmp_path / "club-1.sqlite"
    reader = connected_client(BrokerConfig.from_url(private_broker.url), "phone",
                              hub_topic("club", "public/club"))
    with running_hub(settings) as hub:
        table, _ = start_table_process(journal, private_broker.url, MAFIAKIT_TOURNAMENT="club",
                                       MAFIAKIT_TABLE="1", MAFIAKIT_RULES="club",
                                       MAFIAKIT_SEATS="7", MAFIAKIT_HEARTBEAT_S=str(HEARTBEAT_S))
        try:
            lines = SEVEN.read_text(encoding="utf-8").splitlines()
            players = json.loads(lines[0])["players"]
            for number in (1, 2):
                if number > 1:  # the host's next game: the table's own, dated and numbered
                    send_line(table, {"command": "new_game"})
                send_line(table, {"command": "roster", "names": players})
                for line in lines[1:]:
                    send_line(table, json.loads(line))
                head = journal_header(tmp_path, journal)
                assert (head["game"], head["seats"], head["players"]) == (number, 7, players)
                assert head["date"] == _today()
            wait_for("both club games at the hub", lambda: len(stored(hub).club_protocols()) == 2)
        finally:
            assert table.stdin is not None
            table.stdin.close()
            table.wait(60)
        from_hub = mafiakit("hub", "evening", "--config", "hub.toml", "--format", "csv",
                            cwd=tmp_path)
        from_journal = mafiakit("evening", "--journal", str(journal), "--format", "csv",
                                cwd=tmp_path)
        assert from_hub.returncode == 0, from_hub.stderr
        assert from_journal.returncode == 0, from_journal.stderr
        assert from_hub.stdout == from_journal.stdout
        rows = list(csv.DictReader(io.StringIO(from_hub.stdout)))
        assert sorted(row["player"] for row in rows) == sorted(players)
        assert all(row["games"] == "2" for row in rows)
        for a, b in itertools.pairwise(rows):  # equal points, one shared place
            assert (a["points"] == b["points"]) == (a["place"] == b["place"]), (a, b)
        assert any("-" in row["place"] for row in rows)
        # the players' page gets tonight's rating, the same rows
        page = json.loads(next_message(reader, hub_topic("club", "public/club")).payload)
        wait_for("tonight's rating on the players' page", lambda: _rating(reader, page) == len(
            rows))
    reader.close()


def journal_header(tmp: Path, journal: Path) -> dict[str, object]:
    """The header of the table's current game, as `mafiakit table --export` prints it."""
    done = mafiakit("table", "--journal", str(journal), "--export", "current", cwd=tmp)
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout.splitlines()[0]))


def _today() -> str:
    from datetime import datetime

    return datetime.now().date().isoformat()  # the table's local date (004 §8's weekday)


def _rating(reader: object, page: dict[str, object]) -> int:
    from bus.client import BusClient

    assert isinstance(reader, BusClient)
    while not reader.inbox.empty():
        item = reader.inbox.get_nowait()
        payload = getattr(item, "payload", b"")
        if payload:
            page.update(json.loads(payload))
    evening = page.get("evening")
    return len(evening["players"]) if isinstance(evening, dict) else -1
