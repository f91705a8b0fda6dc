"""`mafiakit hub`: run the tournament hub, and the head judge's tools around it.

    mafiakit hub --config hub.toml                   run the hub (Ctrl-C stops it)
    mafiakit hub seat --players players.txt --tables 3 --rounds 10 --seed 1 --out seating.csv
    mafiakit hub round 1 --config hub.toml            send every table its game of round 1
    mafiakit hub club-game --date 2026-11-27 --game 2 --table 1   one club game's protocol
    mafiakit hub decide --config hub.toml --table 3 --game r1-t3 --kind change_result \\
        --who "Head judge" --why "..." --arg winner=black
    mafiakit hub export --config hub.toml --out results/
    mafiakit hub export --config hub.toml --out results/ --format mafiaratings --club 12
    mafiakit hub evening --config hub.toml --date 2026-11-27 --format csv > evening.csv

Light on purpose: everything heavy is imported inside the command that needs it, so
`mafiakit --help` stays fast.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ratings.arguments import add_site_arguments

if TYPE_CHECKING:  # imported when a command runs: `mafiakit --help` loads no hub
    from hub.config import HubSettings
    from hub.store import Store


def _settings(args: argparse.Namespace) -> HubSettings:
    from hub.config import HubConfigError, load_hub_settings

    try:
        return load_hub_settings(args.config)
    except HubConfigError as exc:
        print(f"hub: {exc}", file=sys.stderr)
        raise SystemExit(2) from None


def _store(settings: HubSettings, tool: str, *, make: bool = False) -> Store:
    """The hub's store; a tool that only reads it says so when there is none yet (a typo in
    hub.toml's `database`, or the hub never ran here) instead of making an empty one; a store
    that cannot be opened or fails SQLite's integrity check is one line (exit 2)."""
    from hub.store import Store, StoreError

    if not make and not Path(settings.database).is_file():
        print(f"hub {tool}: no hub store at {settings.database}: start the hub first "
              "(`mafiakit hub --config hub.toml`), or check `database` in hub.toml",
              file=sys.stderr)
        raise SystemExit(2)
    try:
        return Store(settings.database)
    except StoreError as exc:
        print(f"hub {tool}: {exc}", file=sys.stderr)
        raise SystemExit(2) from None


def run(args: argparse.Namespace) -> int:
    import logging
    import signal
    import sqlite3
    import threading

    from hub.service import HubService
    from hub.store import StoreError

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    settings = _settings(args)
    config = Path(args.config)
    try:
        service = HubService(settings, config_path=config if config.is_file() else None).start()
    except (ValueError, StoreError) as exc:  # HubConfigError: the seating, the tables
        print(f"hub: {exc}", file=sys.stderr)
        return 2
    except (OSError, sqlite3.Error) as exc:
        print(f"hub: cannot open the hub store {settings.database}: {exc}", file=sys.stderr)
        return 2
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    print(f"hub: tournament {settings.tournament}, tables "
          f"{', '.join(service.registry.tables)}, store {settings.database}", file=sys.stderr)
    try:
        service.run(stop)
    except KeyboardInterrupt:
        pass
    finally:
        service.close()
    return 0


def seat(args: argparse.Namespace) -> int:
    from hub.roster_csv import write_seating
    from hub.seating import SeatingError, TournamentPlan, generate, random_seating

    try:
        text = Path(args.players).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        print(f"hub seat: cannot read the players' file {args.players} ({why}): it is a "
              "UTF-8 text file, one nickname a line", file=sys.stderr)
        return 2
    from bus.nicknames import nickname_problem

    for number, line in enumerate(text.splitlines(), start=1):
        problem = nickname_problem(line.strip()) if line.strip() else None
        if problem is not None:
            print(f"hub seat: {args.players} line {number}: {problem}", file=sys.stderr)
            return 2
    players = tuple(line.strip() for line in text.splitlines() if line.strip())
    apart = frozenset(frozenset(pair.split(",")) for pair in args.apart)
    plan = TournamentPlan(players=players, tables=tuple(str(t + 1) for t in range(args.tables)),
                          rounds=args.rounds, apart=apart)
    try:
        seating = generate(plan, args.seed)
    except SeatingError as exc:
        print(f"hub seat: {exc}", file=sys.stderr)
        return 2
    Path(args.out).write_text(write_seating(seating), encoding="utf-8")
    print(json.dumps({"seating": args.out, "figures": seating.figures().as_dict(),
                      "random_schedule": random_seating(plan, args.seed).figures().as_dict()},
                     indent=2))
    return 0


