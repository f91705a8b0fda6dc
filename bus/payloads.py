"""Versioned payload models of every MQTT message, and the one way to decode and encode them.

Every payload carries its model's `schema_version` (docs/mqtt.md "Versions") and forbids
unknown fields, so a table running a newer kit fails loudly at the hub instead of being
half-understood. `decode` turns any bad input (too big, not text, not JSON, wrong fields,
another version) into a `PayloadError` whose message a judge can read aloud; `encode`
refuses to send what `decode` would refuse. The one exception to "another version is
refused": a protocol of the previous release, read as today's (`upgrade_protocol`).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from enum import StrEnum
from typing import Annotated, ClassVar, Final, Literal, get_args

from pydantic import (
    AfterValidator,
    AwareDatetime,
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    ValidationError,
    model_validator,
)

from bus.errors import PayloadError, describe_validation_error
from bus.jsonsafe import MAX_DEPTH, json_depth
from bus.nicknames import (
    MAX_NAME_LENGTH,
    check_nickname,
    check_person,
    check_reason,
    nickname_problem,
)
from bus.topics import COMMAND_NAMES, CommandName, TopicError, check_id
from engine.roles import ClubRole, Side
from engine.viewmodels import (
    MAX_SEATS,
    MIN_SEATS,
    ClubNightView,
    JudgeView,
    Reveal,
    Seat,
    View,
)
from engine.vocab import ClubTermination, Phase

__all__ = [
    "COMMAND_ARGS", "DECISION_KINDS", "MAX_PAYLOAD_BYTES", "MODELS", "SCHEMA_VERSION",
    "Claim", "ClassicReveal", "ClubReveal", "Command",
    "DecisionReply", "DecisionRequest", "Event",
    "Heartbeat", "Payload", "PayloadError", "Protocol", "Reply", "Snapshot", "Status",
    "StreamSnapshot", "decode",
    "encode", "reveal_of", "upgrade_protocol", "utc_now",
]

SCHEMA_VERSION: Final = 1  # the version of every payload that has not changed since 1
MAX_PAYLOAD_BYTES: Final = 64 * 1024

JsonDict = dict[str, JsonValue]
Id = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")]
Nickname = Annotated[str, Field(max_length=MAX_NAME_LENGTH), AfterValidator(check_nickname)]
Text = Annotated[str, Field(min_length=1, max_length=500)]
# A host name or an address as a machine reports it (printable, one line, short)
HostText = Annotated[str, Field(min_length=1, max_length=100, pattern=r"^[A-Za-z0-9_.:%\[\]-]+$")]
# a head judge's typed name and the reason of his decision: shown on every head judge's page,
# so checked like a nickname (no control, bidi or zero-width character) and bounded
Person = Annotated[str, AfterValidator(check_person)]
Reason = Annotated[str, AfterValidator(check_reason)]


def utc_now() -> datetime:
    """Timestamps on the bus are timezone-aware UTC, so screens anywhere agree on them."""
    return datetime.now(UTC)


class Payload(BaseModel):
    """Common base: versioned, closed (no unknown fields), immutable once built."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    VERSION: ClassVar[int] = SCHEMA_VERSION  # each model declares `schema_version` = VERSION


class Status(Payload):
    """Birth / death of a component (Sparkplug NBIRTH/NDEATH, Homie $state).

    `online` is published on every connect, `offline` on a clean stop and `lost` is the
    broker's last will. `bdseq` grows with every connection of this boot, so a late will
    of an older connection can be told from the death of the current one.
    """

    schema_version: Literal[1] = SCHEMA_VERSION
    state: Literal["online", "offline", "lost"]
    bdseq: int = Field(ge=0)
    booted_at: AwareDatetime
    software_version: str = Field(min_length=1, max_length=40)
    # Who holds the number (docs/mqtt.md "One table per number"): a table's instance id (the
    # same across its restarts, another on a second machine or a cloned card), the machine's
    # host name and the address it reaches the broker from. Optional: the hub and screens
    # leave them out, and a kit without them still reads as an instance of its own.
    instance: Id | None = None
    host: HostText | None = None
    address: HostText | None = None

    def same_session(self, other: Status) -> bool:
        """True if both messages speak of the same connection (same boot, same bdseq)."""
        return self.booted_at == other.booted_at and self.bdseq == other.bdseq

    def same_instance(self, other: Status) -> bool:
        """True if both come from one instance (one table's data on one machine): its own
        earlier boot, not a second machine with the same number."""
        return self.instance == other.instance

    def where(self) -> str:
        """The machine in words: "pi-3 (192.168.1.23)", for the judge and the head judge."""
        return machine_words(self.host, self.address)


