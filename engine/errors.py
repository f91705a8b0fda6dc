"""Errors the engine raises. Each message is written for the judge at the table."""

from __future__ import annotations


class IllegalAction(ValueError):
    """The action is not allowed now; the game is unchanged.

    The message names the rule, e.g. "seat 5 is already nominated today".
    """


class LogError(ValueError):
    """A game-log line is malformed (not JSON, wrong fields, wrong types)."""
