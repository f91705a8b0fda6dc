"""`mafiakit words --js [--check]`: the pages' copy of the word catalogue (words/js.py), or
one word in both languages (`mafiakit words left.kill`)."""

from __future__ import annotations

import argparse
import sys


def command(args: argparse.Namespace) -> int:
    from words import LANGS, TEXTS
    from words.js import WORDS_JS, catalogue_js, write

    if args.js:
        if args.check:
            same = WORDS_JS.exists() and WORDS_JS.read_text(encoding="utf-8") == catalogue_js()
            if not same:
                print(f"{WORDS_JS} is not what words/ says: run `mafiakit words --js`",
                      file=sys.stderr)
            return 0 if same else 1
        changed = write()
        print(f"{WORDS_JS}: {'written' if changed else 'already up to date'}")
        return 0
    for key in args.keys:
        pair = TEXTS.get(key)
        if pair is None:
            print(f"no word has the key {key!r}", file=sys.stderr)
            return 1
        for lang, text in zip(LANGS, pair, strict=True):
            print(f"{key} [{lang}] {text}")
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("words", help="the word catalogue: write the pages' copy, or show a word",
                       description="The kit's one word catalogue (words/, docs/architecture.md "
                       "\"One word catalogue\"): --js writes web/common/words.js, the pages' "
                       "copy, from it; KEY shows a word in Russian and English.")
    p.add_argument("keys", nargs="*", metavar="KEY", help="a word's key, e.g. left.kill")
    p.add_argument("--js", action="store_true",
                   help="write web/common/words.js from the catalogue")
    p.add_argument("--check", action="store_true",
                   help="with --js: write nothing, exit 1 if the file differs")
    p.set_defaults(run="mafiakit.words:command")
