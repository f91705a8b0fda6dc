"""What follows from the rules by itself: the order of speeches, votes, removals, the end.

The judge enters only what he decided or saw (docs/game-log.md, "What the engine decides by
itself"); everything here is derived. Each step emits events through a `Tx`, which applies
them at once so the next step sees the updated state.
"""

from __future__ import annotations

from engine.classic import events as ev
from engine.classic.apply import apply
from engine.classic.moment import LIFT, SETTLES_THE_DAY, after_tie, result_known
from engine.classic.ruleset import Ruleset
from engine.classic.state import (
    CANCELLED,
    DAY,
    FAREWELL,
    HELD,
    MAJORITY_SPEECH,
    MUTED_TURN,
    NIGHT,
    NONE,
    PENDING,
    REGULAR,
    SHORT_SPEECH,
    SKIPPED,
    SPEECH,
    SPEECHES,
    THEN_NIGHT,
    THEN_REVOTE,
    THEN_VOTE,
    TIE_SPEECH,
    GameState,
    Round,
)
from engine.roles import BLACK_ROLES


class Tx:
    """The events of one action, applied as they are emitted."""

    __slots__ = ("events", "rules", "state")

    def __init__(self, state: GameState, rules: Ruleset) -> None:
        self.state = state
        self.rules = rules
        self.events: list[ev.Event] = []

    def emit(self, event: ev.Event) -> None:
        self.events.append(event)
        self.state = apply(self.state, event)


_ROUND_FROM: dict[int, tuple[int, ...]] = {
    first: (*range(first, 11), *range(1, first)) for first in range(1, 11)}
"""Every seat in speaking order from `first`, cyclically (made once, not once a day)."""


def seats_from(at_table: frozenset[int], first: int) -> tuple[int, ...]:
    """Seats at the table in speaking order, starting at `first` (inclusive), cyclically."""
    return tuple(filter(at_table.__contains__, _ROUND_FROM[first]))


def next_opener(at_table: frozenset[int], previous: int) -> int:
    """The first seat still at the table after the previous day's opener (000 I.6.2)."""
    return next(seat for seat in _ROUND_FROM[previous % 10 + 1] if seat in at_table)


# -- speeches ---------------------------------------------------------------------------


def advance(tx: Tx) -> None:
    """Start the next speech, or the next stage of the day when no speech is left."""
    s = tx.state
    if s.speech is not None:
        return
    if s.queue:  # the most frequent case: the next speaker (a regular turn is a speech
        head = s.queue[0]  # unless he lost it, `regular_kind`)
        kind = head.kind
        if kind == REGULAR:
            kind = regular_kind(s, tx.rules, head.seat) if head.seat in s.loses_speech else SPEECH
        tx.emit(ev.SPEECH_BEGAN[kind][head.seat])
        return
    if s.phase != DAY or s.winner is not None or s.voting is not None or s.lift is not None:
        return
    if s.then == THEN_VOTE:
        begin_vote(tx)
    elif s.then == THEN_REVOTE:
        begin_round(tx, s.revote)


def regular_kind(s: GameState, rules: Ruleset, seat: int) -> str:
    """A regular turn: a full speech, or none after the third foul (003 6.4), or 30 s when
    only 3-4 players are left (003 7.7)."""
    if seat in s.loses_speech:
        if len(s.at_table) in rules.fouls.short_speech_at_table_sizes:
            return SHORT_SPEECH
        return MUTED_TURN
    return SPEECH


def begin_day(tx: Tx, farewell: int | None) -> None:
    """Morning: the killed player's farewell first, then the regular speeches (000 I.6.2)."""
    s = tx.state
    number = s.number + 1
    opener = next_opener(s.at_table, s.days[-1].opener if s.days else 10)
    turns = SPEECHES[REGULAR]
    queue = tuple(turns[seat] for seat in seats_from(s.at_table, opener))
    if farewell is not None:
        queue = (SPEECHES[FAREWELL][farewell], *queue)
    tx.emit(ev.DayBegan(number, opener, queue))
    advance(tx)


# -- voting -----------------------------------------------------------------------------


def begin_vote(tx: Tx) -> None:
    """After the last regular speech: vote the nominees in nomination order (000 I.6.10)."""
    day = tx.state.day
    assert day is not None
    if day.vote != PENDING:
        tx.emit(ev.VoteSettled(day.vote))
    elif not day.nominations:
        tx.emit(ev.VoteSettled(NONE))
    elif (len(day.nominations) == 1 and day.number == 1
          and not tx.rules.day.day1_single_nominee_vote):
        tx.emit(ev.VoteSettled(SKIPPED))  # 000 I.6.17, 003 4.4.11, 001 4.4.12
    else:
        begin_round(tx, day.nominations)


def begin_round(tx: Tx, candidates: tuple[int, ...]) -> None:
    tx.emit(ev.RoundBegan(candidates))
    if len(candidates) == 1:
        close_round(tx)