def round_(args: argparse.Namespace) -> int:
    from datetime import UTC, datetime

    from hub.config import HubConfigError, read_seating_of
    from hub.outbox import CLUB_NIGHT_HAS_NO_ROUNDS, has_rounds, queue_round
    from hub.seating import SeatingError

    settings = _settings(args)
    if not has_rounds(settings.rules):
        print(f"hub round: {CLUB_NIGHT_HAS_NO_ROUNDS}", file=sys.stderr)
        return 2
    try:
        seating = read_seating_of(settings)
    except HubConfigError as exc:
        print(f"hub round: {exc}", file=sys.stderr)
        return 2
    if seating is None:
        print("hub round: hub.toml gives no seating (seating = \"seating.csv\", written by "
              "`mafiakit hub seat`)", file=sys.stderr)
        return 2
    store = _store(settings, "round", make=True)
    try:
        queued = queue_round(store, settings, seating, args.number,
                             datetime.now(UTC).isoformat())
    except (SeatingError, ValueError) as exc:
        print(f"hub round: {exc}", file=sys.stderr)
        return 2
    finally:
        store.close()
    print(queued.line(args.number))
    return 0


def decide(args: argparse.Namespace) -> int:
    """The checks of the head judge's page (hub/remote.py `RemoteDesk.refusal`), then the
    record: a game not decided now, a repeat, what the rules refuse are not recorded."""
    from datetime import UTC, datetime

    from pydantic import ValidationError

    from bus.errors import describe_validation_error
    from hub.config import HubConfigError, read_seating_of, tournament_tables
    from hub.decisions import Decision
    from hub.remote import RemoteDesk, unknown_game

    settings = _settings(args)
    extra = {key: _value(value) for key, _, value in (a.partition("=") for a in args.arg)}
    try:
        decision = Decision(kind=args.kind, table=args.table, game_id=args.game, who=args.who,
                            why=args.why, args=extra)
        tables = tournament_tables(settings, read_seating_of(settings))
    except ValidationError as exc:
        print(f"hub decide: {describe_validation_error(exc)}", file=sys.stderr)
        return 2
    except HubConfigError as exc:
        print(f"hub decide: {exc}", file=sys.stderr)
        return 2
    store = _store(settings, "decide")
    now = datetime.now(UTC).isoformat()
    try:
        # a game the hub never heard of is named as such (a typo in --game would stay in the
        # append-only record); then the page's own checks
        refused = (unknown_game(store, tables, decision.table, decision.game_id)
                   or RemoteDesk(store, tables, lambda: now).refusal(decision, decision.who))
        if refused is not None:
            print(f"hub decide: not recorded: {refused.text}", file=sys.stderr)
            return 2
        number = store.add_decision(now, who=decision.who, why=decision.why.strip(),
                                    kind=decision.kind.value, table=decision.table,
                                    game_id=decision.game_id, args=decision.args)
    finally:
        store.close()
    print(f"decision {number} recorded: {decision.kind.value} at table {decision.table}")
    return 0


def _value(text: str) -> str | int | float:
    """A decision's argument: a number when it reads as one (seat=4, points=-0.5)."""
    try:
        number = float(text)
    except ValueError:
        return text
    return int(number) if number.is_integer() and "." not in text else number


def export_(args: argparse.Namespace) -> int:
    from hub.export import export

    settings = _settings(args)
    if args.format == "mafiaratings":
        return _export_mafiaratings(args, settings)
    store = _store(settings, "export", make=True)  # before the first game: headers only
    try:
        as_of = (args.as_of_round if args.as_of_round is not None
                 else settings.standings.as_of_round)
        counts = export(store, Path(args.out), settings.rules, as_of)
    finally:
        store.close()
    print(json.dumps(counts))
    return 0


