"""Settings read from a TOML file and overridden by environment variables: one loader for
the table (`device.config`) and the hub (`hub.config`), and the ids both check.

pydantic-settings ignores `toml_file` unless `TomlConfigSettingsSource` is added to the
sources (a known pitfall), so `load_toml_settings` adds it. The order is: the caller's
overrides, then the environment, then systemd's credentials (`bus.credentials`: a secret such
as the broker URL with its password, named by the caller), then the file. Errors name the
option.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated, TypeVar

from pydantic import AfterValidator, ValidationError
from pydantic_settings import (
    BaseSettings,
    InitSettingsSource,
    PydanticBaseSettingsSource,
    TomlConfigSettingsSource,
)

from bus.credentials import credential
from bus.errors import first_problem
from bus.topics import check_id
from engine.classic.ruleset import RulesetError, load_ruleset
from engine.variant import named_rules

S = TypeVar("S", bound=BaseSettings)


def _known_rules(value: str) -> str:
    load_ruleset(value)  # RulesetError is a ValueError: pydantic reports it on the option
    return value


# Tournament and table ids: each is one level of a topic and part of a broker account name.
TournamentId = Annotated[str, AfterValidator(lambda v: check_id(v, "tournament id"))]
TableId = Annotated[str, AfterValidator(lambda v: check_id(v, "table id"))]

RulesId = Annotated[str, AfterValidator(_known_rules)]
"""A built-in ruleset id or a ruleset file the kit can load."""


def _rules_of_a_game(value: str) -> str:
    """A classic ruleset (built in or a league's file), or the `rules` another variant of the
    kit claims (engine/variant.py's registry: "club", the club game of 004)."""
    others = named_rules()
    if value in others:
        return value
    try:
        load_ruleset(value)
    except RulesetError as exc:
        games = ", ".join(f'"{rules}"' for rules in others)
        raise ValueError(f"{exc}; or the rules of another game: {games}") from None
    return value


GameRulesId = Annotated[str, AfterValidator(_rules_of_a_game)]
"""A ruleset the kit can load, or the `rules` of another game the kit plays ("club": a club
table, a club night's hub)."""


def from_credentials(credentials: Mapping[str, tuple[str, ...]]) -> dict[str, object]:
    """The options that systemd's credentials give: {credential name: option path}, e.g.
    {"broker-url": ("broker", "url")} -> {"broker": {"url": "mqtts://..."}}."""
    found: dict[str, object] = {}
    for name, option in credentials.items():
        value = credential(name)
        if value is None:
            continue
        section = found
        for key in option[:-1]:
            nested = section.setdefault(key, {})
            assert isinstance(nested, dict)
            section = nested
        section[option[-1]] = value
    return found


def load_toml_settings(cls: type[S], path: Path | str | None, overrides: dict[str, object],
                       error: Callable[[str], Exception],
                       credentials: Mapping[str, tuple[str, ...]] | None = None) -> S:
    """`cls` from the TOML file at `path` (if any), the environment, systemd's `credentials`
    and `overrides`; any problem raises `error(message)` with the file and the option in the
    message."""
    try:
        secrets = from_credentials(credentials or {})
    except ValueError as exc:
        raise error(str(exc)) from None

    def sources(
        reading: type[BaseSettings],
        settings_cls: type[BaseSettings],
        *,
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        given = (init_settings, env_settings, InitSettingsSource(settings_cls, secrets))
        if path is None:
            return given
        return (*given, TomlConfigSettingsSource(settings_cls, toml_file=Path(path)))

    reading = type(cls.__name__, (cls,), {"settings_customise_sources": classmethod(sources)})
    try:
        settings: BaseSettings = reading(**overrides)
    except ValidationError as exc:
        where, said = first_problem(exc)
        raise error(f"{path or 'settings'}: {where or 'config'}: {said}") from None
    except Exception as exc:  # a TOML syntax error from the source
        raise error(f"{path}: {exc}") from None
    return cls.model_validate(settings.model_dump())
