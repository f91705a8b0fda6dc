"""What /boot/firmware/config.txt already gives to the kernel, checked against the pin map.

A key on a pin that an overlay owns is a short waiting to happen (the overlay drives it) or a
"GPIO busy" from lgpio at start-up; the checker names both jobs before anything is opened.
Conditional sections (`[pi4]`, `[pi5]`, `[all]`, ...) are read as if every one applied: a
clash on any model is worth a line. The overlay defaults below are those of the Raspberry Pi
firmware's overlay README (gpio-fan: GPIO 12; gpio-shutdown: GPIO 3; w1-gpio: GPIO 4;
max98357a: SD_MODE on GPIO 4 unless `no-sdmode`; pwm: GPIO 18; pwm-2chan: GPIO 18 and 19;
gpio-ir, gpio-ir-tx, pps-gpio: GPIO 18; gpio-poweroff: GPIO 26; gpio-key: GPIO 3; i2c-gpio:
GPIO 23 and 24; audremap: GPIO 12 and 13, or 18 and 19 with `pins_18_19`; spi1-Ncs: MISO 19,
MOSI 20, SCLK 21, CE0-2 on 18, 17, 16; the UARTs as in `UART_PINS`).

`dtparam=spi=on` gives SPI0 both chip selects (GPIO 7 and 8) unless an `spi0-Ncs` overlay
takes them over: `spi0-0cs` claims none, as the kit needs. A config.txt only says what was
asked for; device/hardware/gpiolines.py checks what the running kernel did.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from device.hardware.pins import LED_CLOCK, LED_DATA, SPI_MISO, PinMap

BOOT_CONFIG = Path("/boot/firmware/config.txt")  # bookworm; /boot/config.txt before it

I2C = {2: "I2C SDA", 3: "I2C SCL"}
I2S = {18: "I2S BCLK", 19: "I2S LRCLK", 20: "I2S DIN", 21: "I2S DOUT"}
UART = {14: "UART TX", 15: "UART RX"}
# The UART overlays' TX, RX (and CTS, RTS with `ctsrts`): Pi 4 (`uartN`) and Pi 5 (`uartN-pi5`).
UART_PINS = {"uart0": (14, 15, 16, 17), "uart1": (14, 15, 16, 17), "uart2": (0, 1, 2, 3),
             "uart3": (4, 5, 6, 7), "uart4": (8, 9, 10, 11), "uart5": (12, 13, 14, 15),
             "uart0-pi5": (14, 15, 16, 17), "uart1-pi5": (0, 1, 2, 3),
             "uart2-pi5": (4, 5, 6, 7), "uart3-pi5": (8, 9, 10, 11),
             "uart4-pi5": (12, 13, 14, 15)}
# Overlays that put UART0 (the PL011) on GPIO 14 and 15 on a Pi 3, 4 or Zero 2 W.
UART0_ON_HEADER = ("disable-bt", "pi3-disable-bt", "miniuart-bt", "pi3-miniuart-bt")
# The other I2C buses of a Pi 4 (`i2cN`) and their default pins.
I2C_PINS = {"i2c3": (4, 5), "i2c4": (6, 7), "i2c5": (12, 13), "i2c6": (22, 23)}
SPI0_CS_OVERLAYS = ("spi0-0cs", "spi0-1cs", "spi0-2cs")
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
    lines = [raw.split("#", 1)[0].strip() for raw in text.splitlines()]
    own_chip_selects = any(_options(line.partition("=")[2])[0] in SPI0_CS_OVERLAYS
                           for line in lines if line.partition("=")[0].strip() == "dtoverlay")
    for line in lines:
        key, sep, value = line.partition("=")
        if not sep:
            continue
        key = key.strip().lower()
        if key == "enable_uart" and value.strip() == "1":
            yield from (Claim(pin, what, line) for pin, what in UART.items())
        elif key == "dtparam":
            yield from _dtparam(value, line, own_chip_selects)
        elif key == "dtoverlay":
            yield from _overlay(value, line)


def _dtparam(value: str, line: str, own_chip_selects: bool) -> Iterator[Claim]:
    for param in value.split(","):
        name, _, setting = param.partition("=")
        name = name.strip()
        if not _on(setting):
            continue
        if name in ("i2c_arm", "i2c"):
            yield from (Claim(pin, what, line) for pin, what in I2C.items())
        elif name == "i2s":
            yield from (Claim(pin, what, line) for pin, what in I2S.items())
        elif name in ("uart0", "uart0_console"):  # a Pi 5's UART0 on the header
            yield from (Claim(pin, what, line) for pin, what in UART.items())
        elif name == "spi" and not own_chip_selects:  # SPI0 with CE1 and CE0 as GPIOs
            yield Claim(7, "SPI0 CE1", line)


def _overlay(value: str, line: str) -> Iterator[Claim]:
    name, options = _options(value)
    single = {"gpio-fan": ("gpiopin", 12), "gpio-shutdown": ("gpio_pin", 3),
              "w1-gpio": ("gpiopin", 4), "w1-gpio-pullup": ("gpiopin", 4),
              "pwm": ("pin", 18), "gpio-ir": ("gpio_pin", 18), "gpio-ir-tx": ("gpio_pin", 18),
              "pps-gpio": ("gpiopin", 18), "gpio-poweroff": ("gpiopin", 26),
              "gpio-key": ("gpio", 3)}
    if name in single:
        key, default = single[name]
        yield Claim(_pin(options, key, default), f"the {name} overlay", line)
    elif name == "pwm-2chan":
        yield Claim(_pin(options, "pin", 18), "the pwm-2chan overlay", line)
        yield Claim(_pin(options, "pin2", 19), "the pwm-2chan overlay", line)
    elif name == "audremap":  # the analogue audio's PWM moved to the header
        remapped = (18, 19) if "pins_18_19" in options else (12, 13)
        yield from (Claim(pin, "the audremap overlay (audio PWM)", line) for pin in remapped)
    elif name == "i2c-gpio":
        yield Claim(_pin(options, "i2c_gpio_sda", 23), "the i2c-gpio overlay (SDA)", line)
        yield Claim(_pin(options, "i2c_gpio_scl", 24), "the i2c-gpio overlay (SCL)", line)
    elif name in I2C_PINS:
        yield from (Claim(pin, f"{name.upper()}", line) for pin in I2C_PINS[name])
    elif name.startswith(("i2c-rtc", "i2c-sensor")):
        yield from (Claim(pin, what, line) for pin, what in I2C.items())
    elif name in ("spi0-1cs", "spi0-2cs"):
        yield Claim(_pin(options, "cs0_pin", 8), "SPI0 CE0", line)
        if name == "spi0-2cs":
            yield Claim(_pin(options, "cs1_pin", 7), "SPI0 CE1", line)
    elif name.startswith("spi1-") and name[5:6].isdigit():
        yield from (Claim(pin, what, line) for pin, what in
                    ((19, "SPI1 MISO"), (20, "SPI1 MOSI"), (21, "SPI1 SCLK")))
        for index, (key, default) in enumerate((("cs0_pin", 18), ("cs1_pin", 17),
                                                ("cs2_pin", 16))[:int(name[5])]):
            yield Claim(_pin(options, key, default), f"SPI1 CE{index}", line)
    elif name.startswith(I2S_CARDS):
        yield from (Claim(pin, what, line) for pin, what in I2S.items())
        if name == "max98357a" and "no-sdmode" not in options:
            yield Claim(_pin(options, "sdmode-pin", 4), "the max98357a SD_MODE line", line)
    elif name in UART0_ON_HEADER:
        yield from (Claim(pin, f"UART0 ({name})", line) for pin in UART)
    elif name in UART_PINS:
        wired = UART_PINS[name][:4 if "ctsrts" in options else 2]
        yield from (Claim(pin, f"{name.upper()}", line) for pin in wired)


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
    """Every conflict between the pin map and the boot config, in words, in pin order; []
    when none."""
    jobs = dict(pin_map.uses())
    ours = {LED_DATA, LED_CLOCK, SPI_MISO, 8}  # the chain's own SPI pins
    problems = []
    for claim in sorted(claims(text), key=lambda claim: claim.pin):
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
