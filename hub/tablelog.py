"""The hub's log, one line per table as it comes up, goes quiet and comes back.

A head judge starting the hub (docs/hub.md, "Running a tournament", step 5) watches its log
to see each table arrive; "connected" alone says nothing about the tables. Each change of a table's
liveness is said once, in words that say what to do.
"""

from __future__ import annotations

from hub.registry import Liveness

_HERE = (Liveness.ONLINE,)


def liveness_line(table: str, before: Liveness, now: Liveness, quiet_s: float) -> str | None:
    """The line for `table` going from `before` to `now` (None: nothing worth a line)."""
    if now is before:
        return None
    if now is Liveness.ONLINE:
        if before is Liveness.UNKNOWN:
            return f"table {table} is up: the hub sees it"
        return f"table {table} is back ({before.value} before)"
    if now is Liveness.STALE:
        return (f"table {table} has gone quiet: no heartbeat for over {quiet_s:g} s "
                "(check its power and network; its journal keeps the game)")
    if now is Liveness.OFFLINE:
        return f"table {table} is offline: its service was stopped"
    if now is Liveness.LOST:
        return (f"table {table} is lost: the broker dropped its connection "
                "(check its power and network; its journal keeps the game)")
    return None
