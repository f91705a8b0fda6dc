"""The lines of a game's result (docs/game-log.md, "The result object") that every variant
writes alike: a late disqualification, a protest, a colour left by a removed player. Each
variant builds its own result object from them (the classic game: `engine.classic.protocol`;
the club game: `engine.club.result`).

Typed as TypedDicts: the documented JSON object, key for key, so that a reader of the result
(the replay, the hub's check, the tests) is type-checked against the format.
"""

from typing import TypedDict


class LateDisqualification(TypedDict):
    seat: int
    kind: str


class ProtestLine(TypedDict):
    seat: int
    text: str


class ColourLeftLine(TypedDict):
    seat: int
    named: int
    colour: str
