"""Sound by a name that plays (hardware/audio.py): the names the table picks on a Pi 4, a Pi 5 and
a Zero 2 W are ones alsa-lib lists for their cards (recorded `aplay -L`), HDMI goes through
alsa-lib's `hdmi` plugin, which frames PCM for the card (checked with the real alsa-lib and
Debian's card configuration here), and a name that cannot play on a Pi's HDMI is refused in
words."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from device.config import ConfigError, load_settings
from device.hardware.audio import (
    alsa_defines,
    candidates,
    card_config,
    check_name,
    listed_names,
    parse_cards,
    pcm_name,
)
from device.hardware.music import MusicSettings, NightMusic

DATA = Path(__file__).parent / "data" / "alsa"


def board(name: str) -> tuple[list[str], set[str]]:
    """(the names the table tries, every name `aplay -L` lists) for a recorded board."""
    cards = parse_cards((DATA / f"{name}-cards.txt").read_text(encoding="utf-8"))
    listing = (DATA / f"{name}-aplay-L.txt").read_text(encoding="utf-8").splitlines()
    return candidates(cards), {line for line in listing if line and not line[0].isspace()}


@pytest.mark.parametrize(
    ("name", "tried"),
    [
        ("pi4", ["hdmi:CARD=vc4hdmi0,DEV=0", "hdmi:CARD=vc4hdmi1,DEV=0",
                 "plughw:CARD=Headphones,DEV=0"]),
        ("pi5-usb", ["plughw:CARD=Device,DEV=0", "hdmi:CARD=vc4hdmi0,DEV=0",
                     "hdmi:CARD=vc4hdmi1,DEV=0"]),
        ("zero2w-usb", ["plughw:CARD=Device,DEV=0", "hdmi:CARD=vc4hdmi,DEV=0"]),
    ],
)
def test_each_board_gets_names_alsa_lists_best_first(name: str, tried: list[str]) -> None:
    names, listed = board(name)
    assert names == tried
    assert set(names) <= listed, set(names) - listed


def test_the_cards_are_read_as_the_kernel_lists_them() -> None:
    cards = parse_cards((DATA / "pi4-cards.txt").read_text(encoding="utf-8"))
    assert [(c.index, c.id, c.driver) for c in cards] == [
        (0, "Headphones", "bcm2835_headpho"), (1, "vc4hdmi0", "vc4-hdmi"),
        (2, "vc4hdmi1", "vc4-hdmi")]
    assert [pcm_name(c) for c in cards][1] == "hdmi:CARD=vc4hdmi0,DEV=0"
    assert parse_cards("--- no soundcards ---\n") == []


def test_alsa_lib_frames_pcm_for_the_pis_hdmi_through_the_hdmi_plugin() -> None:
    """The real alsa-lib reads Debian's cards/vc4-hdmi.conf: `hdmi` is an iec958 plugin over
    the card's IEC958 subframes (so plughw:, straight to the card, finds no format it takes:
    raspberrypi/linux#4654, #6015); `default` adds plug and softvol over the same."""
    assert alsa_defines("pcm.hdmi") and alsa_defines("pcm.plughw")
    assert not alsa_defines("pcm.no_such_plugin")
    assert card_config("vc4-hdmi", "pcm.hdmi.0.type") == "iec958"
    assert card_config("vc4-hdmi", "pcm.hdmi.0.slave.format") == "IEC958_SUBFRAME_LE"
    assert card_config("vc4-hdmi", "pcm.hdmi.0.slave.pcm.slave.pcm.type") == "hw"
    assert card_config("vc4-hdmi", "pcm.default.playback.pcm.type") == "plug"
    assert card_config("no-such-driver", "pcm.hdmi.0.type") is None


def test_alsa_lib_lists_its_devices_here() -> None:
    """`aplay -L` through the ALSA API (snd_device_name_hint); this machine has no card, so
    only alsa-lib's own `null`."""
    listed = listed_names()
    assert listed is not None and "null" in listed


@pytest.mark.parametrize("name", ["plughw:CARD=vc4hdmi0", "hw:CARD=vc4hdmi1,DEV=0",
                                  "plughw:vc4hdmi"])
def test_a_name_that_stays_silent_on_hdmi_is_refused_with_the_one_that_plays(name: str) -> None:
    with pytest.raises(ValueError, match="takes only IEC958 frames") as refused:
        check_name(name)
    assert "use 'hdmi:CARD=vc4hdmi" in str(refused.value)
    for good in ("hdmi:CARD=vc4hdmi0,DEV=0", "plughw:CARD=Device,DEV=0", "null"):
        assert check_name(good) == good


def test_the_table_config_refuses_it_before_the_evening(tmp_path: Path) -> None:
    toml = tmp_path / "table.toml"
    toml.write_text('[hardware]\naudio_device = "plughw:CARD=vc4hdmi0"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="use 'hdmi:CARD=vc4hdmi0,DEV=0'"):
        load_settings(toml)


@pytest.fixture
def alsa(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """SDL's real ALSA driver: the devices named must exist on this machine to open."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "alsa")
    yield


def test_without_a_name_the_table_tries_its_cards_in_turn(alsa: None, tmp_path: Path) -> None:
    """A Pi 5 with a USB card, as its kernel lists them; none of them is on this machine, so
    each is tried, best first, and the judge's one line names them all."""
    player = NightMusic(MusicSettings(cache_dir=tmp_path, cards=DATA / "pi5-usb-cards.txt"))
    try:
        assert not player.available and player.problem is not None
        tried = player.problem.removeprefix("the table is silent: no sound on ")
        assert tried.startswith("plughw:CARD=Device,DEV=0 (")
        assert tried.index("; hdmi:CARD=vc4hdmi0,DEV=0 (") < tried.index(
            "; hdmi:CARD=vc4hdmi1,DEV=0 (")
        assert player.problem.endswith("; tried again at nightfall")
    finally:
        player.close()
    cardless = NightMusic(MusicSettings(cache_dir=tmp_path, cards=tmp_path / "none",
                                        device="null"))
    try:
        assert cardless.available and cardless.device == "null"  # a name given is the one
    finally:
        cardless.close()
