"""Which ALSA device the table plays on: names that work on every board, checked with ALSA.

A Raspberry Pi's HDMI sound card under vc4-kms (card driver `vc4-hdmi`, ids `vc4hdmi0` and
`vc4hdmi1` on a Pi 4 or 5, `vc4hdmi` on a Pi 3 or Zero 2 W) takes only IEC958 subframes:
`hw:` and `plughw:` cannot feed it (the plug plugin finds no slave format;
raspberrypi/linux#4654, #6015). alsa-lib's card config for it (Debian's
/usr/share/alsa/cards/vc4-hdmi.conf) defines `hdmi:CARD=...,DEV=0`, an `iec958` plugin that
frames plain PCM for the card, which is the name the kit uses; SDL negotiates the rate the TV
takes. Every other card (a USB DAC, an I2S amplifier, the Pi 4's headphone jack) plays plain
PCM, and `plughw:CARD=...,DEV=0` converts to whatever it takes.

With no `audio_device` in the config the table tries the cards it has, best first: a USB
DAC (someone plugged it in for this), an I2S card, HDMI 0 then 1, the headphone jack. A
device that does not open (HDMI while the TV is off) gives way to the next; when none opens,
the judge's one line names each with SDL's reason and what alsa-lib lists (`aplay -L`,
through `snd_device_name_hint`).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

CARDS = Path("/proc/asound/cards")
HDMI_DRIVER = "vc4-hdmi"
HEADPHONES_DRIVER = "bcm2835_headpho"  # the Pi 4's jack (the driver name is cut at 15)
USB_DRIVER = "USB-Audio"
_CARD = re.compile(r"^\s*(\d+)\s+\[(\S+)\s*\]:\s+(\S+)\s+-\s+(.*)$")


@dataclass(frozen=True)
class Card:
    """One sound card as the kernel lists it (/proc/asound/cards)."""

    index: int
    id: str  # the stable name: CARD=<id>
    driver: str  # picks alsa-lib's card config: cards/<driver>.conf
    name: str


def parse_cards(text: str) -> list[Card]:
    """/proc/asound/cards -> its cards (each takes two lines; the second is the long name)."""
    return [Card(int(m.group(1)), m.group(2), m.group(3), m.group(4).strip())
            for m in map(_CARD.match, text.splitlines()) if m]


def read_cards(path: Path = CARDS) -> list[Card]:
    """The machine's sound cards; none when the kernel has no sound at all."""
    try:
        return parse_cards(path.read_text(encoding="utf-8", errors="replace"))
    except OSError:
        return []


def pcm_name(card: Card) -> str:
    """The ALSA name that plays plain PCM on `card` (see the module)."""
    if card.driver == HDMI_DRIVER:
        return f"hdmi:CARD={card.id},DEV=0"
    return f"plughw:CARD={card.id},DEV=0"


def _rank(card: Card) -> tuple[int, int]:
    kind = (0 if card.driver == USB_DRIVER else 3 if card.driver == HEADPHONES_DRIVER
            else 2 if card.driver == HDMI_DRIVER else 1)
    return kind, card.index


def candidates(cards: Iterable[Card]) -> list[str]:
    """The names to try, best first (each is tried; one that does not open gives way)."""
    return [pcm_name(card) for card in sorted(cards, key=_rank)]


def check_name(name: str) -> str:
    """Refuse, in words, a name that cannot play on a Pi's HDMI (a config written for the old
    firmware driver); any other name is ALSA's to judge when the table opens it."""
    match = re.match(r"^(plughw|hw):(?:CARD=)?(vc4hdmi\d?)\b", name)
    if match:
        raise ValueError(
            f"audio_device {name!r}: the Pi's HDMI sound card takes only IEC958 frames, so "
            f"{match.group(1)}: stays silent; use 'hdmi:CARD={match.group(2)},DEV=0' (or leave "
            "audio_device out: the table picks the card)")
    return name


# -- alsa-lib through ctypes ------------------------------------------------------------------

@cache
def _alsa() -> ctypes.CDLL | None:
    found = ctypes.util.find_library("asound")
    if found is None:
        return None
    try:
        lib = ctypes.CDLL(found)
    except OSError:
        return None
    lib.snd_device_name_get_hint.restype = ctypes.c_void_p
    lib.snd_device_name_get_hint.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    return lib


def listed_names() -> list[str] | None:
    """Every PCM name alsa-lib lists here (what `aplay -L` prints first on each entry); None
    without alsa-lib."""
    lib = _alsa()
    if lib is None:
        return None
    hints = ctypes.POINTER(ctypes.c_void_p)()
    if lib.snd_device_name_hint(-1, b"pcm", ctypes.byref(hints)) != 0:
        return None
    libc = ctypes.CDLL(None)
    names = []
    try:
        index = 0
        while hints[index]:
            raw = lib.snd_device_name_get_hint(hints[index], b"NAME")
            if raw:
                names.append(ctypes.string_at(raw).decode("utf-8", "replace"))
                libc.free(ctypes.c_void_p(raw))
            index += 1
    finally:
        lib.snd_device_name_free_hint(hints)
    return names


def card_config(driver: str, key: str, cards_dir: Path = Path("/usr/share/alsa/cards")
                ) -> str | None:
    """A string of alsa-lib's config for a card driver (cards/<driver>.conf, read by alsa-lib
    itself), e.g. ("vc4-hdmi", "pcm.hdmi.0.type") -> "iec958"; None when it is not there."""
    lib = _alsa()
    path = cards_dir / f"{driver}.conf"
    if lib is None or not path.is_file():
        return None
    top, source = ctypes.c_void_p(), ctypes.c_void_p()
    if lib.snd_config_top(ctypes.byref(top)) != 0:
        return None
    try:
        if lib.snd_input_stdio_open(ctypes.byref(source), str(path).encode(), b"r") != 0:
            return None
        loaded = lib.snd_config_load(top, source)
        lib.snd_input_close(source)
        node, value = ctypes.c_void_p(), ctypes.c_char_p()
        if loaded != 0 or lib.snd_config_search(top, f"{driver}.{key}".encode(),
                                                ctypes.byref(node)) != 0:
            return None
        if lib.snd_config_get_string(node, ctypes.byref(value)) != 0 or value.value is None:
            return None
        return value.value.decode()
    finally:
        lib.snd_config_delete(top)


def alsa_defines(key: str) -> bool:
    """Whether alsa-lib's global configuration (alsa.conf and what it loads) has `key`, e.g.
    "pcm.hdmi": the prefix of a device name that alsa-lib can expand; False without it."""
    lib = _alsa()
    if lib is None or lib.snd_config_update() < 0:
        return False
    root = ctypes.c_void_p.in_dll(lib, "snd_config")
    node = ctypes.c_void_p()
    return bool(root.value) and lib.snd_config_search(root, key.encode(), ctypes.byref(node)) == 0