def machine_words(host: str | None, address: str | None) -> str:
    """"pi-3 (192.168.1.23)", "pi-3", "192.168.1.23" or "an unnamed machine"."""
    if host and address:
        return f"{host} ({address})"
    return host or address or "an unnamed machine"


class Claim(Payload):
    """A table number asked for (`probe`) and the holder's answer (`held`), on the table's
    `claim` topic, never retained (docs/mqtt.md "One table per number").

    A table about to start asks before it says anything else; the live holder answers from
    its network thread; the hub reads both and alerts the head judge. Nothing on the status,
    snapshot or protocol topics changes, so the screens keep the real table."""

    schema_version: Literal[1] = SCHEMA_VERSION
    kind: Literal["probe", "held"]
    instance: Id
    host: HostText | None = None
    address: HostText | None = None
    booted_at: AwareDatetime

    def where(self) -> str:
        return machine_words(self.host, self.address)


class Heartbeat(Payload):
    """Liveness that does not trust the broker's keepalive, plus the last public seq.

    Version 2: `last_public_seq` (the seq of the latest public snapshot) replaces version 1's
    `last_event_seq`, which screens could read and which grew with every night action. A
    screen whose public seq is behind it has missed a snapshot; the hub counts events by
    their own consecutive `seq`. Version 3: `uptime_s` is the table's clock (docs/clock.md):
    a snapshot carries the same clock's reading, so a screen learns how old a retained
    snapshot is without trusting any wall clock; `clock_step_s` is how far the table's wall
    clock jumped during the current game (the last jump; None: none), for the head judge.
    """

    VERSION: ClassVar[int] = 3
    schema_version: Literal[3] = 3
    seq: int = Field(ge=0)
    bdseq: int = Field(ge=0)
    sent_at: AwareDatetime
    uptime_s: float = Field(ge=0)
    game_id: Id | None = None
    last_public_seq: int | None = Field(default=None, ge=0)
    clock_step_s: float | None = Field(default=None, allow_inf_nan=False)


class Snapshot(Payload):
    """The whole current view of one information class (retained: latest wins).

    `view` is the engine's typed view (docs/views.md): a public or audience view has no
    field for a role, shot, check or best move. Version 2: the public and audience views
    lost `actions`, `winner`, `termination`, `roles`, `nights` and `best_move` (the reveal is
    on the protocol topic) and their `seq` counts changes of that class's view, not journal
    lines. Version 3 (docs/clock.md): `timer_started_at` (a wall-clock moment, which a screen
    could only compare with its own clock) is gone; a running `view.timer` carries the seconds
    `remaining` at `uptime_s`, the table's monotonic clock when the snapshot was built (the
    heartbeat's clock), and a screen counts down from the moment it received it.
    """

    VERSION: ClassVar[int] = 3
    schema_version: Literal[3] = 3
    view_class: Literal["public", "audience", "judge"]
    tournament: str = Field(min_length=1, max_length=40)
    table: str = Field(min_length=1, max_length=40)
    seq: int = Field(ge=0)
    game_id: Id | None = None
    names: list[Nickname] = Field(default_factory=list, max_length=MAX_SEATS)
    view: View = Field(discriminator="view")
    uptime_s: float = Field(ge=0, allow_inf_nan=False)
    sent_at: AwareDatetime

    @model_validator(mode="after")
    def _consistent(self) -> Snapshot:
        _check_ids(self.tournament, self.table)
        seats = len(self.view.seats)
        if len(self.names) not in (0, seats):
            raise ValueError(f"names must list all {seats} seats or be empty, "
                             f"not {len(self.names)}")
        if self.view.view != self.view_class:
            raise ValueError(
                f"a {self.view_class} snapshot must carry a {self.view_class} view, "
                f"not {self.view.view.value!r}"
            )
        return self


