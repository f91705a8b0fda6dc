"""What the head judge must look at now, most urgent first (docs/hub.md "Alerts"): each with
its kind, table, the parameters his page words in its language and the same in English
(`text`, for logs and an older page), both from the word catalogue (`alert.*`, words/head.py).

Each alert is a `JudgeAlert` (bus/hubrows.py), the model the head judge's page carries; the
wall's `PublicAlert` is the same without its parameters (hub/pages.py).

Pure: the hub passes its tables, settings, games, commands and clocks."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from bus.hubrows import JudgeAlert
from hub.config import HubSettings
from hub.registry import Liveness, TableLive
from words import t

Alert = JudgeAlert
_OFF = (Liveness.LOST, Liveness.STALE, Liveness.OFFLINE)


def alert(kind: str, table: str, **params: str | int | None) -> Alert:
    """An alert of `kind` about `table`, worded in English from the catalogue (a table's
    liveness by its word, which the page looks up in its own language)."""
    words = dict(params)
    if "state" in words:
        words["state"] = t("en", f"liveness.{words['state']}")
    return JudgeAlert(kind=kind, table=table, params=params,
                      text=t("en", f"alert.{kind}", table=table, **words))


def table_alerts(live: TableLive, settings: HubSettings, decided: set[tuple[str, str]], *,
                 now_mono: float, now_wall: float) -> list[Alert]:
    """A table gone quiet, its game over time, its clock stepped mid-game, its protest window,
    its missing protocol."""
    table, s, out = live.table, settings, []
    if live.state in _OFF:
        out.append(alert("table_offline", table, state=live.state.value))
    if (live.game_started is not None and live.phase not in (None, "setup", "finished")
            and now_mono - live.game_started > s.max_game_minutes * 60):
        out.append(alert("game_over_time", table, game=live.game_id,
                         minutes=f"{s.max_game_minutes:g}"))
    if live.clock_step is not None and live.game_id is not None:
        step = f"{live.clock_step:+.0f}"
        out.append(alert("clock_step", table, game=live.game_id, seconds=step))
    if live.decided_at is not None:
        left = live.decided_at + s.protest_window_minutes * 60 - now_wall
        if left > 0:
            clock = f"{int(left // 60)}:{int(left % 60):02d}"
            out.append(alert("protest_window", table, game=live.decided_game, left=clock))
        if (live.decided_game is not None and (table, live.decided_game) not in decided
                and now_wall - live.decided_at > s.unclosed_protocol_s):
            out.append(alert("protocol_not_closed", table, game=live.decided_game))
    return out


def game_alerts(games: Iterable[Mapping[str, object]]) -> list[Alert]:
    """Every open protest awaiting the head judge (`games` as they count, hub/decisions.py:
    each with its `protests`, each with `seat` and `state`)."""
    out: list[Alert] = []
    for g in games:
        protests = g["protests"]
        if not isinstance(protests, list):
            continue
        out.extend(alert("protest", str(g["table"]), game=str(g["game_id"]), seat=p["seat"])
                   for p in protests if p["state"] == "open")
    return out


def waiting_alerts(waiting: Mapping[str, tuple[str, str]]) -> list[Alert]:
    """A table's next game held back while it plays another (hub/commands.py `resend`)."""
    return [alert("round_waits", table, game=playing, next=queued)
            for table, (playing, queued) in sorted(waiting.items())]


def command_alerts(answers: Iterable[tuple[str, str, bool | None, str | None]]) -> list[Alert]:
    """Every command a table refused, or the hub could not send."""
    return [alert("command_refused", table, request=request_id, error=error)
            for request_id, table, ok, error in answers if ok is False]
