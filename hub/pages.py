"""The hub's retained pages (docs/hub.md, docs/mqtt.md): the public aggregate for the wall,
the head judge's pages (hub/remote.py `judge_pages`) and the players' public ones
(hub/players.py), made on the grid of hub/pacing.py and sent only when what they say
changed; the alerts and the standings they carry.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from pydantic import ValidationError

from bus import topics
from bus.errors import describe_validation_error
from bus.hubpages import build_page
from engine.log import JsonObject
from engine.vocab import Phase
from hub.alerts import Alert, command_alerts, game_alerts, table_alerts, waiting_alerts
from hub.club import EveningPages, club_games, club_tonight, evening_rating
from hub.commands import CommandSender
from hub.config import HubConfigError, StandingsView, reload_standings_view
from hub.context import HubContext
from hub.decisions import GameBook, effective_games, round_of
from hub.pacing import Grid, Sent
from hub.players import public_pages
from hub.registry import two_tables_alert
from hub.remote import judge_pages
from hub.stall import StoreStall
from hub.standings import CountCache, games_as_they_count, latest_round, tournament_standings
from hub.store import Decisions, ProtocolRow

log = logging.getLogger("mafiakit.hub")
AGGREGATE = "public/aggregate"
TICK_S = 0.05  # the timed work, at most this often (not after every message under load)
CONFIG_CHECK_S = 1.0  # how often the hub looks whether hub.toml's [standings] changed


class StandingsFollow:
    """The public's standings view (hub.toml `[standings]`: as of which round, hidden or
    not), followed while the hub runs: a head judge's edit needs no restart."""

    def __init__(self, view: StandingsView, config_path: Path | None) -> None:
        self.view, self.config_path = view, config_path
        self._mtime = (config_path.stat().st_mtime_ns
                       if config_path is not None and config_path.is_file() else None)
        self._next_check = 0.0

    def changed(self, now: float) -> bool:
        """Look at hub.toml (at most every CONFIG_CHECK_S); True if the view changed."""
        if self.config_path is None or now < self._next_check:
            return False
        self._next_check = now + CONFIG_CHECK_S
        try:
            mtime = self.config_path.stat().st_mtime_ns
        except OSError:
            return False
        if mtime == self._mtime:
            return False
        self._mtime = mtime
        try:
            view = reload_standings_view(self.config_path)
        except HubConfigError as exc:
            log.warning("hub.toml changed but its standings are not read: %s", exc)
            return False
        if view == self.view:
            return False
        log.info("standings now: as of round %s, %s", view.as_of_round or "(latest)",
                 "hidden" if view.hidden else "shown")
        self.view = view
        return True


