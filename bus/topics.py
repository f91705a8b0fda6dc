"""The MQTT topic tree of the kit: one place that builds and parses every topic name.

Every component builds topics here, so a typo can never route a judge snapshot to a public
topic, and the broker ACL (deploy/mosquitto/acl.conf) can rely on one fixed shape:

    mafia/v1/{tournament}/tables/{table}/{kind}       kind: status, heartbeat, public, ...
    mafia/v1/{tournament}/tables/{table}/cmd/{name}   hub -> table commands
    mafia/v1/{tournament}/hub/{name...}                the hub's own topics

docs/mqtt.md explains why each kind is retained or not and which QoS it uses.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Final, Literal, get_args

ROOT: Final = "mafia/v1"
MAX_ID_LENGTH: Final = 40
ID_PUNCTUATION: Final = "-_."

TableKind = Literal[
    "status", "heartbeat", "public", "audience", "judge", "events", "protocol", "cmd", "reply",
    "stream",
]
TABLE_KINDS: Final[tuple[str, ...]] = get_args(TableKind)
VIEW_CLASSES: Final = ("public", "audience", "judge")
CommandName = Literal["new_game", "roster", "action", "undo", "rebirth", "ping"]
COMMAND_NAMES: Final[tuple[str, ...]] = get_args(CommandName)

# Hub topics readable by screens (see the ACL); everything else under hub/ is the hub's only.
HUB_STATUS: Final = "status"
HUB_PUBLIC: Final = "public"
# The head judge's contract (docs/hub.md "The head judge's page"): decisions in, replies out,
# and the retained state only the head judge reads; `public/players` is for players' phones.
HUB_DECIDE: Final = "decide"  # decide/{account}: the broker lets an account write its own only
HUB_JUDGE_REPLY: Final = "judge/reply"
HUB_JUDGE_STATE: Final = "judge/state"
HUB_PLAYERS: Final = "public/players"
# Hub topics that carry a request or its answer, not state: QoS 1 and never retained (a
# retained decision would be taken again by every hub that starts).
HUB_MESSAGES: Final = frozenset({HUB_DECIDE, HUB_JUDGE_REPLY})


# Head judges' accounts (docs/web.md): one per person, `head-judge-{name}`, and the shared
# `head-judge` kept for a venue that has not made personal ones yet.
HEAD_JUDGE: Final = "head-judge"


class TopicError(ValueError):
    """A topic or an id in it is malformed; the message says what to fix."""


@dataclass(frozen=True)
class Delivery:
    """How a kind of message travels: MQTT QoS and the retained flag."""

    qos: int
    retain: bool


# Why each choice is made is written down in docs/mqtt.md ("Delivery").
DELIVERY: Final[dict[str, Delivery]] = {
    "status": Delivery(qos=1, retain=True),
    "heartbeat": Delivery(qos=0, retain=False),
    "public": Delivery(qos=1, retain=True),
    "audience": Delivery(qos=1, retain=True),
    "judge": Delivery(qos=1, retain=True),
    "events": Delivery(qos=1, retain=False),
    "protocol": Delivery(qos=1, retain=True),
    "cmd": Delivery(qos=1, retain=False),
    "reply": Delivery(qos=1, retain=False),
    "stream": Delivery(qos=1, retain=True),
    "hub": Delivery(qos=1, retain=True),
}


@dataclass(frozen=True)
class TopicRef:
    """A parsed topic: whose it is and what it carries.

    `table` is None for hub topics; `name` is the command name for `cmd` and the path under
    `hub/` for hub topics, None otherwise.
    """

    tournament: str
    table: str | None
    kind: str
    name: str | None = None


def check_id(value: str, what: str = "id") -> str:
    """Return `value` if it can be one level of a topic (and part of a broker user name).

    Only letters, digits and `-_.` are allowed: `+ # /` would break MQTT matching, and
    spaces or other signs would break the ACL file and account names.
    """
    if not isinstance(value, str):
        raise TopicError(f"{what} must be text, not {type(value).__name__}")
    if value == "":
        raise TopicError(f"{what} is empty; give a short name such as 'autumn-cup' or '3'")
    for sign, why in (("/", "it would split the topic"), ("+", "it is an MQTT wildcard"),
                      ("#", "it is an MQTT wildcard")):
        if sign in value:
            raise TopicError(f"{what} {value!r} must not contain {sign!r}: {why}")
    if len(value) > MAX_ID_LENGTH:
        raise TopicError(
            f"{what} {value!r} is {len(value)} characters long; at most {MAX_ID_LENGTH} allowed"
        )
    bad = sorted({c for c in value if not (c.isalnum() or c in ID_PUNCTUATION)})
    if bad:
        shown = " ".join(repr(c) for c in bad)
        raise TopicError(
            f"{what} {value!r} may contain only letters, digits, '-', '_' and '.', not {shown}"
        )
    return value


def table_base(tournament: str, table: str) -> str:
    """`mafia/v1/{tournament}/tables/{table}`: the subtree a table account may write."""
    return f"{ROOT}/{check_id(tournament, 'tournament id')}/tables/{check_id(table, 'table id')}"


def table_topic(tournament: str, table: str, kind: str) -> str:
    """The topic of one kind of table message (not `cmd`: use `command_topic`)."""
    if kind == "cmd":
        raise TopicError("commands go to cmd/<name>: use command_topic()")
    if kind not in TABLE_KINDS:
        raise TopicError(f"unknown table topic kind {kind!r}; known: {', '.join(TABLE_KINDS)}")
    return f"{table_base(tournament, table)}/{kind}"


def command_topic(tournament: str, table: str, name: str) -> str:
    """`.../cmd/{name}`: a hub -> table command; never retained."""
    return f"{table_base(tournament, table)}/cmd/{check_command(name)}"


def check_command(name: str) -> str:
    """Return `name` if it is a known command name."""
    if name not in COMMAND_NAMES:
        raise TopicError(f"unknown command {name!r}; known: {', '.join(COMMAND_NAMES)}")
    return name


def hub_topic(tournament: str, name: str) -> str:
    """`mafia/v1/{tournament}/hub/{name}`; `name` may have several levels (`public/tables`)."""
    levels = name.split("/")
    for level in levels:
        check_id(level, "hub topic level")
    return f"{ROOT}/{check_id(tournament, 'tournament id')}/hub/{'/'.join(levels)}"


def decide_topic(tournament: str, account: str = HEAD_JUDGE) -> str:
    """`.../hub/decide/{account}`: a head judge's page -> the hub (a `DecisionRequest`). The
    ACL lets each head judge's account write only its own, so the hub knows who decided."""
    return hub_topic(tournament, f"{HUB_DECIDE}/{account}")


