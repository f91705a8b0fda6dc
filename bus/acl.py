"""Render the broker ACL (deploy/mosquitto/acl.conf) for the tables of a tournament.

The template is a valid mosquitto ACL by itself (hub, scoreboard and venue accounts). Its
table block is written as lines starting with `#@table `, which mosquitto reads as comments:
an unrendered file gives table accounts no rights at all (fail closed). Rendering repeats the
block once per table with `{tournament}` and `{table}` filled in, and the `#@head-judge `
block once per personal head judge's account (`head-judge-NAME`) with `{account}`.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Final

from bus.topics import account_name, check_id, is_head_judge

TABLE_MARK: Final = "#@table "
HEAD_JUDGE_MARK: Final = "#@head-judge "
TEMPLATE: Final = Path(__file__).resolve().parents[1] / "deploy" / "mosquitto" / "acl.conf"


def template_text(path: Path = TEMPLATE) -> str:
    """The ACL template; a clear error if the kit was installed without deploy/."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileNotFoundError(
            f"the broker ACL template {path} is missing; run from a checkout of the kit"
        ) from None


def marked_block(text: str, mark: str) -> list[str]:
    """The lines of a template's block (those starting with `mark`, the mark cut off): what
    is repeated once per table, head judge or tournament."""
    return [line[len(mark):] for line in text.splitlines() if line.startswith(mark)]


def parse_table(spec: str) -> tuple[str, str]:
    """`cup/3` -> ("cup", "3"): how tables are named on the command line."""
    tournament, slash, table = spec.partition("/")
    if not slash:
        raise ValueError(f"table {spec!r} must be written as TOURNAMENT/TABLE, e.g. cup/3")
    return check_id(tournament, "tournament id"), check_id(table, "table id")


def render_acl(tables: Iterable[tuple[str, str]], template: str | None = None, *,
               head_judges: Iterable[str] = ()) -> str:
    """The ACL with one block per (tournament, table) and per personal head judge's account
    (`head-judge-NAME`, bus.topics.head_judge_account); refuses two tables on one account."""
    text = template_text() if template is None else template
    block = marked_block(text, TABLE_MARK)
    if not block:
        raise ValueError(f"the ACL template has no table block (lines starting {TABLE_MARK!r})")
    out = [text.rstrip("\n"), ""]
    accounts: dict[str, tuple[str, str]] = {}
    for tournament, table in tables:
        user = account_name(tournament, table)
        if user in accounts and accounts[user] != (tournament, table):
            other = "/".join(accounts[user])
            raise ValueError(
                f"tables {other} and {tournament}/{table} would share the account {user}; "
                "rename one of them"
            )
        if user in accounts:
            continue
        accounts[user] = (tournament, table)
        out.append(f"# table {tournament}/{table}")
        out.extend(line.format(tournament=tournament, table=table) for line in block)
        out.append("")
    judge_block = marked_block(text, HEAD_JUDGE_MARK)
    for account in dict.fromkeys(head_judges):
        if account == "head-judge" or not is_head_judge(check_id(account, "head judge account")):
            raise ValueError(f"{account!r} is not a personal head judge's account: "
                             "write head-judge-NAME, e.g. head-judge-anna")
        if not judge_block:
            raise ValueError(f"the ACL template has no head judge block ({HEAD_JUDGE_MARK!r})")
        out.append(f"# head judge {account}")
        out.extend(line.format(account=account) for line in judge_block)
        out.append("")
    return "\n".join(out) + "\n"
