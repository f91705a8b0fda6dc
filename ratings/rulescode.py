"""The site's rules code: thirteen digits, one per rule option (docs/mafiaratings.md).

Written from the ruleset's options, never from its name: a league's own ruleset file gets
its code the same way. Where no digit says what the ruleset does, the nearest one is taken
and the difference is named (`differences`), for the export to say on stderr.
"""

from __future__ import annotations

from engine.classic.ruleset import BUILTIN, Ruleset, load_ruleset

# (the site's option name, its values) in code order (include/rules.php, 13 options)
OPTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("rotation", ("first", "last")),
    ("onRecord", ("no", "night-killed", "killed", "except-split", "all")),
    ("onRecordCount", tuple(str(n) for n in range(10))),
    ("withdraw", ("allowed", "auto", "no")),
    ("firstVoting", ("standard", "to-talk", "no-break", "self-break")),
    ("splitOrder", ("same", "reverse")),
    ("killAll", ("no", "draw")),
    ("splitOnFour", ("allowed", "prohibited")),
    ("splitOnNine", ("yes", "no", "after1")),
    ("legacy", ("yes", "no")),
    ("gameEndSpeech", ("yes", "no")),
    ("threeFouls", ("lose-speech", "short-speech", "no")),
    ("techFouls", ("no", "yes")),
)


def rules_code(rules: Ruleset) -> str:
    """The code whose options match the ruleset's."""
    return "".join(str(d) for d in _digits(rules))


def _digits(rules: Ruleset) -> list[int]:
    colours = rules.scoring.colour_left.allowed
    return [
        0,  # 000 I.6.2: the next day opens with the seat after yesterday's opener
        1 if colours else 0,  # 000 III.5.1: a red killed at night, in his farewell
        1 if colours else 0,  # one colour a player (engine/classic/scoring/entry.py)
        0 if rules.day.withdraw_allowed else 2,  # 003 4.4.3: withdraw, then nominate again
        3 if rules.day.day1_majority_stays else 0,  # 000 I.6.18.5: stays unless self-vote
        0,  # revotes in nomination order (000 I.6.18, 003 4.4.12)
        0 if rules.lift.not_held_when_all_at_table else 1,  # 000 I.8.6, 003 7.10
        1 if 4 in rules.lift.not_held_at_table_sizes else 0,  # 003 7.6, 001 7.6
        1 if (3, 9) in rules.lift.not_held_for else 0,  # 000 I.8.7
        0,  # the best move is recorded (000 I.7.8, 003 9.6, 001 8.3)
        0,  # the decisive leaver has his last word (002)
        0 if rules.fouls.third_foul_mutes else 2,  # 003 6.4 / 000 I.8.4
        0,  # no technical fouls in the classic rulesets
    ]


def differences(rules: Ruleset) -> list[str]:
    """What the code cannot say about this ruleset (the nearest digit was taken)."""
    out = []
    if rules.day.day1_single_nominee_vote:
        out.append("a single nominee on day 1 is voted on: no code says so")
    if not rules.lift.not_held_when_all_at_table:
        out.append("a lift of everyone at the table is put: the code's 'draw' is taken")
    if rules.lift.not_held_at_table_sizes and 4 not in rules.lift.not_held_at_table_sizes:
        out.append("the repeated tie that ends the voting is not at 4 players: no code")
    if rules.fouls.third_foul_mutes and not rules.fouls.short_speech_at_table_sizes:
        out.append("the third foul mutes without the 30 s speech at 3-4 players "
                   "(001 6.4): the code's 'lose-speech' has it")
    if rules.best_move.max_day1_vote_removals < 0:
        out.append("the best move has no day-1 condition: the code's 'yes' names one "
                   "(no best move after 2 removals by vote on day 1)")
    if rules.lift.after_any_repeated_tie:
        out.append("any repeated tie puts the lift question: no code says so")
    return out


def rulesets_of(code: str) -> list[str]:
    """The built-in rulesets whose code is `code`, in the kit's order."""
    return [rule_id for rule_id in BUILTIN if rules_code(load_ruleset(rule_id)) == code]


def upgraded(code: str) -> str:
    """A code of the site's older layouts (29 or 12 digits) in today's 13, as its reader
    upgrades it; any other code is returned as it is."""
    if len(code) == 29:
        for start, end in ((20, 29), (17, 19), (12, 15), (9, 10), (6, 8), (4, 5), (1, 3)):
            code = code[:start] + code[end:]
        code = code[:2] + "00" + code[2:]
        code = code[:6] + "0" + code[6:]
        code = code[:9] + "0" + code[9:]
    if len(code) == 12:
        code = code[:11] + "00" + code[11:]
    if len(code) == 14:
        code = code[:-1]
    return code
