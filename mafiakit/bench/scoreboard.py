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
from typing import Any

SAMPLES = ("speech", "vote", "revote", "lift", "speech_last_seconds", "judge_day")


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def busy_frames(count: int) -> list[Any]:
    """`count` frames of the busy samples, one second apart, alternating languages."""
    from scoreboard.model import judge_frame, table_frame
    from scoreboard.samples import NOW, sample_feed

    feeds = [(name, sample_feed(name)) for name in SAMPLES]
    frames = []
    for i in range(count):
        name, feed = feeds[(i // 10) % len(feeds)]
        now = NOW - 30 + (i % 60)
        build = judge_frame if name.startswith("judge") else table_frame
        frames.append(build(feed, now, "ru" if i % 2 else "en"))
    return frames


def _cpu_percent(loop: Any, seconds: float, poll: float) -> float:
    wall0, cpu0 = time.perf_counter(), time.process_time()
    deadline = wall0 + seconds
    loop.run(wait=time.sleep, poll=poll, until=lambda: time.perf_counter() >= deadline)
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    return round(100.0 * cpu / wall, 2)


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Render timing and idle CPU; `args.quick` shortens both."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from scoreboard.display import POLL_S, Display, ScreenLoop
    from scoreboard.model import table_frame
    from scoreboard.render import Renderer
    from scoreboard.samples import NOW, sample_feed

    quick = bool(getattr(args, "quick", False))
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
    times = []
    for frame in frames:
        started = time.perf_counter()
        renderer.draw(frame, display.screen)
        display.show()
        times.append((time.perf_counter() - started) * 1000)
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
    }
