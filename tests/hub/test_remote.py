"""The head judge's decisions over MQTT (hub/remote.py) and the players' public page
(hub/players.py), on the hub's real store: taken as the CLI takes them, refused with the
reason, never recorded twice; no role of an undecided game in the players' data."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import pytest

from bus.payloads import (
    DECISION_KINDS,
    MAX_PAYLOAD_BYTES,
    DecisionRefusal,
    DecisionReply,
    DecisionRequest,
    LangText,
    ReasonView,
    encode,
)
from hub import cli
from hub.decisions import DecisionKind, effective_games
from hub.players import public_pages
from hub.remote import RemoteDesk, judge_pages
from hub.seating import Seating, TournamentPlan, generate
from hub.store import Store
from tests.hub.test_decisions import finished_protocol

AT = "2026-11-30T23:30:00+00:00"


def request(n: int = 1, **changes: Any) -> bytes:
    fields: dict[str, Any] = {"request_id": f"page-1:{n}", "kind": "change_result",
                              "table": "1", "game_id": "g1", "who": "Head judge Petrova",
                              "why": "seen on the video", "args": {"winner": "draw"}}
    fields.update(changes)
    return encode(DecisionRequest(**fields))


@pytest.fixture
def store(tmp_path: Path) -> Store:
    store = Store(tmp_path / "hub.sqlite")
    store.add_protocol("1", "g1", finished_protocol(3, "1"), "now")
    return store


def desk(store: Store) -> RemoteDesk:
    return RemoteDesk(store, ("1", "2"), lambda: AT)


def test_the_contract_names_the_hubs_decision_kinds() -> None:
    assert set(DECISION_KINDS) == {kind.value for kind in DecisionKind}


def test_a_decision_is_recorded_exactly_as_the_cli_records_it(
        store: Store, tmp_path: Path) -> None:
    """Who decided is the personal account the request came on (its decide topic), not a
    name typed on the page (docs/web.md "Who decided")."""
    reply = desk(store).decide(request(why="  seen on the video  "), "head-judge-petrova")
    assert reply == DecisionReply(request_id="page-1:1", ok=True, decision_id=1)
    [recorded] = store.decisions()
    assert recorded[:2] == (1, AT)
    (tmp_path / "hub.toml").write_text(
        f'tournament = "cup"\ntables = ["1"]\ndatabase = "{tmp_path / "cli.sqlite"}"\n')
    other = Store(tmp_path / "cli.sqlite")  # the CLI's hub has the same decided game
    other.add_protocol("1", "g1", finished_protocol(3, "1"), "now")
    other.close()
    assert cli.decide(argparse.Namespace(
        config=tmp_path / "hub.toml", table="1", game="g1", kind="change_result",
        who="head-judge-petrova", why="seen on the video", arg=["winner=draw"])) == 0
    by_cli = Store(tmp_path / "cli.sqlite")
    [(_, cli_at, *cli_rest)] = by_cli.decisions()
    assert tuple(cli_rest) == recorded[2:]
    assert cli_at[10] == AT[10] == "T" and cli_at.endswith("+00:00")  # both ISO, UTC
    [game] = effective_games(store.protocols(), store.decisions(), {})
    assert game["winner"] == "draw" and game["decisions"][0]["who"] == "head-judge-petrova"


def test_the_shared_account_records_the_typed_name_marked_as_typed(store: Store) -> None:
    """The shared `head-judge` account is kept for a venue without personal accounts: the
    broker cannot vouch for the typed name, so the record says it was typed there."""
    assert desk(store).decide(request(), "head-judge") is not None
    [recorded] = store.decisions()
    assert recorded[2] == "Head judge Petrova (head-judge)"


@pytest.mark.parametrize("account", ["table-cup-1", "player", "head-judge-", "overlay-cup-1"])
def test_only_a_head_judges_account_decides(store: Store, account: str) -> None:
    """On a broker without the ACL (a club night) anyone may write any topic: the hub still
    takes decisions only from a head judge's account."""
    reply = desk(store).decide(request(), account)
    assert reply is not None and not reply.ok and reply.reason is not None
    assert reply.reason == ReasonView(key=DecisionRefusal.NOT_HEAD_JUDGE,
                                      params={"account": account})
    assert store.decisions() == []


def test_a_repeated_request_is_answered_again_and_recorded_once(
        store: Store, tmp_path: Path) -> None:
    first = desk(store).decide(request())
    assert desk(store).decide(request()) == first
    refused = desk(store).decide(request(2, table="9"))
    assert desk(store).decide(request(2, table="9")) == refused
    store.close()
    again = Store(tmp_path / "hub.sqlite")  # a restarted hub remembers its answers
    assert desk(again).decide(request()) == first
    assert len(again.decisions()) == 1


