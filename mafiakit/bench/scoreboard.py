"""`mafiakit bench scoreboard`: how fast a busy 1080p table frame renders, and idle CPU.

Frames come from the built-in samples (speech, vote, revote, lift, judge console) at moments
one second apart, so the countdown text and the flash change on every frame as they do on a
real screen. Idle CPU is `time.process_time()` over a few seconds of the real display loop
(dummy video driver) showing an unchanged frame.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from typing import TYPE_CHECKING, TypedDict

from mafiakit.bench import Result

if TYPE_CHECKING:  # the screen's modules load pygame: imported when the bench runs
    from scoreboard.display import Display, ScreenLoop
    from scoreboard.frames import TableFrame
    from scoreboard.render import Renderer

SAMPLES = ("speech", "vote", "revote", "lift", "speech_last_seconds", "judge_day")
CLUB_SAMPLES = ("seats15_mid",)  # a 15-seat club table's speech with its countdown (004 §1)
PI_PROXY = True  # --pi-proxy: this process (the renderer and the display loop) on the budget
PI_TARGET_P99_MS = 16.0  # a busy frame on a Pi 4 (docs/benchmarks.md "On a Pi's budget")


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def busy_frames(count: int, samples: tuple[str, ...] = SAMPLES) -> list[TableFrame]:
    """`count` frames of the busy `samples`, one second apart, alternating languages."""
    from scoreboard.model import judge_frame, table_frame
    from scoreboard.samples import NOW, sample_feed

    feeds = [(name, sample_feed(name)) for name in samples]
    frames = []
    for i in range(count):
        name, feed = feeds[(i // 10) % len(feeds)]
        now = NOW - 30 + (i % 60)
        build = judge_frame if name.startswith("judge") else table_frame
        frames.append(build(feed, now, "ru" if i % 2 else "en"))
    return frames


def time_frames(renderer: Renderer, display: Display, frames: list[TableFrame], gap_s: float = 0.0
                ) -> list[float]:
    """Draw and show each frame, in ms each. `gap_s` idles between frames: on a Pi's budget
    (--pi-proxy) two CFS periods, so each frame starts with its quota refilled, as a screen
    that redraws on news does; back to back, a frame would also wait out the throttling its
    predecessor ran into, which a Pi's core (slower, never throttled) does not."""
    times = []
    for frame in frames:
        if gap_s:
            time.sleep(gap_s)
        started = time.perf_counter()
        renderer.draw(frame, display.screen)
        display.show()
        times.append((time.perf_counter() - started) * 1000)
    return times


def _cpu_percent(loop: ScreenLoop, seconds: float, poll: float) -> float:
    wall0, cpu0 = time.perf_counter(), time.process_time()
    deadline = wall0 + seconds
    loop.run(wait=time.sleep, poll=poll, until=lambda: time.perf_counter() >= deadline)
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    return round(100.0 * cpu / wall, 2)


class ClubFigures(TypedDict):
    """The same frames at a 15-seat club table (`club`)."""

    frame_p50_ms: float
    frame_p99_ms: float
    frame_max_ms: float
    frames: int
    samples: str


class Figures(TypedDict):
    """What one run measures (docs/benchmarks.md, `bench scoreboard`)."""

    frame_p50_ms: float
    frame_p99_ms: float
    frame_max_ms: float
    first_frame_ms: float
    model_us_per_frame: float
    idle_cpu_percent: float
    idle_redraws: int
    idle_wakeups: int
    countdown_cpu_percent: float
    countdown_redraws: int
    frames: int
    size: str
    poll_s: float
    gap_ms: float
    club: ClubFigures


def run(args: argparse.Namespace) -> Result:
    """Render timing and idle CPU; `args.quick` shortens both. With `args.proxy`
    (--pi-proxy) the whole run is on the Pi's budget, and the CPU figures gain their share
    of that budget (`*_budget_percent`)."""
    proxy = getattr(args, "proxy", None)
    if proxy is None:
        return dict(_run(bool(getattr(args, "quick", False))))
    with proxy.inside("bench scoreboard: the renderer, the display and its loop"):
        figures = _run(bool(getattr(args, "quick", False)), proxy.refill_s)
    share = proxy.quota_us / proxy.period_us
    club = figures["club"]
    return {**figures,
            "idle_budget_percent": round(figures["idle_cpu_percent"] / share, 2),
            "countdown_budget_percent": round(figures["countdown_cpu_percent"] / share, 2),
            "pi_target_p99_ms": PI_TARGET_P99_MS,
            "pi_target_met": figures["frame_p99_ms"] <= PI_TARGET_P99_MS,
            "club": {**club, "pi_target_met": club["frame_p99_ms"] <= PI_TARGET_P99_MS}}


def _run(quick: bool, gap_s: float = 0.0) -> Figures:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from scoreboard.display import POLL_S, Display, ScreenLoop
    from scoreboard.model import table_frame
    from scoreboard.render import Renderer
    from scoreboard.samples import NOW, sample_feed

    count = 120 if quick else 1200
    size = (1920, 1080)
    display = Display(size, title="bench")
    renderer = Renderer(size)
    print(f"bench scoreboard: building {count} frames", file=sys.stderr)
    model_started = time.perf_counter()
    frames = busy_frames(count)
    model_us = (time.perf_counter() - model_started) / count * 1e6
    first = time.perf_counter()
    renderer.draw(frames[0], display.screen)
    first_ms = (time.perf_counter() - first) * 1000
    times = time_frames(renderer, display, frames, gap_s)
    print(f"bench scoreboard: {count} frames of a 15-seat club table", file=sys.stderr)
    club = time_frames(renderer, display, busy_frames(count, CLUB_SAMPLES), gap_s)
    print("bench scoreboard: measuring idle CPU", file=sys.stderr)
    still = sample_feed("speech_paused")
    idle_loop = ScreenLoop(display, renderer, lambda now: table_frame(still, now, "ru"))
    idle = _cpu_percent(idle_loop, 1.0 if quick else 5.0, POLL_S)
    running = sample_feed("speech")
    started_at = time.time()
    live_loop = ScreenLoop(display, renderer,
                           lambda now: table_frame(running, NOW + now - started_at, "ru"))
    countdown = _cpu_percent(live_loop, 1.0 if quick else 5.0, POLL_S)
    display.close()
    return {
        "frame_p50_ms": round(statistics.median(times), 3),
        "frame_p99_ms": round(_percentile(times, 0.99), 3),
        "frame_max_ms": round(max(times), 3),
        "first_frame_ms": round(first_ms, 3),
        "model_us_per_frame": round(model_us, 1),
        "idle_cpu_percent": idle,
        "idle_redraws": idle_loop.redraws,
        "idle_wakeups": idle_loop.wakeups,
        "countdown_cpu_percent": countdown,
        "countdown_redraws": live_loop.redraws,
        "frames": count,
        "size": f"{size[0]}x{size[1]}",
        "poll_s": POLL_S,
        "gap_ms": gap_s * 1000,
        "club": {"frame_p50_ms": round(statistics.median(club), 3),
                 "frame_p99_ms": round(_percentile(club, 0.99), 3),
                 "frame_max_ms": round(max(club), 3), "frames": count,
                 "samples": ",".join(CLUB_SAMPLES)},
    }