def _export_mafiaratings(args: argparse.Namespace, settings: HubSettings) -> int:
    """`hub export --format mafiaratings`: every game as it counts, for the rating site."""
    from hub.export import export_mafiaratings
    from ratings.arguments import site_from

    try:
        site = site_from(args)
    except (OSError, ValueError) as exc:
        print(f"hub export: players: {exc}", file=sys.stderr)
        return 2
    store = _store(settings, "export")  # the site wants games: no store, nothing to send
    try:
        counts = export_mafiaratings(store, Path(args.out), site,
                                     lambda note: print(note, file=sys.stderr))
    finally:
        store.close()
    print(json.dumps(counts))
    return 0


def evening_(args: argparse.Namespace) -> int:
    """The club evening of the club games the hub stored (docs/hub.md, "Club tables")."""
    from engine.club.evening import EveningError
    from hub.club import club_evening

    settings = _settings(args)
    store = _store(settings, "evening")
    try:
        night = club_evening(store.club_protocols(), store.decisions(), args.date)
    except EveningError as exc:
        print(f"hub evening: {exc}", file=sys.stderr)
        return 2
    finally:
        store.close()
    if not night.games:
        when = f" of {args.date}" if args.date else ""
        print(f"hub evening: no decided club game{when} at the hub", file=sys.stderr)
        return 2
    if args.format == "csv":  # the same columns as `mafiakit evening --format csv`
        import csv

        csv.writer(sys.stdout, lineterminator="\n").writerows(night.csv_rows())
    else:
        print(json.dumps(night.as_dict(), ensure_ascii=False))
    return 0


