"""Night music and the timer tones through pygame.mixer; silence (never a crash) without sound.

Night falls: the playlist fades in; morning: it fades out. The night script
(device/table/nightscript.py) calls each night step aloud over the music from a folder of the club's
own recordings (`announce`); without one nothing is said. Without a playlist the kit plays its
own ambient pad, written once with the `wave` module (no download). The tones ("10 seconds",
"time", the error tone) are generated in memory. If the mixer cannot start (no sound device),
a warning is logged, `problem` says so in one line for the judge's screen and every method
becomes a no-op: the game must go on in silence.

The output is chosen by its ALSA name (device/hardware/audio.py): the table's config may name one
(`[hardware] audio_device`, e.g. "hdmi:CARD=vc4hdmi0,DEV=0" for a Pi's HDMI, which takes
only IEC958 frames, "plughw:CARD=Device,DEV=0" for a USB DAC, "plughw:CARD=Headphones,DEV=0"
for a Pi 4's jack, "plughw:CARD=MAX98357A,DEV=0" for an I2S amplifier; `aplay -L` lists
them); without one the table tries the cards it has, best first, each by the name that plays
on it. SDL's ALSA driver opens $AUDIODEV. HDMI audio cannot open while the TV is off, so a
table that could not open its sound tries again at every nightfall.
"""

from __future__ import annotations

import array
import logging
import math
import os
import threading
import wave
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field

from device.hardware.audio import CARDS, candidates, listed_names, read_cards

if TYPE_CHECKING:  # pygame loads when a table opens its sound device, never before
    import pygame

log = logging.getLogger(__name__)

TRACK_SUFFIXES = (".ogg", ".wav", ".mp3")
DEFAULT_TRACK = "night-pad.wav"
ToneName = Literal["warning", "time_up", "error"]
# (frequency Hz or 0 for a pause, seconds): two short high beeps, one long, two low ones
TONES: dict[ToneName, tuple[tuple[float, float], ...]] = {
    "warning": ((880.0, 0.12), (0.0, 0.08), (880.0, 0.12)),
    "time_up": ((660.0, 0.6),),
    "error": ((220.0, 0.15), (0.0, 0.1), (220.0, 0.15)),
}


class MusicSettings(BaseModel):
    """Where the night playlist is and how loud / soft it plays."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    folder: Path | None = None  # .ogg / .wav / .mp3 files, played in name order
    volume: float = Field(0.5, ge=0.0, le=1.0)
    fade_in: float = Field(4.0, ge=0.0, description="seconds")
    fade_out: float = Field(3.0, ge=0.0, description="seconds")
    cache_dir: Path = Field(default_factory=lambda: _cache_home() / "mafiakit")
    device: str | None = Field(None, min_length=1, description="ALSA device name (aplay -L)")
    announcements: Path | None = Field(
        None, description="recordings named by night step, e.g. putana.ogg, mafia_shot.wav")
    cards: Path = Field(CARDS, description="where the kernel lists the sound cards")


def _cache_home() -> Path:
    """$XDG_CACHE_HOME, else ~/.cache (the systemd unit points it at /var/cache)."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")


def write_ambient_pad(path: Path, seconds: float = 20.0, rate: int = 11025) -> Path:
    """Write a soft, seamlessly looping ambient chord (A minor) as a 16-bit mono WAV.

    Nothing in it is above 330 Hz, so 11 kHz sampling loses nothing and halves the start-up work.

    Every partial and every swell makes a whole number of cycles in the track, so its last
    sample leads straight into its first: the loop has no click.
    """
    count = round(seconds * rate)
    if count <= 0:
        raise ValueError(f"a track needs a positive length, got {seconds} s")
    path.parent.mkdir(parents=True, exist_ok=True)  # fail before the work, not after
    # (frequency, loudness, swells per loop, swell phase); the 110.15 Hz copy makes a slow beat
    partials = (
        (110.0, 1.0, 1, 0.0),
        (110.15, 0.5, 2, 1.0),
        (164.81, 0.7, 1, 2.0),
        (220.0, 0.55, 3, 3.0),
        (261.63, 0.4, 2, 4.0),
        (329.63, 0.35, 1, 5.0),
    )
    mix = [0.0] * count
    for freq, loud, swells, phase in partials:
        turn = 2 * math.pi * round(freq * count / rate) / count
        swell = 2 * math.pi * swells / count
        mix = [
            m + loud * (0.6 + 0.4 * math.sin(swell * i + phase)) * math.sin(turn * i)
            for i, m in enumerate(mix)
        ]
    peak = max(map(abs, mix)) or 1.0
    samples = array.array("h", (round(0.3 * 32767 * m / peak) for m in mix))
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(samples.tobytes())
    return path


