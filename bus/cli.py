"""`mafiakit schema`, `mafiakit broker` and `mafiakit acl`: the bus's command-line tools."""

from __future__ import annotations

import argparse
import json
import signal
import sys
from pathlib import Path
from types import FrameType


def schema_command(args: argparse.Namespace) -> int:
    """Print one JSON object: payload name -> JSON Schema, and each retained page of the hub
    by its topic (`hub/public/aggregate`, ...: bus/hubpages.py)."""
    from bus.hubpages import page_schemas
    from bus.schema import all_schemas

    schemas = {**all_schemas(), **page_schemas()}
    print(json.dumps(schemas, indent=2 if args.indent else None, ensure_ascii=False))
    return 0


def acl_command(args: argparse.Namespace) -> int:
    """Print the broker ACL with a block for each --table."""
    from bus.acl import parse_table, render_acl
    from bus.topics import head_judge_account

    try:
        if args.outside:
            from bus.bridge import render_outside_acl

            if args.table or args.head_judge:
                raise ValueError("--outside prints the outside broker's ACL: it has no "
                                 "--table or --head-judge blocks")
            print(render_outside_acl(args.outside), end="")
            return 0
        tables = [parse_table(spec) for spec in args.table]
        judges = [head_judge_account(name) for name in args.head_judge]
        print(render_acl(tables, head_judges=judges), end="")
    except (ValueError, FileNotFoundError) as exc:
        print(f"acl: {exc}", file=sys.stderr)
        return 2
    return 0


