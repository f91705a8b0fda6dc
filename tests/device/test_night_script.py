"""The night script: music from nightfall to morning and the night steps called aloud in the
order of the game's rules (004 §7 for a club game), read from the engine's judge view, with
the same calls whatever the players did at night (a block or a removal is the host's secret);
on pygame's dummy audio and, at a whole table, on mock pins."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from device.hardware.music import MusicSettings, NightMusic, write_ambient_pad
from device.table.nightscript import NightScript
from device.testing import running_table, submit
from engine.classic.game import Game
from engine.classic.log import action_to_dict
from engine.classic.replay import replay
from engine.club.game import ClubGame
from engine.viewmodels import JudgeView
from engine.vocab import ClubStep, InfoClass, NightAct, NightStep
from tests.engine.club.script import THIRTEEN, game, push, to_step

CLUB_NIGHT = ["putana", "mafia_shot", "don_check", "maniac_shot", "heal", "commissar_check"]
STEPS = [*(a.value for a in NightAct), *(s.value for s in NightStep)]


@pytest.fixture(scope="module")
def calls(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A club's recordings: one short track per night step (what a host records once)."""
    folder = tmp_path_factory.mktemp("calls")
    for step in STEPS:
        write_ambient_pad(folder / f"{step}.wav", seconds=0.05)
    return folder


@pytest.fixture
def music(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, calls: Path) -> Iterator[NightMusic]:
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    player = NightMusic(MusicSettings(cache_dir=tmp_path, fade_in=0.0, fade_out=0.0,
                                      announcements=calls))
    assert player.available
    yield player
    player.close()


def judge(g: ClubGame | Game) -> JudgeView:
    view = g.view(InfoClass.JUDGE)
    assert isinstance(view, JudgeView)
    return view


def said(music: NightMusic) -> list[str]:
    return [p.stem for p in music.announced]


def club_night(music: NightMusic, *lines: dict[str, object]) -> tuple[NightScript, list[bool]]:
    """13 seats with the putana (4): day 1 without a vote, then night 1 line by line, the
    script following the judge view after each line; whether the music played at each."""
    script = NightScript(music)
    g = to_step(game(13, {**THIRTEEN, "putana": 4}, "start", "day"), ClubStep.AWAIT_NIGHT)
    script.follow(judge(g))
    playing = [music.playing]
    night: list[dict[str, object]] = [{"action": "night"}, *lines]
    for x in night:
        push(g, x)
        script.follow(judge(g))
        playing.append(music.playing)
    push(g, "day")
    script.follow(judge(g))
    music.tick()
    return script, playing


def test_004_s7_the_club_night_is_called_in_its_order_with_music(music: NightMusic) -> None:
    script, playing = club_night(
        music, {"action": "putana", "seat": 6}, {"action": "mafia_shot", "target": 5},
        {"action": "don_check", "seat": 8}, {"action": "maniac_shot", "target": None},
        {"action": "heal", "seat": 5}, {"action": "commissar_check", "seat": 1})
    assert [c.value for c in script.calls] == said(music) == CLUB_NIGHT
    assert playing == [False, True, True, True, True, True, True, True]
    assert not music.playing  # morning: faded out (in no time here)


def test_club_r15_a_blocked_doctor_is_called_all_the_same(music: NightMusic) -> None:
    """The engine passes over the doctor the putana blocked; the table calls him anyway, or
    everyone would hear whom she chose (the putana knows her pick)."""
    club_night(music, {"action": "putana", "seat": 3}, {"action": "mafia_shot", "target": None},
               {"action": "don_check", "seat": 8}, {"action": "maniac_shot", "target": None},
               {"action": "commissar_check", "seat": 1})
    assert said(music) == CLUB_NIGHT


def test_004_s7_7_the_kamikaze_is_called_only_when_shot(music: NightMusic) -> None:
    club_night(music, {"action": "putana", "seat": 6}, {"action": "mafia_shot", "target": 7},
               {"action": "don_check", "seat": 8}, {"action": "maniac_shot", "target": None},
               {"action": "heal", "seat": 5}, {"action": "commissar_check", "seat": 1},
               {"action": "kamikaze", "seat": 11})
    assert said(music) == [*CLUB_NIGHT, "kamikaze"]


def test_a_removed_commissar_is_called_and_the_steps_left_at_dawn_too(
        music: NightMusic) -> None:
    """004 §9: a removed player's card is not shown, so his step is called as before."""
    club_night(music, {"action": "putana", "seat": 6},
               {"action": "disqualify", "seat": 8, "kind": "removal"},
               {"action": "mafia_shot", "target": None}, {"action": "don_check", "seat": 2},
               {"action": "maniac_shot", "target": None}, {"action": "heal", "seat": 5})
    assert said(music) == CLUB_NIGHT


