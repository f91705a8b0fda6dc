"""docs/architecture.md names the code as it is (issue 27 item 8): every file, folder and
module it names exists, and every part of the drawing is a package at the top."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
PARTS = ("engine", "words", "bus", "device", "firmware_sim", "scoreboard", "report", "hub",
         "ratings", "mafiakit")
# a path of the repository in backquotes or plain text: `device/table/core.py`, hub/pages.py
ALT = "|".join(PARTS)
PATH = re.compile(rf"\b((?:{ALT}|tests|web|deploy|docs)/[\w./-]*\w)")
# a dotted module in backquotes: `engine.classic.protocol.Result` (the module part is checked)
DOTTED = re.compile(rf"`((?:{ALT})(?:\.\w+)+)")
GONE = {"device/tablegame.py"}  # named as what went (issue 27)


def test_every_path_the_page_names_exists() -> None:
    named = sorted(set(PATH.findall(DOC)))
    assert len(named) > 40, named  # the page names the code it describes
    missing = [p for p in named if not (ROOT / p).exists() and p not in GONE]
    assert all(not (ROOT / p).exists() for p in GONE)
    assert missing == [], f"docs/architecture.md names what is not there: {missing}"


def test_every_dotted_module_the_page_names_imports() -> None:
    missing = []
    for dotted in sorted(set(DOTTED.findall(DOC)) - {"ratings.py"}):  # a file, not a module
        parts = dotted.split(".")
        # the longest prefix that is a module; the rest are names inside it
        found = any(importlib.util.find_spec(".".join(parts[:n])) is not None
                    for n in range(len(parts), 0, -1)
                    if (ROOT / Path(*parts[:n])).with_suffix(".py").exists()
                    or (ROOT / Path(*parts[:n]) / "__init__.py").exists())
        if not found:
            missing.append(dotted)
    assert missing == [], f"docs/architecture.md names modules that are not there: {missing}"


def test_the_drawing_shows_every_part() -> None:
    drawing = DOC[DOC.index("## The parts, drawn"):DOC.index("## The path of a key press")]
    for part in ("engine/", "words/", "bus/", "device/hardware/", "device/table/",
                 "scoreboard/", "hub/", "report/", "ratings/", "mafiakit/", "web/"):
        assert part in drawing, part
