"""The hand-checked club games (examples/club-*, explained in examples/club-README.md): the
hand-computed result against its own log, line by line, without the engine. Until the club
engine replays them these checks are what keeps the oracle honest; afterwards the engine's
result must equal the file (tests/engine/test_log.py's replay check)."""

from __future__ import annotations

import datetime
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GAMES = sorted(EXAMPLES.glob("club-*.jsonl"))
# 004 §1 (R1): seats -> (mafia side, the roles dealt besides mafia and citizens)
DEALT = {3: (1, ()), 4: (1, ()), 5: (1, ()), 6: (1, ("maniac",)),
         7: (1, ("maniac", "doctor")), 8: (2, ("maniac", "doctor", "commissar")),
         9: (2, ("maniac", "doctor", "commissar"))}
DEALT |= dict.fromkeys((10, 11, 12), (3, ("maniac", "doctor", "commissar", "kamikaze")))
DEALT |= dict.fromkeys((13, 14, 15),
                      (4, ("maniac", "doctor", "commissar", "kamikaze", "sapper")))
ACTIONS = {"roles", "start", "day", "night", "speech_end", "discussion_end", "nominate",
           "nominations_end", "votes", "catastrophe", "kamikaze", "putana", "mafia_shot",
           "don_check", "maniac_shot", "heal", "commissar_check", "foul", "disqualify", "undo",
           "extra", "penalty", "protest", "close"}
NIGHT_LINES = ("putana", "mafia_shot", "don_check", "maniac_shot", "heal", "commissar_check",
               "kamikaze")
# speeches that ended without `speech_end`: the drop in a justification (game 2, day 2) and
# the third foul in the speaker's own turn (game 3, day 2; R30)
CUT_SHORT = {"club-twelve-catastrophe-and-cancelled-vote": 1, "club-fifteen-putana-sapper-fouls": 1}