def close_round(tx: Tx) -> None:
    """The last candidate receives every remaining vote (000 I.6.15, 003 4.4.9)."""
    s = tx.state
    voting = s.voting
    assert voting is not None
    counts = [count for _, count, _ in voting.entered]
    counts.append(voting.last_candidates_votes())
    tx.emit(ev.RoundClosed(tuple(counts)))
    resolve_round(tx, voting.candidates, counts)


def self_voted(s: GameState, rnd: Round, seat: int) -> bool:
    """Did `seat` put his own vote against himself in the closed round `rnd`?

    A vote of a player named in no `voters` line is known only when every such vote went
    to one candidate; a non-voter's vote goes against the last nominee (000 I.6.15) and is
    his own vote there too (docs/rules.md). So `count` and `voters` entries of the same
    votes give the same answer wherever the log can tell.
    """
    named: dict[int, int] = {}  # voter -> the candidate his vote went to
    own_line_named = False
    for cand, _, voters in rnd.entered:
        if voters is not None:
            named.update((v, cand) for v in voters)
            own_line_named = own_line_named or cand == seat
    if seat in named:
        return named[seat] == seat
    if seat not in rnd.candidates or own_line_named:
        return False
    unnamed = sum(rnd.votes) - len(named)  # his own vote is among these
    return rnd.votes[rnd.candidates.index(seat)] == unnamed


def resolve_round(tx: Tx, candidates: tuple[int, ...], counts: list[int]) -> None:
    s, rules = tx.state, tx.rules
    day = s.day
    assert day is not None
    closed = day.rounds[-1]
    top = max(counts)
    leaders = tuple(c for c, n in zip(candidates, counts, strict=True) if n == top)
    if len(leaders) == 1:
        winner = leaders[0]
        # 000 I.6.18.5-6: on day 1 the winner stays, speaks 30 s, night falls.
        stays = (day.number == 1 and rules.day.day1_majority_stays
                 and not self_voted(s, closed, winner))
        tx.emit(ev.VoteSettled(HELD))
        _after_the_moment(tx, closed.gone, leaving=() if stays else (winner,))
        if winner not in s.at_table:
            return  # removed by discipline once this result was known: he has left already
        if stays:
            tx.emit(ev.SpeechesQueued((SPEECHES[MAJORITY_SPEECH][winner],), THEN_NIGHT))
            advance(tx)
            return
        remove_by_vote(tx, (winner,), "vote")
        return
    then = after_tie(s, rules, candidates, leaders, revote=len(day.rounds) >= 2)
    if then in SETTLES_THE_DAY:
        tx.emit(ev.VoteSettled(HELD))
        _after_the_moment(tx, closed.gone, leaving=())
        return
    assert not closed.gone, "a tie still to be settled is no known result (engine.classic.moment)"
    if then == LIFT:
        tx.emit(ev.LiftPut(leaders))
        return
    speeches = tuple(SPEECHES[TIE_SPEECH][c] for c in leaders)  # in nomination order
    tx.emit(ev.SpeechesQueued(speeches, THEN_REVOTE, leaders))
    advance(tx)


def _after_the_moment(tx: Tx, gone: tuple[int, ...], leaving: tuple[int, ...]) -> None:
    """Players removed by discipline once today's result was known: today's vote stood;
    one who was not leaving by it cancels tomorrow's where the ruleset says so (000 I.8.2,
    003 7.2, 002; not 001 7.1). The leaver himself cancels nothing (000 I.8.1 "является
    покинувшим игру по результату голосования", 003 7.2)."""
    if tx.rules.vote_cancel.next_day_after_result and any(g not in leaving for g in gone):
        tx.emit(ev.VoteCancelled(next_day=True))


def remove_by_vote(tx: Tx, seats: tuple[int, ...], cause: str) -> None:
    """The voted-out players leave; each has a farewell speech, in nomination order."""
    for seat in seats:
        tx.emit(ev.PlayerRemoved(seat, cause))
    farewells = SPEECHES[FAREWELL]
    tx.emit(ev.SpeechesQueued(tuple(farewells[seat] for seat in seats), THEN_NIGHT))
    check_win(tx)
    advance(tx)


# -- removals and the end ---------------------------------------------------------------


def remove_by_discipline(tx: Tx, seat: int, cause: str, team_loss: bool = False) -> None:
    """Fourth foul or disqualification: out at once, no farewell (003 6.5, 001 6.5), and
    the current or next vote is cancelled (000 I.8.1-8.2, 003 7.1-7.2, 001 7.1-7.2)."""
    s = tx.state
    stands = result_known(s, tx.rules)  # judged on the votes counted before he left
    if s.speech is not None and s.speech.seat == seat:
        tx.emit(ev.SpeechEnded(seat))
    tx.emit(ev.PlayerRemoved(seat, cause))
    _cancel_vote(tx, seat, stands)
    if team_loss:
        end_game(tx, s.role(seat).team.other.value, "team_loss")  # 003 6.8
    check_win(tx)
    day = tx.state.day
    if stands and tx.state.finished and day is not None and day.vote == PENDING:
        tx.emit(ev.VoteSettled(HELD))  # the result stood; the game ended before the count
    voting = tx.state.voting
    if voting is not None and len(voting.entered) + 1 >= len(voting.candidates):
        close_round(tx)  # he was the last but one still to be counted: the last takes the rest
    advance(tx)


