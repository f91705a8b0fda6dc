"""`mafiakit sim`'s options (the simulator itself loads in firmware_sim/run.py when it runs)."""

from __future__ import annotations

import argparse
from pathlib import Path

KEYBOARD = """\
keyboard (the pad's keys; the mouse clicks them too):
  1-9, 0      seat keys 1-10 (0 = seat 10); F1-F5 seat keys 11-15 (--seats 11 to 15)
  space, n, Enter   NEXT          m   NOMINATE          f   FOUL
  v                 VOTE          u, Backspace  UNDO    t   TIMER
  hold a key down for its second meaning, as on the real pad (docs/pad.md)
  Esc or closing the window stops the simulator

key script (--script FILE): one key press a line, `<delay_ms> <KEY> [hold]`:
  2000 NEXT        # 2 s after the previous line, press NEXT
  500 4            # seat 4
  800 NEXT hold    # NEXT held (its hold meaning)
  # comments and blank lines are ignored; `mafiakit sim --from-log GAME.jsonl`
  # writes the script that plays a whole game log"""


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "sim", help="the simulated table: the real table service on mock pins, in a window",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="The real table service on simulated pins: the judge's pad and the seat\n"
        "LEDs in a window (or headless, in virtual time), publishing to a broker like a\n"
        "real table.",
        epilog=KEYBOARD)
    p.add_argument("--script", type=Path, metavar="FILE",
                   help="a key script that plays the judge (format below)")
    p.add_argument("--headless", action="store_true",
                   help="no window: play --script in virtual time, print the game's summary")
    p.add_argument("--screenshot", type=Path, metavar="PNG",
                   help="with --headless: save the table (pad, LEDs) as a PNG at the end")
    p.add_argument("--from-log", type=Path, metavar="GAME.jsonl",
                   help="print a game log's key presses as a key script and exit")
    p.add_argument("--pad-only", action="store_true",
                   help="no table service: print each clean key event (a pad check)")
    p.add_argument("--bounce", type=int, default=0, metavar="N",
                   help="contact bounces per press, to try the debounce (default 0)")
    p.add_argument("--broker", metavar="URL",
                   help="mqtt://host:port (default: a mosquitto of its own; headless: none)")
    p.add_argument("--tournament", default="local",
                   help="tournament id in the topics (default local)")
    p.add_argument("--table", default="1", help="this table's id in the topics (default 1)")
    p.add_argument("--rules", default="cml",
                   help="ruleset: cml, fiim, fiim-2015, judge-guide, club (the club game, "
                        "3 to 15 seats) or a league's .toml (default cml)")
    p.add_argument("--seats", type=int, default=10, metavar="N",
                   help="seats at the table, 3 to 15: the board's seat keys and LEDs and the "
                        "game's players (default 10; other than 10 is the club game, "
                        "--rules club)")
    p.add_argument("--lang", choices=("ru", "en"), default="ru",
                   help="the window's language (default ru)")
    p.add_argument("--header-from", type=Path, metavar="GAME.jsonl",
                   help="open the game with this log's header (players' names, rules)")
    p.add_argument("--journal", type=Path, metavar="FILE",
                   help="journal file (default: a temporary one)")
    p.add_argument("--start-delay", type=float, default=2.0, metavar="S",
                   help="seconds before a --script starts playing (window)")
    p.add_argument("--exit-after", type=float, metavar="S",
                   help="close the window S seconds after the --script has played")
    p.set_defaults(run="firmware_sim.run:command")
