"""Night music and tones on pygame's dummy audio driver, and silence when there is no sound."""

from __future__ import annotations

import array
import itertools
import logging
import os
import threading
import wave
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from device.hardware.music import (
    DEFAULT_TRACK,
    MusicSettings,
    NightMusic,
    ToneName,
    tone_samples,
    write_ambient_pad,
)


@pytest.fixture
def sound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One cache for the module: the kit's own track is written once, not per test."""
    return tmp_path_factory.mktemp("cache")


@pytest.fixture
def music(sound: None, cache: Path) -> Iterator[NightMusic]:
    player = NightMusic(MusicSettings(cache_dir=cache, fade_in=0.0, fade_out=0.0))
    yield player
    player.close()


def read_wav(path: Path) -> tuple[wave._wave_params, array.array[int]]:
    with wave.open(str(path), "rb") as track:
        params = track.getparams()
        samples = array.array("h", track.readframes(params.nframes))
    return params, samples


def test_the_kits_own_track_is_twenty_soft_seconds_that_loop_without_a_click(
    tmp_path: Path,
) -> None:
    params, samples = read_wav(write_ambient_pad(tmp_path / "pad.wav"))
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 11025)
    assert params.nframes == 20 * 11025
    assert max(map(abs, samples)) <= 0.3 * 32767 + 1  # soft: 10 dB below full scale
    biggest_step = max(abs(a - b) for a, b in itertools.pairwise(samples))
    assert abs(samples[0] - samples[-1]) <= biggest_step  # the loop joins like any two samples


def test_a_track_needs_a_length(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="positive length"):
        write_ambient_pad(tmp_path / "x.wav", seconds=0)


def test_tones_are_interleaved_sixteen_bit_samples() -> None:
    samples = tone_samples(((440.0, 0.1), (0.0, 0.05)), rate=1000, channels=2)
    assert len(samples) == 2 * 150
    assert samples[0] == samples[1] == 0  # soft edge, both channels alike
    assert max(samples) > 0.5 * 32767


def test_the_kits_own_track_is_ready_at_start_up(sound: None, tmp_path: Path) -> None:
    player = NightMusic(MusicSettings(cache_dir=tmp_path))
    player.close()
    assert (tmp_path / DEFAULT_TRACK).exists()


def test_night_plays_the_kits_own_track_when_no_folder_is_set(music: NightMusic) -> None:
    assert music.available
    music.night()
    assert music.playing
    assert music.current == music.settings.cache_dir / DEFAULT_TRACK
    assert music.current.exists()


def test_morning_fades_the_music_out(music: NightMusic) -> None:
    music.night()
    music.morning()
    assert not music.playing
    music.tick()  # by day nothing starts again
    assert not music.playing


def test_the_playlist_plays_in_name_order_and_moves_on(
    sound: None, tmp_path: Path, cache: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "night"
    for name in ("b.wav", "a.wav"):
        write_ambient_pad(folder / name, seconds=0.5)
    (folder / "c.ogg").write_bytes(b"not really an ogg file")
    (folder / "notes.txt").write_text("ignored")
    player = NightMusic(MusicSettings(folder=folder, cache_dir=cache, fade_in=0.0))
    try:
        assert [p.name for p in player.playlist()] == ["a.wav", "b.wav", "c.ogg"]
        player.night()
        assert player.current == folder / "a.wav"
        for expected in ("b.wav", "a.wav"):  # c.ogg cannot be played: skipped, with a warning
            pygame.mixer.music.stop()  # the track has ended
            player.tick()
            assert player.current == folder / expected
            assert player.playing
        assert "cannot play" in caplog.text and "c.ogg" in caplog.text
        assert [p.name for p in player.playlist()] == ["a.wav", "b.wav"]
    finally:
        player.close()


def test_a_missing_folder_falls_back_to_the_kits_track_with_one_warning(
    sound: None, tmp_path: Path, cache: Path, caplog: pytest.LogCaptureFixture
) -> None:
    settings = MusicSettings(folder=tmp_path / "nowhere", cache_dir=cache, fade_out=0.0)
    player = NightMusic(settings)
    try:
        for _ in range(2):
            player.night()
            player.morning()
        assert player.current == cache / DEFAULT_TRACK
        assert caplog.text.count("does not exist") == 1
    finally:
        player.close()


def test_tones_play_over_the_music(music: NightMusic) -> None:
    music.night()
    names: tuple[ToneName, ...] = ("warning", "time_up", "error")
    for name in names:
        music.tone(name)
        assert pygame.mixer.Channel(0).get_busy()
    assert music.playing


def test_volume_is_checked_then_applied(music: NightMusic) -> None:
    music.set_volume(0.25)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.25, abs=0.01)
    with pytest.raises(ValueError, match=r"volume goes from 0 to 1, got 1\.5"):
        music.set_volume(1.5)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.25, abs=0.01)