def decide_filter(tournament: str) -> str:
    """`.../hub/decide/+`: what the hub subscribes to (every head judge's account)."""
    return hub_topic(tournament, HUB_DECIDE) + "/+"


def decide_account(tournament: str, topic: str) -> str | None:
    """The account of a decide topic of `tournament` (the last level), else None."""
    prefix = hub_topic(tournament, HUB_DECIDE) + "/"
    account = topic.removeprefix(prefix)
    return account if topic.startswith(prefix) and "/" not in account and account else None


def is_head_judge(account: str) -> bool:
    """`head-judge` or `head-judge-{name}`: the accounts the ACL lets decide."""
    return account == HEAD_JUDGE or (account.startswith(HEAD_JUDGE + "-")
                                     and len(account) > len(HEAD_JUDGE) + 1)


def head_judge_account(name: str) -> str:
    """A head judge's own account: `head-judge-{name}` (`mafiakit acl --head-judge NAME`)."""
    return f"{HEAD_JUDGE}-{check_id(name, 'head judge name')}"


def judge_reply_topic(tournament: str) -> str:
    """`.../hub/judge/reply`: the hub's answer to each decision request (`DecisionReply`)."""
    return hub_topic(tournament, HUB_JUDGE_REPLY)


def judge_state_topic(tournament: str) -> str:
    """`.../hub/judge/state`: retained, the head judge's whole picture (head judge only)."""
    return hub_topic(tournament, HUB_JUDGE_STATE)


def players_topic(tournament: str) -> str:
    """`.../hub/public/players`: retained, what every player may see about every player."""
    return hub_topic(tournament, HUB_PLAYERS)


