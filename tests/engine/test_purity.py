"""The engine stays pure: no hardware, display, network, database, clock or threads."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "mafiakit" / "engine"
FORBIDDEN = {"gpiozero", "pygame", "paho", "sqlite3", "socket", "threading", "time",
             "datetime", "asyncio", "subprocess", "mafiakit.bus", "mafiakit.device",
             "mafiakit.scoreboard", "mafiakit.firmware_sim"}


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("path", sorted(ENGINE.glob("*.py")), ids=lambda p: p.name)
def test_engine_module_imports_nothing_impure(path: Path) -> None:
    bad = {name for name in imported(path)
           if any(name == f or name.startswith(f + ".") for f in FORBIDDEN)}
    assert not bad, f"{path.name} imports {sorted(bad)}"


def test_the_check_sees_a_forbidden_import(tmp_path: Path) -> None:
    sample = tmp_path / "x.py"
    sample.write_text("import time\nfrom paho.mqtt import client\n", encoding="utf-8")
    assert imported(sample) == {"time", "paho.mqtt"}