REFUSALS = [
    ({"table": "9"}, "table 9 is not a table of this tournament",
     ("unknown_table", {"table": "9"})),
    ({"table": "2"}, "game g1 at table 2 has no protocol at the hub yet",
     ("no_protocol", {"game": "g1", "table": "2"})),
    ({"args": {"winner": "blue"}}, "winner red, black or draw", ("needs_winner", {})),
    ({"kind": "protest_accepted", "args": {}}, "game g1 at table 1 has no open protest",
     ("no_open_protest", {"game": "g1", "table": "1"})),
    ({"kind": "extra_points", "args": {"seat": 16, "points": 0.3}}, "seat",
     ("needs_seat", {"kind": "extra_points"})),  # no table has 16 seats (004 §1: 3-15)
    ({"kind": "extra_points", "args": {"seat": 11, "points": 0.3}},  # a ten-seat game
     "game g1 at table 1 has seats 1-10, not 11",
     ("seat_range", {"game": "g1", "table": "1", "seats": 10, "seat": 11})),
    ({"kind": "extra_points", "args": {"seat": 4}}, "number of points", ("needs_points", {})),
    ({"kind": "extra_points", "args": {"seat": 4, "points": 0.25}},
     "points are given in tenths", ("tenths", {"points": 0.25})),
    ({"kind": "protest_accepted", "args": {"remedy": "exile"}}, "remedy is one of",
     ("unknown_remedy", {})),
]


@pytest.mark.parametrize(("changes", "reason", "keyed"), REFUSALS)
def test_a_refused_decision_is_answered_with_the_reason_and_nothing_is_recorded(
        store: Store, changes: dict[str, Any], reason: str,
        keyed: tuple[str, dict[str, Any]]) -> None:
    """The reason in English (`error`) and by key with its parameters, for the page's
    language (web/common/words.js has a text for every key)."""
    reply = desk(store).decide(request(**changes))
    assert reply is not None and not reply.ok and reply.decision_id is None
    assert reason in (reply.error or "")
    assert reply.reason == ReasonView(key=DecisionRefusal(keyed[0]), params=keyed[1])
    assert store.decisions() == []


def test_a_refusal_of_the_rules_comes_in_both_languages_of_the_engine(store: Store) -> None:
    """Extra points outside 0.2-0.7 for a winner (000 III.4): the engine refuses the line, and
    its catalogue's own Russian and English travel with the key."""
    reply = desk(store).decide(request(kind="extra_points", args={"seat": 4, "points": 1.5}))
    assert reply is not None and reply.reason is not None
    assert reply.reason.key is DecisionRefusal.RULES
    because = reply.reason.params["because"]
    assert isinstance(because, LangText)
    assert because.en == "extra points: 1.5 for seat 4 is outside 0.2-0.7 to a winner (000 III.4)"
    assert because.ru == "доп. баллы: 1.5 для №4 вне пределов 0.2-0.7 для победителя (000 III.4)"
    assert because.en in (reply.error or "")
    again = desk(store).decide(request(kind="extra_points", args={"seat": 4, "points": 1.5}))
    assert again == reply  # a resend is answered the same, reason and all
    assert store.decisions() == []


def test_every_refusal_key_has_words_in_both_languages_on_the_page() -> None:
    """The pages' copy of the word catalogue (web/common/words.js) says every refusal."""
    words = (Path(__file__).resolve().parents[2] / "web" / "common" / "words.js").read_text(
        encoding="utf-8")
    books = json.loads(words[words.index("{"):words.rindex(";")])
    for key in DecisionRefusal:
        for lang in ("ru", "en"):
            assert books[lang].get(f"reason.{key.value}"), (key, lang)


def test_a_result_the_game_already_has_is_refused(store: Store) -> None:
    winner = store.protocol("1", "g1")["result"]["winner"]  # type: ignore[index]
    reply = desk(store).decide(request(args={"winner": winner}))
    assert reply is not None and reply.error == (
        f"game g1 at table 1 already counts as a {winner} win")
    assert desk(store).decide(request(2)) == DecisionReply(
        request_id="page-1:2", ok=True, decision_id=1)
    again = desk(store).decide(request(3))
    assert again is not None and again.error == "game g1 at table 1 already counts as a draw"
    assert again.reason == ReasonView(key=DecisionRefusal.ALREADY_COUNTS, params={
        "game": "g1", "table": "1", "winner": "draw"})