class StreamSnapshot(Payload):
    """The delayed stream class: the judge's view of the game as it stood `delay_minutes`
    ago (roles, shots, checks), for a broadcast only (docs/web.md "The delayed stream").

    Retained on the table's `stream` topic, which only the `stream-{tournament}-{table}`
    account, the hub and the table may read. `actions` is how many journal lines of game
    `game_id` the view has taken in (it only grows within a game); `as_of` is the moment of
    the game it shows. It carries nothing of the table's own (no refusal, no pad keys) and
    no running timer: a countdown from minutes ago means nothing now.
    """

    schema_version: Literal[1] = SCHEMA_VERSION
    tournament: str = Field(min_length=1, max_length=40)
    table: str = Field(min_length=1, max_length=40)
    game_id: Id
    actions: int = Field(ge=0)
    delay_minutes: float = Field(gt=0)
    as_of: AwareDatetime
    names: list[Nickname] = Field(default_factory=list, max_length=MAX_SEATS)
    view: JudgeView
    sent_at: AwareDatetime

    @model_validator(mode="after")
    def _consistent(self) -> StreamSnapshot:
        _check_ids(self.tournament, self.table)
        seats = len(self.view.seats)
        if len(self.names) not in (0, seats):
            raise ValueError(f"names must list all {seats} seats or be empty, "
                             f"not {len(self.names)}")
        v = self.view
        if v.last_error is not None or v.pad is not None or v.refusal is not None:
            raise ValueError("a stream snapshot carries nothing of the table's own "
                             "(last_error, pad, refusal)")
        if self.as_of > self.sent_at:
            raise ValueError("a stream snapshot cannot show a moment after it was sent")
        return self


class Event(Payload):
    """One judge action as the table received it, accepted or rejected, in seq order."""

    schema_version: Literal[1] = SCHEMA_VERSION
    seq: int = Field(ge=1)
    game_id: Id
    action: JsonDict
    accepted: bool
    reason: Text | None = None
    at: AwareDatetime

    @model_validator(mode="after")
    def _consistent(self) -> Event:
        _check_action(self.action, "action")
        if not self.accepted and self.reason is None:
            raise ValueError("a rejected action needs a reason")
        return self


class ClassicReveal(Reveal):
    """The classic game's reveal (docs/views.md `Reveal`): every role, the winner and why,
    every night and the best move, once nothing is secret. Tagged `variant: "classic"`."""

    variant: Literal["classic"] = "classic"


class ClubReveal(BaseModel):
    """The club game's reveal (docs/club.md): every card, the side that won and why, and
    every night as the host recorded it (004 §7), once nothing is secret. Tagged
    `variant: "club"`."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    variant: Literal["club"] = "club"
    roles: dict[Seat, ClubRole]
    winner: Side
    termination: ClubTermination
    nights: tuple[ClubNightView, ...]


# The result's variant: which reveal (and so which result object, docs/game-log.md) a
# protocol carries. A variant whose decided game reads as one of these (the test toy: the
# club's) needs nothing here; one with a reveal of its own adds its model to the union.
AnyReveal = Annotated[ClassicReveal | ClubReveal, Field(discriminator="variant")]
REVEAL_VARIANTS: Final = tuple(str(m.model_fields["variant"].default)
                               for m in (ClassicReveal, ClubReveal))
def reveal_of(view: View) -> ClassicReveal | ClubReveal:
    """A decided game's reveal, read off its judge view (which holds every part of it):
    the club's night record is `club_nights`, the classic one `nights` and `best_move`.
    ValueError while the game is undecided (the protocol waits for the decision), and for
    a screen's view (it holds none of it)."""
    if not isinstance(view, JudgeView):
        raise ValueError(f"a reveal is read off the judge view, not the {view.view} view")
    if (view.phase is not Phase.FINISHED or view.roles is None or view.winner is None
            or view.termination is None):
        raise ValueError("the protocol is published only once the game is decided")
    common = {"roles": view.roles, "winner": view.winner, "termination": view.termination}
    if view.club_nights is not None:
        return ClubReveal.model_validate({**common, "nights": view.club_nights})
    return ClassicReveal.model_validate({**common, "nights": view.nights,
                                         "best_move": view.best_move})


