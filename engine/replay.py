"""Replaying a game log of any variant: the lines in, a game out, or the first bad line and
why. The header's `rules` finds the variant (engine/variant.py); the classic game's own
reader (league rulesets, its header) is `engine.classic.replay`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, cast

from engine.errors import IllegalAction, LogError
from engine.log import JsonObject, LogLine, parse_json_line

if TYPE_CHECKING:
    from engine.classic.ruleset import Ruleset
    from engine.variant import GameVariant


class ReplayError(ValueError):
    """Line `line` (1 = the header) was rejected for `reason`."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


def _lines(lines: Iterable[str | bytes]) -> Iterator[tuple[int, JsonObject | None]]:
    """(line number, the decoded object or None for a blank line)."""
    for number, raw in enumerate(lines, start=1):
        try:
            text = (raw.decode("utf-8") if isinstance(raw, bytes) else raw).strip()
        except UnicodeDecodeError:
            raise ReplayError(number, "the line is not UTF-8 text") from None
        if not text:
            yield number, None
            continue
        try:
            yield number, parse_json_line(text)
        except LogError as exc:
            raise ReplayError(number, str(exc)) from None


def header_of(lines: Iterable[str | bytes]) -> JsonObject | None:
    """A log's header (its first line that is not blank), decoded; None when it is not a
    JSON object. For a command that asks the header's variant (`find_variant`) before it
    replays."""
    try:
        return next((obj for _, obj in _lines(lines) if obj is not None), None)
    except ReplayError:
        return None


def replay_game(lines: Iterable[str | bytes], rulesets: Mapping[str, Ruleset] | None = None
                ) -> tuple[LogLine, GameVariant]:
    """Apply a whole log of any variant (engine/variant.py: its header's `rules` finds it);
    the first bad line and why, like `replay`. `rulesets`: a league's own classic rulesets."""
    from engine.classic.game import CLASSIC_VARIANT
    from engine.classic.replay import replay
    from engine.variant import find_variant

    rows = list(lines)
    head: LogLine | None = None
    game: GameVariant | None = None
    number = 0
    for number, obj in _lines(rows):
        if obj is None:
            continue
        try:
            if game is None:
                variant = find_variant(obj)
                if variant is CLASSIC_VARIANT:  # its own reader: league rulesets, its header
                    classic_head, classic = replay(rows, rulesets)
                    return cast(LogLine, classic_head), classic
                game, head = variant.open(obj), cast(LogLine, obj)  # JSON values only
                continue
            game.play_line(obj)  # an undo pops (nothing to undo: refused)
        except (LogError, IllegalAction) as exc:
            raise ReplayError(number, str(exc)) from None
    if game is None or head is None:
        raise ReplayError(max(number, 1), "the log is empty: the header line is missing")
    return head, game
