"""Errors the engine raises. Each message is written for the judge at the table."""

from __future__ import annotations

from engine.refusals import Lang, Param, Phrase, Refusal


class IllegalAction(ValueError):
    """The action is not allowed now; the game is unchanged.

    Carries a refusal key and its parameters (engine/refusals.py), so the judge's screen and
    console say it in their language; `str()` is the English text, e.g. "seat 5 is already
    nominated today".
    """

    def __init__(self, key: Refusal, /, **params: Param) -> None:
        # Only a key: every refusal, the club game's included, is in the catalogue
        # (tests/engine/test_refusals.py refuses a text given instead of a key).
        self.phrase = Phrase(key, params)
        super().__init__(self.phrase.text("en"))

    def text(self, lang: Lang) -> str:
        return self.phrase.text(lang)


class LogError(ValueError):
    """A game-log line is malformed (not JSON, wrong fields, wrong types).

    Like IllegalAction it may carry a refusal key, so the console answers in its own language
    (issue 11); a text instead of a key (no `phrase`) is printed as it is, in English."""

    def __init__(self, key: Refusal | str, /, **params: Param) -> None:
        self.phrase = Phrase(key, params) if isinstance(key, Refusal) else None
        super().__init__(key if self.phrase is None else self.phrase.text("en"))

    def text(self, lang: Lang) -> str:
        return str(self) if self.phrase is None else self.phrase.text(lang)
