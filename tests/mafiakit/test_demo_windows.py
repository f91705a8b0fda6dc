"""The windowed `mafiakit demo` on a real X server (Xvfb): four windows (table 1's simulator
and table screen, the wall, the hand table's simulator), none covering another, and it ends
by itself when the round is over."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import time
from pathlib import Path

from firmware_sim.window import BACKGROUND as SIM_BACKGROUND
from mafiakit.demo import Placed, Window, plan

GUARD_S = 300  # only against a hang; the demo normally ends in about 25 s
DESKTOP = (1920, 1080)


def read_xwd(path: Path) -> tuple[int, int, bytes, int, tuple[int, int, int]]:
    """Width, height, pixels, bytes per line and RGB masks of Xvfb's framebuffer file."""
    data = path.read_bytes()
    fields = struct.unpack(">25I", data[:100])
    header_size, ncolors = fields[0], fields[19]
    width, height, bytes_per_line = fields[4], fields[5], fields[12]
    assert fields[11] == 32, "a 24-bit screen is stored as 32 bits a pixel"
    start = header_size + 12 * ncolors
    return width, height, data[start:], bytes_per_line, (fields[14], fields[15], fields[16])


def pixel(shot: tuple[int, int, bytes, int, tuple[int, int, int]], x: int, y: int
          ) -> tuple[int, int, int]:
    _, _, pixels, line, masks = shot
    value = int.from_bytes(pixels[y * line + 4 * x:y * line + 4 * x + 4], "little")
    return tuple((value & m) >> (m & -m).bit_length() - 1 for m in masks)  # type: ignore[return-value]


def corners(spot: Placed) -> list[tuple[int, int]]:
    inset = 4
    return [(spot.x + dx, spot.y + dy) for dx in (inset, spot.width - inset)
            for dy in (inset, spot.height - inset)]


# The demo (13): one table screen, the wall, and a table playable by hand in the
# simulator; the judge's screen gave its place to the hand table.
WINDOWS = [Window("sim", (), screen=False), Window("table", ()), Window("wall", ()),
           Window("hand", (), screen=False)]


def test_the_plan_gives_every_window_its_own_part_of_a_full_hd_desktop() -> None:
    layout = plan(DESKTOP, WINDOWS)
    assert [p.window.name for p in layout] == ["sim", "table", "wall", "hand"]
    for index, one in enumerate(layout):
        assert one.x >= 0 and one.x + one.width <= DESKTOP[0]
        assert one.y > 0 and one.y + one.height <= DESKTOP[1]
        assert not any(one.overlaps(other) for other in layout[index + 1:])


def test_windowed_demo_shows_four_windows_side_by_side_and_ends_by_itself(
    tmp_path: Path, mosquitto_binary: str
) -> None:
    read_fd, write_fd = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0",
                             f"{DESKTOP[0]}x{DESKTOP[1]}x24", "-fbdir", str(tmp_path),
                             "-nolisten", "tcp"], pass_fds=(write_fd,),
                            stderr=subprocess.DEVNULL)
    os.close(write_fd)
    with os.fdopen(read_fd) as reader:
        display = reader.readline().strip()
    env = {"DISPLAY": f":{display}", "SDL_AUDIODRIVER": "dummy", "HOME": str(tmp_path),
           "PATH": "/usr/sbin:/usr/bin:/bin"}
    demo = subprocess.Popen([sys.executable, "-m", "mafiakit.cli", "demo", "--gap-ms", "150"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        layout = plan(DESKTOP, WINDOWS)
        deadline = time.monotonic() + GUARD_S
        seen: dict[str, list[tuple[int, int, int]]] = {}
        while time.monotonic() < deadline and demo.poll() is None:
            time.sleep(1)
            shot = read_xwd(tmp_path / "Xvfb_screen0")
            seen = {spot.window.name: [pixel(shot, x, y) for x, y in corners(spot)]
                    for spot in layout}
            if all(c != (0, 0, 0) for colours in seen.values() for c in colours):
                break  # every window is up
        for name in ("sim", "hand"):
            assert seen[name] == [SIM_BACKGROUND] * 4, seen  # no screen covers a simulator
        for name in ("table", "wall"):
            assert (0, 0, 0) not in seen[name], (name, seen)  # the window is there
            assert SIM_BACKGROUND not in seen[name], (name, seen)  # and nothing covers it
        _out, err = demo.communicate(timeout=GUARD_S)  # the game ends, so does the demo
    finally:
        if demo.poll() is None:
            demo.terminate()
            demo.wait(30)
        xvfb.terminate()
        xvfb.wait(30)
    assert demo.returncode == 0, err
    assert "close any window or press Ctrl-C" in err
    assert "Traceback" not in err and "ALSA" not in err, err
    assert err.rstrip().endswith("demo: stopped")


def test_ctrl_c_closes_the_windowed_demo_without_a_traceback(
    tmp_path: Path, mosquitto_binary: str
) -> None:
    """Issue 25: Ctrl-C in the terminal (SIGINT to the demo and every window it opened)
    closes the windows and the broker and prints no traceback, from any of them."""
    import signal

    read_fd, write_fd = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0",
                             f"{DESKTOP[0]}x{DESKTOP[1]}x24", "-nolisten", "tcp"],
                            pass_fds=(write_fd,), stderr=subprocess.DEVNULL)
    os.close(write_fd)
    with os.fdopen(read_fd) as reader:
        display = reader.readline().strip()
    env = {"DISPLAY": f":{display}", "SDL_AUDIODRIVER": "dummy", "HOME": str(tmp_path),
           "PATH": "/usr/sbin:/usr/bin:/bin"}
    terminal = [sys.executable, "-c", "import os, signal, sys\n"  # Ctrl-C delivered
                "signal.signal(signal.SIGINT, signal.SIG_DFL)\n"
                "os.execv(sys.executable, [sys.executable, '-m', 'mafiakit.cli', 'demo'])"]
    err_path = tmp_path / "err.txt"
    with err_path.open("w") as err:
        demo = subprocess.Popen(terminal, env=env, stdout=subprocess.DEVNULL, stderr=err,
                                text=True, start_new_session=True)
        try:
            deadline = time.monotonic() + GUARD_S
            while "press Ctrl-C" not in err_path.read_text():
                assert demo.poll() is None and time.monotonic() < deadline, err_path.read_text()
                time.sleep(0.2)
            time.sleep(5)  # the windows are up and playing
            os.killpg(demo.pid, signal.SIGINT)
            demo.wait(GUARD_S)
        finally:
            if demo.poll() is None:
                os.killpg(demo.pid, signal.SIGTERM)
                demo.wait(30)
            xvfb.terminate()
            xvfb.wait(30)
    said = err_path.read_text()
    assert "Traceback" not in said and "KeyboardInterrupt" not in said, said
    assert said.rstrip().endswith("demo: stopped"), said