def test_a_protest_is_filed_then_ruled_on_once(store: Store) -> None:
    d = desk(store)
    filed = d.decide(request(1, kind="protest_filed", args={"seat": 4}))
    ruled = d.decide(request(2, kind="protest_rejected", args={}))
    twice = d.decide(request(3, kind="protest_accepted", args={}))
    assert filed is not None and filed.ok and ruled is not None and ruled.ok
    assert twice is not None and "no open protest" in (twice.error or "")


def test_broken_requests(store: Store) -> None:
    d = desk(store)
    wrong_version = json.loads(request())
    wrong_version["schema_version"] = 2
    reply = d.decide(json.dumps(wrong_version).encode())
    assert reply is not None and reply.request_id == "page-1:1"
    assert "unsupported schema_version 2" in (reply.error or "")
    assert reply.reason is not None and reply.reason.key is DecisionRefusal.BAD_REQUEST
    assert reply.reason.params == {"text": reply.error}
    assert d.decide(b"not json") is None  # nothing to answer: the hub quarantines it
    assert d.decide(b'{"request_id": "a b"}') is None
    assert store.decisions() == []


def test_the_judge_state_has_every_decision_and_protocol(store: Store) -> None:
    desk(store).decide(request(1, kind="protest_filed", args={"seat": 4}), "head-judge-petrova")
    pages = judge_pages({"tournament": "cup", "tables": []}, store.protocols(),
                        store.decisions(), store.game_rounds())
    state = pages["judge/state"]
    assert state["tournament"] == "cup"
    decisions = state["decisions"]
    assert isinstance(decisions, list)
    assert [(d["who"], d["why"], d["kind"], d["at"]) for d in decisions] == [
        ("head-judge-petrova", "seen on the video", "protest_filed", AT)]
    assert state["protests"] == [{"table": "1", "game_id": "g1", "seat": 4, "state": "open",
                                  "id": 1}]
    assert state["rounds"] == [0]  # a game the hub did not seat: round 0
    played = pages["judge/rounds/0"]["protocols"]
    assert isinstance(played, list)
    [protocol] = played
    assert protocol["roles"] == store.protocol("1", "g1")["reveal"]["roles"]  # type: ignore[index]


def seated(tmp_path: Path) -> tuple[Seating, Store, dict[str, Any]]:
    """Two rounds of ten players at table 1, round 1 played (random game 3) and stored."""
    names = tuple(f"P{i}" for i in range(10))
    seating = generate(TournamentPlan(players=names, tables=("1",), rounds=2), seed=1,
                       effort=0.1)
    store = Store(tmp_path / "hub.sqlite")
    protocol = finished_protocol(3, "1")
    protocol["header"]["players"] = list(seating.rounds[0].games[0].seats)
    store.add_protocol("1", "r1-t1", protocol, "now")
    store.add_game("1", "r1-t1", 1, protocol["header"])
    return seating, store, protocol


def pages_of(seating: Seating, store: Store, undecided: set[tuple[str, str]] | None = None,
             **aggregate: Any) -> dict[str, dict[str, Any]]:
    games = effective_games(store.protocols(), store.decisions(), store.game_rounds())
    return public_pages(seating, games, store.protocols(), store.decisions(),
                        undecided=undecided or set(), aggregate=aggregate)


def test_the_players_pages_show_the_next_seat_and_roles_of_decided_games_only(
        tmp_path: Path) -> None:
    seating, store, protocol = seated(tmp_path)
    standings = {"standings": [{"place": 1, "player": "P1", "total": 1.0, "base": 1.0,
                                "games": 1, "wins": 1, "lot": False}]}
    pages = pages_of(seating, store, standings=standings)
    players = pages["public/players"]
    assert players["rounds"] == [1]
    assert players["standings"] == [{"place": 1, "player": "P1", "total": 1.0, "games": 1,
                                     "wins": 1, "lot": False}]  # what a phone shows
    [game] = pages["public/rounds/1"]["games"]
    seats = seating.rounds[0].games[0].seats
    assert game["players"] == list(seats)
    roles = protocol["reveal"]["roles"]
    assert game["roles"] == [roles[str(seat)] for seat in range(1, 11)]
    assert all(isinstance(p, float) for p in game["points"])
    by_name = {p["player"]: p for p in players["players"]}
    for name in seats:
        next_seat = seating.rounds[1].games[0].seats.index(name) + 1
        assert by_name[name]["next"] == {"round": 2, "table": "1", "seat": next_seat}
    # the table went back into the game (an undo after the decision): no round page, no
    # role, and every player still sits there
    running = pages_of(seating, store, {("1", "r1-t1")})
    assert running["public/rounds/1"] == {"round": 1, "games": []}  # replaces the retained
    assert running["public/players"]["rounds"] == []
    assert all(p["next"]["round"] == 1 for p in running["public/players"]["players"])
    assert not any(f'"{role}"' in json.dumps(running) for role in ("don", "sheriff", "mafia"))