def load(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
    lines = [json.loads(x) for x in path.read_text("utf-8").splitlines() if x.strip()]
    result = json.loads(path.with_suffix("").with_suffix(".result.json").read_text("utf-8"))
    return lines[0], lines[1:], result


def phases(actions: list[dict[str, Any]]) -> dict[tuple[str, int], list[dict[str, Any]]]:
    """The log's lines by ("day", N) and ("night", N); the zero night is ("night", 0)."""
    out: dict[tuple[str, int], list[dict[str, Any]]] = {}
    key = ("deal", 0)
    day = 0
    for line in actions:
        if line["action"] == "start":
            key = ("night", 0)
        elif line["action"] == "day":
            day += 1
            key = ("day", day)
        elif line["action"] == "night":
            key = ("night", day)
        out.setdefault(key, []).append(line)
    return out


def test_there_are_the_three_games_the_brief_asks_for() -> None:
    seats = sorted(load(p)[0]["seats"] for p in GAMES)
    assert seats == [7, 12, 15]


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_header_and_deal_follow_the_role_table(path: Path) -> None:
    head, actions, result = load(path)
    n = head["seats"]
    assert (head["format"], head["version"], head["rules"]) == ("mafia-game-log", 1, "club")
    assert len(head["players"]) == len(set(head["players"])) == n == result["seats"]
    deal = actions[0]
    assert deal["action"] == "roles"
    side, extra = DEALT[n]
    roles = set(deal) - {"action", "mafia", "don"}
    putana = n >= 13 and not head.get("tournament")  # 004 §3, R2
    assert roles == set(extra) | ({"putana"} if putana else set())
    mafia = [*deal["mafia"], *([deal["don"]] if "don" in deal else [])]
    assert len(mafia) == side
    seats = [*mafia, *(deal[r] for r in roles)]
    assert len(set(seats)) == len(seats) and all(1 <= s <= n for s in seats)
    assert {line["action"] for line in actions} <= ACTIONS


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_score_follows_the_winner_the_weekday_and_the_fines(path: Path) -> None:
    """004 §8, R25-R28: base to the whole winning side, total = m x (base+bonus+extra) + fines."""
    head, actions, result = load(path)
    deal = actions[0]
    weekday = datetime.date.fromisoformat(head["date"]).isoweekday()
    multiplier = 1 if weekday in (5, 6) else 2
    assert result["rating"]["multiplier"] == multiplier
    cards = len(head.get("rating_cards", []))
    rated = (None if "rating_cards" not in head
             else 2 * cards >= head["seats"] if weekday in (5, 6) else cards >= 1)
    assert result["rating"]["rated"] == rated
    mafia = {*deal["mafia"], deal.get("don")}
    side = {s: "mafia" if s in mafia else "maniac" if s == deal["maniac"] else "city"
            for s in range(1, head["seats"] + 1)}
    base = {"city": 1, "mafia": 2, "maniac": 3}[result["winner"]]
    drops = {line["seat"] for line in actions if line.get("kind") == "drop"}
    for seat, points in result["score"].items():
        won = side[int(seat)] == result["winner"]
        assert points["base"] == (base if won else 0)
        assert points["penalties"] == (-50 if int(seat) in drops else 0)
        assert points["total"] == (multiplier * (points["base"] + points["bonus"]
                                                 + points["extra"]) + points["penalties"])
        assert sum(r["points"] for r in points["reasons"]) == (
            points["base"] + points["bonus"] + points["extra"] + points["penalties"])
    extras = {line["seat"]: line["points"] for line in actions if line["action"] == "extra"}
    assert {int(s): p["extra"] for s, p in result["score"].items() if p["extra"]} == extras


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_days_and_nights_match_the_log(path: Path) -> None:
    _, actions, result = load(path)
    by = phases(actions)
    assert [d["day"] for d in result["days"]] == [n for kind, n in by if kind == "day"]
    assert [x["night"] for x in result["nights"]] == [n for kind, n in by if kind == "night" and n]
    for day in result["days"]:
        lines = by[("day", day["day"])]
        assert day["nominations"] == [x["seat"] for x in lines if x["action"] == "nominate"]
        votes = {x["seat"]: x["voters"] for x in lines if x["action"] == "votes"}
        if day["vote"] == "held":
            (tally,) = day["rounds"]
            assert tally["candidates"] == list(votes)
            for seat, count in tally["votes"].items():  # R8: a non-voter votes against himself
                assert count == len(votes.get(int(seat), [])) + (int(seat) in tally["abstained"])
            voted = {v for vs in votes.values() for v in vs}
            assert not voted & set(tally["abstained"])
        else:
            assert (day["rounds"], votes) == ([], {})
    for night in result["nights"]:
        entries = {x["action"]: x for x in by[("night", night["night"])]}
        for name in NIGHT_LINES:
            line = entries.get(name, {})
            entered = line.get("seat", line.get("target"))
            shown = night[name]["seat"] if isinstance(night[name], dict) else night[name]
            assert shown == entered, (night["night"], name)


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_fouls_removals_and_speeches_add_up(path: Path) -> None:
    head, actions, result = load(path)
    fouls = Counter(x["seat"] for x in actions if x["action"] == "foul")
    assert result["fouls"] == {str(s): fouls[s] for s in range(1, head["seats"] + 1)}
    removed = [r["seat"] for r in result["removed"]]
    assert len(removed) == len(set(removed))
    for gone in result["removed"]:
        assert gone["last_word"] is (gone["cause"] not in {"sapper", "fouls", "dropped",
                                                           "disqualified"}
                                     and gone not in _exploded_sappers(result))
    speeches = (sum(len(d["speakers"]) + len(d["nominations"]) for d in result["days"])
                + sum(r["last_word"] for r in result["removed"]))
    said = sum(x["action"] == "speech_end" for x in actions)
    assert said == speeches - CUT_SHORT.get(path.stem, 0)


def _exploded_sappers(result: dict[str, Any]) -> list[dict[str, Any]]:
    """§7.8: the shot sapper goes "молча", like his blast."""
    out = []
    for night in result["nights"]:
        if night["blast"]:
            shot = [r for r in result["removed"] if r.get("night") == night["night"]
                    and r["cause"] in {"mafia", "maniac"}]
            out.extend(shot[:1])
    return out


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_openers_and_speaking_order(path: Path) -> None:
    """R5: day 1 opens with the first seat at the table from seat 1, each later day with the
    next seat at the table after the day before's opener; the turns go round from him
    (none of these games has a player muted before his turn came)."""
    head, _, result = load(path)
    opener = 0
    for day in result["days"]:
        n = day["day"]
        table = [s for s in range(1, head["seats"] + 1)
                 if not any(r["seat"] == s and r.get("day", r.get("night", 0) + 0.5) < n
                            for r in result["removed"])]
        opener = next((s for s in table if s > opener), table[0])  # round the table
        assert day["opener"] == opener, n
        at = table.index(opener)
        assert day["speakers"] == table[at:] + table[:at], n
