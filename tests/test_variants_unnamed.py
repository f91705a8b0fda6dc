"""No module outside engine/ tells one game from another (issue 27 item 1): the parts hold
"a game" (engine/variant.py's `GameVariant`) and ask it, never which variant it is.

The check greps every module of the other parts for the variant types (`ClubGame`,
`isinstance(..., Game)`), the club payload type, and string checks of the header's
`rules` (`== "club"`, `CLUB`, `is_club`): none is left (the table, the pad, the night
script, the console, the simulator, the screens, the protocol, the hub, replay and the
benches ask the variant: engine/variant.py `find_variant`, device/table/tablevariant.py).
docs/architecture.md, "The variant protocol", says the same.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PARTS = ("bus", "device", "firmware_sim", "scoreboard", "report", "hub", "ratings", "mafiakit")
ASKS_WHICH_GAME = re.compile(
    r"\bClubGame\b|\bClubProtocol\b|\bis_club\w*|\bCLUB\b|[=!]= *[\"']club[\"']"
    r"|[\"']club[\"'] *[=!]=|isinstance\([^)]*\bGame\b")

def asking() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for part in PARTS:
        for path in sorted((ROOT / part).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            hits = [m.group(0) for m in ASKS_WHICH_GAME.finditer(text)]
            if hits:
                found[path.relative_to(ROOT).as_posix()] = hits
    return found


def test_no_module_outside_the_engine_asks_which_game_it_holds() -> None:
    assert asking() == {}, "these modules tell the games apart; ask the variant instead"
    assert not (ROOT / "device" / "tablegame.py").exists()


@pytest.mark.parametrize("asks", [
    'if isinstance(game, ClubGame):', 'from bus.payloads import ClubProtocol',
    'if header["rules"] == "club":', "if 'club' != rules:", 'rules is CLUB',
    'if is_club_header(h):', 'isinstance(g, Game)'])
def test_the_check_sees_each_way_of_asking(asks: str) -> None:
    assert ASKS_WHICH_GAME.search(asks), asks


def test_the_check_leaves_the_variants_own_words_alone() -> None:
    for fine in ('find_variant(header).evening', 'words.club', 'ClubReveal', 'club_games',
                 'variant.standings', '"rules": "club"'):
        assert not ASKS_WHICH_GAME.search(fine), fine
