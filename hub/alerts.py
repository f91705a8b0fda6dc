"""What the head judge must look at now, most urgent first (docs/hub.md "Alerts"): each with
its kind, table, English text and the parameters his page words in its language.

Pure: the hub passes its tables, settings, games, commands and clocks."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from hub.config import HubSettings
from hub.registry import Liveness, TableLive

Alert = dict[str, Any]
_OFF = (Liveness.LOST, Liveness.STALE, Liveness.OFFLINE)


def table_alerts(live: TableLive, settings: HubSettings, decided: set[tuple[str, str]], *,
                 now_mono: float, now_wall: float) -> list[Alert]:
    """A table gone quiet, its game over time, its protest window, its missing protocol."""
    t, s, out = live.table, settings, []
    if live.state in _OFF:
        out.append({"kind": "table_offline", "table": t, "params": {"state": live.state.value},
                    "text": f"table {t} is {live.state.value}"})
    if (live.game_started is not None and live.phase not in (None, "setup", "finished")
            and now_mono - live.game_started > s.max_game_minutes * 60):
        out.append({"kind": "game_over_time", "table": t,
                    "params": {"game": live.game_id, "minutes": f"{s.max_game_minutes:g}"},
                    "text": f"table {t}: game {live.game_id} runs over "
                            f"{s.max_game_minutes:g} minutes"})
    if live.decided_at is not None:
        left = live.decided_at + s.protest_window_minutes * 60 - now_wall
        if left > 0:
            clock = f"{int(left // 60)}:{int(left % 60):02d}"
            out.append({"kind": "protest_window", "table": t,
                        "params": {"game": live.decided_game, "left": clock},
                        "text": f"table {t}: protest window of game {live.decided_game} "
                                f"open, {clock} left"})
        if (live.decided_game is not None and (t, live.decided_game) not in decided
                and now_wall - live.decided_at > s.unclosed_protocol_s):
            out.append({"kind": "protocol_not_closed", "table": t,
                        "params": {"game": live.decided_game},
                        "text": f"table {t}: game {live.decided_game} is decided but its "
                                "protocol has not reached the hub"})
    return out


def game_alerts(games: Iterable[Mapping[str, Any]]) -> list[Alert]:
    """Every open protest awaiting the head judge."""
    return [{"kind": "protest", "table": g["table"],
             "params": {"game": g["game_id"], "seat": p["seat"]},
             "text": f"table {g['table']}: protest by seat {p['seat']} in game {g['game_id']} "
                     "awaits the head judge"}
            for g in games for p in g["protests"] if p["state"] == "open"]


def waiting_alerts(waiting: Mapping[str, tuple[str, str]]) -> list[Alert]:
    """A table's next game held back while it plays another (hub/service.py `_resend`)."""
    return [{"kind": "round_waits", "table": t, "params": {"game": playing, "next": queued},
             "text": f"table {t} still plays {playing}: {queued} waits until it is decided"}
            for t, (playing, queued) in sorted(waiting.items())]


def command_alerts(answers: Iterable[tuple[str, str, bool | None, str | None]]) -> list[Alert]:
    """Every command a table refused, or the hub could not send."""
    return [{"kind": "command_refused", "table": table,
             "params": {"request": request_id, "error": error},
             "text": f"table {table} refused {request_id}: {error}"}
            for request_id, table, ok, error in answers if ok is False]
