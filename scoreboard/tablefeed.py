"""What a screen knows about one table at one moment: its view, names and liveness.

`TableFeed` is the only input of the view model, so the model stays a pure function and tests
can build feeds by hand. `read_snapshot` reads one bus snapshot (bus.payloads.Snapshot: the
engine's typed view, the nicknames, when the timer started; the judge's view also carries the
pad's unfinished keys, the last refusal (English text and by key, for the screen's language)
and, once decided, the after-game points and protests) or refuses it with a ViewError saying
why.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from pydantic import ValidationError

from bus.errors import describe_validation_error
from bus.nicknames import printable
from bus.payloads import Snapshot
from engine.refusal_view import RefusalView
from engine.viewmodels import MAX_SEATS, MIN_SEATS, AfterGameView, View
from scoreboard.link import Link
from scoreboard.view import (
    Outcome,
    Revealed,
    TimerSpec,
    ViewError,
    check_seats,
    is_over,
    outcome,
    timer_spec,
)

STATUSES: Final = ("online", "offline", "stale", "unknown")
MAX_NAME: Final = 40
Payload = bytes | bytearray | str | Mapping[str, object] | Snapshot


@dataclass(frozen=True)
class TableFeed:
    """The latest known state of one table, as the screen should show it now."""

    table: str
    view: View | None = None
    names: tuple[str, ...] = ()
    status: str = "unknown"  # online | offline | stale | unknown
    seq: int | None = None
    pending_key: str | None = None  # the judge's pad: keys pressed, command not complete
    last_error: str | None = None  # the last refusal the table gave the judge (English)
    refusal: RefusalView | None = None  # the same by key, for the screen's language
    after_game: AfterGameView | None = None  # judge: points, protests, the signature
    as_of: float | None = None  # the screen's clock when the view's timer left `remaining`
    sent_at: float | None = None  # the table's wall clock then (epoch s): its protest window
    reveal: Revealed | None = None  # a finished game's reveal, from the protocol topic
    points: Mapping[int, int] = field(default_factory=dict)  # a club game's score, same topic
    link: Link | None = None  # the screen's own link to the broker (None: a sample, a test)

    @property
    def heard(self) -> bool:
        """Anything of this table has arrived (a snapshot, a status, a heartbeat)."""
        return self.view is not None or self.status != "unknown"

    def error_text(self, lang: str) -> str | None:
        """The last refusal in `lang`; the table's English when the key is not known here."""
        if self.refusal is not None:
            return self.refusal.text("ru" if lang == "ru" else "en") or self.last_error
        return self.last_error

    def name(self, seat: int) -> str:
        """The nickname at `seat`, or an empty text when the roster does not say."""
        return self.names[seat - 1] if 0 < seat <= len(self.names) else ""

    @property
    def over(self) -> bool:
        """The game is decided (its protocol is public)."""
        return self.view is not None and is_over(self.view)

    @property
    def timer(self) -> TimerSpec | None:
        return None if self.view is None else timer_spec(self.view.timer, self.as_of)

    def table_time(self, now: float) -> float | None:
        """The table's wall clock (epoch seconds) at the screen's `now`: the snapshot's
        `sent_at` counted on by the screen's own clock (docs/clock.md); None: unknown."""
        if self.as_of is None or self.sent_at is None:
            return None
        return self.sent_at + max(0.0, now - self.as_of)

    @property
    def outcome(self) -> Outcome | None:
        """Roles, nights and result as far as this feed knows them (see view.outcome)."""
        return None if self.view is None else outcome(self.view, self.reveal, self.points)


def decode(payload: bytes | bytearray | str) -> object:
    """MQTT bytes or text -> JSON value."""
    if isinstance(payload, bytes | bytearray):
        try:
            payload = payload.decode("utf-8")
        except UnicodeDecodeError:
            raise ViewError("the message is not UTF-8 text") from None
    try:
        value: object = json.loads(payload)
    except json.JSONDecodeError as exc:
        # the position, not the JSON library's own words ("Expecting property name ..."): a
        # judge reads this line on the screen
        raise ViewError(f"the message is not valid JSON (it breaks at character "
                        f"{exc.pos + 1})") from None
    return value


def read_snapshot(payload: Payload) -> Snapshot:
    """One public/audience/judge snapshot; ViewError says what is wrong with it."""
    if isinstance(payload, Snapshot):
        check_seats(payload.view)
        return payload
    data = decode(payload) if isinstance(payload, bytes | bytearray | str) else payload
    if not isinstance(data, Mapping):
        raise ViewError("the message must be a JSON object")
    try:
        snapshot = Snapshot.model_validate(data)
    except ValidationError as exc:
        raise ViewError(describe_validation_error(exc)) from None
    check_seats(snapshot.view)
    return snapshot


def read_names(value: Sequence[object] | None) -> tuple[str, ...] | None:
    """One nickname per seat (3 to 15), seat 1 first, trimmed to what a screen can draw; None
    when there is no roster (or an empty one)."""
    if not value:
        return None
    if isinstance(value, str) or not MIN_SEATS <= len(value) <= MAX_SEATS:
        raise ViewError(f"the nicknames must be a list of {MIN_SEATS} to {MAX_SEATS} texts, "
                        "one per seat, seat 1 first")
    names = []
    for seat, name in enumerate(value, start=1):
        if name is not None and not isinstance(name, str):
            raise ViewError(f"the nickname of seat {seat} must be text")
        names.append(" ".join(printable(name or "").split())[:MAX_NAME])
    return tuple(names)
