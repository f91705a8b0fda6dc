"""Every refusal the engine can give, by key, in Russian and English.

A refusal travels as a key and parameters (`Phrase`): the command line prints the English
text, the judge's screen and the console print the text in their own language. A parameter
may itself be a phrase (a word such as "the don's check", or a list of reasons), so no
English word leaks into a Russian sentence. Pure data: no I/O. The keys are in
`engine.refusal_keys`, the texts in `engine.refusal_texts` (loaded by the first refusal
rendered, so a replay without one never reads them: issue 8), the club game's texts in
`engine.club.refusals`; the wire form
(`RefusalView`, a pydantic model) in `engine.refusal_view`, imported only when a refusal is
published or read, so replaying a log never loads pydantic.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Final, Literal, Union

from engine.club.refusals import (
    CLUB_ACT_WORDS,
    CLUB_ROLE_WORDS,
    CLUB_SIDE_WORDS,
    CLUB_STEP_WORDS,
)
from engine.refusal_keys import R, Refusal
from engine.values import Value

if TYPE_CHECKING:
    from engine.refusal_view import RefusalView

__all__ = [
    "CLUB_ACT_WORDS", "CLUB_ROLE_WORDS", "CLUB_SIDE_WORDS", "CLUB_STEP_WORDS", "LANGS",
    "VALUE_WORDS", "Lang", "Param", "Phrase", "R", "Refusal", "phrase",
    "placeholders", "word",
]

Lang = Literal["ru", "en"]
LANGS: Final[tuple[Lang, ...]] = ("ru", "en")

# Words for values of the engine's vocabulary that appear inside refusals.
VALUE_WORDS: Final[dict[str, Refusal]] = {
    "red": R.W_RED, "black": R.W_BLACK, "fouls": R.W_FOULS, "disqualified": R.W_DISQUALIFIED,
    "farewell": R.W_FAREWELL, "regular": R.W_REGULAR, "speech": R.W_SPEECH,
    "short_speech": R.W_SHORT_SPEECH, "muted_turn": R.W_MUTED_TURN,
    "tie_speech": R.W_TIE_SPEECH, "majority_speech": R.W_MAJORITY_SPEECH,
}


Param = Union[int, str, "Phrase", tuple["Phrase", ...]]


class Phrase(Value):
    """A refusal (or a word) by key, with its parameters; rendered per language."""

    key: Refusal
    params: Mapping[str, Param] = {}  # one shared empty dict, read-only by its type

    def text(self, lang: Lang = "en") -> str:
        from engine.refusal_texts import TEXTS  # the first refusal rendered loads them

        template = TEXTS[self.key][LANGS.index(lang)]
        return template.format(**{k: _param_text(v, lang) for k, v in self.params.items()})

    def wire(self) -> RefusalView:
        """The form the table publishes to the judge's screen."""
        from engine.refusal_view import RefusalView

        return RefusalView(key=self.key.value,
                           params={k: _param_wire(v) for k, v in self.params.items()})


def phrase(key: Refusal, **params: Param) -> Phrase:
    return Phrase(key, params)


def word(value: str) -> Param:
    """A vocabulary value as a word of the sentence (its own text if it has no word)."""
    key = VALUE_WORDS.get(value)
    return value if key is None else Phrase(key)


def _param_text(value: Param, lang: Lang) -> str:
    if isinstance(value, Phrase):
        return value.text(lang)
    if isinstance(value, tuple):
        return "; ".join(p.text(lang) for p in value)
    return str(value)


def _param_wire(value: Param) -> int | str | RefusalView | list[RefusalView]:
    if isinstance(value, Phrase):
        return value.wire()
    if isinstance(value, tuple):
        return [p.wire() for p in value]
    return value


def placeholders(template: str) -> set[str]:
    """The {names} a template fills (for the catalogue's own test)."""
    import string

    return {name for _, name, _, _ in string.Formatter().parse(template) if name}

