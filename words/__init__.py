"""One word catalogue for the whole kit: every word a screen, a page, the paper protocol, the
console or the hub shows, in Russian and English, keyed by the game's vocabulary and by label.

Plain data in a few modules, one per audience (the game's vocabulary, the screens, the club's
screens, the pages, the head judge, the paper, the console, the pad), merged here into one
`TEXTS`; the engine's refusals (engine/refusal_texts.py, which the engine renders itself and
so must keep) are part of it by import under `refusal.`. The pages read the same catalogue
from web/common/words.js, which `mafiakit words --js` writes from it (words/js.py).
A key is a dotted name: the namespace of an enum and its member's value for the vocabulary
(`left.kill`, `role.don`: `word(lang, Cause.KILL)`), a label's own name otherwise
(`banner.vote`, `head.title`). A template's {placeholders} are filled by `t`, so a literal
brace is doubled. tests/words/ checks that every key has both languages and that every key
the code and the pages use, and every vocabulary member, has its words.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Final

from engine.refusal_texts import TEXTS as REFUSAL_TEXTS
from engine.refusals import LANGS, Lang
from words.club import CLUB
from words.console import CONSOLE
from words.head import HEAD
from words.pad import PAD
from words.pages import PAGES
from words.paper import PAPER
from words.screens import SCREENS
from words.vocabulary import NAMESPACES, VOCABULARY

__all__ = ["LANGS", "NAMESPACES", "SECTIONS", "TEXTS", "Lang", "cap", "check_lang", "has",
           "pad_text", "t", "vocab_key", "word"]

REFUSAL: Final = "refusal."  # the engine's refusals, by their key: `refusal.game_over`

# the catalogue's parts, by name (words/js.py writes all but the refusals for the pages)
SECTIONS: Final[dict[str, dict[str, tuple[str, str]]]] = {
    "vocabulary": VOCABULARY, "screens": SCREENS, "club": CLUB, "pages": PAGES, "head": HEAD,
    "paper": PAPER, "console": CONSOLE, "pad": PAD,
    "refusals": {REFUSAL + key: pair for key, pair in REFUSAL_TEXTS.items()},
}


def _merged() -> dict[str, tuple[str, str]]:
    merged: dict[str, tuple[str, str]] = {}
    for name, section in SECTIONS.items():
        twice = merged.keys() & section.keys()
        if twice:
            raise ValueError(f"words/{name}: keys defined twice: {', '.join(sorted(twice))}")
        merged.update(section)
    return merged


# key -> (ru, en)
TEXTS: Final[dict[str, tuple[str, str]]] = _merged()
_INDEX: Final[dict[str, int]] = {lang: i for i, lang in enumerate(LANGS)}


def check_lang(lang: str) -> Lang:
    """`lang` if the kit speaks it, else a ValueError naming the choices."""
    if lang in LANGS:
        return lang
    raise ValueError(f"language {lang!r} is not available; choose one of: {', '.join(LANGS)}")


def t(lang: str, key: str, /, **values: object) -> str:
    """The text for `key` in `lang`, its {placeholders} filled from `values`."""
    index = _INDEX.get(lang)
    if index is None:
        check_lang(lang)
    return TEXTS[key][index or 0].format(**values)


def has(key: str) -> bool:
    """Whether the catalogue has `key` (for a step or a kind that may have no word of its own)."""
    return key in TEXTS


def vocab_key(member: StrEnum) -> str:
    """The key of a vocabulary member's word: `left.kill` for `Cause.KILL`."""
    return f"{NAMESPACES[type(member)]}.{member.value}"


def word(lang: str, member: StrEnum) -> str:
    """A vocabulary member's word in `lang`: "убит" for `Cause.KILL`."""
    return t(lang, vocab_key(member))


def cap(text: str) -> str:
    """`text` with its first letter a capital, the rest as it is ("Прощальная речь")."""
    return text[:1].upper() + text[1:]


# The pad's words in the table's English, longest first, so "MAFIA SHOT" is one phrase, not
# "MAFIA" and "SHOT", and "TEAM LOSS" is replaced before "LOSS" could be.
_PAD_RU: Final[dict[str, str]] = {en: ru for key, (ru, en) in PAD.items()
                                  if key.startswith("pad.")}
_PAD_WORD: Final = re.compile(
    r"\b(" + "|".join(re.escape(w) for w in sorted(_PAD_RU, key=len, reverse=True)) + r")\b")
_SEAT_MARK: Final = re.compile(r"#(\d+)")  # "VOTE #6": the seat being voted on


def pad_text(text: str, lang: str) -> str:
    """The pad's unfinished input (which the table reports in English) in `lang`; a Russian
    screen writes a seat "№6" (`seat_ref`), as everywhere else, not "#6"."""
    if check_lang(lang) == "en":
        return text
    words = _PAD_WORD.sub(lambda m: _PAD_RU[m.group(1)], text)
    return _SEAT_MARK.sub(lambda m: t(lang, "seat_ref", seat=m.group(1)), words)
