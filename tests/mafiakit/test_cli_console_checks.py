"""The console judge's checks of a line and of its commands, in both languages (issue 11):
the roster and new-game checks, the game log's own field checks and what the table admits
(names, game ids, headers, reasons) answer in the table's language under `--lang ru`.
Through the real entry point, one process a language."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

# (typed, the Russian answer, the English answer); `error: ` before and the hint after aside
CHECKS = [
    ('{"command": "roster", "names": ["A"]}',
     'состав - от 3 до 15 ников (в классической игре 10), каждый не длиннее 40 букв',
     'a roster is 3 to 15 nicknames (10 in the classic game) of at most 40 letters'),
    ('{"command": "roster"}',
     'команде roster нужно поле names',
     'the roster command needs names'),
    ('{"command": "roster", "names": ["A", "B", "C"], "x": 1}',
     'команда roster не принимает поле x',
     'the roster command does not take x'),
    ('{"command": "roster", "names": ["A", "B  C", "D"]}',
     "состав: ник №2 'B  C' - пробелы по краям или два подряд",
     "a roster: the nickname of seat 2 'B  C' has spaces at its ends or two in a row"),
    ('{"command": "roster", "names": ["A", "", "D"]}',
     'состав: ник №2 пуст',
     'a roster: the nickname of seat 2 is empty'),
    ('{"command": "roster", "names": ["A", "B", "D"]}',
     'состав: список из 10 ников, первым - место 1',
     'a roster is a list of 10 nicknames, seat 1 first'),
    ('{"command": "new_game", "game_id": "a b", "header": '
     '{"format": "mafia-game-log", "version": 1, "rules": "cml"}}',
     'в номере игры "a b" допустимы только латинские буквы, цифры и - _ . : (от 1 до 64 знаков)',
     'game id "a b" may have only letters, digits and - _ . : (1 to 64 of them)'),
    ('{"command": "new_game", "header": {"format": "x"}}',
     'первая строка - заголовок с "format": "mafia-game-log"',
     'the first line must be the header with "format": "mafia-game-log"'),
    ('{"command": "new_game", "header": {"format": '
     '"mafia-game-log", "version": 1, "rules": "zzz"}}',
     "неизвестные правила 'zzz': выберите одни из cml, fiim, fiim-2015, judge-guide",
     "unknown rules 'zzz': use one of cml, fiim, fiim-2015, judge-guide"),
    ('{"command": "new_game", "header": {"format": '
     '"mafia-game-log", "version": 1, "rules": "cml", "players": ["a"]}}',
     '"players" - список из 10 ников (первым - место 1)',
     '"players" must be a list of 10 nicknames (seat 1 first)'),
    ('{"command": "new_game", "header": 5}',
     'заголовок - объект JSON, например {"format": "mafia-game-log", "version": 1, "rules": "cml"}',
     'the header must be a JSON object such as {"format": '
     '"mafia-game-log", "version": 1, "rules": "cml"}'),
    ('{"command": "new_game", "header": {"format": '
     '"mafia-game-log", "version": 2, "rules": "cml"}}',
     'версия журнала 2 не поддерживается (комплект читает версию 1)',
     'unsupported log version 2 (this kit reads 1)'),
    ('{"action": "votes", "seat": 1}',
     "votes: укажите либо 'count', либо 'voters' (что-то одно)",
     "votes: give either 'count' or 'voters' (exactly one)"),
    ('{"action": "votes", "seat": 1, "count": 11}',
     "votes: в поле 'count' - целое число 0-10, а не 11",
     "votes: 'count' must be a whole number 0-10, not 11"),
    ('{"action": "shoot"}',
     "shoot: укажите либо 'target', либо 'shots' (что-то одно)",
     "shoot: give either 'target' or 'shots' (exactly one)"),
    ('{"action": "shoot", "shots": {}}',
     'shoot: в поле \'shots\' - объект вида {"3": 7, "5": 7, "8": null}',
     'shoot: \'shots\' must be an object like {"3": 7, "5": 7, "8": null}'),
    ('{"action": "shoot", "shots": {"x": 1}}',
     'shoot: "x" в \'shots\' - не номер места 1-10',
     'shoot: "x" in \'shots\' is not a seat number 1-10'),
    ('{"action": "shoot", "shots": {"3": 11}}',
     'shoot: выстрел №3 - номер места 1-10 или null',
     'shoot: the shot of seat 3 must be a seat 1-10 or null'),
    ('{"action": "best_move", "seats": []}',
     "best_move: в поле 'seats' - от одного до трёх мест",
     "best_move: 'seats' must name one to three seats"),
    ('{"action": "foul", "seat": 1, "reason": 5}',
     "foul: в поле 'reason' - текст",
     "foul: 'reason' must be text"),
    ('{"action": "foul", "seat": 1, "kind": "x"}',
     'foul: в поле \'kind\' может быть только "voting" (000 II.1.6)',
     'foul: \'kind\' can only be "voting" (000 II.1.6)'),
    ('{"action": "disqualify", "seat": 1, "kind": "x"}',
     'disqualify: в поле \'kind\' - "removal" или "team_loss"',
     'disqualify: \'kind\' must be "removal" or "team_loss"'),
    ('{"action": "roles", "don": 1, "mafia": [2], "sheriff": 3}',
     "roles: в поле 'mafia' - ровно два места",
     "roles: 'mafia' must list exactly two seats"),
    ('{"action": "day", "t": 5}',
     "day: в поле 't' - время ISO 8601, например 2026-11-30T19:05:00+00:00",
     "day: 't' must be an ISO 8601 time such as 2026-11-30T19:05:00+00:00"),
    ('{"action": "foul", "seat": 1, "reason": "a\\u202eb"}',
     'foul: причина фола - невидимый или управляющий символ U+202E',
     'foul: the reason contains the invisible or control character U+202E'),
    ('{"action": "day", "x": {"y": {}}}',
     'действие: слишком много вложенных скобок (не больше 2 уровней)',
     'the action is nested too deeply (at most 2 levels)'),
]


def answers(tmp_path: Path, lang: str) -> list[str]:
    done = subprocess.run([sys.executable, "-m", "mafiakit.cli", "table", "--no-broker",
                           "--journal", str(tmp_path / "t.sqlite"), "--stdin", "--lang", lang],
                          input="".join(typed + "\n" for typed, _, _ in CHECKS),
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert out[0].startswith("ready ")
    assert all(line.startswith("error: ") for line in out[1:]), out
    hint = {"ru": "; примеры строк: введите `help`", "en": "; type `help` for examples"}[lang]
    return [line.removeprefix("error: ").removesuffix(hint) for line in out[1:]]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_each_check_answers_in_the_tables_language(tmp_path: Path, lang: str) -> None:
    said = answers(tmp_path, lang)
    expected = [ru if lang == "ru" else en for _, ru, en in CHECKS]
    assert said == expected
