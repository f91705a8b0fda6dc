"""Who owns the header's pins right now, as the running kernel says: the pin check at start.

config.txt says what the firmware was asked for (hardware/bootconfig.py); the kernel says what
it did, whatever overlay, runtime `dtoverlay` or other program did it. Two readings:

- GPIO line ownership, from the GPIO character device (`/dev/gpiochipN`, the ioctl
  `GPIO_V2_GET_LINEINFO_IOCTL` that `gpioinfo` uses; the table's user is in group `gpio`):
  every line a driver or a program requested, with its consumer ("spi0 CS1", "fan",
  "onewire@4", "pps@12" ...). The same lines can be read from recorded `gpioinfo` (libgpiod
  1 and 2) or `/sys/kernel/debug/gpio` text, which is how the tests check a Pi 4 and a Pi 5.
- Pin functions, from Raspberry Pi OS's `pinctrl get` (raspi-utils, reads /dev/gpiomem as
  group `gpio`): a pin muxed to I2C, UART, SPI, I2S or PWM is owned by that block without
  any GPIO line being requested, so line ownership alone would not see `dtparam=i2c_arm`,
  `disable-bt` or `audremap`.

A key on a pin that either reading gives to something else is refused before any pin opens,
naming both jobs. Off a Pi (no header chip, no `pinctrl`) there is nothing to read and
nothing is refused: config.txt's check still runs.
"""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import struct
import subprocess
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from device.hardware.pins import BCM_RANGE, LED_CLOCK, LED_DATA, LED_SELECT, SPI_MISO, PinMap

HEADER_CHIPS = ("pinctrl-bcm2835", "pinctrl-bcm2711", "pinctrl-rp1")
FIRST_LINE_NAMES = ("ID_SDA", "SDA0")  # line 0 of the header's chip in every Pi's device tree

# linux/gpio.h: struct gpiochip_info (name[32], label[32], u32 lines) and struct
# gpio_v2_line_info (name[32], consumer[32], u32 offset, u32 num_attrs, u64 flags,
# 10 attributes of 16 bytes, u32 padding[4]); _IOR(0xB4, 0x01) and _IOWR(0xB4, 0x05).
CHIP_INFO = struct.Struct("<32s32sI")
LINE_INFO = struct.Struct("<32s32sIIQ160x16x")
GPIO_GET_CHIPINFO_IOCTL = (2 << 30) | (CHIP_INFO.size << 16) | (0xB4 << 8) | 0x01
GPIO_V2_GET_LINEINFO_IOCTL = (3 << 30) | (LINE_INFO.size << 16) | (0xB4 << 8) | 0x05
FLAG_USED, FLAG_OUTPUT = 1 << 0, 1 << 3

# The chain's own pins: SPI0 MOSI and SCLK must be muxed to SPI; CE0 and MISO are the SPI
# block's (gpiozero reserves CE0; spi0-0cs leaves MISO muxed).
CHAIN_FUNCTIONS = {LED_DATA: "SPI0_MOSI", LED_CLOCK: "SPI0_SCLK"}
NOT_MUXED = ("input", "output", "none")


@dataclass(frozen=True)
class LineInfo:
    """One GPIO line of the header's chip: its offset (the BCM number), name and, when a
    driver or program holds it, the consumer's name."""

    offset: int
    name: str
    consumer: str | None = None
    output: bool = False


def _text(raw: bytes) -> str:
    return raw.split(b"\0", 1)[0].decode("utf-8", "replace")


def decode_line_info(raw: bytes) -> LineInfo:
    """A `struct gpio_v2_line_info` as the kernel filled it."""
    name, consumer, offset, _, flags = LINE_INFO.unpack(raw)
    used = bool(flags & FLAG_USED)
    return LineInfo(offset, _text(name), (_text(consumer) or "kernel") if used else None,
                    bool(flags & FLAG_OUTPUT))


def read_chip(path: Path) -> tuple[str, list[LineInfo]]:
    """(label, lines) of one GPIO chip, through its character device."""
    fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    try:
        info = bytearray(CHIP_INFO.size)
        fcntl.ioctl(fd, GPIO_GET_CHIPINFO_IOCTL, info)
        _, label, count = CHIP_INFO.unpack(info)
        lines = []
        for offset in range(min(count, len(BCM_RANGE))):
            buffer = bytearray(LINE_INFO.pack(b"", b"", offset, 0, 0))
            fcntl.ioctl(fd, GPIO_V2_GET_LINEINFO_IOCTL, buffer)
            lines.append(decode_line_info(bytes(buffer)))
        return _text(label), lines
    finally:
        os.close(fd)


def header_lines(dev: Path = Path("/dev")) -> list[LineInfo] | None:
    """The header chip's lines 0-27 as the kernel has them now; None when no GPIO chip of a
    Raspberry Pi can be read here (not a Pi, or no access: the caller says so)."""
    for path in sorted(dev.glob("gpiochip*")):
        try:
            label, lines = read_chip(path)
        except OSError:
            continue
        if label in HEADER_CHIPS or (lines and lines[0].name in FIRST_LINE_NAMES):
            return lines
    return None


_GPIOINFO_CHIP = re.compile(r"^(gpiochip\d+)(?: \[([^\]]*)\])?(?: \(\d+ lines\))? - \d+ lines:")
_GPIOINFO_V1 = re.compile(
    r'^\s*line\s+(\d+):\s+("([^"]*)"|unnamed)\s+("([^"]*)"|unused)\s+(input|output)(.*)$')
_GPIOINFO_V2 = re.compile(r'^\s*line\s+(\d+):\s+("([^"]*)"|unnamed)\s+(input|output)(.*)$')
_CONSUMER_V2 = re.compile(r'consumer=(?:"([^"]*)"|(\S+))')


