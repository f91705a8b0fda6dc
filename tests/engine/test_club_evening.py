"""The club evening (docs/club-evening.md): points per player, immunity carried by name."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from engine.club.evening import EveningError, club_game, evening, immunity_seats

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NIGHT = ("club-seven-maniac-and-doctor", "club-twelve-catastrophe-and-cancelled-vote",
         "club-fifteen-putana-sapper-fouls")


def example(stem: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The header of a hand-checked club game and its hand-computed result."""
    head = json.loads((EXAMPLES / f"{stem}.jsonl").read_text("utf-8").splitlines()[0])
    return head, json.loads((EXAMPLES / f"{stem}.result.json").read_text("utf-8"))


def seat(base: int = 0, bonus: int = 0, extra: int = 0, penalties: int = 0,
         multiplier: int = 2) -> dict[str, Any]:
    return {"base": base, "bonus": bonus, "extra": extra, "penalties": penalties,
            "total": multiplier * (base + bonus + extra) + penalties, "reasons": []}


def game(players: list[str], winners: set[str], *, multiplier: int = 2,
         rated: bool | None = True, immunity: tuple[int, ...] = (),
         immunity_next: tuple[int, ...] = (), table: str = "1", number: int | None = None,
         tournament: str | bool | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """A decided club game: 1 point to each winner (a city win), nothing to the rest."""
    head: dict[str, Any] = {"format": "mafia-game-log", "version": 1, "rules": "club",
                            "seats": len(players), "players": players, "table": table,
                            "date": "2026-11-25"}
    if number is not None:
        head["game"] = number
    if tournament is not None:
        head["tournament"] = tournament
    result = {"rules": "club", "seats": len(players), "finished": True, "winner": "city",
              "score": {str(s): seat(base=int(p in winners), multiplier=multiplier)
                        for s, p in enumerate(players, start=1)},
              "rating": {"rated": rated, "multiplier": multiplier},
              "immunity": list(immunity), "immunity_next": list(immunity_next)}
    return head, result


SEVEN = ["Ant", "Bee", "Cat", "Dog", "Eel", "Fox", "Gnu"]


def test_the_three_hand_checked_games_as_one_evening() -> None:
    """The sums worked out by hand in examples/club-README.md."""
    games = [club_game(*example(stem), name=stem) for stem in NIGHT]
    night = evening(games).as_dict()
    rows = {p["player"]: p for p in night["players"]}
    assert rows["Рысь"] == {"place": 1, "place_to": 1, "player": "Рысь", "games": 2,
                            "wins": 2, "points": 8, "rated_points": 4, "extras": 2,
                            "penalties": 0}
    # -48 in game 2 (2 x 1 - 50: the fine is not doubled, R27), 4 in game 3
    assert rows["Лиса"] == {"place": 17, "place_to": 17, "player": "Лиса", "games": 2,
                            "wins": 2, "points": -44, "rated_points": -48, "extras": 1,
                            "penalties": -50}
    assert rows["Барон"] == {"place": 12, "place_to": 13, "player": "Барон", "games": 3,
                             "wins": 1, "points": 2, "rated_points": 0, "extras": 0,
                             "penalties": 0}
    assert rows["Lynx"]["points"] == 4 and rows["Mira"]["extras"] == 1  # the extra point
    assert [p["player"] for p in night["players"][:3]] == ["Рысь", "Nova", "Сова"]
    assert [p["player"] for p in night["players"][-1:]] == ["Лиса"]
    assert [(g["immunity"], g["immunity_next"]) for g in night["games"]] == [
        ([], ["Кит"]), (["Кит"], ["Nova", "Гром"]), (["Nova", "Гром"], ["Orion"])]
    assert night["immunity_next"] == {"1": ["Orion"]}
    assert sum(p["games"] for p in night["players"]) == 7 + 12 + 15


def test_immunity_goes_to_the_same_players_at_their_new_seats() -> None:
    """004 §5: the player holds it, whichever seat he gets next (seats change)."""
    seven, twelve, fifteen = (club_game(*example(stem), name=stem) for stem in NIGHT)
    assert immunity_seats(seven, twelve.players) == (2,)  # Кит: seat 5, then seat 2
    assert immunity_seats(twelve, fifteen.players) == (2, 5)  # Nova 6 -> 2, Гром 7 -> 5
    assert immunity_seats(twelve, seven.players) == ()  # neither sits there: it lapses
    assert immunity_seats(None, SEVEN) == ()


def test_immunity_never_into_or_out_of_a_tournament_game() -> None:
    """004 §5 "На турнирах НЕ применяется"."""
    regular = club_game(*game(SEVEN, {"Ant"}, immunity_next=(3,), number=1))
    cup = club_game(*game(SEVEN, {"Ant"}, number=2, tournament="Winter Cup"))
    assert immunity_seats(regular, SEVEN, tournament=True) == ()
    assert immunity_seats(regular, SEVEN) == (3,)
    cup_out = club_game(*game(SEVEN, {"Ant"}, immunity_next=(4,), number=2, tournament=True))
    assert immunity_seats(cup_out, SEVEN) == ()
    night = evening([regular, cup, club_game(*game(SEVEN, {"Bee"}, number=3))]).as_dict()
    assert [g["immunity_next"] for g in night["games"]] == [["Cat"], [], []]
    assert night["games"][1]["immunity_declined"] == []  # not a refusal: it never applied


def test_after_a_tournament_game_nobody_at_that_table_brings_immunity() -> None:
    regular = club_game(*game(SEVEN, {"Ant"}, immunity_next=(3,), number=1), name="g1")
    cup = club_game(*game(SEVEN, {"Ant"}, number=2, tournament=True), name="cup")
    claims = club_game(*game(SEVEN, {"Ant"}, number=3, immunity=(3,)), name="g3")
    with pytest.raises(EveningError, match=r"g3: seat 3 \(Cat\) holds immunity, but Cat "
                                           r"played the previous game at table 1 \(cup\)"):
        evening([regular, cup, claims])


def test_immunity_cannot_be_passed_on() -> None:
    """004 §5 "Передавать/дарить/продавать иммунитет невозможно"."""
    first = club_game(*game(SEVEN, {"Ant"}, immunity_next=(3,), number=1), name="game-1.jsonl")
    moved = ["Gnu", "Fox", "Eel", "Dog", "Cat", "Bee", "Ant"]
    right = club_game(*game(moved, {"Ant"}, immunity=(5,), number=2), name="game-2.jsonl")
    assert evening([first, right]).games[1].immunity == ("Cat",)
    wrong = club_game(*game(moved, {"Ant"}, immunity=(3,), number=2), name="game-2.jsonl")
    with pytest.raises(EveningError) as caught:
        evening([first, wrong])
    assert str(caught.value) == (
        "game-2.jsonl: seat 3 (Eel) holds immunity, but Eel played the previous game at table "
        "1 (game-1.jsonl) and did not leave first there: immunity is only for who earned it "
        "and cannot be passed on (004 §5)")


def test_refused_immunity_is_shown_and_lost() -> None:
    """004 §5 "Отказаться от иммунитета можно. В таком случае он никому не передается"."""
    first = club_game(*game(SEVEN, {"Ant"}, immunity_next=(3, 4), number=1))
    second = club_game(*game(SEVEN, {"Ant"}, immunity=(4,), number=2))
    line = evening([first, second]).games[1]
    assert (line.immunity, line.immunity_declined) == (("Dog",), ("Cat",))


def test_a_newcomer_may_bring_immunity_from_an_earlier_evening() -> None:
    first = club_game(*game(SEVEN, {"Ant"}, number=1))
    joined = ["Hen", *SEVEN[1:]]
    second = club_game(*game(joined, {"Hen"}, immunity=(1,), number=2))
    assert evening([first, second]).games[1].immunity == ("Hen",)


def test_points_add_up_in_any_order_and_carry_the_doubling() -> None:
    """A total is as the game scored it: doubled on weekdays (multiplier 2) or not (004 §8)."""
    friday = club_game(*game(SEVEN, {"Ant", "Bee"}, multiplier=1, table="2"), name="fri")
    monday = club_game(*game(SEVEN, {"Ant", "Cat"}, multiplier=2, table="3"), name="mon")
    unrated = club_game(*game(SEVEN, {"Ant"}, multiplier=2, rated=False, table="4"), name="u")
    rows = [evening(order).players for order in
            ([friday, monday, unrated], [unrated, monday, friday], [monday, unrated, friday])]
    assert rows[0] == rows[1] == rows[2]
    ant = rows[0][0]
    assert (ant.player, ant.games, ant.wins, ant.points, ant.rated_points) == ("Ant", 3, 3, 5, 3)
    assert [(p.player, p.points) for p in rows[0]] == [
        ("Ant", 5), ("Cat", 2), ("Bee", 1), ("Dog", 0), ("Eel", 0), ("Fox", 0), ("Gnu", 0)]


def test_the_games_of_a_table_come_in_the_order_played() -> None:
    one = club_game(*game(SEVEN, {"Ant"}, number=1), name="one")
    two = club_game(*game(SEVEN, {"Bee"}, number=2), name="two")
    assert [g.name for g in evening([one, two]).games] == ["one", "two"]
    with pytest.raises(EveningError, match=r"one \(game 1\) comes after two \(game 2\) at "
                                           r"table 1: give the games in the order they were "
                                           r"played"):
        evening([two, one])


@pytest.mark.parametrize(("change", "words"), [
    ({"rules": "cml"}, "g plays 'cml': a club evening adds up club games only"),
    ({"winner": None, "score": None}, "g is not decided yet: finish it (or leave it out)"),
    ({"winner": "red"}, "g: unknown winner 'red'"),
    ({"rating": {"rated": True, "multiplier": 3}}, "g: the result has no `rating` with a "
                                                     "multiplier of 1 or 2"),
    ({"immunity_next": [8]}, "g: immunity_next [8] must name seats 1-7, each once"),
    ({"score": {"1": seat()}}, "g: the score of seat 2 is missing"),
    ({"score": {**{str(s): seat() for s in range(2, 8)}, "1": {**seat(base=1), "total": 1}}},
     "g: seat 1's total 1 is not 2 x (base 1 + bonus 0 + extra 0) + penalties 0: the result "
     "was changed by hand (004 §8)"),
])
def test_a_result_that_cannot_be_added_up_is_refused_in_words(change: dict[str, Any],
                                                              words: str) -> None:
    head, result = game(SEVEN, {"Ant"})
    with pytest.raises(EveningError, match=re.escape(words)):
        club_game(head, {**result, **change}, name="g")


@pytest.mark.parametrize(("players", "words"), [
    (None, "g: the header must list the 7 players by name"),
    (SEVEN[:6], "g: the header must list the 7 players by name"),
    (["Ant", "Bee", "Ant", "Dog", "Eel", "Bee", "Gnu"], "g: Ant, Bee sits at two seats"),
])
def test_players_must_be_named_once_each(players: list[str] | None, words: str) -> None:
    head, result = game(SEVEN, {"Ant"})
    with pytest.raises(EveningError, match=words):
        club_game({**head, "players": players}, result, name="g")


def test_the_same_game_twice_is_refused() -> None:
    one = club_game(*game(SEVEN, {"Ant"}, number=1), name="a.jsonl")
    again = club_game(*game(SEVEN, {"Bee"}, number=1), name="b.jsonl")
    with pytest.raises(EveningError, match=re.escape(
            "a.jsonl and b.jsonl are both game 1 at table 1: give each game once")):
        evening([one, again])
    elsewhere = club_game(*game(SEVEN, {"Bee"}, number=1, table="2"), name="b.jsonl")
    assert len(evening([one, elsewhere]).games) == 2


def test_csv_has_a_row_per_player() -> None:
    night = evening([club_game(*example(stem), name=stem) for stem in NIGHT])
    rows = night.csv_rows()
    assert rows[0] == ["place", "player", "games", "wins", "points", "rated_points", "extras",
                       "penalties"]
    assert rows[1] == ["1", "Рысь", "2", "2", "8", "4", "2", "0"]
    assert rows[2][:2] == ["2-3", "Nova"] and rows[3][:2] == ["2-3", "Сова"]  # 6 points each
    assert rows[-1] == ["17", "Лиса", "2", "2", "-44", "-48", "1", "-50"]
    assert len(rows) == 1 + 17


def test_equal_points_share_a_place() -> None:
    """004 §8 ranks the rating by points and names no tie-break: the kit breaks none, so
    players on equal points share one place (issue 25: the Club tab gave them 2 and 3 by
    name), and the next place is counted after them."""
    night = evening([club_game(*example(stem), name=stem) for stem in NIGHT])
    places = dict(zip((p.player for p in night.players), night.places(), strict=True))
    points = {p.player: p.points for p in night.players}
    for a, (first, last) in places.items():
        same = sorted(b for b in points if points[b] == points[a])
        assert last - first + 1 == len(same)
        assert all(places[b] == (first, last) for b in same)
        assert first == 1 + sum(1 for b in points if points[b] > points[a])
