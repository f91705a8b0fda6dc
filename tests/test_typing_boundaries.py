"""`Any` only where a JSON boundary needs it (issue 8): engine/, bus/ and scoreboard/ say what
their values are (TypedDicts, the typed models, engine.log's JsonObject / JsonValue), so mypy
checks what a judge relies on. A module that really takes arbitrary JSON goes on the allow-list
below with its reason; every other use of `Any` there fails this test.

Counted from the syntax tree, not the text: `Any` as a name (`from typing import Any`, `Any`),
as an attribute (`typing.Any`), and inside string annotations; a docstring saying "any" is not.
"""

from __future__ import annotations

import ast
import shutil
from collections.abc import Iterator, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PARTS = ("engine", "bus", "scoreboard")

ALLOWED: dict[str, str] = {
    # path: why this module needs `Any`. Keep it short; each entry is a JSON boundary.
}


def _annotations(tree: ast.AST) -> Iterator[ast.expr]:
    for node in ast.walk(tree):
        if isinstance(node, ast.arg | ast.AnnAssign) and node.annotation is not None:
            yield node.annotation
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.returns:
            yield node.returns


def any_uses(source: str) -> int:
    """How many times `source` names `typing.Any` (imports, annotations, aliases, casts)."""
    tree = ast.parse(source)
    count = 0
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            count += sum(alias.name == "Any" for alias in node.names)
        else:
            count += (isinstance(node, ast.Name) and node.id == "Any") or (
                isinstance(node, ast.Attribute) and node.attr == "Any")
    for annotation in _annotations(tree):  # "dict[str, Any]" written as a string
        for text in ast.walk(annotation):
            if isinstance(text, ast.Constant) and isinstance(text.value, str):
                try:
                    count += any_uses(text.value)
                except SyntaxError:
                    continue  # not an annotation after all (a Literal's string)
    return count


def offenders(root: Path) -> dict[str, int]:
    """Files of engine/, bus/, scoreboard/ under `root` using `Any` without an allowance."""
    found = {}
    for part in PARTS:
        for path in sorted((root / part).rglob("*.py")):
            name = path.relative_to(root).as_posix()
            uses = any_uses(path.read_text(encoding="utf-8"))
            if uses and name not in ALLOWED:
                found[name] = uses
    return found


def test_any_only_in_the_json_boundary_modules() -> None:
    assert offenders(ROOT) == {}, "type these values, or allow the module with its reason"


def needless(root: Path, allowed: Mapping[str, str]) -> list[str]:
    """Allowances whose module no longer uses `Any` (or is gone)."""
    return [name for name in allowed if not (root / name).is_file()
            or not any_uses((root / name).read_text(encoding="utf-8"))]


def test_every_allowance_is_still_needed() -> None:
    """An allowance outlives its reason silently: drop it once the module is typed."""
    assert needless(ROOT, ALLOWED) == []
    assert needless(ROOT, {"engine/log.py": "typed", "bus/gone.py": "removed"}) == [
        "engine/log.py", "bus/gone.py"]


def test_a_planted_any_is_found_in_each_part(tmp_path: Path) -> None:
    for part in PARTS:
        shutil.copytree(ROOT / part, tmp_path / part,
                        ignore=shutil.ignore_patterns("__pycache__"))
    planted = {
        "engine/planted_import.py": "from typing import Any\n\nx: Any = 1\n",
        "bus/planted_attribute.py": "import typing\n\n\ndef f(v: typing.Any) -> None: ...\n",
        "scoreboard/planted_string.py": "def f(v: 'dict[str, Any]') -> None: ...\n",
    }
    for name, text in planted.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert offenders(tmp_path) == {**offenders(ROOT), "engine/planted_import.py": 2,
                                   "bus/planted_attribute.py": 1,
                                   "scoreboard/planted_string.py": 1}


def test_words_are_not_types() -> None:
    assert any_uses('"""Any seat may speak."""\n# Any foul counts\nANY = "Any"\n') == 0
    assert any_uses("from typing import Literal\n\nx: Literal['a b'] = 'a b'\n") == 0
