"""The hub's configuration: `hub.toml`, overridden by MAFIAKIT_HUB_* environment variables.

    # hub.toml
    tournament = "autumn-cup"
    name = "Autumn Cup 2026"         # the human-readable name, in every game header
    rules = "cml"
    tables = ["1", "2", "3"]         # or leave out: the tables of the seating
    seating = "seating.csv"          # round,table,seat,player,judge (mafiakit hub seat)
    database = "hub.sqlite"
    [standings]                      # what the public aggregate shows (the head judge sees all)
    as_of_round = 3                  # only rounds 1..3 count (leave out: every finished game)
    hidden = false                   # true before a final: no standings in public
    [broker]
    url = "mqtt://hub:secret@127.0.0.1:1883"
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

from bus.config import BrokerConfig
from bus.errors import first_problem
from bus.settings import GameRulesId, TableId, TournamentId, load_toml_settings
from hub.roster_csv import read_seating
from hub.seating import Seating, SeatingError


class HubBroker(BaseModel):
    model_config = ConfigDict(extra="forbid")
    url: str = "mqtt://127.0.0.1:1883"

    def config(self) -> BrokerConfig:
        return BrokerConfig.from_url(self.url)


class StandingsView(BaseModel):
    """Which standings the public sees: "as of round N", or none before a final. The head
    judge always sees them (`mafiakit hub export`, the judge's state)."""

    model_config = ConfigDict(extra="forbid")
    as_of_round: int | None = Field(None, ge=1, le=1000)
    hidden: bool = False


class HubSettings(BaseSettings):
    """Everything the hub needs; times in seconds."""

    model_config = SettingsConfigDict(env_prefix="MAFIAKIT_HUB_", env_nested_delimiter="__",
                                      extra="forbid")

    tournament: TournamentId = "local"
    name: str = ""
    rules: GameRulesId = "cml"  # "club": a club night (docs/club-night.md)
    tables: list[TableId] = Field(default_factory=list)
    seating: Path | None = None
    database: Path = Path("hub.sqlite")
    heartbeat_s: float = Field(2.0, gt=0, le=60)  # the tables' heartbeat period
    missed_heartbeats: int = Field(2, ge=1, le=10)  # stale after this many missed
    resend_s: float = Field(3.0, gt=0, le=600)  # a command is resent until its reply comes
    rebirth_every_s: float = Field(5.0, gt=0, le=600)
    aggregate_s: float = Field(1.0, ge=0, le=60)  # the wall aggregate at most this often
    max_game_minutes: float = Field(100.0, gt=0)  # "game running over time" alert
    protest_window_minutes: float = Field(10.0, ge=0)  # 000 III.15.1: ten minutes
    unclosed_protocol_s: float = Field(30.0, gt=0)  # decided, no protocol after this long
    standings: StandingsView = StandingsView()
    broker: HubBroker = HubBroker()


class HubConfigError(ValueError):
    """hub.toml is missing or invalid; the message names the option."""


def load_hub_settings(path: Path | str | None = None, **overrides: object) -> HubSettings:
    if path is not None and not Path(path).is_file():
        raise HubConfigError(f"config file {path} does not exist: write one (docs/hub.md, "
                             "\"Running a tournament, step by step\", shows one) or give "
                             "--config FILE")
    base = Path(path).parent if path is not None else Path()
    out = load_toml_settings(HubSettings, path, overrides, HubConfigError)
    # Relative files in hub.toml are relative to hub.toml, not to where the hub was started.
    updates: dict[str, Path] = {}
    if out.seating is not None and not out.seating.is_absolute():
        updates["seating"] = base / out.seating
    if not out.database.is_absolute() and path is not None:
        updates["database"] = base / out.database
    return out.model_copy(update=updates)


def read_seating_of(settings: HubSettings) -> Seating | None:
    """hub.toml's seating, read and checked; HubConfigError naming the file and what is
    wrong with it (missing, unreadable, a bad row), None when hub.toml gives none."""
    path = settings.seating
    if path is None:
        return None
    try:
        return read_seating(path)
    except FileNotFoundError:
        raise HubConfigError(f"seating = {path}: no such file (a path in hub.toml is relative "
                             "to hub.toml; `mafiakit hub seat` writes one)") from None
    except (OSError, UnicodeDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise HubConfigError(f"seating = {path}: cannot be read ({why})") from None
    except SeatingError as exc:
        raise HubConfigError(f"seating = {path}: {exc}") from None


def tournament_tables(settings: HubSettings, seating: Seating | None) -> tuple[str, ...]:
    """The tables of this tournament: hub.toml's `tables`, else the seating's; the hub
    refuses anything from another table, and a decision about one."""
    tables = tuple(settings.tables) or (seating.plan.tables if seating is not None else ())
    if not tables:
        raise HubConfigError("the hub needs the tables: list them in hub.toml (tables = "
                             "[\"1\", \"2\"]) or give a seating CSV (seating = ...)")
    return tables


def reload_standings_view(path: Path | str) -> StandingsView:
    """The `[standings]` table of hub.toml as it is now (the running hub follows a head
    judge's edit without a restart); HubConfigError in words if it is wrong."""
    import tomllib

    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        return StandingsView.model_validate(data.get("standings", {}))
    except ValidationError as exc:
        where, said = first_problem(exc)
        raise HubConfigError(f"{path}: standings.{where}: {said}") from None
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise HubConfigError(f"{path}: {exc}") from None