def test_without_a_sound_device_a_warning_at_start_and_at_nightfall_then_silence(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-sound-driver")
    with caplog.at_level(logging.WARNING):
        player = NightMusic(MusicSettings(cache_dir=tmp_path))
        player.night()
        player.tone("error")
        player.tick()
        player.set_volume(0.3)
        player.morning()
        player.close()
    assert not player.available
    assert not player.playing
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1  # at start; nightfall tried again, and did not say it again
    assert all("the table is silent: no sound" in w.getMessage() for w in warnings)
    assert player.problem is not None and "tried again at nightfall" in player.problem
    assert not (tmp_path / DEFAULT_TRACK).exists()  # nothing was even prepared


def test_an_unwritable_cache_costs_the_kits_track_not_the_game(
    sound: None, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    player = NightMusic(MusicSettings(cache_dir=blocker / "mafiakit"))
    try:
        assert player.available
        assert "cannot write the kit's night track" in caplog.text
        player.night()
        player.tick()
        assert not player.playing
        player.tone("time_up")  # the tones still work
        assert pygame.mixer.Channel(0).get_busy()
    finally:
        player.close()


def test_the_cache_follows_xdg_cache_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert MusicSettings().cache_dir == tmp_path / "mafiakit"


def test_without_a_sound_card_our_one_line_is_all_that_is_said(tmp_path: Path) -> None:
    """libasound lists every device it tried on stderr; the judge needs only our line."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "SDL_AUDIODRIVER": "alsa", "AUDIODEV": "hw:97,0",
           "XDG_CACHE_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", "from device.hardware.music import NightMusic\n"
                           "print(NightMusic().available)"], env=env, capture_output=True,
                          text=True, check=False, timeout=60)
    assert done.stdout == "False\n"
    assert done.stderr.startswith("the table is silent: no sound on the default device (")
    assert len(done.stderr.splitlines()) == 1, done.stderr


# --- the sound device chosen by its ALSA name (SDL's ALSA driver, not the dummy one) ---
@pytest.fixture
def alsa(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "alsa")
    monkeypatch.delenv("AUDIODEV", raising=False)


def test_the_named_alsa_device_is_opened(alsa: None, cache: Path) -> None:
    """ALSA's `null` device: the table opens it by name and plays into it."""
    player = NightMusic(MusicSettings(cache_dir=cache, device="null"))
    try:
        assert player.available and player.problem is None
        player.night()
        assert player.playing
    finally:
        player.close()


def test_the_tones_reach_the_named_device(alsa: None, cache: Path, tmp_path: Path) -> None:
    """ALSA's `file` device writes what it is given: the error tone arrives as samples.

    The file is a FIFO read here: ALSA's null slave takes samples as fast as SDL mixes them
    (gigabytes a minute), so a plain file would fill the disk; a pipe holds 64 KiB and is
    drained as it comes, and the device blocks while nobody reads.
    """
    pipe = tmp_path / "out.raw"
    os.mkfifo(pipe)
    heard = threading.Event()

    def listen() -> None:
        with pipe.open("rb") as sound:
            while chunk := sound.read(65536):
                if any(chunk):
                    heard.set()

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()  # ALSA opens the FIFO when the mixer starts: a reader must be there
    player = NightMusic(MusicSettings(cache_dir=cache, device=f"file:FILE={pipe},FORMAT=raw"))
    try:
        assert player.available
        player.tone("error")
        assert heard.wait(60), "no sample of the tone came out"  # a safety net, not a speed limit
    finally:
        player.close()
    listener.join(60)
    assert not listener.is_alive()  # closing the mixer closed the device


def test_a_missing_device_is_one_line_for_the_judge_and_is_tried_again_at_nightfall(
    alsa: None, cache: Path
) -> None:
    """HDMI sound cannot open while the TV is off; it is tried again when night falls."""
    player = NightMusic(MusicSettings(cache_dir=cache, device="hw:CARD=NoSuchCard"))
    try:
        assert not player.available
        assert player.problem is not None
        assert player.problem.startswith("the table is silent: no sound on hw:CARD=NoSuchCard")
        player.night()  # still no such card: still silent, and still one line
        assert not player.available and player.opened == 0
        player.settings = player.settings.model_copy(update={"device": "null"})  # the TV is on
        player.morning()
        player.night()
        assert player.available and player.problem is None and player.opened == 1
        assert player.playing
    finally:
        player.close()
