"""What /boot/firmware/config.txt already gives to the kernel, checked against the pin map.

A key on a pin that an overlay owns is a short waiting to happen (the overlay drives it) or a
"GPIO busy" from lgpio at start-up; the checker names both jobs before anything is opened.
Conditional sections (`[pi4]`, `[all]`, ...) are read as if every one applied: a clash on
any model is worth a line. The overlay defaults below are those of the Raspberry Pi firmware's
overlay README (gpio-fan: GPIO 12; gpio-shutdown: GPIO 3; w1-gpio: GPIO 4; max98357a: SD_MODE
on GPIO 4 unless `no-sdmode`; pwm: GPIO 18; pwm-2chan: GPIO 18 and 19).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from device.pins import LED_CLOCK, LED_DATA, SPI_MISO, PinMap

BOOT_CONFIG = Path("/boot/firmware/config.txt")  # bookworm; /boot/config.txt before it

I2C = {2: "I2C SDA", 3: "I2C SCL"}
I2S = {18: "I2S BCLK", 19: "I2S LRCLK", 20: "I2S DIN", 21: "I2S DOUT"}
UART = {14: "UART TX", 15: "UART RX"}
# Sound cards on I2S (name prefixes of their overlays)
I2S_CARDS = ("hifiberry", "iqaudio", "justboom", "allo-", "googlevoicehat", "max98357a",
             "rpi-dac", "i-sabre", "audioinjector")


@dataclass(frozen=True)
class Claim:
    """A pin that a line of config.txt hands to the kernel."""

    pin: int
    what: str
    line: str


def _options(value: str) -> tuple[str, dict[str, str]]:
    name, *params = [part.strip() for part in value.split(",")]
    options = {}
    for param in params:
        key, _, val = param.partition("=")
        options[key.strip()] = val.strip()
    return name, options


def _pin(options: dict[str, str], key: str, default: int) -> int:
    value = options.get(key, "")
    return int(value) if value.isdigit() else default


def _on(value: str) -> bool:
    return value.strip().lower() in ("on", "true", "yes", "1", "okay", "")


def claims(text: str) -> Iterator[Claim]:
    """Every pin the config's dtparam / dtoverlay / enable_uart lines give away."""
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        key, sep, value = line.partition("=")
        if not sep:
            continue
        key = key.strip().lower()
        if key == "enable_uart" and value.strip() == "1":
            yield from (Claim(pin, what, line) for pin, what in UART.items())
        elif key == "dtparam":
            for param in value.split(","):
                name, _, setting = param.partition("=")
                name = name.strip()
                if not _on(setting):
                    continue
                if name in ("i2c_arm", "i2c"):
                    yield from (Claim(pin, what, line) for pin, what in I2C.items())
                elif name == "i2s":
                    yield from (Claim(pin, what, line) for pin, what in I2S.items())
                elif name == "spi":  # spi0 with two chip selects: CE1 and CE0 as GPIOs
                    yield Claim(7, "SPI0 CE1", line)
        elif key == "dtoverlay":
            yield from _overlay(value, line)


def _overlay(value: str, line: str) -> Iterator[Claim]:
    name, options = _options(value)
    if name == "gpio-fan":
        yield Claim(_pin(options, "gpiopin", 12), "the gpio-fan overlay", line)
    elif name == "gpio-shutdown":
        yield Claim(_pin(options, "gpio_pin", 3), "the gpio-shutdown overlay", line)
    elif name == "w1-gpio":
        yield Claim(_pin(options, "gpiopin", 4), "the w1-gpio overlay", line)
    elif name == "pwm":
        yield Claim(_pin(options, "pin", 18), "the pwm overlay", line)
    elif name == "pwm-2chan":
        yield Claim(_pin(options, "pin", 18), "the pwm-2chan overlay", line)
        yield Claim(_pin(options, "pin2", 19), "the pwm-2chan overlay", line)
    elif name.startswith(("i2c-rtc", "i2c-sensor")):
        yield from (Claim(pin, what, line) for pin, what in I2C.items())
    elif name in ("spi0-1cs", "spi0-2cs"):
        yield Claim(_pin(options, "cs0_pin", 8), "SPI0 CE0", line)
        if name == "spi0-2cs":
            yield Claim(_pin(options, "cs1_pin", 7), "SPI0 CE1", line)
    elif name.startswith(I2S_CARDS):
        yield from (Claim(pin, what, line) for pin, what in I2S.items())
        if name == "max98357a" and "no-sdmode" not in options:
            yield Claim(_pin(options, "sdmode-pin", 4), "the max98357a SD_MODE line", line)
    elif name.startswith("uart") or name in ("miniuart-bt",):
        yield from (Claim(pin, what, line) for pin, what in UART.items())


def spi_enabled(text: str) -> bool:
    """Whether SPI0 (the LED chain's bus) is switched on by `dtparam=spi=on` or an spi0 overlay."""
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip().replace(" ", "")
        if line.startswith("dtoverlay=spi0-"):
            return True
        if line.startswith("dtparam="):
            for param in line.removeprefix("dtparam=").split(","):
                name, _, setting = param.partition("=")
                if name == "spi" and _on(setting):
                    return True
    return False


def clashes(pin_map: PinMap, text: str) -> list[str]:
    """Every conflict between the pin map and the boot config, in words; [] when none."""
    jobs = dict(pin_map.uses())
    ours = {LED_DATA, LED_CLOCK, SPI_MISO, 8}  # the chain's own SPI pins
    problems = []
    for claim in claims(text):
        job = jobs.get(claim.pin)
        if job is not None and claim.pin not in ours:
            problems.append(
                f"GPIO {claim.pin} is {job} in the pin map but {claim.what} in config.txt "
                f"({claim.line}): move one of them"
            )
    if not spi_enabled(text):
        problems.append(
            "the seat LED chain needs SPI0: add 'dtoverlay=spi0-0cs' to config.txt "
            "(or run deploy/pi-setup.sh) and reboot"
        )
    return list(dict.fromkeys(problems))


def check_boot_config(pin_map: PinMap, path: Path = BOOT_CONFIG) -> None:
    """Raise ValueError naming every clash; a missing file (not a Pi) is not checked."""
    if not path.is_file():
        return
    problems = clashes(pin_map, path.read_text(encoding="utf-8", errors="replace"))
    if problems:
        raise ValueError(f"{path}: " + "; ".join(problems))
