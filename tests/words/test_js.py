"""web/common/words.js is the catalogue (words/) as `mafiakit words --js` writes it: the
committed file is exactly what the command writes, so a word changed in Python and not
regenerated fails here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mafiakit.cli import main
from words import LANGS, TEXTS
from words.js import WORDS_JS, catalogue_js, write


def test_the_committed_pages_catalogue_is_what_the_generator_writes() -> None:
    assert WORDS_JS.read_text(encoding="utf-8") == catalogue_js(), (
        "web/common/words.js is stale: run `mafiakit words --js`")


def test_the_pages_catalogue_holds_every_word_but_the_engines_refusals() -> None:
    text = catalogue_js()
    books = json.loads(text[text.index("{"):text.rindex(";")])
    assert set(books) == set(LANGS)
    pages = {key for key in TEXTS if not key.startswith("refusal.")}
    for lang in LANGS:
        assert set(books[lang]) == pages
    assert books["ru"]["left.kill"] == "убит" and books["en"]["winner.red"] == "Red team wins"
    # a doubled brace is one in the pages, as Python's format makes it
    assert '{"command": "roster"' in books["en"]["help.tail"]


def test_the_command_checks_and_writes_the_file(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["words", "--js", "--check"]) == 0
    stale = tmp_path / "words.js"
    stale.write_text("// old\n", encoding="utf-8")
    assert write(stale) is True and stale.read_text(encoding="utf-8") == catalogue_js()
    assert write(stale) is False
    assert main(["words", "left.kill"]) == 0
    assert capsys.readouterr().out.splitlines()[-2:] == ["left.kill [ru] убит",
                                                         "left.kill [en] killed"]
    assert main(["words", "no.such_key"]) == 1
