"""The judge's screen after the game (issue 12): the table tells it when the result was
decided, so the protest window counts from the decision, across a restart too."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from device.config import TableSettings
from device.table import snapshots as snap
from device.table.service import TableService
from engine.vocab import InfoClass
from tests.classic import classic_game

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "cml-red-wins-by-lift.jsonl"


def _lines() -> list[dict[str, object]]:
    lines = [json.loads(x) for x in EXAMPLE.read_text(encoding="utf-8").splitlines()[1:]]
    return [{**line, "t": f"2026-11-28T19:{i // 60:02d}:{i % 60:02d}+00:00"}
            for i, line in enumerate(lines)]


def _judge_after_game(service: TableService) -> object:
    v, _ = snap.class_view(classic_game(service), InfoClass.JUDGE, countdown=None, mono_now=0.0,
                           judge_extra=service.judge_extra())
    return getattr(v, "after_game", None)


def test_the_protest_window_starts_at_the_line_that_decided_the_game(tmp_path: Path) -> None:
    journal = tmp_path / "t.sqlite"
    service = TableService(TableSettings(journal=journal), connect=False)
    lines = _lines()
    deciding = None
    for line in lines:
        before = classic_game(service).state.finished
        assert service.submit_line(dict(line))[0]
        if classic_game(service).state.finished and not before:
            deciding = line["t"]
    assert deciding is not None
    assert service.decided_at == datetime.fromisoformat(str(deciding))
    after = _judge_after_game(service)
    assert after is not None and after.decided_at == service.decided_at  # type: ignore[attr-defined]
    assert service.submit_line({"action": "extra", "seat": 4, "points": 0.2,
                                "t": "2026-11-28T20:00:00+00:00"})[0]
    assert service.decided_at == datetime.fromisoformat(str(deciding))  # later lines keep it
    service.close()
    again = TableService(TableSettings(journal=journal), connect=False)
    assert again.decided_at == datetime.fromisoformat(str(deciding))  # a restart keeps it
    while classic_game(again).state.finished:
        assert again.submit_line({"action": "undo"})[0]
    assert again.decided_at is None and _judge_after_game(again) is None
    again.close()