class Protocol(Payload):
    """The decided game of any variant: the game-log header, every action in effect, the
    result object (docs/game-log.md: the club's with `score`) and the reveal every screen
    draws, typed by its variant (`reveal.variant`: "classic" or "club").

    Retained, and readable by screens: the only way a role reaches one. When an undo takes
    the game back to running, the table clears it (an empty retained payload), so a screen
    that connects later learns nothing. Version 2 added `reveal`; version 3 made it one
    payload for every variant, the reveal tagged by its `variant` (a classic version 2 and
    a club version 1 protocol are read as version 3: `upgrade_protocol`).
    """

    VERSION: ClassVar[int] = 3
    schema_version: Literal[3] = 3
    game_id: Id
    header: JsonDict
    actions: list[JsonDict] = Field(max_length=2000)
    result: JsonDict
    reveal: AnyReveal

    @model_validator(mode="before")
    @classmethod
    def _tagged(cls, data: object) -> object:
        """The reveal's tag in words before pydantic's own ("Unable to extract tag")."""
        reveal = data.get("reveal") if isinstance(data, dict) else None
        if isinstance(reveal, dict) and reveal.get("variant") not in REVEAL_VARIANTS:
            raise ValueError(f"the reveal says its variant, one of {', '.join(REVEAL_VARIANTS)}"
                             f", not {json.dumps(reveal.get('variant'))}")
        return data

    @model_validator(mode="after")
    def _consistent(self) -> Protocol:
        if self.header.get("format") != "mafia-game-log":
            raise ValueError("header.format must be 'mafia-game-log'")
        for number, action in enumerate(self.actions, start=1):
            _check_action(action, f"action {number}")
        return self


def upgrade_protocol(version: object, data: dict[str, JsonValue]) -> dict[str, JsonValue]:
    """A protocol of the previous release as version 3 (docs/mqtt.md "Versions"): a classic
    version 2 protocol's reveal is tagged "classic", a club version 1 protocol's (the only
    version-1 protocol with a reveal) "club"; any other version is left as it is (refused).
    A hub updated before its tables, and a store of the previous release, read on."""
    old = {2: "classic", 1: "club"}.get(version) if type(version) is int else None
    reveal = data.get("reveal")
    if old is None or not isinstance(reveal, dict) or "variant" in reveal:
        return data
    return {**data, "schema_version": Protocol.VERSION, "reveal": {**reveal, "variant": old}}


# Arguments each command takes: name -> (required keys, optional keys).
COMMAND_ARGS: Final[dict[str, tuple[frozenset[str], frozenset[str]]]] = {
    "new_game": (frozenset({"header"}), frozenset({"game_id"})),
    "roster": (frozenset({"names"}), frozenset()),
    "action": (frozenset({"action"}), frozenset()),
    "undo": (frozenset(), frozenset()),
    "rebirth": (frozenset(), frozenset({"game_id", "since"})),
    "ping": (frozenset(), frozenset()),
}
assert set(COMMAND_ARGS) == set(COMMAND_NAMES)


class Command(Payload):
    """Hub -> table request. The table answers on its `reply` topic with the same id."""

    schema_version: Literal[1] = SCHEMA_VERSION
    name: CommandName
    request_id: Id
    args: JsonDict = Field(default_factory=dict)

    @model_validator(mode="after")
    def _consistent(self) -> Command:
        required, optional = COMMAND_ARGS[self.name]
        missing = sorted(required - self.args.keys())
        unknown = sorted(self.args.keys() - required - optional)
        if missing:
            raise ValueError(f"the {self.name} command needs {', '.join(missing)}")
        if unknown:
            raise ValueError(f"the {self.name} command does not take {', '.join(unknown)}")
        if self.name == "action":
            action = self.args["action"]
            if not isinstance(action, dict):
                raise ValueError("the action command needs an action object")
            _check_action(action, "action")
        if self.name == "rebirth":
            since, game = self.args.get("since", 1), self.args.get("game_id", "g")
            if type(since) is not int or since < 1 or not isinstance(game, str) or not game:
                raise ValueError("a rebirth's since is an event seq (1 or more) and its game_id "
                                 "a game id")
        if self.name == "roster":
            names = self.args["names"]
            # ten in the classic game, one a seat (3-15, 004 §1) in the club's: the table
            # checks the count against its game
            if not (isinstance(names, list) and MIN_SEATS <= len(names) <= MAX_SEATS):
                raise ValueError(f"a roster is {MIN_SEATS} to {MAX_SEATS} nicknames (10 in the "
                                 f"classic game) of at most {MAX_NAME_LENGTH} letters")
            for seat, name in enumerate(names, start=1):
                problem = nickname_problem(name, f"the nickname of seat {seat}")
                if problem is not None:
                    raise ValueError(problem)
        return self


