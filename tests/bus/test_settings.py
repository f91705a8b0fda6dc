"""The one TOML-plus-environment loader that the table and the hub share (bus.settings)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic_settings import BaseSettings, SettingsConfigDict

from bus.settings import RulesId, TableId, TournamentId, load_toml_settings


class Sample(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="MAFIAKIT_SAMPLE_", extra="forbid")

    tournament: TournamentId = "local"
    tables: list[TableId] = []
    rules: RulesId = "cml"


class Refused(ValueError):
    pass


def load(path: Path | None, **overrides: object) -> Sample:
    return load_toml_settings(Sample, path, overrides, Refused)


def test_arguments_beat_the_environment_which_beats_the_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    toml = tmp_path / "s.toml"
    toml.write_text('tournament = "from-file"\nrules = "fiim"\n', encoding="utf-8")
    assert (load(toml).tournament, load(toml).rules) == ("from-file", "fiim")
    monkeypatch.setenv("MAFIAKIT_SAMPLE_TOURNAMENT", "from-env")
    assert load(toml).tournament == "from-env"
    assert load(toml, tournament="from-arg").tournament == "from-arg"
    assert load(None).rules == "cml" and load(None).tournament == "from-env"
    assert type(load(toml)) is Sample


@pytest.mark.parametrize(("text", "words"), [
    ('tournament = "a b"\n', ["s.toml: tournament: ", "tournament id", "letters, digits"]),
    ('tables = ["1", "2/3"]\n', ["tables.1", "table id"]),
    ('rules = "mafia99"\n', ["rules", "unknown ruleset"]),
    ('colour = 1\n', ["colour"]),
    ("tournament = \n", ["s.toml: "]),
])
def test_a_bad_file_is_refused_naming_the_option(tmp_path: Path, text: str,
                                                 words: list[str]) -> None:
    toml = tmp_path / "s.toml"
    toml.write_text(text, encoding="utf-8")
    with pytest.raises(Refused) as caught:
        load(toml)
    assert all(w in str(caught.value) for w in words), str(caught.value)