def test_a_players_points_follow_a_changed_result(tmp_path: Path) -> None:
    """000 III.16: the game counts with the head judge's result, on the players' page too."""
    seating, store, protocol = seated(tmp_path)
    winner = protocol["result"]["winner"]

    def points() -> list[float]:
        got: list[float] = pages_of(seating, store)["public/rounds/1"]["games"][0]["points"]
        return got

    before = points()
    reply = RemoteDesk(store, ("1",), lambda: AT).decide(request(
        game_id="r1-t1", args={"winner": "black" if winner == "red" else "red"}))
    assert reply is not None and reply.ok
    after = points()
    roles = protocol["reveal"]["roles"]
    for seat in range(1, 11):
        won_before = (roles[str(seat)] in ("mafia", "don")) == (winner == "black")
        assert (after[seat - 1] < before[seat - 1]) if won_before else (
            after[seat - 1] > before[seat - 1])


def test_a_hundred_players_over_twelve_rounds_fit_the_message_limit(tmp_path: Path) -> None:
    """Every page is one MQTT message of at most 64 KiB (bus.payloads): a whole tournament's
    games on one topic would not fit (about 200 KB at 100 players x 12 rounds), one round
    per topic does."""
    names = tuple(f"Игрок{i:03d}" for i in range(100))
    tables = tuple(str(t + 1) for t in range(10))
    seating = generate(TournamentPlan(players=names, tables=tables, rounds=12), seed=1,
                       effort=0.05)
    store = Store(tmp_path / "hub.sqlite")
    for rnd in seating.rounds:
        for game in rnd.games:
            protocol = finished_protocol(rnd.number * 100 + int(game.table), game.table)
            protocol["header"]["players"] = list(game.seats)
            store.add_protocol(game.table, f"r{rnd.number}-t{game.table}", protocol, "now")
            store.add_game(game.table, f"r{rnd.number}-t{game.table}", rnd.number,
                           protocol["header"])
    standings = {"standings": [{"place": n, "player": name, "total": 1.5, "base": 1.0,
                                "extras": 0.5, "penalties": 0.0, "ci": 0.0,
                                "compensation": 0.0, "games": 12, "wins": 6,
                                "wins_by_role": {"citizen": 3, "sheriff": 1, "mafia": 1,
                                                 "don": 1},
                                "first_night_deaths": 1, "extras_don_sheriff": 0.0,
                                "lot": False} for n, name in enumerate(names, start=1)]}
    aggregate: dict[str, Any] = {"tournament": "cup", "tables": [
        {"table": t, "state": "online", "game_id": f"r12-t{t}", "phase": "finished",
         "winner": "red", "seq": 900, "gap": False} for t in tables],
        "alerts": [], "standings": standings}
    pages = {**pages_of(seating, store, **aggregate), **judge_pages(
        aggregate, store.protocols(), store.decisions(), store.game_rounds(),
        round_numbers=range(1, 13))}
    assert len(pages) == 2 + 2 * 12
    assert pages["public/players"]["rounds"] == pages["judge/state"]["rounds"] == list(
        range(1, 13))
    sizes = {name: len(json.dumps(page, ensure_ascii=False).encode())
             for name, page in pages.items()}
    assert max(sizes.values()) <= MAX_PAYLOAD_BYTES, sizes


def test_the_head_judge_sees_no_role_of_a_game_back_in_play(tmp_path: Path) -> None:
    """An undo after the decision takes the game back to running: its protocol and roles
    leave the head judge's round page until it is decided again."""
    _, store, _ = seated(tmp_path)
    args = ({"tournament": "cup"}, store.protocols(), store.decisions(), store.game_rounds())
    decided = judge_pages(*args, round_numbers=(1, 2))
    first = decided["judge/rounds/1"]["protocols"]
    assert isinstance(first, list) and len(first) == 1
    assert decided["judge/rounds/2"] == {"round": 2, "protocols": []}
    running = judge_pages(*args, undecided={("1", "r1-t1")}, round_numbers=(1, 2))
    assert running["judge/rounds/1"] == {"round": 1, "protocols": []}
    assert running["judge/state"]["rounds"] == []
    assert not any(f'"{role}"' in json.dumps(running) for role in ("don", "sheriff", "mafia"))
