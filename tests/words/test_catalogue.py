"""The one word catalogue (words/): every key has its words in Russian and English with the
same placeholders; every member of the game's vocabulary, every refusal key, every key of the
hub's messages, and every key the code and the pages name has its words."""

from __future__ import annotations

import inspect
import re
import string
import typing
from enum import StrEnum
from pathlib import Path
from types import ModuleType

import pytest

import engine.roles
import engine.vocab
from bus.payloads import DecisionRefusal
from engine.classic.scoring.options import TieBreak
from engine.refusal_keys import R
from engine.refusal_texts import TEXTS as REFUSAL_TEXTS
from engine.roles import Role
from engine.viewmodels import ClubCheck
from hub.decisions import DecisionKind, Remedy
from hub.registry import Liveness
from report.render import COLUMNS, HEAD
from words import LANGS, NAMESPACES, SECTIONS, TEXTS, has, t, vocab_key, word

ROOT = Path(__file__).resolve().parents[2]
PARTS = ("engine", "words", "bus", "device", "firmware_sim", "scoreboard", "report", "hub",
         "ratings", "mafiakit")


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def enums_of(module: ModuleType) -> list[type[StrEnum]]:
    return [cls for _, cls in inspect.getmembers(module, inspect.isclass)
            if issubclass(cls, StrEnum) and cls.__module__ == module.__name__]


VOCABULARY = [*enums_of(engine.vocab), *enums_of(engine.roles)]


@pytest.mark.parametrize("key", sorted(TEXTS))
def test_every_key_has_both_languages_with_the_same_placeholders(key: str) -> None:
    ru, en = TEXTS[key]
    assert ru.strip() and en.strip(), key
    assert placeholders(ru) == placeholders(en), key
    for lang in LANGS:  # a template fills with its own names, literal braces doubled
        t(lang, key, **dict.fromkeys(placeholders(TEXTS[key][LANGS.index(lang)]), "X"))


def test_the_vocabulary_is_every_enum_of_the_engines_vocabulary() -> None:
    assert len(VOCABULARY) >= 20  # engine/vocab.py and engine/roles.py, found by looking
    assert set(VOCABULARY) == set(NAMESPACES)


@pytest.mark.parametrize("enum", VOCABULARY, ids=lambda e: e.__name__)
def test_every_vocabulary_member_has_its_words(enum: type[StrEnum]) -> None:
    for member in enum:
        key = vocab_key(member)
        assert key in TEXTS, f"{enum.__name__}.{member.name}: no words under {key}"
        assert [word(lang, member) for lang in LANGS] == list(TEXTS[key])


def test_every_refusal_is_in_the_catalogue_by_import_not_by_copy() -> None:
    keys = [value for name, value in vars(R).items() if name.isupper()]
    assert len(keys) > 300
    for key in keys:
        assert SECTIONS["refusals"][f"refusal.{key}"] is REFUSAL_TEXTS[key], key


@pytest.mark.parametrize(("namespace", "values"), [
    ("reason", list(DecisionRefusal)),  # the hub's refusals of a decision
    ("decision", list(DecisionKind)),
    ("remedy", list(Remedy)),
    ("liveness", list(Liveness)),
    ("tie_break", list(typing.get_args(TieBreak))),
    ("found", list(typing.get_args(ClubCheck.model_fields["found"].annotation))),
    ("role_letter", list(Role)),
    ("paper", [*COLUMNS, *HEAD, "clauses"]),
], ids=lambda v: v if isinstance(v, str) else "")
def test_every_key_of_the_other_vocabularies_has_its_words(namespace: str,
                                                            values: list[str]) -> None:
    assert values
    missing = [v for v in values if f"{namespace}.{v}" not in TEXTS]
    assert not missing, f"{namespace}.*: no words for {missing}"


