"""The game's vocabulary: every phase, step, speech kind, cause and result as an enum.

StrEnum, so each member *is* its string: the game log, the views' JSON and the engine's hot
path (which compares plain strings) stay exactly as they were, while mypy knows the values.
Roles and teams live in `engine.roles`.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where the game is; `finished` appears only in views (the state keeps its last phase)."""

    SETUP = "setup"
    NIGHT = "night"
    DAY = "day"
    FINISHED = "finished"


class SpeechKind(StrEnum):
    """What a speech is (also the timer kind of the day)."""

    FAREWELL = "farewell"
    REGULAR = "regular"  # a regular turn not begun yet; resolved to one of the three below
    SPEECH = "speech"
    SHORT_SPEECH = "short_speech"
    MUTED_TURN = "muted_turn"
    TIE_SPEECH = "tie_speech"
    MAJORITY_SPEECH = "majority_speech"  # 000 I.6.18.5: the day-1 vote winner stays


class NightStep(StrEnum):
    """A step of nights 1+ in the order of the script (000 I.7.3-7.8): judge class only."""

    SHOOT = "shoot"
    DON_CHECK = "don_check"
    SHERIFF_CHECK = "sheriff_check"
    BEST_MOVE = "best_move"


class Step(StrEnum):
    """The fine-grained step a view shows (docs/views.md, "Steps")."""

    DEAL = "deal"
    READY = "ready"
    ZERO_NIGHT = "zero_night"
    NIGHT = "night"  # what public and audience see of nights 1+
    SHOOT = "shoot"
    CHECKS = "checks"
    BEST_MOVE = "best_move"
    MORNING = "morning"
    FAREWELL = "farewell"
    REGULAR = "regular"
    SPEECH = "speech"
    SHORT_SPEECH = "short_speech"
    MUTED_TURN = "muted_turn"
    TIE_SPEECH = "tie_speech"
    MAJORITY_SPEECH = "majority_speech"
    VOTE = "vote"
    LIFT = "lift"
    AWAIT_NIGHT = "await_night"
    OVER = "over"


# The only steps of a night the players may see: the rest would tell who is out.
OPEN_NIGHT_STEPS = frozenset({Step.NIGHT, Step.ZERO_NIGHT})


class AfterSpeeches(StrEnum):
    """What follows the queue of speeches (the state's `then`): the vote after the day's
    speeches, a revote of the tied after their tie speeches, or the night after farewells."""

    VOTE = "vote"
    REVOTE = "revote"
    NIGHT = "night"


class DayVote(StrEnum):
    """Today's vote (game log: days[].vote); pending until decided."""

    PENDING = "pending"
    NONE = "none"
    SKIPPED = "skipped"
    CANCELLED = "cancelled"
    HELD = "held"


class Cause(StrEnum):
    """Why a player left the table."""

    VOTE = "vote"
    LIFT = "lift"
    KILL = "kill"
    FOULS = "fouls"
    DISQUALIFIED = "disqualified"


class InfoClass(StrEnum):
    """Who may see a view (docs/views.md): each class sees at most what the next one sees."""

    PUBLIC = "public"
    AUDIENCE = "audience"
    JUDGE = "judge"


class Winner(StrEnum):
    RED = "red"
    BLACK = "black"
    DRAW = "draw"


class Termination(StrEnum):
    """Why the game ended."""

    ALL_BLACK_OUT = "all_black_out"  # 000 I.1.4: every black player is out
    BLACK_PARITY = "black_parity"  # 000 I.1.4: blacks >= reds at the table
    QUIET_ROUNDS = "quiet_rounds"  # 000 I.8.5, 003 7.9, 001 7.3
    FOUR_PLAYER_MISSES = "four_player_misses"  # 003 7.8
    TEAM_LOSS = "team_loss"  # 003 6.8: the team of the offender loses


# -- the club game (004; docs/club.md) ---------------------------------------------------------


class ClubStep(StrEnum):
    """Where a club game stands (docs/club.md): the day cycle of 004 §6, the night of §7."""

    DEAL = "deal"
    READY = "ready"
    ZERO_NIGHT = "zero_night"
    NIGHT = "night"
    FAREWELL = "farewell"
    DISCUSSION = "discussion"
    SPEECHES = "speeches"
    NOMINATIONS = "nominations"
    JUSTIFICATION = "justification"
    VOTE = "vote"
    CATASTROPHE = "catastrophe"
    PICK = "pick"
    AWAIT_NIGHT = "await_night"


class NightAct(StrEnum):
    """The club night's order (004 §7), each at most once a night."""

    PUTANA = "putana"
    MAFIA_SHOT = "mafia_shot"
    DON_CHECK = "don_check"
    MANIAC_SHOT = "maniac_shot"
    HEAL = "heal"
    COMMISSAR_CHECK = "commissar_check"
    KAMIKAZE = "kamikaze"


class ClubCause(StrEnum):
    """Why a player left a club game (docs/club.md, `removed[].cause`)."""

    VOTE = "vote"
    CATASTROPHE = "catastrophe"
    MAFIA = "mafia"
    MANIAC = "maniac"
    KAMIKAZE = "kamikaze"
    SAPPER = "sapper"
    FOULS = "fouls"
    DISQUALIFIED = "disqualified"
    DROPPED = "dropped"


class ClubOutCause(StrEnum):
    """How a club leaver shows on every view: a night shot is just `kill` (classic `Cause`);
    the pick and the blast are announced by the host (004 §4, §7.8)."""

    CATASTROPHE = "catastrophe"
    KAMIKAZE = "kamikaze"
    SAPPER = "sapper"
    DROPPED = "dropped"


# Removals (004 §9): no last word, the card stops, no check names the seat.
CLUB_REMOVALS = frozenset({ClubCause.FOULS, ClubCause.DISQUALIFIED, ClubCause.DROPPED})


class ClubTermination(StrEnum):
    """Why a club game ended (club R21, R22)."""

    MAFIA_AND_MANIAC_OUT = "mafia_and_maniac_out"  # no mafia side and no maniac at the table
    MANIAC_LAST_TWO = "maniac_last_two"  # the maniac with at most one other
    MAFIA_PARITY = "mafia_parity"  # no maniac, the mafia side at least half the table
    TEAM_LOSS = "team_loss"  # 004 §9 "особые нарушения"


class ClubSpeech(StrEnum):
    """A speech of the club day (004 §6), each 30 s; a farewell is the last word (club R11)."""

    FAREWELL = "farewell"
    SPEECH = "speech"  # the individual speech, stage 2
    JUSTIFICATION = "justification"  # stage 4