def tone_samples(
    parts: tuple[tuple[float, float], ...], rate: int, channels: int, volume: float = 0.6
) -> array.array[int]:
    """16-bit interleaved samples for a tone pattern, with 5 ms edges so it does not click."""
    out = array.array("h")
    edge = max(1, round(0.005 * rate))
    for freq, seconds in parts:
        count = round(seconds * rate)
        for i in range(count):
            ramp = min(1.0, i / edge, (count - 1 - i) / edge)
            value = round(volume * 32767 * ramp * math.sin(2 * math.pi * freq * i / rate))
            out.extend([value] * channels)
    return out


@contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Silence what C libraries print on file descriptor 2 meanwhile (libasound lists every
    device it tried before SDL reports one plain error, which we log)."""
    try:
        saved = os.dup(2)
    except OSError:  # no stderr at all: nothing to quiet
        yield
        return
    try:
        with open(os.devnull, "wb") as devnull:
            os.dup2(devnull.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class NightMusic:
    """The table's sound: night playlist with fades, the timer and error tones; thread-safe."""

    def __init__(self, settings: MusicSettings | None = None) -> None:
        self.settings = settings or MusicSettings()
        self._lock = threading.Lock()
        self._night = False
        self.current: Path | None = None  # the night track playing (or last played)
        self._next = 0
        self._broken: set[Path] = set()
        self._folder_warned = False
        self._closed = False
        self._tones: dict[ToneName, pygame.mixer.Sound] = {}
        self.problem: str | None = None  # one line for the judge's screen while silent
        self._said: str | None = None  # the silence last logged (said once, not each night)
        self.device: str | None = None  # the ALSA name it plays on (None: SDL's default)
        self.opened = 0  # how many times the sound device was opened
        self.announced: deque[Path] = deque(maxlen=64)  # the recordings played, newest last
        self._to_say: deque[pygame.mixer.Sound] = deque()
        self.available = self._open()

    def _open(self) -> bool:
        """Open the configured device, or else the first of the machine's cards that opens
        (device/hardware/audio.py); False, with `problem` saying so, when none does."""
        named = self.settings.device
        found: list[str | None] = list(candidates(read_cards(self.settings.cards)))
        tried: list[str | None] = [named] if named is not None else found or [None]
        errors = []
        for device in tried:
            error = self._open_device(device)
            if error is None:
                self.device = device
                break
            errors.append(f"{device or 'the default device'} ({error})")
        else:
            listed = [n for n in listed_names() or () if "CARD=" in n][:6]
            known = f" (aplay -L lists {', '.join(listed)})" if listed else ""
            self.problem = (f"the table is silent: no sound on {'; '.join(errors)}{known}; "
                            "tried again at nightfall")
            # said once (the judge's screen keeps showing it): a game has five nightfalls
            said = log.warning if self.problem != self._said else log.debug
            said("%s: night music and timer tones are off", self.problem)
            self._said = self.problem
            return False
        if self._said is not None:
            log.warning("the table has its sound back")
        self._said = None
        self.problem = None
        self.opened += 1
        own = self.settings.cache_dir / DEFAULT_TRACK
        try:
            if not own.exists():  # written now, at start-up, so nightfall never waits for it
                write_ambient_pad(own)
        except OSError as exc:
            log.warning("cannot write the kit's night track (%s): no music without a folder", exc)
        return True

    def _open_device(self, device: str | None) -> str | None:
        """Start the mixer on `device` (None: SDL's default) with the tones; the error in
        SDL's words when it does not start."""
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the commands'
        import pygame

        if device is not None:
            os.environ["AUDIODEV"] = device  # SDL's ALSA driver opens it (see the docstring)
        try:
            with _quiet_stderr():  # ALSA's own complaints; our one line says it all
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=1024)
            opened = pygame.mixer.get_init()
            if opened is None:
                raise pygame.error("the mixer did not start")
            rate, size, channels = opened
            if size != -16:
                raise pygame.error(f"the sound device offers {size}-bit samples, not 16-bit")
            pygame.mixer.set_reserved(2)  # channel 0 for the tones, 1 for the announcements
            pygame.mixer.music.set_volume(self.settings.volume)
            for name, parts in TONES.items():
                samples = tone_samples(parts, rate, channels)
                self._tones[name] = pygame.mixer.Sound(buffer=samples.tobytes())
        except pygame.error as exc:
            pygame.mixer.quit()
            return str(exc)
        return None

    @property
    def playing(self) -> bool:
        """True while a night track plays (or fades out)."""
        import pygame

        with self._lock:
            return self.available and pygame.mixer.music.get_busy()

    def playlist(self) -> list[Path]:
        """The tracks to play at night: the folder's, else the kit's own pad (see `_open`)."""
        folder = self.settings.folder
        if folder is not None:
            if not folder.is_dir():
                if not self._folder_warned:
                    log.warning("music folder %s does not exist: playing the kit's track", folder)
                    self._folder_warned = True
            else:
                tracks = sorted(
                    path
                    for path in folder.iterdir()
                    if path.suffix.lower() in TRACK_SUFFIXES and path not in self._broken
                )
                if tracks:
                    return tracks
        own = self.settings.cache_dir / DEFAULT_TRACK
        return [own] if own.exists() and own not in self._broken else []

    def night(self) -> None:
        """Night falls: fade the playlist in (nothing if it already plays).

        A table that has no sound tries to open it again first (the TV may be on now)."""
        with self._lock:
            if not self.available and not self._closed:
                self.available = self._open()
            if not self.available or self._night:
                return
            self._night = True
            self._play_next(fade=self.settings.fade_in)

    def morning(self) -> None:
        """Morning: fade the music out."""
        import pygame

        with self._lock:
            if not self.available or not self._night:
                return
            self._night = False
            self._to_say.clear()  # a step not yet said is no step any more
            pygame.mixer.music.fadeout(round(self.settings.fade_out * 1000))

    def tick(self) -> None:
        """Start the next track when one has ended at night (call about once a second)."""
        import pygame

        with self._lock:
            if self.available:
                self._speak()
            if self.available and self._night and not pygame.mixer.music.get_busy():
                self._play_next(fade=0.5)

    def tone(self, name: ToneName) -> None:
        """Play a tone over the music: "warning" (10 s left), "time_up" or "error"."""
        import pygame

        with self._lock:
            if self.available:
                pygame.mixer.Channel(0).play(self._tones[name])

    def recording(self, step: str) -> Path | None:
        """The announcement of a night step (`<step>.ogg|.wav|.mp3`), or None."""
        folder = self.settings.announcements
        if folder is None or not folder.is_dir():
            return None
        for suffix in TRACK_SUFFIXES:
            path = folder / f"{step}{suffix}"
            if path.is_file() and path not in self._broken:
                return path
        return None

    def announce(self, step: str) -> bool:
        """Say a night step aloud over the music ("the putana wakes up"), queued after the one
        still speaking; False when there is no recording or no sound (the judge says it)."""
        import pygame

        with self._lock:
            path = self.recording(step) if self.available else None
            if path is None:
                return False
            try:
                sound = pygame.mixer.Sound(str(path))
            except pygame.error as exc:
                log.warning("cannot play %s (%s): skipping it", path, exc)
                self._broken.add(path)
                return False
            self._to_say.append(sound)
            self._speak()
            self.announced.append(path)
            return True

    def _speak(self) -> None:
        """Feed the announcements' channel: one playing, one queued, the rest wait for tick."""
        import pygame

        channel = pygame.mixer.Channel(1)
        if self._to_say and not channel.get_busy():
            channel.play(self._to_say.popleft())
        if self._to_say and channel.get_queue() is None:
            channel.queue(self._to_say.popleft())

    def set_volume(self, volume: float) -> None:
        """Music volume 0..1 (the tones keep theirs)."""
        import pygame

        if not 0.0 <= volume <= 1.0:
            raise ValueError(f"volume goes from 0 to 1, got {volume}")
        with self._lock:
            if self.available:
                pygame.mixer.music.set_volume(volume)

    def close(self) -> None:
        """Stop and release the sound device."""
        import pygame

        with self._lock:
            if self.available:
                pygame.mixer.music.stop()
                pygame.mixer.quit()
            self.available = False
            self._night = False
            self._closed = True
            self._to_say.clear()

    def _play_next(self, fade: float) -> None:
        import pygame

        tracks = self.playlist()  # empty only when no track could be written: stay silent
        for attempt in range(len(tracks)):
            track = tracks[(self._next + attempt) % len(tracks)]
            try:
                pygame.mixer.music.load(str(track))
                loops = -1 if len(tracks) == 1 else 0  # a lone track loops by itself
                pygame.mixer.music.play(loops=loops, fade_ms=round(fade * 1000))
            except pygame.error as exc:
                log.warning("cannot play %s (%s): skipping it", track, exc)
                self._broken.add(track)
                continue
            self._next = (self._next + attempt + 1) % len(tracks)
            self.current = track
            return