def late_disqualification(tx: Tx, seat: int, kind: str, team_loss: bool) -> None:
    """A disqualification that removes nobody: the leaving player's (000 II.3.5: a team
    loss with `team_loss`; no vote is cancelled, 000 I.8.1 "является покинувшим игру"), or
    anyone's after the decision, which changes no result (003 7.12, 002)."""
    s = tx.state
    if s.speech is not None and s.speech.seat == seat:
        tx.emit(ev.SpeechEnded(seat))
    tx.emit(ev.LateDisqualified(seat, kind))
    if team_loss:
        end_game(tx, s.role(seat).team.other.value, "team_loss")
    advance(tx)


def _cancel_vote(tx: Tx, seat: int, stands: bool) -> None:
    """Which vote a removal by discipline cancels: today's while its result is not known,
    else tomorrow's where the ruleset says so (docs/rules.md, "Cancelled votes"). `stands`:
    the removal came inside a round whose result the counted votes had fixed
    (engine.classic.moment); tomorrow's is then decided when the round closes
    (`_after_the_moment`)."""
    s, opts = tx.state, tx.rules.vote_cancel
    if s.phase == NIGHT:
        if opts.shot_player_excepted and s.night is not None and s.night.shot == seat:
            return  # 000 I.8.1, 003 7.1, 002: "кроме случаев, когда этот игрок был убит ночью"
        tx.emit(ev.VoteCancelled(next_day=True))  # 001 7.2, 003 7.1 "ближайшее"
        return
    day = s.day
    if s.phase != DAY or day is None:
        return
    if day.vote == PENDING:
        if stands:
            return  # 000 I.8.2, 003 7.2 "после того, как был определён результат голосования"
        tx.emit(ev.VoteCancelled(next_day=False))  # 000 I.8.1 "текущее"
        if s.speech is not None and s.speech.kind == TIE_SPEECH:
            tx.emit(ev.SpeechEnded(s.speech.seat))
        return
    tomorrow: dict[str, bool] = {
        HELD: opts.next_day_after_result,  # 000 I.8.2, 003 7.2; not 001 7.1
        NONE: opts.next_day_after_day_without_vote,  # 003 7.1, 002; not 000 I.8.2, 001 7.1
        SKIPPED: opts.next_day_after_day_without_vote,
        CANCELLED: opts.again_cancels_next_day,  # "ближайшее или текущее"; not 001 7.1
    }
    if tomorrow.get(day.vote, False):
        tx.emit(ev.VoteCancelled(next_day=True))


def check_win(tx: Tx) -> None:
    """Red wins when no black is left; black when blacks >= reds (000 I.1.4, 003 1.4)."""
    s = tx.state
    roles = s.roles
    if s.winner is not None or roles is None:  # finished, or not dealt
        return
    blacks = sum(1 for seat in s.at_table if roles[seat - 1] in BLACK_ROLES)
    if blacks == 0:
        end_game(tx, "red", "all_black_out")
    elif blacks >= len(s.at_table) - blacks:
        end_game(tx, "black", "black_parity")


def end_game(tx: Tx, winner: str, termination: str) -> None:
    """"Стоп игра" (000 I.1.5): a running speech stops at once; only a farewell goes on
    (002: the decisive leaver always has his last word)."""
    speech = tx.state.speech
    if speech is not None and speech.kind != FAREWELL:
        tx.emit(ev.SpeechEnded(speech.seat))
    tx.emit(ev.GameEnded(winner, termination))


def close_phase(tx: Tx) -> None:
    """Count quiet phases and black misses at four players; end the game when due.

    Quiet: 000 I.8.5 (3 nights, zero night excluded), 003 7.9, 001 7.3 (the zero night
    counted where `quiet.count_zero_night`: 001/003 4.2); misses: 003 7.8.
    """
    s, rules = tx.state, tx.rules
    zero_night = s.phase == NIGHT and s.number == 0
    if s.finished or (zero_night and not rules.quiet.count_zero_night):
        return
    if s.phase_removals:
        quiet = 0
    elif s.quiet == 0 and s.phase == DAY:
        quiet = 0  # a quiet streak starts at a night
    else:
        quiet = s.quiet + 1
    misses = s.black_misses
    if s.phase == NIGHT:
        night = s.night
        missed = night is not None and night.shot is None
        misses = misses + 1 if missed and not s.phase_removals and len(s.at_table) == 4 else 0
    elif s.phase_removals:
        misses = 0
    if (quiet, misses) != (s.quiet, s.black_misses):
        tx.emit(ev.StreaksCounted(quiet, misses))
    limit = rules.quiet.four_player_black_misses
    if limit and misses >= limit:
        end_game(tx, "red", "four_player_misses")
    elif quiet >= rules.quiet.phases:
        end_game(tx, rules.quiet.outcome, "quiet_rounds")
