"""Rulesets as data: one validated TOML file per league, every option citing its seed clause.

The engine never asks "which league is this?"; it reads named options from a `Ruleset`.
A league adds its rules by writing one file (see `rulesets/cml.toml` for the documented
template) and loading it with `load_ruleset(path)`.
"""

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Annotated,
    Literal,
    NamedTuple,
    get_args,
    get_origin,
    get_type_hints,
)

from engine.classic.scoring.options import Limit, ScoringOptions, scoring_problem
from engine.values import compare_by_class

if TYPE_CHECKING:
    from pathlib import Path

BUILTIN = ("cml", "fiim", "fiim-2015", "judge-guide")
RemovalCause = Literal["vote", "lift", "kill", "fouls", "disqualified"]


class Timers(NamedTuple):
    """Durations in seconds of every timed step (what the device counts down)."""

    speech: Annotated[float, Limit(gt=0)] = 60
    short_speech: Annotated[float, Limit(gt=0)] = 30
    muted_turn: Annotated[float, Limit(ge=0)] = 0
    tie_speech: Annotated[float, Limit(gt=0)] = 30
    majority_speech: Annotated[float, Limit(gt=0)] = 30
    farewell: Annotated[float, Limit(gt=0)] = 60
    farewell_after_multiple: Annotated[float, Limit(gt=0)] = 60
    best_move: Annotated[float, Limit(gt=0)] = 20
    don_check: Annotated[float, Limit(gt=0)] = 10
    sheriff_check: Annotated[float, Limit(gt=0)] = 10
    vote_window: Annotated[float, Limit(gt=0)] = 1.5
    zero_night: tuple[tuple[str, float], ...] = (
        ("mafia_meeting", 60),
        ("sheriff_shows", 10),
        ("free_seating", 20),
    )


class DayOptions(NamedTuple):
    day1_single_nominee_vote: bool = False
    """A single nominee on day 1 is not voted on (000 I.6.17, 003 4.4.11, 001 4.4.12)."""
    day1_majority_stays: bool = False
    """cml 000 I.6.18.5-6: on day 1 the vote winner stays and speaks 30 s, unless he voted
    for himself."""
    day1_no_revote_tie_sizes: tuple[int, ...] = ()
    """cml 000 I.6.18.1: a day-1 tie of 5 or of 10 is not revoted; night falls."""
    withdraw_allowed: bool = False
    """A speaker may withdraw his own nomination (003 4.4.3 geographic, 001 4.4.3)."""
    players_may_ask_nominations: bool = False
    """Players may learn today's nominations from the judge (001 4.3.3; 000 I.8.3 and
    003 7.4 forbid it). Decides whether the public view shows them."""


class LiftOptions(NamedTuple):
    not_held_when_all_at_table: bool = True
    """000 I.8.6, 003 7.10: no lift question when every player at the table is tied."""
    not_held_for: tuple[tuple[int, int], ...] = ()
    """(candidates, players at the table) pairs with no lift; cml 000 I.8.7: (3, 9)."""
    not_held_at_table_sizes: tuple[int, ...] = ()
    """At these table sizes a repeated tie ends the voting, night falls
    (003 7.6, 001 7.6: 3 or 4 players)."""
    after_any_repeated_tie: bool = False
    """A revote tied again among fewer candidates goes straight to the lift question of
    those tied (001 4.4.13 says only "вновь набрали равное количество голосов"); off: new
    30 s speeches and another revote (000 I.6.18.3)."""


class FoulOptions(NamedTuple):
    removal_at: Annotated[int, Limit(ge=1)] = 4
    """The fourth foul removes the player without a farewell (003 6.5, 001 6.5)."""
    third_foul_mutes: bool = False
    """Three fouls: the player loses his next speech but may nominate (003 6.4, 001 6.4);
    cml has no penalty (000 I.8.4)."""
    mute_foul_count: Annotated[int, Limit(ge=1)] = 3
    short_speech_at_table_sizes: tuple[int, ...] = ()
    """003 7.7 / 002: a muted player speaks 30 s when only 3-4 players are left."""
    voting_foul_never_removes: bool = False
    """cml 000 II.1.6: a hand lifted early or put on the table before the vote is a foul,
    "(4ый фол не выдается)": refused while the player has removal_at - 1 fouls."""


