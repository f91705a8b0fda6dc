"""The pin check against the running kernel: recorded line ownership and pin functions of a
Pi 4 and a Pi 5 with overlays on (tests/device/data/gpio/README.md says where each is from)."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from device.hardware.gpiolines import (
    GPIO_GET_CHIPINFO_IOCTL,
    GPIO_V2_GET_LINEINFO_IOCTL,
    LINE_INFO,
    LineInfo,
    decode_line_info,
    header_chip,
    header_lines,
    kernel_clashes,
    parse_debugfs,
    parse_gpioinfo,
    parse_pinctrl,
)
from device.hardware.pins import PinMap

DATA = Path(__file__).parent / "data" / "gpio"


def recorded(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def test_a_pi4_with_spi_on_a_fan_a_one_wire_bus_and_a_shutdown_key() -> None:
    lines = header_chip(parse_gpioinfo(recorded("pi4-bookworm-gpioinfo.txt")))
    assert len(lines) == 28 and lines[0].name == "ID_SDA"
    assert [(line.offset, line.consumer) for line in lines if line.consumer] == [
        (3, "shutdown"), (4, "onewire@0"), (7, "spi0 CS1"), (8, "spi0 CS0"), (12, "gpio-fan@0")]
    assert kernel_clashes(PinMap(), lines) == [
        'GPIO 4 is key 1 in the pin map but the kernel gave it to "onewire@0" (an overlay in '
        "config.txt or a program holding it): move one of them",
        'GPIO 7 is key 10 in the pin map but the kernel gave it to "spi0 CS1" (an overlay in '
        "config.txt or a program holding it): move one of them",
        'GPIO 12 is key 9 in the pin map but the kernel gave it to "gpio-fan@0" (an overlay in '
        "config.txt or a program holding it): move one of them",
    ]
    club = kernel_clashes(PinMap(seats=15), lines)
    assert any('GPIO 3 is key 15 in the pin map but the kernel gave it to "shutdown"' in p
               for p in club)


def test_a_pi5_with_an_ir_receiver_and_a_pps_input() -> None:
    chips = parse_gpioinfo(recorded("pi5-trixie-gpioinfo.txt"))
    assert set(chips) == {"gpiochip0", "gpiochip10"}  # the RP1's and one of the BCM2712's
    lines = header_chip(chips)
    assert lines is chips["gpiochip0"]
    problems = kernel_clashes(PinMap(), lines)
    assert [p.split(" in the pin map")[0] for p in problems] == [
        "GPIO 7 is key 10", "GPIO 17 is key 2", "GPIO 22 is key 4"]
    assert '"ir-receiver@12"' in problems[1] and '"pps@12"' in problems[2]


def test_debugfs_numbers_lines_from_the_chips_base() -> None:
    chips = parse_debugfs(recorded("pi4-debugfs-gpio.txt"))
    assert set(chips) == {"pinctrl-bcm2711", "raspberrypi-exp-gpio"}
    lines = header_chip(chips)
    assert [(line.offset, line.consumer) for line in lines] == [
        (7, "spi0 CS1"), (8, "spi0 CS0"), (14, "gpio-fan@0"), (42, "ACT")]
    problems = kernel_clashes(PinMap(), lines)
    assert [p.split(" in the pin map")[0] for p in problems] == [
        "GPIO 7 is key 10", "GPIO 14 is key UNDO"]


def test_the_chains_own_spi_pins_are_not_a_clash() -> None:
    lines = [LineInfo(8, "GPIO8", "spi0 CS0", True), LineInfo(9, "GPIO9", "spi0", False)]
    assert kernel_clashes(PinMap(), lines) == []  # 8 and 9 belong to the chain's SPI block


def test_pin_functions_show_what_line_ownership_cannot() -> None:
    """I2C, PWM, UART, I2S and audremap mux pins without requesting a GPIO line."""
    pi5 = parse_pinctrl(recorded("pi5-pinctrl-i2c-pwm.txt"))
    assert (pi5[2], pi5[12], pi5[4]) == ("SDA1", "PWM0_CHAN0", "none")
    problems = kernel_clashes(PinMap(seats=15), None, pi5)
    spi_off = ("for the seat LED chain but the kernel has it as none: SPI0 is off "
               "(dtoverlay=spi0-0cs in config.txt, then reboot)")
    assert problems == [
        "GPIO 2 is key 14 in the pin map but the kernel has it muxed to SDA1: move one of them",
        "GPIO 3 is key 15 in the pin map but the kernel has it muxed to SCL1: move one of them",
        f"GPIO 10 must be SPI0_MOSI {spi_off}",
        f"GPIO 11 must be SPI0_SCLK {spi_off}",
        "GPIO 12 is key 9 in the pin map but the kernel has it muxed to PWM0_CHAN0: move one "
        "of them",
        "GPIO 13 is key 7 in the pin map but the kernel has it muxed to PWM0_CHAN1: move one "
        "of them",
    ]


def test_uart0_and_i2s_on_a_pi5() -> None:
    functions = parse_pinctrl(recorded("pi5-pinctrl-uart0-i2s.txt"))
    problems = kernel_clashes(PinMap(), None, functions)
    assert [p.split(" in the pin map")[0] for p in problems] == [
        "GPIO 14 is key UNDO", "GPIO 15 is key TIMER", "GPIO 20 is buzzer"]
    club = [p.split(" in the pin map")[0] for p in kernel_clashes(PinMap(seats=15), None,
                                                                   functions)]
    assert club == ["GPIO 14 is key UNDO", "GPIO 15 is key TIMER", "GPIO 18 is key 11",
                    "GPIO 19 is key 12", "GPIO 20 is buzzer", "GPIO 21 is key 13"]


def test_audremap_and_disable_bt_on_a_pi4() -> None:
    functions = parse_pinctrl(recorded("pi4-pinctrl-audremap-disable-bt.txt"))
    problems = kernel_clashes(PinMap(), None, functions)
    assert [p.split(" in the pin map")[0] for p in problems] == [
        "GPIO 12 is key 9", "GPIO 13 is key 7", "GPIO 14 is key UNDO", "GPIO 15 is key TIMER"]


def test_a_recording_without_a_pi_header_chip_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="no Raspberry Pi header chip in this recording"):
        header_chip(parse_gpioinfo("gpiochip0 - 8 lines:\n\tline   0: unnamed unused input "
                                   "active-high\n"))


def test_the_ioctl_structures_are_the_kernels() -> None:
    """linux/gpio.h: gpio_v2_line_info is 256 bytes; the ioctl numbers as the header has
    them (GPIO_GET_CHIPINFO_IOCTL 0x8044b401, GPIO_V2_GET_LINEINFO_IOCTL 0xc100b405)."""
    assert LINE_INFO.size == 256
    assert (GPIO_GET_CHIPINFO_IOCTL, GPIO_V2_GET_LINEINFO_IOCTL) == (0x8044B401, 0xC100B405)
    raw = struct.pack("<32s32sIIQ", b"GPIO7", b"spi0 CS1", 7, 0, 1 | 2 | 8) + bytes(176)
    assert decode_line_info(raw) == LineInfo(7, "GPIO7", "spi0 CS1", True)
    free = struct.pack("<32s32sIIQ", b"GPIO5", b"", 5, 0, 4) + bytes(176)
    assert decode_line_info(free) == LineInfo(5, "GPIO5", None, False)
    nameless = struct.pack("<32s32sIIQ", b"GPIO6", b"", 6, 0, 1) + bytes(176)
    assert decode_line_info(nameless).consumer == "kernel"


def test_no_gpio_chip_here_means_nothing_to_check(tmp_path: Path) -> None:
    (tmp_path / "gpiochip0").write_bytes(b"not a character device")
    assert header_lines(tmp_path) is None
    assert kernel_clashes(PinMap(), None, None) == []
