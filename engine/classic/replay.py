"""Replaying a classic game log: the lines in, a Game out, or the first bad line and why."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine import actions as act
from engine.classic.game import Game
from engine.classic.log import parse_action, parse_header
from engine.classic.ruleset import Ruleset
from engine.errors import IllegalAction, LogError
from engine.log import LogHeader, parse_json_line
from engine.refusals import R
from engine.replay import ReplayError


def replay(lines: Iterable[str | bytes],
           rulesets: Mapping[str, Ruleset] | None = None) -> tuple[LogHeader, Game]:
    """Apply a whole log (text or raw byte lines). Blank lines are skipped but counted."""
    head: LogHeader | None = None
    game: Game | None = None
    number = 0
    for number, raw in enumerate(lines, start=1):
        try:
            text = (raw.decode("utf-8") if isinstance(raw, bytes) else raw).strip()
        except UnicodeDecodeError:
            raise ReplayError(number, "the line is not UTF-8 text") from None
        if not text:
            continue
        try:
            obj = parse_json_line(text)
            if game is None:
                extra = rulesets or {}
                head = parse_header(obj, extra)
                game = Game(extra.get(head["rules"]) or head["rules"])
                continue
            action = parse_action(obj)
            if isinstance(action, act.Undo) and not game.actions:
                raise IllegalAction(R.NOTHING_TO_UNDO)
            game.push(action)
        except (LogError, IllegalAction) as exc:
            raise ReplayError(number, str(exc)) from None
    if game is None or head is None:
        raise ReplayError(max(number, 1), "the log is empty: the header line is missing")
    return head, game
