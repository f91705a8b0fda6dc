"""The screen's own link to the broker, and what a screen says about it (issue 25).

A screen that hears nothing must not blame the table when the link is the problem: with the
broker down, a wrong password, or a table or tournament id the broker has never heard of, the
screen says so in words, on the screen (the `link` text of a frame), not only on stderr.

The words are the kit's own and the operator's ids (the broker's address, the tournament and
table ids); no game data goes into them, so the secrecy check does not read them
(secrecy.NOT_SCANNED): a tournament called "red-cup" must not blank the screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from words import t

LINK_STATES: Final = ("connecting", "up", "down", "refused")
SILENCE_S: Final = 5.0  # the retained state of a running table comes within a second of the
# subscription: after this long with the link up and nothing heard, the broker does not know it


@dataclass(frozen=True)
class Link:
    """The state of the screen's connection, from the bus client's LinkUp / LinkDown."""

    address: str  # host:port, never the password of the URL
    tournament: str
    state: str = "connecting"  # connecting | up | down | refused
    since: float = 0.0  # when it entered this state (the store's clock)
    silence_after: float = SILENCE_S

    def __post_init__(self) -> None:
        if self.state not in LINK_STATES:
            raise ValueError(f"link state {self.state!r} is not one of {', '.join(LINK_STATES)}")

    @property
    def up(self) -> bool:
        return self.state == "up"

    def silent(self, now: float) -> bool:
        """Up long enough that a table or tournament the broker knows would have been heard."""
        return self.up and now - self.since >= self.silence_after


def link_text(link: Link | None, now: float, lang: str, *, heard: bool,
              table: str | None = None, hub: bool = False) -> str:
    """What the screen says about its link: "" while all is well (or with no broker at all, a
    sample). What it waits for: `table`, or every table of the tournament (the wall, `table`
    None), or the hub's pages (`hub`, the venue's screen); `heard`: it has arrived."""
    if link is None:
        return ""
    if not link.up:
        return t(lang, f"link.{link.state}", address=link.address)
    if heard or not link.silent(now):
        return ""
    key = "link.no_hub" if hub else "link.no_tournament" if table is None else "link.no_table"
    return t(lang, key, address=link.address, table=table, tournament=link.tournament)