class Reply(Payload):
    """The table's answer to one command: ok, or an error a judge understands."""

    schema_version: Literal[1] = SCHEMA_VERSION
    request_id: Id
    name: CommandName
    ok: bool
    error: Text | None = None
    result: JsonDict | None = None

    @model_validator(mode="after")
    def _consistent(self) -> Reply:
        if self.ok and self.error is not None:
            raise ValueError("a successful reply carries no error")
        if not self.ok and self.error is None:
            raise ValueError("a failed reply needs an error text")
        return self


# The kinds of the head judge's decisions (hub/decisions.py DecisionKind, checked equal by
# tests/hub/test_remote.py): the bus may not import the hub.
DecisionKindName = Literal["change_result", "order_replay", "protest_filed",
                           "protest_accepted", "protest_rejected", "extra_points"]
DECISION_KINDS: Final[tuple[str, ...]] = get_args(DecisionKindName)


class DecisionRequest(Payload):
    """The head judge's page -> the hub (`hub/decide`): one decision, recorded with who and
    why (000 III.15-16). The page makes `request_id` once per confirmation, so a resend after
    a lost link is answered again and never recorded twice. `args` as for `hub decide`:
    winner (change_result), seat (protest_filed, extra_points), points (extra_points)."""

    schema_version: Literal[1] = SCHEMA_VERSION
    request_id: Id
    kind: DecisionKindName
    table: str = Field(min_length=1, max_length=40)
    game_id: Id
    who: Person
    why: Reason
    args: JsonDict = Field(default_factory=dict)

    @model_validator(mode="after")
    def _consistent(self) -> DecisionRequest:
        try:
            check_id(self.table, "table id")
        except TopicError as exc:
            raise ValueError(str(exc)) from None
        return self


class DecisionRefusal(StrEnum):
    """Why the hub refused a decision, by key: the head judge's page says it in its language
    (web/judge/words.js) from the key and `ReasonView.params` (named below)."""

    NOT_HEAD_JUDGE = "not_head_judge"  # account
    BAD_REQUEST = "bad_request"  # text: a request the page would never send (English)
    NEEDS_WINNER = "needs_winner"
    NEEDS_SEAT = "needs_seat"  # kind
    NEEDS_POINTS = "needs_points"
    PENALTY_NEGATIVE = "penalty_negative"
    PENALTY_CLAUSE = "penalty_clause"
    UNKNOWN_REMEDY = "unknown_remedy"
    UNKNOWN_TABLE = "unknown_table"  # table
    NO_PROTOCOL = "no_protocol"  # game, table
    REPLAYED = "replayed"  # game, table
    ALREADY_COUNTS = "already_counts"  # game, table, winner
    NO_OPEN_PROTEST = "no_open_protest"  # game, table
    SEAT_RANGE = "seat_range"  # game, table, seats, seat
    TENTHS = "tenths"  # points
    NOT_DECIDED = "not_decided"  # game, table
    NO_PLAYERS = "no_players"  # game, table
    REPEATED = "repeated"  # game, table, decision: the same decision is recorded already
    BROKEN_PROTOCOL = "broken_protocol"  # game, table, text (English)
    RULES = "rules"  # game, table, because (LangText: the engine's own refusal)
    CLUB_GAME = "club_game"  # game, table: a club game takes protests and a replay only


class LangText(BaseModel):
    """A text the hub already has in both languages (the engine's catalogue of refusals)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    ru: Text
    en: Text


class ReasonView(BaseModel):
    """A refusal on the wire: key and parameters; the page renders it in its language."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    key: DecisionRefusal
    params: dict[str, int | float | str | LangText] = Field(default_factory=dict)


