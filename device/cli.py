"""`mafiakit table`: run one table service (journal + engine + bus [+ pad and LEDs])."""

from __future__ import annotations

import argparse
import gc
import io
import json
import logging
import os
import queue
import signal
import sys
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the service, pydantic and the journal load when `table` runs
    from device.table.inbox import LocalCommand, Submit
    from device.table.service import TableService

def _stdin_reader(service: TableService) -> None:
    """Each stdin line is a game-log action, or a table command such as
    `{"command": "roster", "names": [...]}` / `{"command": "new_game", "header": {...}}`.
    Answers every line, whatever it holds, with `ok SEQ` or `error: REASON` on stdout, the
    reason in the table's language (`--lang`)."""
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="backslashreplace")  # a lone surrogate is not fatal
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="replace")  # nor a byte that is not UTF-8
    from device.table.admission import Refused
    from device.table.console_help import help_text
    from device.table.inbox import ConfirmNewGame, Stop
    from device.table.tablevariant import table_variant
    from engine.refusals import Phrase, R

    lang = service.lang
    see_help = Phrase(R.SEE_HELP).text(lang)
    answers: queue.Queue[tuple[bool, str]] = queue.Queue()
    for raw in sys.stdin:
        text = raw.strip()
        if not text:
            continue
        if text.lower() in ("help", "?", "h"):
            book = table_variant(service.table_game.rules_id).help  # the game played now
            print(help_text(lang, book), end="", flush=True)
            continue
        try:
            item = (ConfirmNewGame(answers) if text.lower() == "confirm"
                    else _console_item(text, answers, service.next_header))
        except Refused as exc:
            print(f"error: {exc.text(lang)}; {see_help}", flush=True)
            continue
        except Exception as exc:  # the reader must outlive any line
            why = Phrase(R.LINE_UNREADABLE, {"kind": type(exc).__name__}).text(lang)
            print(f"error: {why}", flush=True)
            continue
        service.inbox.put(item)
        ok, why = answers.get()
        print(f"ok {service.seq}" if ok else f"error: {why}", flush=True)
    service.inbox.put(Stop())


def _console_item(text: str, answers: queue.Queue[tuple[bool, str]],
                  next_header: Callable[[], Mapping[str, object]] | None = None
                  ) -> Submit | LocalCommand:
    """One console line -> the inbox item (Refused, in words, when it cannot be one). A
    `new_game` without a header is the table's own next game (`next_header`)."""
    from pydantic import ValidationError

    from bus.errors import describe_validation_error
    from bus.payloads import Command
    from bus.topics import COMMAND_NAMES
    from device.table.admission import Refused, check_console_args, read_console_line
    from device.table.inbox import LocalCommand, Submit
    from engine.refusals import R

    line = read_console_line(text)
    if not isinstance(line, dict):
        raise Refused(R.LINE_NOT_OBJECT)
    if "command" not in line:
        return Submit(line, answers)
    name = line.pop("command")
    if name not in COMMAND_NAMES:  # the console's two are in `help`; the rest are the hub's
        raise Refused(R.UNKNOWN_COMMAND, name=json.dumps(name, ensure_ascii=False)[:40])
    if name == "new_game" and not line and next_header is not None:
        line["header"] = next_header()
    check_console_args(name, line)
    try:
        cmd = Command(name=name, request_id="console", args=line)
    except ValidationError as exc:
        raise Refused(describe_validation_error(exc)) from None
    return LocalCommand(cmd, answers)


def tune_runtime() -> None:
    """Latency, measured with `mafiakit bench bus`: the engine, the stdin reader and paho's
    network thread hand work to each other, so switch the GIL sooner (5 ms -> 1 ms); and keep
    the objects of start-up out of the garbage collector's way (fewer, shorter pauses)."""
    sys.setswitchinterval(0.001)
    gc.collect()
    gc.freeze()


def _read_journal(path: Path, export: str | None) -> int:
    """--archive: every game of the table; --export ID: one game as a game log (JSON lines),
    undo lines included, ready for `mafiakit replay`."""
    from device.table.journal import Journal

    journal = Journal(path)
    try:
        if export is None:
            print(json.dumps(journal.archive(), ensure_ascii=False, indent=1))
            return 0
        game = journal.current() if export == "current" else journal.load(export)
        if game is None:
            print(f"table: no game {export!r} in {path}", file=sys.stderr)
            return 2
        print(json.dumps(game.log_header(), ensure_ascii=False))
        for line in game.lines:
            print(json.dumps(line, ensure_ascii=False))
        return 0
    finally:
        journal.close()


