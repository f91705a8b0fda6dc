"""What a screen knows about one table at one moment: its view, names and liveness.

`TableFeed` is the only input of the view model, so the model stays a pure function and tests
can hand-write feeds. `read_snapshot` turns one bus payload into the parts of a feed; it accepts
either a wrapper (`{"view": {...}, "names": [...], "timer_started_at": ..., "seq": ...}`) or a
bare view dict with those keys beside the view keys, and ignores keys it does not know. The
judge's extras (`last_error`, and the pad's pending keys as `pending_key` or `pad`) may sit in
the wrapper or, as the table service sends them, inside the judge view.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

from pydantic import ValidationError

from bus.nicknames import printable
from engine.refusals import RefusalView
from engine.scoring.view import AfterGameView
from scoreboard.view import View, ViewError, read_view

STATUSES: Final = ("online", "offline", "stale", "unknown")
MAX_NAME: Final = 40


@dataclass(frozen=True)
class Snapshot:
    """One readable snapshot message of a table."""

    view: View
    names: tuple[str, ...] | None = None
    seq: int | None = None
    pending_key: str | None = None
    last_error: str | None = None
    game_id: str | None = None
    refusal: RefusalView | None = None
    after_game: AfterGameView | None = None


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

    def error_text(self, lang: str) -> str | None:
        """The last refusal in `lang`; the table's English when the key is not known here."""
        if self.refusal is not None:
            return self.refusal.text("ru" if lang == "ru" else "en") or self.last_error
        return self.last_error

    def name(self, seat: int) -> str:
        """The nickname at `seat`, or an empty text when the roster does not say."""
        return self.names[seat - 1] if 0 < seat <= len(self.names) else ""


def decode(payload: Any) -> Any:
    """MQTT bytes or text -> JSON value; dicts pass through unchanged."""
    if isinstance(payload, bytes | bytearray):
        try:
            payload = payload.decode("utf-8")
        except UnicodeDecodeError:
            raise ViewError("the message is not UTF-8 text") from None
    if isinstance(payload, str):
        try:
            return json.loads(payload)
        except json.JSONDecodeError as exc:
            raise ViewError(f"the message is not valid JSON ({exc.msg})") from None
    return payload


def read_snapshot(payload: Any) -> Snapshot:
    """Read one public/audience/judge message; ViewError says what is wrong with it."""
    data = decode(payload)
    if not isinstance(data, dict):
        raise ViewError("the message must be a JSON object")
    inner = data.get("view")  # a wrapper's view dict, or a bare view's class name
    view_dict = inner if isinstance(inner, dict) else data
    wrapper = {key: value for key, value in data.items() if value is not None}
    extras = data if view_dict is data else {**view_dict, **wrapper}
    started = extras.get("timer_started_at")
    seq = extras.get("seq")
    if seq is not None and (isinstance(seq, bool) or not isinstance(seq, int)):
        raise ViewError(f"the sequence number must be a whole number, not {seq!r}")
    return Snapshot(
        view=read_view(view_dict, started_at=started),
        names=read_names(extras.get("names")),
        seq=seq,
        pending_key=_optional_text(extras.get("pending_key", extras.get("pad")),
                                   "the pad's pending keys"),
        last_error=_optional_text(extras.get("last_error"), "the last error"),
        game_id=_optional_text(extras.get("game_id"), "the game id"),
        refusal=_refusal(extras.get("refusal")),
        after_game=_after_game(extras.get("after_game")),
    )


def _after_game(value: Any) -> AfterGameView | None:
    """The judge's after-game view; a broken one is an error (the points would be wrong)."""
    if value is None:
        return None
    try:
        return AfterGameView.model_validate(value)
    except ValidationError as exc:
        raise ViewError(f"the after-game points cannot be read ({exc.error_count()} "
                        "problems)") from None


def _refusal(value: Any) -> RefusalView | None:
    """The refusal by key; an unreadable one is dropped (the English `last_error` stays)."""
    if value is None:
        return None
    try:
        return RefusalView.model_validate(value)
    except ValidationError:
        return None


def read_names(value: Any) -> tuple[str, ...] | None:
    """Ten nicknames, seat 1 first; None when the message carries no roster (or an empty one)."""
    if value is None or value == []:
        return None
    if not isinstance(value, list) or len(value) != 10:
        raise ViewError("the nicknames must be a list of 10 texts, seat 1 first")
    names = []
    for seat, name in enumerate(value, start=1):
        if name is not None and not isinstance(name, str):
            raise ViewError(f"the nickname of seat {seat} must be text")
        names.append(" ".join(printable(name or "").split())[:MAX_NAME])
    return tuple(names)


def _optional_text(value: Any, what: str) -> str | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise ViewError(f"{what} must be text")
    return value
