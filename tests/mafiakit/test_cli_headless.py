"""A headless shell (SSH, no desktop session): a windowed command says the kit's own words
and nothing before them (issue 11: SDL printed "XDG_RUNTIME_DIR is invalid" first)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scoreboard.sdl_env import RUNTIME_DIR, private_runtime_dir

NO_SESSION = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", RUNTIME_DIR)


@pytest.mark.parametrize(("args", "first"), [
    (["scoreboard", "--table", "3", "--sample", "vote"], "scoreboard: no screen found"),
    (["sim", "--pad-only"], "sim: no screen found"),
], ids=["scoreboard", "sim"])
def test_without_a_session_the_only_line_is_the_kits_own(
        tmp_path: Path, args: list[str], first: str) -> None:
    env = {k: v for k, v in os.environ.items() if k not in NO_SESSION}
    env["TMPDIR"] = str(tmp_path)  # where the private runtime folder goes, and must leave
    done = subprocess.run([sys.executable, "-m", "mafiakit.cli", *args], env=env,
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode != 0
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(first)
    assert list(tmp_path.iterdir()) == []  # the private folder is gone at exit


def test_a_session_s_runtime_folder_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(RUNTIME_DIR, "/run/user/1000")
    assert private_runtime_dir() is None
    assert os.environ[RUNTIME_DIR] == "/run/user/1000"


def test_an_unset_runtime_folder_becomes_a_private_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(RUNTIME_DIR, raising=False)
    folder = private_runtime_dir()
    assert folder is not None and os.environ[RUNTIME_DIR] == folder
    assert Path(folder).is_dir() and Path(folder).stat().st_mode & 0o777 == 0o700