def test_a_game_without_a_putana_is_not_woken_for_her(music: NightMusic) -> None:
    script = NightScript(music)
    g = to_step(game(13, THIRTEEN, "start", "day"), ClubStep.AWAIT_NIGHT)
    push(g, "night")
    script.follow(judge(g))
    assert said(music) == ["mafia_shot"]


def test_an_undo_into_the_night_calls_no_step_twice(music: NightMusic) -> None:
    script = NightScript(music)
    g = to_step(game(13, THIRTEEN, "start", "day"), ClubStep.AWAIT_NIGHT)
    for x in ("night", {"action": "mafia_shot", "target": None}, "day"):
        push(g, x)
        script.follow(judge(g))
    g.pop()
    script.follow(judge(g))
    assert said(music) == ["mafia_shot", "don_check"]  # the judge ended the night early
    assert music.playing


def test_004_s7_a_step_whose_time_ran_out_hands_over_to_the_next(music: NightMusic) -> None:
    """The don let his 15 s pass: the table calls the maniac, whose shot the judge enters."""
    script = NightScript(music)
    g = to_step(game(13, THIRTEEN, "start", "day"), ClubStep.AWAIT_NIGHT)
    for x in ("night", {"action": "mafia_shot", "target": None}):
        push(g, x)
        script.follow(judge(g))
    script.time_up(judge(g))
    push(g, {"action": "maniac_shot", "target": None})
    script.follow(judge(g))
    assert said(music) == ["mafia_shot", "don_check", "maniac_shot", "heal"]


def test_without_recordings_the_music_plays_and_nothing_is_said(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    player = NightMusic(MusicSettings(cache_dir=tmp_path, fade_in=0.0))
    try:
        script = NightScript(player)
        g = to_step(game(7, {"mafia": [3], "maniac": 5, "doctor": 1}, "start", "day"),
                    ClubStep.AWAIT_NIGHT)
        push(g, "night")
        script.follow(judge(g))
        assert player.playing and list(player.announced) == []
        assert [c.value for c in script.calls] == ["mafia_shot"]
    finally:
        player.close()


def test_a_club_table_on_mock_pins_plays_its_night(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, calls: Path) -> None:
    """The table service drives the script for a club game too (it was silent before)."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    hardware = {"pins": "mock", "pin_map": {"seats": 15}, "announcements_dir": str(calls)}
    with running_table(tmp_path / "j.sqlite", None, rules="club", seats=13,
                       hardware=hardware) as table:
        assert table.hardware is not None
        music = table.hardware.music
        assert music is not None and music.available
        day = ["start", "day", "discussion_end", *["speech_end"] * 13, "nominations_end"]
        lines: list[dict[str, object]] = [{"action": "roles", **THIRTEEN, "putana": 4},
                                       *(dict[str, object](action=x) for x in [*day, "night"]),
                                       {"action": "putana", "seat": 11}]
        for line in lines:
            assert submit(table, line) == (True, "")
        assert music.playing
        assert said(music) == ["putana", "mafia_shot"]
        assert submit(table, {"action": "mafia_shot", "target": None}) == (True, "")
        assert said(music) == ["putana", "mafia_shot", "don_check"]
    assert not music.available  # the table closed its sound


@pytest.mark.parametrize("log", ["cml-red-wins-scored", "cml-shot-then-disqualified",
                                 "cml-quiet-draw"])
def test_000_i7_a_classic_night_is_called_in_the_order_of_the_script(
        music: NightMusic, log: str) -> None:
    """Every classic night: the shot, the don's check, the sheriff's check (000 I.7.3-7.6),
    each called before its line, also when the don or the sheriff has left (his role stays
    hidden); the best move only when the engine names it; a night the judge ends early
    stops calling."""
    path = Path(__file__).parents[2] / "examples" / f"{log}.jsonl"
    head, played = replay(path.read_text(encoding="utf-8").splitlines())
    g, script = Game(head["rules"]), NightScript(music)
    for action in played.actions:
        name = str(action_to_dict(action)["action"])
        if g.state.phase == "night" and g.state.number > 0 and name in STEPS:
            assert NightStep(name) in script.calls, name  # called before its line
        g.push(action)
        night = script.calls
        script.follow(judge(g))
        if g.state.phase != "night" and night:
            calls = [c.value for c in night]
            whole = ["shoot", "don_check", "sheriff_check"]
            assert calls[:3] == whole[:len(calls[:3])] and calls[3:] in ([], ["best_move"])