class Pages:
    """What the pages say, and when they go out."""

    def __init__(self, ctx: HubContext, commands: CommandSender, stall: StoreStall,
                 config_path: Path | None) -> None:
        self.ctx, self.commands, self.stall = ctx, commands, stall
        self.standings_view = StandingsFollow(ctx.settings.standings, config_path)
        self.grid = Grid(ctx.settings.aggregate_s, TICK_S)  # when pages may go out
        self.evenings = EveningPages()  # the head judge's page of each club evening
        self.counted = CountCache()  # the games as they count, replayed only when changed
        self.due: JsonObject | None = None  # the aggregate to send, after commit
        self._sent = Sent()  # what each retained page said when last published
        self._paged_decided: set[tuple[str, str]] = set()  # the decided games the last page knew
        self._timed: list[Alert] = []  # the clock-moved alerts the last page said

    def forget(self) -> None:
        """A new connection: every page goes out again (a broker may have lost them)."""
        self._sent.forget()

    def tick(self, now: float) -> None:
        """On the grid only, and only once the retained state is in (hub/pacing.py): the
        aggregate to publish once this batch is committed (`publish_due`)."""
        ctx = self.ctx
        if self.standings_view.changed(now):
            ctx.dirty = True
        due = self.grid.due(now)
        if due and not ctx.dirty and self._clock_moved():
            ctx.dirty = True
        if due and ctx.dirty and ctx.bus is not None and ctx.sync.done(now):
            self.due = self.aggregate()
            ctx.dirty = False

    def publish_due(self) -> None:
        if self.due is not None:
            aggregate, self.due = self.due, None
            self.publish(aggregate)

    def publish(self, aggregate: JsonObject) -> None:
        """The public aggregate, the head judge's retained pages and the players' public ones
        (hub/remote.py, hub/players.py); a page is sent only when what it says changed."""
        ctx = self.ctx
        assert ctx.bus is not None
        store, lives = ctx.store, ctx.registry.tables.values()
        running = {(live.table, live.game_id) for live in lives
                   if live.game_id is not None and live.phase != Phase.FINISHED.value}
        now = ctx.mono()
        # the time in game on the hub's monotonic clock, and the table's own clock at the same
        # moment: the page counts on from either, never from a wall clock (docs/clock.md)
        started = {live.table: {"in_game_s": round(now - live.game_started, 1),
                                "uptime_s": None if (up := live.uptime(now)) is None
                                else round(up, 1)}
                   for live in lives if live.game_started is not None}
        protocols, decisions = store.protocols(), store.decisions()
        rounds = store.game_rounds()
        # every round of the seating, and the round of every game back in play: a round
        # page is sent emptied too, or the retained one would keep the game's roles
        seating = ctx.seating
        numbers = sorted({*(r.number for r in (seating.rounds if seating else ())),
                          *(rounds.get((t, g), round_of(p)) or 0
                            for t, g, p in store.withdrawn_protocols())})
        full = self._standings(protocols, decisions, rounds, public=False)
        # the alerts' parameters, each table's public seq and gap are for the head judge's
        # page (judge/state) only: the public aggregate keeps its size (one message of 64 KiB
        # at twenty tables) and carries nothing that moves with what a table's judge enters
        public = {**aggregate, "alerts": without(aggregate["alerts"], "params"),
                  "tables": without(aggregate["tables"], "seq", "gap")}
        pages = {AGGREGATE: public,
                 **judge_pages({**aggregate, "standings": full},
                               protocols, decisions, rounds, started,
                               undecided=running, round_numbers=numbers,
                               club_rows=store.club_protocols(), evenings=self.evenings),
                 **public_pages(seating, effective_games(protocols, decisions, rounds),
                                protocols, decisions, undecided=running,
                                aggregate=aggregate, round_numbers=numbers)}
        tonight = pages.get("public/club")
        if tonight is not None:  # the players' page: tonight's rating, as the Club tab's,
            date = tonight.get("date")  # of its decided games (none back in play after undo)
            date = date if isinstance(date, str) else None
            rows = [r for r in store.club_protocols() if (r[0], r[1]) not in running
                    and r[2].get("header", {}).get("date") == date]
            tonight["evening"] = evening_rating(rows, decisions, date)
        for name, data in pages.items():
            content = self._sent.changed(name, data)
            if content is None:
                continue
            try:  # through its model (bus/hubpages.py): a page says what its schema says
                raw = build_page(name, data)
            except ValidationError as exc:
                log.error("the hub's page hub/%s does not fit its model, not sent: %s", name,
                          describe_validation_error(exc))
                continue
            try:
                ctx.bus.publish(topics.hub_topic(ctx.tournament, name), raw)
            except Exception:  # too large for one packet: the other pages still go out
                log.exception("the hub could not publish hub/%s", name)
                continue
            self._sent.mark(name, content)

    def alerts(self, games: Iterable[Mapping[str, object]] | None = None) -> list[Alert]:
        """What the head judge must look at now, most urgent first (hub/alerts.py; `games`:
        as they count, when the caller has them already)."""
        if games is None:
            store = self.ctx.store
            games = effective_games(store.protocols(), store.decisions(), {})
        return self._alerts(games, self._timed_alerts(decided_in(games)))

    def _alerts(self, games: Iterable[Mapping[str, object]], timed: list[Alert]
                ) -> list[Alert]:
        stalled = self.stall.alert()
        return [*([] if stalled is None else [stalled]), *timed,
                *game_alerts(games), *waiting_alerts(self.commands.waiting),
                *command_alerts(self.ctx.store.command_answers())]

    def _timed_alerts(self, decided: set[tuple[str, str]]) -> list[Alert]:
        """The alerts the clocks move (a protest window counting down, a game running over
        time, a table gone quiet, two machines on one number)."""
        ctx = self.ctx
        now_mono, now_wall = ctx.mono(), ctx.wall()
        contested = ((t, ctx.registry.contested(t, now_mono)) for t in ctx.registry.tables)
        return [*(Alert.model_validate(two_tables_alert(t, c))
                  for t, c in contested if c is not None),
                *(a for live in ctx.registry.tables.values() for a in table_alerts(
                    live, ctx.settings, decided, now_mono=now_mono, now_wall=now_wall))]

    def _clock_moved(self) -> bool:
        """Whether the clocks alone changed what the pages say since they were last made: then
        they are made again on this grid instant. Without it a protest window's countdown
        went out only when something else made the pages dirty: right after a night action
        at another table (issue 24, the timing side channel)."""
        return self._timed_alerts(self._paged_decided) != self._timed

    def games(self) -> list[GameBook]:
        """Every finished game as it counts, with its points per seat (hub/standings.py)."""
        store = self.ctx.store
        return games_as_they_count(store.protocols(), store.decisions(), store.game_rounds(),
                                   self.counted)

    def standings(self, *, public: bool = True) -> JsonObject | None:
        """The scoring library's table "as of round N"; None when there is no countable game,
        or for the public while the head judge hides them. `public=False`: the head judge's
        (`hub/judge/state`), shown even when hidden."""
        store = self.ctx.store
        return self._standings(store.protocols(), store.decisions(), store.game_rounds(),
                               public=public)

    def _standings(self, protocols: Sequence[ProtocolRow], decisions: Decisions,
                   rounds: Mapping[tuple[str, str], int], *, public: bool
                   ) -> JsonObject | None:
        view = self.standings_view.view
        if public and view.hidden:
            return None
        table, left_out = tournament_standings(protocols, decisions, self.ctx.settings.rules,
                                               rounds, as_of_round=view.as_of_round,
                                               cache=self.counted)
        if table is None:
            return None
        return {**table.as_dict(), **({} if public else {"left_out": left_out})}

    def aggregate(self) -> JsonObject:
        """The retained aggregate for the wall view and web pages (public data only):
        `standings_as_of` says which round the standings are as of and whether the head
        judge hides them (then `standings` is null)."""
        ctx = self.ctx
        protocols, decisions = ctx.store.protocols(), ctx.store.decisions()
        rounds = ctx.store.game_rounds()
        games = games_as_they_count(protocols, decisions, rounds, self.counted)
        self._paged_decided = decided_in(games)
        self._timed = timed = self._timed_alerts(self._paged_decided)
        view = self.standings_view.view
        return {
            "tournament": ctx.tournament,
            "name": ctx.settings.name,
            "as_of": ctx.now_iso(),
            "tables": [{"table": live.table, "state": live.state.value,
                        "game_id": live.game_id, "phase": live.phase,
                        "winner": live.winner, "seq": live.snapshot_seq,
                        "gap": live.seqs.gap}
                       for live in ctx.registry.tables.values()],
            "alerts": [a.model_dump() for a in self._alerts(games, timed)],
            "games": [{"table": g["table"], "game_id": g["game_id"], "round": g["round"],
                       "winner": g["winner"], "counts": g["counts"]} for g in games],
            # the latest evening only: a season of Fridays would not fit one message
            "club_games": club_tonight(
                club_games(ctx.store.club_protocols(), decisions))["games"],
            # The standings come from the scoring library only (never a second computation).
            "standings_as_of": {"as_of_round": (view.as_of_round if view.as_of_round is not None
                                                else latest_round(protocols, rounds)),
                                "hidden": view.hidden},
            "standings": self._standings(protocols, decisions, rounds, public=True),
        }


def decided_in(games: Iterable[Mapping[str, object]]) -> set[tuple[str, str]]:
    """(table, game id) of every game that counts."""
    return {(str(g["table"]), str(g["game_id"])) for g in games}


def without(rows: object, *keys: str) -> list[JsonObject]:
    """A page's list of objects (`rows`) without `keys`: what the head judge's page has and
    the public one leaves out."""
    if not isinstance(rows, list):
        raise TypeError(f"the aggregate's rows are a {type(rows).__name__}, not a list")
    return [{k: v for k, v in row.items() if k not in keys}
            for row in rows if isinstance(row, dict)]
