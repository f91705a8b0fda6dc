"""Versioned payload models of every MQTT message, and the one way to decode and encode them.

Every payload carries its model's `schema_version` (1, or 2 for the snapshot, heartbeat and
protocol since secrecy became a matter of type, docs/mqtt.md "Versions") and forbids unknown
fields, so a table running a newer kit fails loudly at the hub instead of being
half-understood. `decode` turns any bad
input (too big, not text, not JSON, wrong fields, another version) into a `PayloadError`
whose message a judge can read aloud; `encode` refuses to send what `decode` would refuse.
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
from engine.vocab import ClubTermination

__all__ = [
    "COMMAND_ARGS", "DECISION_KINDS", "MAX_PAYLOAD_BYTES", "MODELS", "SCHEMA_VERSION",
    "ClubProtocol", "ClubReveal", "Command",
    "DecisionReply", "DecisionRequest", "Event",
    "Heartbeat", "Payload", "PayloadError", "Protocol", "Reply", "Snapshot", "Status",
    "StreamSnapshot", "decode",
    "encode", "utc_now",
]

SCHEMA_VERSION: Final = 1  # the version of every payload that has not changed since 1
MAX_PAYLOAD_BYTES: Final = 64 * 1024

JsonDict = dict[str, JsonValue]
Id = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")]
Nickname = Annotated[str, Field(max_length=MAX_NAME_LENGTH), AfterValidator(check_nickname)]
Text = Annotated[str, Field(min_length=1, max_length=500)]
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

    def same_session(self, other: Status) -> bool:
        """True if both messages speak of the same connection (same boot, same bdseq)."""
        return self.booted_at == other.booted_at and self.bdseq == other.bdseq


class Heartbeat(Payload):
    """Liveness that does not trust the broker's keepalive, plus the last public seq.

    Version 2: `last_public_seq` (the seq of the latest public snapshot) replaces version 1's
    `last_event_seq`, which screens could read and which grew with every night action. A
    screen whose public seq is behind it has missed a snapshot; the hub counts events by
    their own consecutive `seq`.
    """

    VERSION: ClassVar[int] = 2
    schema_version: Literal[2] = 2
    seq: int = Field(ge=0)
    bdseq: int = Field(ge=0)
    sent_at: AwareDatetime
    uptime_s: float = Field(ge=0)
    game_id: Id | None = None
    last_public_seq: int | None = Field(default=None, ge=0)


class Snapshot(Payload):
    """The whole current view of one information class (retained: latest wins).

    `view` is the engine's typed view (docs/views.md): a public or audience view has no
    field for a role, shot, check or best move. `timer_started_at` is when the running timer
    of `view.timer` started, so every screen counts down the same seconds. Version 2: the
    public and audience views lost `actions`, `winner`, `termination`, `roles`, `nights` and
    `best_move` (the reveal is on the protocol topic) and their `seq` counts changes of
    that class's view, not journal lines.
    """

    VERSION: ClassVar[int] = 2
    schema_version: Literal[2] = 2
    view_class: Literal["public", "audience", "judge"]
    tournament: str = Field(min_length=1, max_length=40)
    table: str = Field(min_length=1, max_length=40)
    seq: int = Field(ge=0)
    game_id: Id | None = None
    names: list[Nickname] = Field(default_factory=list, max_length=MAX_SEATS)
    view: View = Field(discriminator="view")
    timer_started_at: AwareDatetime | None = None
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


class Protocol(Payload):
    """The decided game: the game-log header, every action in effect, the result, and the
    reveal every screen draws (roles, winner, nights, best move).

    Retained, and readable by screens: the only way a role reaches one. When an undo takes
    the game back to running, the table clears it (an empty retained payload), so a screen
    that connects later learns nothing. Version 2 added `reveal`.
    """

    VERSION: ClassVar[int] = 2
    schema_version: Literal[2] = 2
    game_id: Id
    header: JsonDict
    actions: list[JsonDict] = Field(max_length=2000)
    result: JsonDict
    reveal: Reveal

    @model_validator(mode="after")
    def _consistent(self) -> Protocol:
        if self.header.get("format") != "mafia-game-log":
            raise ValueError("header.format must be 'mafia-game-log'")
        for number, action in enumerate(self.actions, start=1):
            _check_action(action, f"action {number}")
        return self


class ClubReveal(BaseModel):
    """The decided club game's reveal (docs/club.md): every card, the side that won and
    why, and every night as the host recorded it (004 §7), once nothing is secret."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    roles: dict[Seat, ClubRole]
    winner: Side
    termination: ClubTermination
    nights: tuple[ClubNightView, ...]


class ClubProtocol(Payload):
    """The decided club game on the `protocol` topic: header (`rules`: "club"), every action
    in effect, the club result with `score` (docs/club.md), the reveal. A payload of its own
    so that a classic `Protocol` keeps its reveal's types; `decode` picks it by the header."""

    VERSION: ClassVar[int] = 1
    schema_version: Literal[1] = 1
    game_id: Id
    header: JsonDict
    actions: list[JsonDict] = Field(max_length=2000)
    result: JsonDict
    reveal: ClubReveal

    @model_validator(mode="after")
    def _consistent(self) -> ClubProtocol:
        if self.header.get("format") != "mafia-game-log" or self.header.get("rules") != "club":
            raise ValueError("header must be a club game's: format 'mafia-game-log', rules 'club'")
        for number, action in enumerate(self.actions, start=1):
            _check_action(action, f"action {number}")
        return self


# Arguments each command takes: name -> (required keys, optional keys).
COMMAND_ARGS: Final[dict[str, tuple[frozenset[str], frozenset[str]]]] = {
    "new_game": (frozenset({"header"}), frozenset({"game_id"})),
    "roster": (frozenset({"names"}), frozenset()),
    "action": (frozenset({"action"}), frozenset()),
    "undo": (frozenset(), frozenset()),
    "rebirth": (frozenset(), frozenset()),
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
    header = data.get("header")
    if model is Protocol and isinstance(header, dict) and header.get("rules") == "club":
        model = ClubProtocol  # the club game's protocol (docs/club.md)
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