def _stop_on_sigterm(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(0)


def broker_command(args: argparse.Namespace) -> int:
    """Run a mosquitto in the foreground until Ctrl-C (the one-machine demo's broker)."""
    from bus.acl import parse_table
    from bus.broker import WEB_DIR, BrokerError, MosquittoProcess
    from bus.outside import bridged, outside_trial

    try:
        users = _accounts(args)
        tables = [parse_table(spec) for spec in args.table]
        if args.acl and not users:
            raise ValueError("--acl needs accounts: --users FILE (or --user NAME)")
        if tables and not args.acl:
            raise ValueError("--table only matters with --acl")
        for option, port in (("--port", args.port), ("--ws-port", args.ws_port)):
            if port is not None and not 0 <= port <= 65535:
                raise ValueError(f"{option} {port} is not a port: give 1 to 65535 (0: any "
                                 "free one)")
        if not _loopback(args.host) and not (args.acl and users):
            raise ValueError(
                f"--host {args.host}: a broker other machines can reach needs accounts and "
                "the kit's ACL (--acl --users FILE), never anonymous clients on the LAN; "
                "for a tournament set up the production broker with TLS instead "
                "(deploy/mosquitto/README.md)")
        if args.outside:
            broker: MosquittoProcess = outside_trial(args.outside, args, WEB_DIR)
        else:
            broker = MosquittoProcess(
                port=args.port or None, host=args.host, users=users, acl=args.acl,
                tables=tables, persistence=args.persistence,
                websockets=args.ws_port is not None, ws_port=args.ws_port or None,
                http_dir=WEB_DIR,
            )
            bridged(broker, args.bridge, args.tournament, args.bridge_ca)
    except (ValueError, FileNotFoundError, BrokerError) as exc:
        print(f"broker: {exc}", file=sys.stderr)
        return 2
    signal.signal(signal.SIGTERM, _stop_on_sigterm)
    try:
        broker.start()
        print(f"mosquitto running at {broker.url} (Ctrl-C stops it)", flush=True)
        if not _loopback(args.host):
            print("broker: plain MQTT on the LAN carries the accounts' passwords in clear; "
                  "a tournament's broker speaks TLS (deploy/mosquitto/README.md)",
                  file=sys.stderr, flush=True)
        if broker.ws_port is not None and not args.outside:
            pages = broker.ws_url.replace("ws://", "http://")
            print(f"browsers on this machine: MQTT over WebSockets at {broker.ws_url}; the "
                  f"pages (stream overlay, head judge's page, player's page) from {pages}/ "
                  "(docs/web.md)", flush=True)
        for line in _bridge_lines(broker, args):
            print(line, flush=True)
        code = broker.wait()
        print(f"broker: mosquitto stopped by itself (exit {code}):\n{broker.log_tail()}",
              file=sys.stderr)
        return 1
    except BrokerError as exc:
        print(f"broker: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        broker.close()


def _bridge_lines(broker: object, args: argparse.Namespace) -> list[str]:
    """What to tell the user about the bridge (venue) or the bridges' port (outside)."""
    from bus.outside import OutsideBroker

    if isinstance(broker, OutsideBroker):
        return broker.trial_lines()
    if args.bridge:
        return [f"bridge: tournament {args.tournament}'s public set goes out to "
                f"{args.bridge.split('@')[-1]} (docs/mqtt.md \"The venue bridge\")"]
    return []


def _accounts(args: argparse.Namespace) -> dict[str, str]:
    """The accounts of --users FILE, then of each --user NAME (its password asked for at the
    terminal). A password is never taken from the command line: `ps` shows every process's
    arguments to every user of the machine (issue 24)."""
    import getpass
    from pathlib import Path

    from bus.passwords import check_account, read_accounts

    users = {} if args.users is None else read_accounts(Path(args.users))
    for name in args.user:
        if ":" in name:
            raise ValueError(
                f"--user {name.partition(':')[0]}: a password on the command line can be read "
                "by every user of this machine (ps); put NAME PASSWORD lines in a file only you "
                "may read (chmod 600) and give --users FILE, or give --user NAME alone to be "
                "asked for it")
        if not sys.stdin.isatty():
            raise ValueError(f"--user {name} asks for the password at the terminal, and there "
                             "is none: give --users FILE instead")
        password = getpass.getpass(f"password for {name}: ")
        check_account(name, password)
        users[name] = password
    return users


def _loopback(host: str) -> bool:
    """Whether `host` is this machine only (127.0.0.0/8, ::1, localhost)."""
    import ipaddress

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # a name: it may resolve to a LAN address


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the bus's subcommands to the `mafiakit` parser."""
    p = sub.add_parser("schema", help="print the JSON Schema of every MQTT payload",
                       description="Print the JSON Schema of every payload the kit sends over "
                       "MQTT, one object keyed by payload name, and of every retained page of "
                       "the hub, keyed by its topic (hub/public/aggregate, ...; docs/mqtt.md "
                       "explains them).")
    p.add_argument("--indent", action="store_true", help="pretty-print")
    p.set_defaults(run="bus.cli:schema_command")

    p = sub.add_parser("broker", help="run a local mosquitto in the foreground",
                       description="Run a mosquitto for one machine (a demo, a club night) in "
                       "the foreground until Ctrl-C; a tournament's broker is set up once with "
                       "the kit's production config instead (deploy/mosquitto/README.md).")
    p.add_argument("--port", type=int, default=1883, help="0 = any free port (default 1883)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only; any other "
                   "needs --acl and accounts)")
    p.add_argument("--users", default=None, metavar="FILE",
                   help="accounts, one `NAME PASSWORD` line each, in a file only you may read "
                   "(the format of setup.sh's mafiakit-credentials); turns anonymous access off")
    p.add_argument("--user", action="append", default=[], metavar="NAME",
                   help="an account whose password is asked for at the terminal (never on the "
                   "command line); repeatable")
    p.add_argument("--acl", action="store_true",
                   help="apply the kit's ACL: tables write only their own topics, screens read "
                   "only what players may see (needs accounts)")
    p.add_argument("--table", action="append", default=[], metavar="TOURNAMENT/TABLE",
                   help="a table account block in the ACL; repeatable")
    p.add_argument("--persistence", action="store_true", help="keep retained messages")
    p.add_argument("--ws-port", type=int, default=None, metavar="PORT",
                   help="also listen for browsers on this machine, 127.0.0.1 only (MQTT over "
                        "WebSockets, same accounts and ACL) and serve the kit's pages there; "
                        "0 = any free port")
    p.add_argument("--bridge", default=None, metavar="URL",
                   help="bridge the public set of --tournament out to the broker at URL "
                        "(mqtts://bridge-T:PASSWORD@HOST:8883; docs/mqtt.md \"The venue "
                        "bridge\")")
    p.add_argument("--bridge-ca", default=None, type=Path, metavar="FILE",
                   help="the outside broker's CA certificate (default: the system's CAs)")
    p.add_argument("--tournament", default=None, metavar="T",
                   help="the tournament whose public set the bridge carries")
    p.add_argument("--outside", action="append", default=[], metavar="T",
                   help="run as a trial outside broker instead: TLS for the bridge of "
                        "tournament T (repeatable) with a throwaway CA, WebSockets and the "
                        "followers' page for followers (--ws-port, default any free port)")
    p.set_defaults(run="bus.cli:broker_command")

    p = sub.add_parser("acl", help="print the broker ACL for the given tables",
                       description="Print the mosquitto ACL file for a tournament: the screens' "
                       "and the hub's rules, and one block a table so that each table writes "
                       "only its own topics. Save it as the broker's acl_file.")
    p.add_argument("--table", action="append", default=[], metavar="TOURNAMENT/TABLE",
                   help="a table of the tournament; repeatable")
    p.add_argument("--outside", action="append", default=[], metavar="TOURNAMENT",
                   help="print the outside broker's ACL instead (followers, and a bridge "
                        "account for each such tournament); repeatable")
    p.add_argument("--head-judge", action="append", default=[], metavar="NAME",
                   help="a head judge's own account head-judge-NAME (the hub records it as "
                        "who decided); repeatable")
    p.set_defaults(run="bus.cli:acl_command")
