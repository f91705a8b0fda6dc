"""The screen side of `mafiakit bench e2e`: one table's scoreboard, in its own process
(`python -m mafiakit.bench.e2e_screen BROKER_URL TOURNAMENT TABLE [SEATS]`; SEATS 10 unless
the table is a club table of another size).

It runs the screen's own loop (LiveFeed -> ScreenSource -> Renderer -> Display at 1920x1080,
dummy video driver), exactly as `mafiakit scoreboard --table` assembles it, and reads every
frame it shows: right after the flip it takes `time.monotonic()` and looks at one pixel of
each seat card's background (above the digits, between the badges) for the speaker's colour.
It prints `ready` once subscribed, then `frame T SEATS TR` per frame shown (SEATS: the
highlighted seats joined by commas, `-` for none; TR: when the last messages before it were
received and decoded). It stops at the end of stdin.
"""

from __future__ import annotations

import os
import sys
import threading
import time

SIZE = (1920, 1080)


def main(argv: list[str]) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"  # stdout carries the frame reports
    import pygame

    from bus.config import BrokerConfig
    from mafiakit.bench.floor import profiled
    from scoreboard.display import Display, ScreenLoop
    from scoreboard.feed import FeedStore
    from scoreboard.layout import TableLayout, table_layout
    from scoreboard.live import LiveFeed
    from scoreboard.render import Renderer
    from scoreboard.screen import ScreenSource
    from scoreboard.theme import DAY, NIGHT

    broker_url, tournament, table, *size = argv
    seats = int(size[0]) if size else 10
    speaker = {DAY.speaker_card, NIGHT.speaker_card}

    def highlighted(surface: pygame.Surface, layout: TableLayout) -> list[int]:
        probe = layout.px(12)
        return [seat for seat, card in enumerate(layout.seats(seats), start=1)
                if tuple(surface.get_at((card.centerx, card.top + probe)))[:3] in speaker]

    class WatchedDisplay(Display):
        """The display, reporting what each shown frame highlights."""

        layout = table_layout(SIZE)

        def show(self) -> None:
            super().show()
            shown = time.monotonic()
            seats = highlighted(self.screen, self.layout)
            print(f"frame {shown:.6f} {','.join(map(str, seats)) or '-'} {received:.6f}",
                  flush=True)

    store = FeedStore()
    source = ScreenSource(store, mode="table", table=table, lang="ru")
    live = LiveFeed(BrokerConfig.from_url(broker_url), store, tournament=tournament,
                    table=table).start()
    display = WatchedDisplay(SIZE, title="bench e2e")
    stop = threading.Event()
    received = 0.0

    def pump(timeout: float) -> int:
        nonlocal received
        count = live.pump(timeout)
        if count:
            received = time.monotonic()
        return count

    def read_until_eof() -> None:
        for _ in sys.stdin:
            pass
        stop.set()

    threading.Thread(target=read_until_eof, name="stdin", daemon=True).start()
    try:
        if not live.client.wait_ready(30):
            raise RuntimeError(f"the screen could not subscribe at {broker_url}")
        print("ready", flush=True)
        loop = ScreenLoop(display, Renderer(SIZE), source, clock=live.clock)
        profiled("screen", lambda: loop.run(wait=pump, until=stop.is_set))()
    finally:
        display.close()
        live.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
