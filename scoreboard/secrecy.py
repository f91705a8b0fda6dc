"""A structural check that a frame gives away no secret before the game is decided.

The model already filters what a screen may know; this is the second lock. It walks every text
of a frame and reports role words (in both languages, any inflection) and filled role or judge
fields while the frame, or the wall card, is not over. Tests run it on every sample, and the
service refuses to show a public frame that fails it.

Nicknames and table ids are not scanned: players and organisers choose them, and a player
called "Don" gives nothing away; nor is a frame's `link` text (the broker's address and the
tournament's and table's ids in the kit's fixed words: "red-cup" would read as a role word).
"""

from __future__ import annotations

import re
from dataclasses import fields, is_dataclass
from functools import cache
from typing import Final

ROLE_WORDS: Final = re.compile(
    r"\b("
    r"шериф\w*|дон|дона|дону|доном|доне|мафи\w*|ч[её]рн\w*|мирн\w*|красн\w*|"
    r"sheriffs?|dons?|mafi\w*|black\w*|citizens?|red|"
    r"маньяк\w*|доктор\w*|комиссар\w*|камикадзе|сап[её]р\w*|путан\w*|"  # the club (004 §1)
    r"maniacs?|doctors?|commissars?|kamikazes?|sappers?|putanas?"
    r")\b",
    re.IGNORECASE,
)
SECRET_FIELDS: Final = frozenset({"role", "role_text", "judge", "points"})  # points: 004 §8
NOT_SCANNED: Final = frozenset({"nickname", "table", "link"})  # link: the kit's words about
# its broker, with the operator's ids (scoreboard/link.py); no game data goes into it


def secrets_found(frame: object) -> list[str]:
    """Every secret the frame shows too early, each as "where: what"; [] when clean.

    A clean frame (every frame, unless a bug upstream) is settled by a quick pass that
    builds no paths; only a frame that fails it is walked again to say where.
    """
    if not _suspect(frame, False):
        return []
    found: list[str] = []
    _walk(frame, False, type(frame).__name__, found)
    return found


def secret_free(frame: object) -> bool:
    """True when the frame may be shown on a screen the players can see."""
    return not secrets_found(frame)


@cache
def _scanned(cls: type) -> tuple[str, ...]:
    """The fields of a dataclass that are scanned, in order."""
    return tuple(field.name for field in fields(cls) if field.name not in NOT_SCANNED)


def _suspect(value: object, over: bool) -> bool:
    """The same rules as `_walk`, without the report: True at the first secret."""
    if isinstance(value, str):
        return not over and ROLE_WORDS.search(value) is not None
    if isinstance(value, tuple | list):
        return any(_suspect(item, over) for item in value)
    if is_dataclass(value) and not isinstance(value, type):
        over = bool(getattr(value, "over", over))
        for name in _scanned(type(value)):
            item = getattr(value, name)
            if item and ((not over and name in SECRET_FIELDS) or _suspect(item, over)):
                return True
    return False


def _walk(value: object, over: bool, where: str, found: list[str]) -> None:
    if is_dataclass(value) and not isinstance(value, type):
        over = bool(getattr(value, "over", over))
        for field in fields(value):
            if field.name in NOT_SCANNED:
                continue
            item = getattr(value, field.name)
            path = f"{where}.{field.name}"
            if not over and field.name in SECRET_FIELDS and item:
                found.append(f"{path}: filled before the game is decided")
                continue
            _walk(item, over, path, found)
    elif isinstance(value, str):
        if not over:
            words = ROLE_WORDS.finditer(value)
            found.extend(f"{where}: {m.group(0)!r} in {value!r}" for m in words)
    elif isinstance(value, tuple | list):
        for index, item in enumerate(value):
            _walk(item, over, f"{where}[{index}]", found)