def club_game_(args: argparse.Namespace) -> int:
    """One stored club game by evening and number (docs/hub.md, "Club tables"): its protocol
    as the table sent it, or its game log (`--format log`) for `mafiakit replay` or
    `mafiakit evening`."""
    from hub.club import ClubGameNotFound, find_club_game

    settings = _settings(args)
    store = _store(settings, "club-game")
    try:
        table, game_id, protocol, _ = find_club_game(store.club_protocols(), args.date,
                                                     args.game, args.table)
    except ClubGameNotFound as exc:
        print(f"hub club-game: {exc}", file=sys.stderr)
        return 2
    finally:
        store.close()
    if args.format == "log":
        for line in (protocol.get("header", {}), *protocol.get("actions", ())):
            print(json.dumps(line, ensure_ascii=False))
    else:
        print(json.dumps({"table": table, "game_id": game_id, **protocol}, ensure_ascii=False))
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("hub", help="the tournament hub and the head judge's tools",
                       description="Without a TOOL: run the tournament hub (every table's "
                       "games, protocols and the standings, until Ctrl-C). With one: the head "
                       "judge's tools (`mafiakit hub TOOL --help`).")
    p.add_argument("--config", default="hub.toml", help="hub.toml (default: ./hub.toml)")
    p.set_defaults(func=run)
    tools = p.add_subparsers(dest="hub_command", metavar="TOOL")

    s = tools.add_parser("seat", help="generate a balanced seating CSV and print its figures",
                         description="Seat the players for every round: each meets the others "
                         "as evenly as it can and sits in every seat about as often; prints "
                         "the figures of the schedule next to a random one's.")
    s.add_argument("--players", required=True, help="a text file, one nickname per line")
    s.add_argument("--tables", type=int, required=True, help="tables in the room")
    s.add_argument("--rounds", type=int, required=True, help="rounds of the tournament")
    s.add_argument("--seed", type=int, default=0,
                   help="the draw's seed: the same seed gives the same seating (default 0)")
    s.add_argument("--apart", action="append", default=[], metavar="A,B",
                   help="two players who never share a table (repeatable)")
    s.add_argument("--out", default="seating.csv",
                   help="the seating CSV to write (default seating.csv)")
    s.set_defaults(func=seat)

    r = tools.add_parser("round", help="send every table its game of a round",
                         description="Send every table its game of round NUMBER with its ten "
                         "players from the seating; the running hub resends it until the table "
                         "answers.")
    r.add_argument("number", type=int, help="the round to send (1, 2, ...)")
    r.add_argument("--config", default="hub.toml", help="hub.toml (default: ./hub.toml)")
    r.set_defaults(func=round_)

    d = tools.add_parser("decide", help="record a head judge's decision",
                         description="Record a head judge's decision on a game (000 "
                         "III.15-16): the standings follow it, the table's protocol stays as it "
                         "was. One the rules refuse is not recorded; the reason is printed.")
    d.add_argument("--config", default="hub.toml", help="hub.toml (default: ./hub.toml)")
    d.add_argument("--table", required=True, help="the table's id in the topics, e.g. 3")
    d.add_argument("--game", required=True, help="the game's id, e.g. r1-t3")
    d.add_argument("--kind", required=True,
                   choices=("change_result", "order_replay", "protest_filed",
                            "protest_accepted", "protest_rejected", "extra_points"),
                   help="what the head judge decided (docs/hub.md lists each kind's --arg)")
    d.add_argument("--who", required=True, help="the head judge who decided")
    d.add_argument("--why", required=True, help="the reason, as it goes into the record")
    d.add_argument("--arg", action="append", default=[], metavar="KEY=VALUE",
                   help="winner=black, seat=4, points=0.3, remedy=penalty ...")
    d.set_defaults(func=decide)

    e = tools.add_parser("export", help="write games, decisions and every protocol to a folder",
                         description="Write everything the hub stored to a folder: games, "
                         "standings (CSV and JSON), decisions, quarantined input and every "
                         "protocol.")
    e.add_argument("--config", default="hub.toml", help="hub.toml (default: ./hub.toml)")
    e.add_argument("--out", default="hub-export",
                   help="the folder to write (default hub-export)")
    e.add_argument("--as-of-round", type=int, default=None, metavar="N",
                   help="standings of rounds 1..N only (default: hub.toml's [standings], "
                        "else every game); shown even when hidden from the public")
    e.add_argument("--format", choices=("kit", "mafiaratings"), default="kit",
                   help="kit: everything the hub holds (default); mafiaratings: each game "
                        "as it counts in the rating site's JSON, OUT/mafiaratings/ "
                        "(docs/mafiaratings.md)")
    add_site_arguments(e, prefix="mafiaratings: ")
    e.set_defaults(func=export_)

    v = tools.add_parser("evening", help="a club evening's points per player from the club "
                         "games the hub stored (CSV or JSON)",
                         description="Add up a club evening from the decided club games "
                         "the hub stored: each player's rating points, wins, extra points and "
                         "fines, as `mafiakit evening` does for log files.")
    v.add_argument("--config", default="hub.toml",
                   help="the hub's settings file (default: ./hub.toml)")
    v.add_argument("--date", default=None, metavar="YYYY-MM-DD",
                   help="only the games whose header has this date (default: every game)")
    v.add_argument("--format", choices=("json", "csv"), default="json",
                   help="json (default) or csv: one row a player")
    v.set_defaults(func=evening_)

    c = tools.add_parser("club-game", help="one stored club game by evening and game number",
                         description="Print one decided club game the hub stored, found by "
                         "its evening (the header's date) and its number (the header's game): "
                         "the protocol (header, actions, result with points, every card) as "
                         "JSON, or its game log.")
    c.add_argument("--config", default="hub.toml",
                   help="the hub's settings file (default: ./hub.toml)")
    c.add_argument("--date", required=True, metavar="YYYY-MM-DD", help="the evening")
    c.add_argument("--game", required=True, type=int, metavar="N",
                   help="the game's number that evening (its header's game)")
    c.add_argument("--table", default=None,
                   help="the table, when several played a game of that number")
    c.add_argument("--format", choices=("json", "log"), default="json",
                   help="json (default): the protocol; log: the game log, one JSON line each")
    c.set_defaults(func=club_game_)
