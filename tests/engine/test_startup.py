"""The engine's startup path (docs/architecture.md, "The engine starts without pydantic"):
`import engine` loads nothing until a name is used, and every documented name is there."""

from __future__ import annotations

import subprocess
import sys
from importlib import import_module
from pathlib import Path

import engine

ENGINE_MODULES = "print(sorted(m for m in sys.modules if m.split('.')[0] == 'engine'))"


def test_import_engine_loads_no_part_of_it() -> None:
    done = subprocess.run([sys.executable, "-c", f"import sys, engine; {ENGINE_MODULES}"],
                          capture_output=True, text=True, check=True, timeout=120)
    assert done.stdout.strip() == "['engine']"


def test_importing_a_variant_package_loads_none_of_its_game() -> None:
    """engine.classic and engine.club name their public classes lazily too: the refusal
    catalogue reads the club's texts (engine.club.refusals) without loading the club game."""
    for package in ("engine.classic", "engine.club"):
        done = subprocess.run([sys.executable, "-c", f"import sys, {package}; {ENGINE_MODULES}"],
                              capture_output=True, text=True, check=True, timeout=120)
        assert done.stdout.strip() == str(["engine", package]), package


def test_every_documented_name_is_the_one_of_its_module() -> None:
    """The root's names are what every variant shares; the classic game's own public names
    are `engine.classic`'s (issue 27 item 1: the classic engine in its own subpackage)."""
    import engine.classic

    for package, modules in (
            (engine, (("engine.actions", ("Action", "Day", "Votes", "Withdraw")),
                      ("engine.errors", ("IllegalAction", "LogError")),
                      ("engine.roles", ("Role", "Team")),
                      ("engine.vocab", ("Termination", "Winner")))),
            (engine.classic, (("engine.classic.game", ("Game", "Outcome")),
                              ("engine.classic.ruleset",
                               ("Ruleset", "RulesetError", "load_ruleset"))))):
        for module, names in modules:
            for name in names:
                assert getattr(package, name) is getattr(import_module(module), name), name
        for name in package.__all__:
            assert getattr(package, name) is not None, name
        assert set(package.__all__) <= set(dir(package))
    assert not hasattr(engine, "Game"), "the classic game is engine.classic.Game"


def test_an_unknown_name_is_an_attribute_error() -> None:
    try:
        engine.Nominee  # noqa: B018
    except AttributeError as exc:
        assert "module 'engine' has no attribute 'Nominee'" in str(exc)
    else:
        raise AssertionError("engine.Nominee was found")


def test_replaying_and_every_builtin_ruleset_load_no_pydantic() -> None:
    code = ("import sys\n"
            "from engine.classic.ruleset import BUILTIN, load_ruleset\n"
            "from engine.replay import replay_game; from engine.classic.replay import replay\n"
            "from engine.classic.protocol import result\n"
            "from engine.club.result import result as club_result\n"
            "from engine.errors import IllegalAction\n"
            "from engine.refusals import R\n"
            "rules = [load_ruleset(r) for r in BUILTIN]\n"
            "text = IllegalAction(R.CLUB_NOT_NOW, what='x', step='y').text('ru')\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('pydantic', 'pydantic_core', 'annotated_types', 'typing_extensions')))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=120)
    assert done.stdout.strip() == "[]"


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_replaying_a_classic_and_a_club_log_compiles_no_dataclass_and_reads_no_toml() -> None:
    """The actions and outcomes are `engine.values` classes: a replay imports neither
    `dataclasses` nor the `inspect`, `ast` and `dis` it pulls in; the built-in rulesets are
    precomputed, so no tomllib either (docs/architecture.md)."""
    code = ("import sys\n"
            "from engine.replay import replay_game; from engine.classic.replay import replay\n"
            f"replay(open({str(EXAMPLES / 'cml-colour-left-on-record.jsonl')!r}, 'rb'))\n"
            f"replay_game(open({str(EXAMPLES / 'club-seven-maniac-and-doctor.jsonl')!r}, 'rb'))\n"
            "print(sorted(m for m in sys.modules if m in "
            "('dataclasses', 'inspect', 'ast', 'dis', 'tomllib')))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=120)
    assert done.stdout.strip() == "[]"


def test_a_replay_without_a_refusal_reads_no_refusal_text_and_no_path_module() -> None:
    """Issue 8: the ru/en catalogue is loaded by the first refusal rendered, and pathlib
    (with urllib.parse, ipaddress) only for a league's own ruleset file; a refused line
    still gets its text."""
    code = ("import sys\n"
            "from engine.replay import ReplayError; from engine.classic.replay import replay\n"
            f"replay(open({str(EXAMPLES / 'cml-colour-left-on-record.jsonl')!r}, 'rb'))\n"
            "late = ('engine.refusal_texts', 'string', 'pathlib', 'urllib.parse')\n"
            "print(sorted(m for m in sys.modules if m in late))\n"
            "try:\n"
            f"    replay([open({str(EXAMPLES / 'cml-colour-left-on-record.jsonl')!r}).readline(),"
            " '{\"action\": \"day\"}'])\n"
            "except ReplayError as exc:\n"
            "    print(exc, 'engine.refusal_texts' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=120)
    assert done.stdout.splitlines() == [
        "[]", "line 2: the cards are not dealt yet: the roles line comes first True"]
