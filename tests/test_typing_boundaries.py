"""`Any` only where a JSON boundary needs it (issue 8, extended to every part by issue 27 item
4): each package of the kit says what its values are (TypedDicts, the typed models, dataclasses,
engine.log's JsonObject / engine.jsonvalue's JsonValue, `object` narrowed where it is read), so
mypy checks what a judge relies on. A module that really takes arbitrary JSON goes on the
allow-list below with its reason; every other use of `Any` in any part fails this test.

Counted from the syntax tree, not the text: `Any` as a name (`from typing import Any`, `Any`),
as an attribute (`typing.Any`), and inside string annotations; a docstring saying "any" is not.
"""

from __future__ import annotations

import ast
import shutil
import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# every part of the kit: the packages the import contracts know (a new part is checked too)
PARTS: tuple[str, ...] = tuple(tomllib.loads((ROOT / "pyproject.toml").read_text(
    encoding="utf-8"))["tool"]["importlinter"]["root_packages"])

ALLOWED: dict[str, str] = {
    # path: why this module needs `Any`. Keep it short; each entry is a JSON boundary.
    # (none left: hub/store.py's rows are typed, StoredProtocol and the rest, issue 27 item 4)
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
    """Files of every part under `root` using `Any` without an allowance."""
    found = {}
    for part in PARTS:
        for path in sorted((root / part).rglob("*.py")):
            name = path.relative_to(root).as_posix()
            uses = any_uses(path.read_text(encoding="utf-8"))
            if uses and name not in ALLOWED:
                found[name] = uses
    return found


def test_every_package_of_the_kit_is_checked() -> None:
    """A top-level package the contracts forgot would escape the ban: none may."""
    packages = {path.parent.name for path in ROOT.glob("*/__init__.py")} - {"tests"}
    assert packages <= set(PARTS), sorted(packages - set(PARTS))
    assert {"engine", "device", "hub", "mafiakit", "ratings", "firmware_sim"} <= set(PARTS)


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
    kinds = (("from typing import Any\n\nx: Any = 1\n", 2),
             ("import typing\n\n\ndef f(v: typing.Any) -> None: ...\n", 1),
             ("def f(v: 'dict[str, Any]') -> None: ...\n", 1))
    planted = {}
    for n, part in enumerate(PARTS):  # each part gets one of the three ways to write it
        text, uses = kinds[n % len(kinds)]
        (tmp_path / part / "planted.py").write_text(text, encoding="utf-8")
        planted[f"{part}/planted.py"] = uses
    (tmp_path / "device" / "table" / "planted.py").write_text(kinds[0][0], encoding="utf-8")
    planted["device/table/planted.py"] = kinds[0][1]  # a subpackage is checked as well
    assert offenders(tmp_path) == {**offenders(ROOT), **planted}


def test_words_are_not_types() -> None:
    assert any_uses('"""Any seat may speak."""\n# Any foul counts\nANY = "Any"\n') == 0
    assert any_uses("from typing import Literal\n\nx: Literal['a b'] = 'a b'\n") == 0
