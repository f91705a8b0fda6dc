"""The console judge in Russian (`mafiakit table --stdin --lang ru`): its help, its start-up
note and its answers to malformed lines speak Russian too, not only the rules' refusals
(issue 11). Through the real entry point, in its own process."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from device.table.console_help import CLASSIC
from engine.classic.log import ACTION_FIELDS
from engine.club.log import FIELDS as CLUB_FIELDS

CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
TYPED = [
    "help",
    '{"action": "day"',  # cut short
    "roles don 3",  # not JSON at all
    "[1, 2]",
    '{"command": "nope"}',
    '{"action": "day", "oops": 1}',
    '{"action": "dya"}',
    '{"action": "nominate"}',
    '{"action": "nominate", "seat": 11, "by": 1}',
]

# what may stay as it is in a Russian answer: a format's name, a key's, and the game-log words
# the judge typed or must type (every action's and field's name as the engine reads them, the
# values a field takes, a ruleset's id, a clause's roman number)
ECHOED = {"JSON", "Ctrl", "oops", *ACTION_FIELDS, *CLUB_FIELDS,
          *(f for fields in (*ACTION_FIELDS.values(), *CLUB_FIELDS.values())
            for group in fields for f in group),
          "removal", "team_loss", "voting", "black", "cml", "III"}


def console(tmp_path: Path, lang: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mafiakit.cli", "table", "--no-broker",
                           "--journal", str(tmp_path / "t.sqlite"), "--stdin", "--lang", lang],
                          input="\n".join(TYPED) + "\n", capture_output=True, text=True,
                          check=False, timeout=120)


def english_words(text: str) -> list[str]:
    """English words a Russian reader would meet: JSON examples, `quoted` words, the
    answers' machine prefixes and file names aside."""
    text = re.sub(r"\{[^{}]*(\{[^{}]*\}[^{}]*)*\}|`[^`]*`|\"[^\"]*\"|\S+\.(md|jsonl)\b", " ",
                  text)
    text = re.sub(r"^(ready|ok|error:|table:)", " ", text, flags=re.MULTILINE)
    return [word for word in re.findall(r"\b[A-Za-z]{3,}\b", text) if word not in ECHOED]


def test_in_russian_every_answer_and_the_help_are_russian(tmp_path: Path) -> None:
    done = console(tmp_path, "ru")
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert out[0].startswith("ready ")
    assert english_words(done.stdout) == [], done.stdout
    assert english_words(done.stderr) == [], done.stderr
    answers = [line for line in out if line.startswith("error: ")]
    assert len(answers) == len(TYPED) - 1  # one answer a line, help aside
    assert all(CYRILLIC.search(line) for line in answers), answers
    assert "error: строка не в формате JSON; примеры строк: введите `help`" in out
    assert 'error: неизвестная команда "nope": консоль принимает "roster" и "new_game"; ' \
        "примеры строк: введите `help`" in out
    assert "error: day: неизвестное поле oops" in out
    assert "error: nominate: не хватает поля seat" in out
    assert "error: nominate: в поле 'seat' - номер места 1-10, а не 11" in out
    assert CYRILLIC.search(done.stderr)  # the start-up note


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_help_lists_the_same_lines_in_both_languages(tmp_path: Path, lang: str) -> None:
    out = console(tmp_path, lang).stdout.split("\nerror: ")[0]  # the help, before the answers
    examples = re.findall(r"\{\"(?:action|command)\": \"(\w+)\"", out)
    assert examples == [*CLASSIC, "roster", "new_game", "new_game", "new_game"]
    assert set(CLASSIC) == set(ACTION_FIELDS)  # every action the engine reads (issue 25)


def test_in_english_nothing_russian(tmp_path: Path) -> None:
    done = console(tmp_path, "en")
    assert not CYRILLIC.search(done.stdout + done.stderr), done.stdout
    assert "error: the line is not JSON; type `help` for examples" in done.stdout.splitlines()