def command(args: argparse.Namespace) -> int:
    from bus.claim import NumberHeld
    from device.config import ConfigError, load_settings
    from device.table.inbox import Stop
    from device.table.instance import JournalInUse
    from device.table.journal import JournalError
    from device.table.service import TableService

    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s",
                        stream=sys.stderr)
    overrides: dict[str, object] = {}
    if args.journal:
        overrides["journal"] = args.journal
    if args.lang:
        overrides["lang"] = args.lang
    if args.broker:
        overrides["broker"] = {"url": args.broker}
    try:
        settings = load_settings(args.config, **overrides)
    except ConfigError as exc:
        print(f"config: {exc}", file=sys.stderr)
        return 2
    if not (args.config or args.journal or os.environ.get("MAFIAKIT_JOURNAL")):
        print("table: say where the table keeps its journal (every game, crash-safe): "
              "--journal FILE, or --config table.toml (see `mafiakit table --help`).\n"
              "To try it out: mafiakit table --no-broker --journal t.sqlite --stdin",
              file=sys.stderr)
        return 2
    try:
        if args.archive or args.export:
            where = Path(settings.journal)
            if not where.exists() and where.parent.is_dir():  # a typo makes no empty journal
                print(f"table: no journal at {settings.journal}: check the path (the table "
                      "writes it where --journal or the config's journal says)", file=sys.stderr)
                return 2
            return _read_journal(settings.journal, args.export)
        service = TableService(settings, connect=not args.no_broker)
    except ConfigError as exc:
        print(f"config: {exc}", file=sys.stderr)
        return 2
    except (JournalError, RuntimeError) as exc:
        print(f"table: {exc}", file=sys.stderr)
        return 1

    stopping = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        # never the inbox here: the handler runs on the engine thread, which may hold the
        # queue's lock inside its own `get` (a put from the handler then waits for it
        # forever: a table that never stopped on SIGTERM, seen under load with gdb).
        # The engine loop looks at the event between its inbox waits.
        stopping.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    try:
        service.start()
    except (JournalInUse, NumberHeld) as exc:  # one table per number, one service a journal
        service.close()
        print(f"table: {exc}", file=sys.stderr)
        return 1
    tune_runtime()
    print(f"ready {service.game_id or '-'} {service.seq}", flush=True)
    if args.stdin:
        from device.table.console_help import GameNotice, help_text
        from device.table.tablevariant import table_variant
        from words import t

        book = table_variant(service.table_game.rules_id).help
        note = (help_text(service.lang, book) if sys.stdin.isatty()
                else t(service.lang, "console.reading"))
        print(note.rstrip("\n"), file=sys.stderr, flush=True)
        notice = GameNotice(service.lang)  # what the hub sends: the game, the players
        notice(service)
        service.listeners.append(notice)
    service.notifier.ready()
    if args.stdin:
        threading.Thread(target=_stdin_reader, args=(service,), daemon=True).start()
    try:
        service.run(stopping)
        if stopping.is_set():  # what came in before the signal is still handled
            service.inbox.put(Stop())
            service.run()
    finally:
        service.notifier.stopping()
        service.close()
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "table", help="run the table service (the console judge with --stdin)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Run one table: the rules engine, the journal (every line fsynced before\n"
        "it is published) and the MQTT link, plus the pad and seat LEDs when the config has\n"
        "[hardware].",
        epilog="""table.toml (every key optional; the environment overrides it:
MAFIAKIT_TABLE=4, MAFIAKIT_BROKER__URL=...):
  tournament = "autumn-cup"
  table = "3"
  rules = "cml"                 # cml, fiim, fiim-2015, judge-guide or a league's .toml,
                                # or "club" (with seats = 3..15) for the club game
  lang = "ru"                   # the console's help and answers: ru (default) or en
  journal = "/var/lib/mafiakit/table-3.sqlite"
  [broker]
  url = "mqtt://table-autumn-cup-3:PASSWORD@hub.local:1883"
  [hardware]
  pins = "lgpio"                # "mock" = simulated pins, "none" = no pad (default)
  [stream]
  delay_minutes = 5             # the delayed stream class (docs/web.md); unset = off

Try it without a broker:  mafiakit table --no-broker --journal t.sqlite --stdin""")
    p.add_argument("--config", metavar="TOML", help="the table's settings file (see below)")
    p.add_argument("--journal", metavar="FILE",
                   help="the table's journal (SQLite); overrides the config's")
    p.add_argument("--broker", metavar="URL",
                   help="override the broker URL, e.g. mqtt://127.0.0.1:1883")
    p.add_argument("--no-broker", action="store_true",
                   help="run without MQTT (nothing is published; the journal keeps all)")
    p.add_argument("--stdin", action="store_true",
                   help="the console judge: type game-log lines (`help` lists them)")
    p.add_argument("--archive", action="store_true",
                   help="print every game of this table's journal (id, header, result) and exit")
    p.add_argument("--export", metavar="GAME_ID",
                   help="print one game of the journal as a game log ('current' = the open one)")
    p.add_argument("--lang", choices=("ru", "en"),
                   help="the console's language, its help and answers (overrides the config's; "
                   "default ru, as the screens)")
    p.add_argument("-v", "--verbose", action="store_true", help="log what the table does")
    p.set_defaults(run="device.cli:command")