class VoteCancelOptions(NamedTuple):
    result_known_when_fixed: bool = True
    """Today's result is known from the first moment the votes already counted fix it,
    inside a round (000 I.8.2 "стал известен", 003 7.2 "во время голосования, после того,
    как был определён результат голосования", 002 "стал известен"): a removal by discipline
    after it keeps today's vote (engine.classic.moment); off: only once the round is closed."""
    next_day_after_result: bool = True
    """A removal by fouls after today's vote result (of a player not leaving by it) cancels
    tomorrow's vote (000 I.8.2, 003 7.2, 002). fiim-2015 7.1 only cancels today's."""
    next_day_after_day_without_vote: bool = False
    """A removal after a day without a vote (no nominations, or a single one on day 1),
    before the night, cancels tomorrow's vote (003 7.1 "ближайшее", 002 "на следующий
    день"); off: the result moment is the night announcement (000 I.8.2, 001 7.1)."""
    shot_player_excepted: bool = True
    """The player shot tonight and removed by discipline before the morning cancels no vote
    (000 I.8.1, 003 7.1, 002 "кроме случаев, когда этот игрок был убит ночью"); 001 7.2 has
    no such exception."""
    again_cancels_next_day: bool = True
    """A removal on a day whose vote is already cancelled cancels tomorrow's: the nearest
    vote still to be held (000 I.8.1, 003 7.1, 002 "ближайшее или текущее"); off: 001 7.1
    "в данный день"."""


class BestMoveOptions(NamedTuple):
    night: int = 1
    """The victim of night 1 (the first after the zero night) may make the best move."""
    max_day1_vote_removals: int = -1
    """cml 000 I.7.8 and 002: only if day 1 removed at most this many (-1 = no limit)."""
    day1_removal_causes: tuple[RemovalCause, ...] = ("vote", "lift")
    """The removals of day 1 that count against the limit: by vote only (000 I.7.8 "в
    результате голосования") or by any cause (002 "стол покинул")."""
    max_seats: Annotated[int, Limit(ge=1, le=3)] = 3


class QuietOptions(NamedTuple):
    phases: Annotated[int, Limit(ge=1)] = 5
    """Consecutive phases without a removal, counted from a night (zero night excluded)
    that end the game: cml 3 nights = N D N D N (000 I.8.5)."""
    outcome: Literal["draw", "red"] = "draw"
    four_player_black_misses: Annotated[int, Limit(ge=0)] = 0
    """003 7.8: with four players left, three black misses in a row = red win (0 = off)."""
    count_zero_night: bool = False
    """Count the zero night as the first quiet night: 001 and 003 call it "Первая игровая
    ночь" (4.2); 000 I.8.5 excludes it ("первая подготовительная ночь не учитывается")."""


class Ruleset(NamedTuple):
    """A league's rules. Load with `load_ruleset("cml")` or `load_ruleset(Path)`."""

    id: Annotated[str, Limit(pattern=r"^[a-z0-9][a-z0-9-]{0,31}$")]
    name: str
    seed: str = ""
    timers: Timers = Timers()
    day: DayOptions = DayOptions()
    lift: LiftOptions = LiftOptions()
    fouls: FoulOptions = FoulOptions()
    vote_cancel: VoteCancelOptions = VoteCancelOptions()
    best_move: BestMoveOptions = BestMoveOptions()
    quiet: QuietOptions = QuietOptions()
    scoring: ScoringOptions = ScoringOptions()
    """Points, limits, compensation and tie-breaks (docs/scoring.md)."""


class RulesetError(ValueError):
    """A ruleset file is missing or invalid; the message says which option is wrong."""


def consistent(rules: Ruleset, where: str) -> Ruleset:
    """The checks across options that no single option's type makes, for a league's file and
    the built-ins alike (the messages are those pydantic gave for them)."""
    problem = scoring_problem(rules.scoring)
    if problem is not None:
        raise RulesetError(f"{where}: option scoring: Value error, {problem}")
    if rules.fouls.third_foul_mutes and rules.fouls.mute_foul_count >= rules.fouls.removal_at:
        raise RulesetError(f"{where}: option : Value error, fouls.mute_foul_count must be "
                           "below fouls.removal_at")
    return rules


def load_ruleset(name_or_path: "str | Path") -> Ruleset:
    """Load a built-in ruleset by id ("cml", "fiim", ...) or a league's own TOML file."""
    if isinstance(name_or_path, str) and name_or_path in BUILTIN:
        from engine.classic.ruleset_builtin import BUILT  # precomputed: no tomllib on a replay

        return BUILT[name_or_path]
    from pathlib import Path  # a league's own file: pathlib is not on a replay's path (issue 8)

    path = Path(name_or_path)
    if not path.is_file():
        raise RulesetError(
            f"unknown ruleset {str(name_or_path)!r}: use one of {', '.join(BUILTIN)} "
            "or the path of a ruleset TOML file"
        )
    from engine.classic.ruleset_check import validated  # pydantic: only for a league's own file

    return validated(_toml(path.read_text(encoding="utf-8"), str(path)), str(path))