def hub_filter(name: str, tournament: str | None = None) -> str:
    """`mafia/v1/{tournament}/hub/{name}` as a subscription filter: a None tournament
    matches every one, and `name` may end in a wildcard (`public/rounds/+`: every round)."""
    t = "+" if tournament is None else check_id(tournament, "tournament id")
    levels = name.split("/")
    for level in levels[:-1] if levels[-1] in ("+", "#") else levels:
        check_id(level, "hub topic level")
    return f"{ROOT}/{t}/hub/{name}"


def bridge_topic(tournament: str) -> str:
    """`mafia/v1/{tournament}/bridge`: whether the venue's bridge to the outside broker is up
    (mosquitto's own retained `1` / `0`, the latter its will; docs/mqtt.md "The venue
    bridge"). Not a kit payload: `parse` does not take it."""
    return f"{ROOT}/{check_id(tournament, 'tournament id')}/bridge"


def table_filter(kind: str, tournament: str | None = None, table: str | None = None) -> str:
    """A subscription filter for one kind; a None id matches every tournament or table."""
    t = "+" if tournament is None else check_id(tournament, "tournament id")
    n = "+" if table is None else check_id(table, "table id")
    if kind == "cmd":
        return f"{ROOT}/{t}/tables/{n}/cmd/+"
    if kind not in TABLE_KINDS:
        raise TopicError(f"unknown table topic kind {kind!r}; known: {', '.join(TABLE_KINDS)}")
    return f"{ROOT}/{t}/tables/{n}/{kind}"


def delivery(topic: str) -> Delivery:
    """QoS and retain flag for a topic of this tree."""
    return delivery_of(parse(topic))


def delivery_of(ref: TopicRef) -> Delivery:
    """QoS and retain flag for a parsed topic: hub requests and replies are never retained."""
    if ref.kind == "hub" and (ref.name in HUB_MESSAGES
                              or (ref.name or "").startswith(HUB_DECIDE + "/")):
        return Delivery(qos=1, retain=False)
    return DELIVERY[ref.kind]


@functools.lru_cache(maxsize=1024)
def parse(topic: str) -> TopicRef:
    """Split a concrete topic of this tree back into its parts; TopicError if it is not one.
    Cached: a table publishes on the same few topics several times per judge action."""
    prefix = ROOT + "/"
    if not topic.startswith(prefix):
        raise TopicError(f"topic {topic!r} is not a mafiakit topic (it must start with {prefix})")
    levels = topic[len(prefix):].split("/")
    if len(levels) < 3:
        raise TopicError(f"topic {topic!r} is too short to be a table or hub topic")
    tournament = check_id(levels[0], "tournament id")
    if levels[1] == "hub":
        name = "/".join(check_id(level, "hub topic level") for level in levels[2:])
        return TopicRef(tournament, None, "hub", name)
    if levels[1] != "tables" or len(levels) < 4:
        raise TopicError(f"topic {topic!r}: expected {ROOT}/<tournament>/tables/<table>/<kind>")
    table = check_id(levels[2], "table id")
    kind, rest = levels[3], levels[4:]
    if kind == "cmd":
        if len(rest) != 1:
            raise TopicError(f"topic {topic!r}: a command topic ends with cmd/<name>")
        return TopicRef(tournament, table, "cmd", check_command(rest[0]))
    if kind not in TABLE_KINDS or rest:
        raise TopicError(f"topic {topic!r}: unknown table topic kind {'/'.join(levels[3:])!r}")
    return TopicRef(tournament, table, kind)


def account_name(tournament: str, table: str) -> str:
    """The broker user name of a table: `table-{tournament}-{table}` (see the ACL)."""
    return f"table-{check_id(tournament, 'tournament id')}-{check_id(table, 'table id')}"


def overlay_account(tournament: str, table: str) -> str:
    """The stream overlay's user name for one table: `overlay-{tournament}-{table}`."""
    return "overlay-" + account_name(tournament, table).removeprefix("table-")


def stream_account(tournament: str, table: str) -> str:
    """The delayed stream's user name for one table: `stream-{tournament}-{table}`; the only
    account besides the hub and the table that may read the table's `stream` topic (roles,
    night actions, some minutes late: docs/web.md "The delayed stream")."""
    return "stream-" + account_name(tournament, table).removeprefix("table-")