def test_every_alert_the_hub_raises_has_its_words() -> None:
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "hub").glob("*.py"))
    kinds = set(re.findall(r'\balert\("(\w+)"', source))
    kinds |= set(re.findall(r'"kind": "(\w+)", "table"', source))
    kinds |= set(re.findall(r'\bJudgeAlert\(kind="(\w+)"', source))  # the alerts as models
    assert {"table_offline", "two_tables", "store_failed", "protest"} <= kinds
    assert not [k for k in kinds if f"alert.{k}" not in TEXTS]


# -- every key the code names ------------------------------------------------------------------

_PY_LITERAL = re.compile(r'\b(?:t\(\s*(?:[\w.]+|"\w+"),|has\()\s*"([a-z][\w.]*)"')
_PY_PREFIX = re.compile(r'\b(?:t\(\s*(?:[\w.]+|"\w+"),|has\()\s*f"([a-z][\w.]*?)\.?\{')
_PY_PAPER = re.compile(r'\bpaper\(\s*[\w.]+,\s*"(\w+)"')
_PY_KEY = re.compile(r'\b(?:key|own|step) = f"([a-z][\w.]*?)\.?\{')  # a key made, then looked up


def python_sources() -> list[Path]:
    return [p for part in PARTS for p in (ROOT / part).rglob("*.py")]


def test_every_key_the_python_code_names_has_its_words() -> None:
    named, prefixes = set(), set()
    for path in python_sources():
        text = path.read_text(encoding="utf-8")
        named |= set(_PY_LITERAL.findall(text))
        named |= {f"paper.{k}" for k in _PY_PAPER.findall(text)}
        prefixes |= set(_PY_PREFIX.findall(text)) | set(_PY_KEY.findall(text))
    assert {"seat_ref", "banner.over", "console.reading", "paper.undecided"} <= named
    assert not sorted(k for k in named if not has(k))
    assert {"left", "winner", "role", "alert"} <= prefixes
    assert not sorted(p for p in prefixes if not any(k.startswith(f"{p}.") for k in TEXTS))


_JS_LITERAL = re.compile(r'\bW\(\s*"([^"]+)"')
_JS_PREFIX = re.compile(r'\bW\(\s*`([a-z][\w.]*?)\.?\$\{')
_JS_WORDS = re.compile(r'"((?:standings|head)\.\w+)"')  # keys in the judge's column lists
_HTML_WORD = re.compile(r'data-word="([^"]+)"')


def page_sources() -> list[Path]:
    return [p for p in (ROOT / "web").rglob("*.js")
            if "vendor" not in p.parts and p.name != "words.js"]


def test_every_key_the_pages_name_has_its_words() -> None:
    named, prefixes = set(), set()
    for path in page_sources():
        text = path.read_text(encoding="utf-8")
        named |= set(_JS_LITERAL.findall(text)) | set(_JS_WORDS.findall(text))
        prefixes |= set(_JS_PREFIX.findall(text))
    for path in (ROOT / "web").rglob("*.html"):
        named |= set(_HTML_WORD.findall(path.read_text(encoding="utf-8")))
    assert {"login.title", "head.yes", "page.vote_line", "front.title"} <= named
    assert not sorted(k for k in named if not has(k))
    assert {"left", "winner", "role", "step", "phase", "alert", "reason"} <= prefixes
    assert not sorted(p for p in prefixes if not any(k.startswith(f"{p}.") for k in TEXTS))


def test_no_page_keeps_a_word_table_of_its_own() -> None:
    """The pages' words are the catalogue's: no page script holds Russian text (the front
    page's language picker names each language in itself, in its markup)."""
    cyrillic = re.compile("[\u0400-\u04ff]")
    comment = re.compile(r"/\*.*?\*/|//[^\n]*", re.DOTALL)
    for path in page_sources():
        code = comment.sub("", path.read_text(encoding="utf-8"))
        found = cyrillic.search(code)
        assert not found, f"{path.relative_to(ROOT)}: {code[found.start() - 60:found.end() + 20]}"