def parse_gpioinfo(text: str) -> dict[str, list[LineInfo]]:
    """Recorded `gpioinfo` output (libgpiod 1 or 2) -> chip name -> its lines."""
    chips: dict[str, list[LineInfo]] = {}
    current: list[LineInfo] | None = None
    for raw in text.splitlines():
        head = _GPIOINFO_CHIP.match(raw.strip())
        if head:
            current = chips.setdefault(head.group(1), [])
            continue
        if current is None:
            continue
        v1 = _GPIOINFO_V1.match(raw)
        if v1:
            used = "[used]" in v1.group(7) or v1.group(4) != "unused"
            current.append(LineInfo(int(v1.group(1)), v1.group(3) or "",
                                    (v1.group(5) or "kernel") if used else None,
                                    v1.group(6) == "output"))
            continue
        v2 = _GPIOINFO_V2.match(raw)
        if v2:
            consumer = _CONSUMER_V2.search(v2.group(5))
            current.append(LineInfo(int(v2.group(1)), v2.group(3) or "",
                                    None if consumer is None else (consumer.group(1)
                                                                   or consumer.group(2)),
                                    v2.group(4) == "output"))
    return chips


_DEBUGFS_CHIP = re.compile(
    r"^(gpiochip\d+): GPIOs (\d+)-(\d+)(?:, parent: [^,]*)?, ([^,:]+)(?:, can sleep)?:$")
_DEBUGFS_LINE = re.compile(r"^\s*gpio-(\d+)\s+\(([^|]*)\|([^)]*)\)\s+(in|out)\b")


def parse_debugfs(text: str) -> dict[str, list[LineInfo]]:
    """Recorded `/sys/kernel/debug/gpio` -> chip label -> its requested lines (the file
    numbers lines globally from each chip's base)."""
    chips: dict[str, list[LineInfo]] = {}
    base, current = 0, None
    for raw in text.splitlines():
        head = _DEBUGFS_CHIP.match(raw.strip())
        if head:
            base, current = int(head.group(2)), chips.setdefault(head.group(4), [])
            continue
        line = _DEBUGFS_LINE.match(raw)
        if line and current is not None:
            consumer = line.group(3).strip()
            current.append(LineInfo(int(line.group(1)) - base, line.group(2).strip(),
                                    consumer or None, line.group(4) == "out"))
    return chips


def header_chip(chips: Mapping[str, list[LineInfo]]) -> list[LineInfo]:
    """The header's chip among parsed chips: by its label, else by its first line's name."""
    for label in HEADER_CHIPS:
        if label in chips:
            return chips[label]
    for lines in chips.values():
        if lines and lines[0].offset == 0 and lines[0].name in FIRST_LINE_NAMES:
            return lines
    raise ValueError("no Raspberry Pi header chip in this recording (no line 0 named ID_SDA)")


_PINCTRL = re.compile(r"^\s*(\d+):\s+(\S+).*//\s*(\S+)\s*=\s*(\S+)")


def parse_pinctrl(text: str) -> dict[int, str]:
    """`pinctrl get` output -> BCM pin -> its function ("SDA1", "PWM0_CHAN0", "input",
    "output", "none")."""
    out: dict[int, str] = {}
    for raw in text.splitlines():
        match = _PINCTRL.match(raw)
        if match and int(match.group(1)) in BCM_RANGE:
            out[int(match.group(1))] = match.group(4)
    return out


def read_functions(tool: str = "pinctrl") -> dict[int, str] | None:
    """The header pins' functions from Raspberry Pi OS's `pinctrl`; None without it."""
    path = shutil.which(tool)
    if path is None:
        return None
    try:
        done = subprocess.run([path, "get", "0-27"], capture_output=True, text=True,
                              timeout=10, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    functions = parse_pinctrl(done.stdout)
    return functions or None


def kernel_clashes(pin_map: PinMap, lines: Iterable[LineInfo] | None,
                   functions: Mapping[int, str] | None = None) -> list[str]:
    """Every pin of the map that the running kernel gives to something else, in words."""
    jobs = dict(pin_map.uses())
    ours = {LED_DATA, LED_CLOCK, LED_SELECT, SPI_MISO}
    problems = []
    for line in lines or ():
        job = jobs.get(line.offset)
        if job is not None and line.consumer is not None and line.offset not in ours:
            problems.append(
                f"GPIO {line.offset} is {job} in the pin map but the kernel gave it to "
                f'"{line.consumer}" (an overlay in config.txt or a program holding it): '
                "move one of them")
    for pin, function in sorted((functions or {}).items()):
        job = jobs.get(pin)
        if pin in CHAIN_FUNCTIONS:
            if function != CHAIN_FUNCTIONS[pin]:
                problems.append(
                    f"GPIO {pin} must be {CHAIN_FUNCTIONS[pin]} for the seat LED chain but "
                    f"the kernel has it as {function}: SPI0 is off (dtoverlay=spi0-0cs in "
                    "config.txt, then reboot)")
        elif job is not None and pin not in ours and function.lower() not in NOT_MUXED:
            problems.append(f"GPIO {pin} is {job} in the pin map but the kernel has it muxed "
                            f"to {function}: move one of them")
    return problems


def check_kernel(pin_map: PinMap, dev: Path = Path("/dev")) -> None:
    """Raise ValueError naming every pin the running kernel gives away (see the module);
    nothing to read (not a Pi) is not checked."""
    problems = kernel_clashes(pin_map, header_lines(dev), read_functions())
    if problems:
        raise ValueError("the running kernel: " + "; ".join(problems))
