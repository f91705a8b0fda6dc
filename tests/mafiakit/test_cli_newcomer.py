"""README commands a newcomer mistypes (issue 11): a wrong path is named with what to do next,
with no traceback and nothing written. Through the real entry point, in its own process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def mafiakit(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mafiakit.cli", *args], capture_output=True,
                          text=True, check=False, timeout=120, cwd=cwd)


def test_hub_seat_with_a_missing_players_file_names_it(tmp_path: Path) -> None:
    done = mafiakit("hub", "seat", "--players", "p.txt", "--tables", "3", "--rounds", "10",
                    cwd=tmp_path)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("hub seat: cannot read the players' file p.txt")
    assert "one nickname a line" in done.stderr
    assert list(tmp_path.iterdir()) == []  # no seating.csv


def test_the_hub_without_its_config_says_where_an_example_is(tmp_path: Path) -> None:
    for args in (["hub"], ["hub", "round", "1"], ["hub", "export"]):
        done = mafiakit(*args, cwd=tmp_path)
        assert done.returncode == 2, args
        assert "hub.toml does not exist" in done.stderr
        assert "docs/hub.md" in done.stderr and "--config FILE" in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_reading_a_journal_that_is_not_there_says_so_and_makes_none(tmp_path: Path) -> None:
    for args in (["--archive"], ["--export", "current"]):
        done = mafiakit("table", "--journal", "typo.sqlite", *args, cwd=tmp_path)
        assert done.returncode == 2, args
        assert done.stderr.startswith("table: no journal at typo.sqlite"), done.stderr
        assert done.stdout == ""
    assert list(tmp_path.iterdir()) == []  # before: an empty journal, and `[]` printed


def _doc_block(doc: str, title: str) -> list[str]:
    """The indented command lines of the section `title` of docs/`doc` (up to its next
    section)."""
    text = (Path(__file__).resolve().parents[2] / "docs" / doc).read_text(encoding="utf-8")
    section = text.split(f"# {title}\n", 1)[1].split("\n## ", 1)[0]
    return [line.strip() for line in section.splitlines()
            if line.startswith(("    mafiakit", "    SDL_"))]


def test_the_table_setup_puts_the_screen_beside_the_simulator() -> None:
    """Issue 11: both windows open in the middle of the desktop, so the screen covered the
    simulator whole; the commands of docs/table.md (once the README's "Running a table")
    place them side by side on a 1920x1080 desktop."""
    from firmware_sim.window import SIZE

    boxes = []
    for line in _doc_block("table.md", "Running a table"):
        words = line.split()
        at = next((w.split("=", 1)[1] for w in words if w.startswith("SDL_VIDEO_WINDOW_POS=")),
                  None)
        if "sim" in words:
            size = SIZE
        elif "scoreboard" in words:
            w, h = words[words.index("--window") + 1].split("x")
            size = (int(w), int(h))
        else:
            continue
        assert at is not None, f"{line}: opens in the middle of the desktop"
        x, y = (int(v) for v in at.split(","))
        boxes.append((x, y, x + size[0], y + size[1]))
    assert len(boxes) == 2
    (a, b) = boxes
    assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], boxes
    assert all(box[2] <= 1920 and box[3] <= 1080 for box in boxes)