def builtin_from_toml(rule_id: str) -> Ruleset:
    """A built-in ruleset read from its file, without pydantic: the files ship with the kit
    and tests/engine/test_ruleset.py checks that pydantic reads each one to the same object.
    `engine/classic/ruleset_builtin.py` holds the result, so that a replay imports no tomllib;
    `write_builtin()` writes it again after a file changes."""
    where = f"{rule_id}.toml"
    text = (builtin_dir() / where).read_text(encoding="utf-8")
    try:
        rules = built(Ruleset, _toml(text, where))
    except (KeyError, TypeError, ValueError) as exc:  # an unknown or a wrong option
        raise RulesetError(f"{where}: {exc!r}") from exc
    assert isinstance(rules, Ruleset)
    return consistent(rules, where)


def built(cls: type[object], table: Mapping[str, object]) -> object:
    """The options table `cls` from a TOML table, converted as its annotations say
    (nested tables, arrays as tuples, integers in float options as floats), unchecked:
    for the built-in files only, which the tests check against pydantic."""
    hints = _HINTS.get(cls) or _HINTS.setdefault(cls, get_type_hints(cls))
    return cls(**{name: _converted(hints[name], value) for name, value in table.items()})


def _converted(hint: object, value: object) -> object:
    if isinstance(hint, type) and issubclass(hint, tuple) and isinstance(value, Mapping):
        return built(hint, value)
    if hint is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if get_origin(hint) is tuple and isinstance(value, list):
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_converted(args[0], item) for item in value)
        return tuple(_converted(arg, item) for arg, item in zip(args, value, strict=True))
    return value


_HINTS: dict[type[object], dict[str, object]] = {}  # the annotations, Annotated[...] stripped


def _toml(text: str, where: str) -> dict[str, object]:
    import tomllib  # a league's own file, or `write_builtin()`: never on a replay

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(f"{where}: not valid TOML: {exc}") from exc


def builtin_dir() -> "Path":
    """The built-in files, beside this module (the kit is installed as files, never zipped:
    importlib.resources would cost `mafiakit replay` its zipfile import). A function, so that
    a replay, which reads none of them, imports no pathlib (issue 8)."""
    from pathlib import Path

    return Path(__file__).parent / "rulesets"


def builtin_module() -> "Path":
    """`engine/classic/ruleset_builtin.py`, which `write_builtin()` writes."""
    return builtin_dir().with_name("ruleset_builtin.py")


def builtin_source() -> str:
    """The source of `engine/classic/ruleset_builtin.py`: every built-in ruleset as Python code."""
    classes: dict[str, type[tuple[object, ...]]] = {}
    body = [f"    {rule_id!r}: {_code(builtin_from_toml(rule_id), 1, classes)},"
            for rule_id in BUILTIN]
    modules = sorted({cls.__module__ for cls in classes.values()})
    imports = [f"from {module} import (\n" + "".join(
        f"    {name},\n" for name, cls in sorted(classes.items()) if cls.__module__ == module)
        + ")" for module in modules]
    return "\n".join([
        '"""The built-in rulesets, precomputed from `engine/classic/rulesets/*.toml`: a',
        "replay reads no TOML (docs/architecture.md). Written by",
        "`engine.classic.ruleset.write_builtin()`; do not edit: tests/engine/test_ruleset.py",
        'fails when a file and this module differ."""',
        "", "from __future__ import annotations", "", *imports, "",
        "BUILT: dict[str, Ruleset] = {", *body, "}", ""])


def _code(value: object, depth: int, classes: dict[str, type[tuple[object, ...]]]) -> str:
    """`value` as Python code, one option a line, indented `depth` levels."""
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        cls = type(value)
        classes[cls.__name__] = cls
        pad = "    " * (depth + 1)
        fields = "".join(f"\n{pad}{name}={_code(item, depth + 1, classes)},"
                         for name, item in zip(value._fields, value, strict=True))
        return f"{cls.__name__}({fields}\n{'    ' * depth})"
    if isinstance(value, tuple) and len(repr(value)) > 60:  # one item a line
        pad = "    " * (depth + 1)
        items = "".join(f"\n{pad}{_code(item, depth + 1, classes)}," for item in value)
        return f"({items}\n{'    ' * depth})"
    return repr(value)


def write_builtin() -> None:
    """Write `engine/classic/ruleset_builtin.py` again, after a built-in file changed."""
    builtin_module().write_text(builtin_source(), encoding="utf-8")

compare_by_class(Timers, DayOptions, LiftOptions, FoulOptions, VoteCancelOptions, BestMoveOptions,
                 QuietOptions, Ruleset)
