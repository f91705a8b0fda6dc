"""web/common/words.js: the catalogue as the pages read it, written from words/ by
`mafiakit words --js` and committed (tests/words/test_js.py fails when the two differ).

Every section but the engine's refusals, which no page renders (the hub sends a refusal's
words in both languages). A template keeps its {placeholders}; a doubled brace becomes one, as
Python's `format` would make it, so `Live.words` fills the same templates as `words.t`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final

from words import LANGS, SECTIONS

WORDS_JS: Final = Path(__file__).resolve().parents[1] / "web" / "common" / "words.js"

_HEAD: Final = """\
// The kit's word catalogue for the pages: written by `mafiakit words --js` from words/
// (Python), never by hand; tests/words/test_js.py checks it equals what the command writes.
// Read through Live.words(lang) (common/live.js), which warns of a missing word.
"use strict";

const WordCatalogue = """


def _js_text(template: str) -> str:
    return template.replace("{{", "{").replace("}}", "}")


def catalogue_js() -> str:
    """The text of web/common/words.js."""
    books: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
    for name, section in SECTIONS.items():
        if name == "refusals":
            continue
        for key, pair in sorted(section.items()):
            for lang, text in zip(LANGS, pair, strict=True):
                books[lang][key] = _js_text(text)
    body = json.dumps({lang: dict(sorted(book.items())) for lang, book in books.items()},
                      ensure_ascii=False, indent=1)
    return f"{_HEAD}{body};\n"


def write(path: Path = WORDS_JS) -> bool:
    """Write the pages' catalogue; True if the file changed."""
    text = catalogue_js()
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.write_text(text, encoding="utf-8")
    return True