class DecisionReply(Payload):
    """The hub -> the head judge (`hub/judge/reply`): recorded as decision `decision_id`, or
    refused with an `error` (English, for logs and older pages) and its `reason` by key
    (nothing recorded)."""

    schema_version: Literal[1] = SCHEMA_VERSION
    request_id: Id
    ok: bool
    error: Text | None = None
    reason: ReasonView | None = None
    decision_id: int | None = Field(default=None, ge=1)

    @model_validator(mode="after")
    def _consistent(self) -> DecisionReply:
        if self.ok and (self.error is not None or self.decision_id is None):
            raise ValueError("a recorded decision has its decision_id and no error")
        if not self.ok and (self.error is None or self.decision_id is not None):
            raise ValueError("a refused decision has an error and no decision_id")
        if self.ok and self.reason is not None:
            raise ValueError("a recorded decision has no reason of refusal")
        return self


def _check_ids(tournament: str, table: str) -> None:
    try:
        check_id(tournament, "tournament id")
        check_id(table, "table id")
    except TopicError as exc:
        raise ValueError(str(exc)) from None


def _check_action(action: JsonDict, what: str) -> None:
    name = action.get("action")
    if not isinstance(name, str) or not name:
        raise ValueError(f"{what} needs an 'action' name, as in the game log")


MODELS: Final[dict[str, type[Payload]]] = {
    "public": Snapshot,
    "audience": Snapshot,
    "judge": Snapshot,
    "status": Status,
    "heartbeat": Heartbeat,
    "event": Event,
    "protocol": Protocol,
    "command": Command,
    "reply": Reply,
    "decision_request": DecisionRequest,
    "decision_reply": DecisionReply,
    "stream": StreamSnapshot,
    "claim": Claim,
}


def decode(kind: str, raw: bytes) -> Payload:
    """Check and parse one received payload of `kind` (a key of MODELS)."""
    model = MODELS.get(kind)
    if model is None:
        raise PayloadError(f"unknown payload kind {kind!r}; known: {', '.join(MODELS)}")
    if len(raw) > MAX_PAYLOAD_BYTES:
        raise PayloadError(
            f"{kind} payload is too large: {len(raw)} bytes, the limit is {MAX_PAYLOAD_BYTES}"
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise PayloadError(f"{kind} payload is not UTF-8 text") from None
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise PayloadError(f"{kind} payload is nested too deeply") from None
    except ValueError as exc:
        if "digits" in str(exc):  # Python's limit on the digits of an int it will read
            raise PayloadError(f"{kind} payload has a number too long to read") from None
        raise PayloadError(f"{kind} payload is not JSON") from None
    if json_depth(data) > MAX_DEPTH:
        raise PayloadError(f"{kind} payload is nested too deeply (at most {MAX_DEPTH} levels)")
    if not isinstance(data, dict):
        raise PayloadError(f"{kind} payload is not a JSON object")
    if "schema_version" not in data:
        raise PayloadError(f"{kind} payload has no schema_version")
    if model is Protocol:
        data = upgrade_protocol(data["schema_version"], data)
    version = data["schema_version"]
    if type(version) is not int or version != model.VERSION:
        raise PayloadError(
            f"{kind} payload: unsupported schema_version {json.dumps(version)} "
            f"(this kit reads version {model.VERSION})"
        )
    try:
        payload = model.model_validate(data)
    except ValidationError as exc:
        raise PayloadError(f"{kind} payload: {describe_validation_error(exc)}") from None
    if isinstance(payload, Snapshot) and payload.view_class != kind:
        raise PayloadError(f"{kind} payload carries a {payload.view_class} snapshot")
    return payload


def encode(payload: Payload) -> bytes:
    """Serialise a payload; refuse one that receivers would reject as too large."""
    raw = payload.model_dump_json().encode("utf-8")
    if len(raw) > MAX_PAYLOAD_BYTES:
        name = type(payload).__name__.lower()
        raise PayloadError(
            f"{name} payload is too large: {len(raw)} bytes, the limit is {MAX_PAYLOAD_BYTES}"
        )
    return raw


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")
