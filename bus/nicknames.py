"""What a nickname may hold: what every screen can draw and nobody can abuse.

A nickname is 1-40 characters of any script (Cyrillic, Latin, Hebrew, Arabic ... as players
write them), single spaces between words, and nothing that is not a letter, mark, digit,
punctuation or symbol: no control characters (a NUL crashed the screen's font code), no
format characters such as the bidi overrides (U+202E makes "Ann" read as another name and
reorders the seats around it), no line or paragraph separators, no unassigned or private
code points, and no pile of combining marks (a "Zalgo" name drawn over its neighbours).
"""

from __future__ import annotations

import unicodedata
from typing import Final

MAX_NAME_LENGTH: Final = 40
MAX_REASON_LENGTH: Final = 500  # a head judge's "why": a paragraph, never a page of its own
MAX_MARKS_IN_A_ROW: Final = 3
# Categories never allowed: controls, formats (bidi, zero-width), surrogates, private use,
# unassigned, line and paragraph separators.
_REFUSED: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def text_problem(text: str, what: str, limit: int) -> str | None:
    """Why `text` cannot be shown on a screen (None: it can). Used for nicknames and for the
    judge's free text (a foul's reason)."""
    if len(text) > limit:
        return f"{what} is {len(text)} characters long; at most {limit}"
    marks = 0
    for char in text:
        category = unicodedata.category(char)
        if category in _REFUSED or (category == "Zs" and char != " "):
            return f"{what} contains the invisible or control character U+{ord(char):04X}"
        marks = marks + 1 if category in ("Mn", "Me") else 0
        if marks > MAX_MARKS_IN_A_ROW:
            return f"{what} piles up more than {MAX_MARKS_IN_A_ROW} accents on one letter"
    return None


def nickname_problem(name: object, what: str = "a nickname") -> str | None:
    """Why `name` is not a nickname (None: it is one)."""
    if not isinstance(name, str):
        return f"{what} must be text"
    if not name.strip():
        return f"{what} is empty"
    if name != name.strip() or "  " in name:
        return f"{what} {name[:MAX_NAME_LENGTH]!r} has spaces at its ends or two in a row"
    return text_problem(name, what, MAX_NAME_LENGTH)


def check_nickname(name: str) -> str:
    """`name` if it is a nickname, else ValueError saying why (a pydantic validator)."""
    problem = nickname_problem(name)
    if problem is not None:
        raise ValueError(problem)
    return name


def check_person(name: str) -> str:
    """`name` if it can stand for the person who decided (a head judge's typed name: the
    rules of a nickname), else ValueError saying why (a pydantic validator)."""
    problem = nickname_problem(name, "the head judge's name")
    if problem is not None:
        raise ValueError(problem)
    return name


def check_reason(text: str) -> str:
    """`text` if it can be the reason a decision is recorded with (one paragraph of at most
    MAX_REASON_LENGTH printable characters, no line breaks), else ValueError saying why."""
    if len(text.strip()) < 3:
        raise ValueError("give the reason in a few words")
    problem = text_problem(text, "the reason", MAX_REASON_LENGTH)
    if problem is not None:
        raise ValueError(problem)
    return text


def printable(text: str) -> str:
    """`text` without what a screen must never draw (for text a screen did not check)."""
    return "".join(c for c in text if unicodedata.category(c) not in _REFUSED)
