"""No module outside engine/ tells one game from another (issue 27 item 1): the parts hold
"a game" (engine/variant.py's `GameVariant`) and ask it, never which variant it is.

The check greps every module of the other parts for the variant types (`ClubGame`,
`isinstance(..., Game)`), the club payload type, and string checks of the header's
`rules` (`== "club"`, `CLUB`, `is_club`). The modules that still do it are listed below,
each with what is left to do there: the list must shrink to nothing (the test fails on a
module that starts asking, and on a listed one that no longer does, so the list stays
true). docs/architecture.md, "The variant protocol", says the same.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PARTS = ("bus", "device", "firmware_sim", "scoreboard", "report", "hub", "ratings", "mafiakit")
ASKS_WHICH_GAME = re.compile(
    r"\bClubGame\b|\bClubProtocol\b|\bis_club\w*|\bCLUB\b|[=!]= *[\"']club[\"']"
    r"|[\"']club[\"'] *[=!]=|isinstance\([^)]*\bGame\b")

# module -> what is left there (issue 27 item 1, after the variant protocol's first step)
STILL_ASKING = {
    "bus/payloads.py": "two protocol payloads (Protocol, ClubProtocol) picked by the header's "
                       "rules: one Protocol with a variant-typed result is left",
    "bus/settings.py": "the table's and the hub's `rules` setting reads the variant registry; "
                       "`CLUB` stays only while hub/ imports it (hub/checks.py, cli.py, "
                       "outbox.py, service.py, standings.py)",
    "device/table/snapshots.py": "the protocol payload per variant (follows bus/payloads.py)",
    "hub/checks.py": "the hub follows and checks a club game apart",
    "hub/cli.py": "`hub evening` and `hub club-game` read club protocols apart",
    "hub/outbox.py": "a round's new game names the club",
    "hub/service.py": "club protocols go to their own table of the store",
    "hub/standings.py": "the standings leave club games out by name",
    "mafiakit/evening.py": "the evening reads club games from a table's journal",
    "scoreboard/live.py": "the screens read a club protocol's payload apart",
}


def asking() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for part in PARTS:
        for path in sorted((ROOT / part).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            hits = [m.group(0) for m in ASKS_WHICH_GAME.finditer(text)]
            if hits:
                found[path.relative_to(ROOT).as_posix()] = hits
    return found


def test_no_new_module_outside_the_engine_asks_which_game_it_holds() -> None:
    new = {name: hits for name, hits in asking().items() if name not in STILL_ASKING}
    assert new == {}, f"these modules tell the games apart; ask the variant instead: {new}"


def test_the_list_of_modules_still_asking_is_true() -> None:
    done = sorted(set(STILL_ASKING) - set(asking()))
    assert done == [], f"these no longer tell the games apart: take them off the list: {done}"


def test_the_table_service_journal_replay_and_stream_hold_a_game_of_any_variant() -> None:
    """The modules the variant protocol's first step moved onto it, by name: a regression
    here is a module asking again."""
    found = asking()
    for name in ("device/table/admission.py", "device/table/stream.py", "device/table/journal.py",
                 "device/table/bridge.py", "device/table/nightscript.py", "device/cli.py",
                 "device/config.py", "firmware_sim/fromlog.py", "firmware_sim/run.py",
                 "mafiakit/replay.py", "mafiakit/standings.py", "scoreboard/render.py"):
        assert name not in found, (name, found.get(name))
    assert not (ROOT / "device" / "tablegame.py").exists()
