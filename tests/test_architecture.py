"""The dependency rules between the parts (docs/architecture.md), as import-linter checks them.

`make test` runs `lint-imports` on the tree; these tests prove the contract is there and bites:
a copy of the tree with a forbidden import planted in each part must break that part's rule.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PARTS = ("engine", "words", "bus", "device", "firmware_sim", "scoreboard", "report", "hub",
         "ratings", "mafiakit")
CONTRACTS = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
    "contracts"]
LINT = Path(sys.executable).with_name("lint-imports")


def lint(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(LINT), "--no-cache", "--no-logo"], cwd=root, text=True,
                          capture_output=True, check=False, env={"PYTHONPATH": str(root)})


@cache
def planted_report(tmp: Path) -> str:
    """lint-imports on a copy of the tree where every part imports every module it must not."""
    for part in PARTS:
        shutil.copytree(ROOT / part, tmp / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp / "pyproject.toml")
    for contract in CONTRACTS:
        for source in contract["source_modules"]:
            lines = "".join(f"import {name}\n" for name in contract["forbidden_modules"])
            where = tmp.joinpath(*source.split("."))
            if where.is_dir():  # a package: a module of its own
                (where / "planted_violation.py").write_text(lines)
            else:  # one module (`device.table.bridge`): the import goes into it
                with where.with_suffix(".py").open("a") as module:
                    module.write(lines)
    done = lint(tmp)
    assert done.returncode == 1, done.stdout + done.stderr
    return done.stdout


def test_the_tree_keeps_every_contract() -> None:
    done = lint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"Contracts: {len(CONTRACTS)} kept, 0 broken." in done.stdout


@pytest.mark.parametrize("contract", CONTRACTS, ids=[c["source_modules"][0] for c in CONTRACTS])
def test_a_forbidden_import_breaks_the_rule(contract: dict[str, object],
                                            tmp_path_factory: pytest.TempPathFactory) -> None:
    report = planted_report(tmp_path_factory.getbasetemp() / "planted")
    assert f"{contract['name']} BROKEN" in " ".join(report.split())


def test_the_engine_may_not_touch_io_clock_threads_or_another_part() -> None:
    engine = next(c for c in CONTRACTS if c["source_modules"] == ["engine"])
    must = {"bus", "device", "firmware_sim", "scoreboard", "mafiakit", "paho", "pygame",
            "gpiozero", "sqlite3", "socket", "threading", "time", "datetime", "subprocess"}
    assert must <= set(engine["forbidden_modules"])
