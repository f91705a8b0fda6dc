"""decide(state, action) -> events: every judge action checked against the rules.

An illegal action raises `IllegalAction` with a reason the judge understands and changes
nothing (the state is immutable; nothing is emitted). A legal one returns the events it
produced, consequences included (see `engine.classic.flow`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast, get_args

from engine import actions as act
from engine.classic import events as ev
from engine.classic.checks import at_table, seat_number, started
from engine.classic.flow import (
    Tx,
    advance,
    begin_day,
    check_win,
    close_phase,
    close_round,
    late_disqualification,
    remove_by_discipline,
    remove_by_vote,
)
from engine.classic.night import best_move, don_check, sheriff_check, shoot
from engine.classic.ruleset import Ruleset
from engine.classic.scoring.entry import decide_after_game
from engine.classic.state import (
    CANCELLED,
    DAY,
    FAREWELL,
    HELD,
    NIGHT,
    REGULAR_KINDS,
    THEN_NIGHT,
    GameState,
    Speech,
)
from engine.errors import IllegalAction
from engine.refusals import Phrase, R, Refusal, phrase, word
from engine.roles import Role


def decide(state: GameState, action: act.Action, rules: Ruleset) -> Tx:
    """Check `action` against the rules; return the transaction (events + new state)."""
    tx = Tx(state, rules)
    if state.sheet.closed or type(action) in _NOT_HERE:  # a set: one look-up, not six
        # after-game lines (engine.classic.scoring.entry), which also refuse all once it is closed
        if decide_after_game(state, action, tx):
            return tx
        raise IllegalAction(R.UNKNOWN_ACTION, action=repr(action))
    if state.winner is not None and not isinstance(action, _AFTER_END):  # finished
        raise IllegalAction(R.GAME_OVER, result=_result_words(state))
    rule = _HANDLERS.get(type(action))  # one rule per action class (the classes are final)
    if rule is None:
        raise IllegalAction(R.UNKNOWN_ACTION, action=repr(action))
    rule(tx, action)
    return tx


def _result_words(s: GameState) -> Phrase:
    if s.winner == "draw":
        return phrase(R.RESULT_DRAW)
    return phrase(R.RESULT_WON, team=word(str(s.winner)))


# -- checks shared by several actions -------------------------------------------------------


def _voters(s: GameState, voters: tuple[int, ...], already: set[int]) -> None:
    seen: set[int] = set()
    for v in voters:
        seat_number(v, R.W_VOTER)
        if v not in s.at_table:
            raise IllegalAction(R.VOTER_NOT_AT_TABLE, seat=v)
        if v in seen:
            raise IllegalAction(R.LISTED_TWICE, seat=v)
        if v in already:
            raise IllegalAction(R.TWO_VOTES, seat=v)
        seen.add(v)


# -- the actions ----------------------------------------------------------------------------


def _roles(tx: Tx, a: act.Roles) -> None:
    if tx.state.roles is not None:
        raise IllegalAction(R.ALREADY_DEALT)
    seats = (a.don, *a.mafia, a.sheriff)
    for seat in seats:
        seat_number(seat)
    for seat in seats:
        if seats.count(seat) > 1:
            raise IllegalAction(R.TWO_CARDS, seat=seat)
    roles = [Role.CITIZEN] * 10
    roles[a.don - 1] = Role.DON
    roles[a.mafia[0] - 1] = roles[a.mafia[1] - 1] = Role.MAFIA
    roles[a.sheriff - 1] = Role.SHERIFF
    tx.emit(ev.RolesDealt(tuple(roles)))


def _start(tx: Tx, a: act.Start) -> None:
    s = tx.state
    if s.roles is None:
        raise IllegalAction(R.DEAL_FIRST)
    if s.started:
        raise IllegalAction(R.ALREADY_STARTED)
    tx.emit(ev.GameStarted())


def _day(tx: Tx, a: act.Day) -> None:
    s = tx.state
    started(s)
    if s.phase != NIGHT:
        raise IllegalAction(R.ALREADY_DAY, number=s.number)
    killed = None
    if s.number > 0:
        night = s.night
        assert night is not None
        if not night.shot_done:
            raise IllegalAction(R.NOT_SHOT_YET)
        if night.shot is not None and night.shot in s.at_table:
            killed = night.shot
            tx.emit(ev.PlayerRemoved(killed, "kill"))  # the kill takes effect in the morning
            check_win(tx)
    close_phase(tx)
    if tx.state.finished:
        if killed is not None:  # 002: the decisive leaver always has his last word
            tx.emit(ev.SpeechesQueued((Speech(killed, FAREWELL),), THEN_NIGHT))
            advance(tx)
        return
    begin_day(tx, killed)


def _night(tx: Tx, a: act.Night) -> None:
    s = tx.state
    started(s)
    if s.phase != DAY:
        raise IllegalAction(R.ALREADY_NIGHT, number=s.number)
    if s.speech is not None:
        raise IllegalAction(R.STILL_SPEAKING, seat=s.speech.seat,
                            kind=word(str(s.speech.kind)))
    if s.voting is not None:
        raise IllegalAction(R.VOTE_NOT_FINISHED)
    if s.lift is not None:
        raise IllegalAction(R.LIFT_PENDING)
    close_phase(tx)
    if not tx.state.finished:
        tx.emit(ev.NightBegan(s.number))


def _speech_end(tx: Tx, a: act.SpeechEnd) -> None:
    speech = tx.state.speech
    if speech is None:
        raise IllegalAction(R.NOBODY_SPEAKING)
    tx.emit(ev.SPEECH_ENDED[speech.seat])
    advance(tx)


def _speaker_for_nomination(s: GameState, by: int | None, what: Refusal) -> int:
    speech = s.speech
    if s.phase != DAY or speech is None or speech.kind not in REGULAR_KINDS:
        raise IllegalAction(R.OWN_SPEECH_ONLY, what=phrase(what))
    if by is not None and by != speech.seat:
        seat_number(by, R.W_BY)
        raise IllegalAction(R.NOT_SPEAKING, by=by, seat=speech.seat)
    return speech.seat


def _nominate(tx: Tx, a: act.Nominate) -> None:
    s = tx.state
    speaker = _speaker_for_nomination(s, a.by, R.W_NOMINATION)
    day = s.day
    assert day is not None
    if day.vote == CANCELLED:
        raise IllegalAction(R.NO_VOTE_TODAY)
    if speaker in day.nominators:
        done = day.nominations[day.nominators.index(speaker)]
        raise IllegalAction(R.ONE_NOMINATION, seat=speaker, done=done)
    at_table(s, a.seat)
    if a.seat in day.nominations:
        raise IllegalAction(R.ALREADY_NOMINATED, seat=a.seat)
    tx.emit(ev.Nominated(speaker, a.seat))


def _withdraw(tx: Tx, a: act.Withdraw) -> None:
    s = tx.state
    if not tx.rules.day.withdraw_allowed:
        raise IllegalAction(R.NO_WITHDRAWAL, rules=tx.rules.id)
    speaker = _speaker_for_nomination(s, a.by, R.W_WITHDRAWAL)
    day = s.day
    assert day is not None
    seat_number(a.seat)
    mine = [n for n, by in zip(day.nominations, day.nominators, strict=True) if by == speaker]
    if a.seat not in mine:
        raise IllegalAction(R.DID_NOT_NOMINATE, seat=speaker, target=a.seat)
    tx.emit(ev.Withdrawn(speaker, a.seat))


def _votes(tx: Tx, a: act.Votes) -> None:
    s = tx.state
    voting = s.voting
    if voting is None:
        raise IllegalAction(R.NO_VOTING_ROUND)
    seat_number(a.seat)
    candidates = voting.candidates
    if a.seat not in candidates:
        raise IllegalAction(R.NOT_CANDIDATE, seat=a.seat,
                            candidates=", ".join(map(str, candidates)))
    if a.seat == candidates[-1]:
        raise IllegalAction(R.LAST_CANDIDATE, seat=a.seat)
    entered = voting.entered
    expected = candidates[len(entered)]
    if a.seat != expected:
        raise IllegalAction(R.VOTE_ORDER, seat=expected)
    cast = voting.cast()
    left = voting.votes_left()
    if a.voters is not None:
        already: set[int] = set()
        for _, _, voters in entered:
            already.update(voters or ())
        _voters(s, a.voters, already)
        count = len(a.voters)
    else:
        assert a.count is not None
        count = a.count
        if type(count) is not int or count < 0:
            raise IllegalAction(R.VOTE_COUNT, count=repr(count))
    if count > left:
        raise IllegalAction(R.VOTES_LEFT, left=left, cast=cast)
    tx.emit(ev.VotesEntered(a.seat, count, a.voters))
    if len(entered) + 2 == len(candidates):  # this was the last but one candidate's line
        close_round(tx)


def _lift(tx: Tx, a: act.Lift) -> None:
    s = tx.state
    tied = s.lift
    if tied is None:
        raise IllegalAction(R.NO_LIFT)
    at_table = len(s.at_table)
    if a.voters is not None:
        _voters(s, a.voters, set())
        yes = len(a.voters)
    else:
        assert a.count is not None
        yes = a.count
        if type(yes) is not int or not 0 <= yes <= at_table:
            raise IllegalAction(R.LIFT_RANGE, at_table=at_table)
    passed = 2 * yes > at_table  # more than half of the players at the table
    tx.emit(ev.LiftVoted(yes, passed))
    tx.emit(ev.VoteSettled(HELD))
    if passed:
        remove_by_vote(tx, tied, "lift")


def _foul(tx: Tx, a: act.Foul) -> None:
    s, rules = tx.state, tx.rules
    started(s)
    seat_number(a.seat)
    if a.kind not in (None, "voting"):
        raise IllegalAction(R.FOUL_KIND, kind=repr(a.kind))
    farewell = s.speech is not None and s.speech.kind == FAREWELL and s.speech.seat == a.seat
    if a.seat not in s.at_table and not farewell:
        raise IllegalAction(R.NOT_AT_TABLE, seat=a.seat)
    have = s.fouls[a.seat - 1]
    if (a.kind == "voting" and rules.fouls.voting_foul_never_removes
            and have >= rules.fouls.removal_at - 1):
        raise IllegalAction(R.VOTING_FOUL_LIMIT, seat=a.seat, have=have)  # 000 II.1.6
    tx.emit(ev.FoulGiven(a.seat))
    if s.finished or a.seat not in s.at_table:
        return  # 002: after the result is decided, penalties do not change the game
    fouls = tx.state.fouls[a.seat - 1]
    if fouls >= rules.fouls.removal_at:
        remove_by_discipline(tx, a.seat, "fouls")
    elif rules.fouls.third_foul_mutes and fouls == rules.fouls.mute_foul_count:
        tx.emit(ev.SpeechLost(a.seat))


def _disqualify(tx: Tx, a: act.Disqualify) -> None:
    s = tx.state
    started(s)
    seat_number(a.seat)
    if a.kind not in ("removal", "team_loss"):
        raise IllegalAction(R.DISQUALIFY_KIND, kind=repr(a.kind))
    if s.finished:
        _after_the_decision(s, a.seat)
        late_disqualification(tx, a.seat, a.kind, team_loss=False)
    elif a.seat not in s.at_table and _leaving(s, a.seat):
        late_disqualification(tx, a.seat, a.kind, team_loss=a.kind == "team_loss")
    else:
        at_table(s, a.seat)
        remove_by_discipline(tx, a.seat, "disqualified", team_loss=a.kind == "team_loss")


def _leaving(s: GameState, seat: int) -> bool:
    """The leaving player: in his farewell, or waiting for it after the vote's result
    (000 II.3.5 "во время его прощальной минуты или после того, как он стал покидающим")."""
    farewell = Speech(seat, FAREWELL)
    return s.speech == farewell or farewell in s.queue


def _after_the_decision(s: GameState, seat: int) -> None:
    """003 7.12, 002 "Дисквалифицированному просто идёт штраф": recorded for the penalty,
    once a seat, never for a player already removed by discipline."""
    gone = [r.cause for r in s.removed if r.seat == seat and r.cause in ("fouls", "disqualified")]
    if gone:
        raise IllegalAction(R.ALREADY_REMOVED, seat=seat, how=word(str(gone[0])))
    if any(done == seat for done, _ in s.late_disqualifications):
        raise IllegalAction(R.ALREADY_DISQUALIFIED, seat=seat)


Handler = Callable[[Tx, act.Action], None]
"""A rule taking exactly one class of action (the key it is filed under in `_HANDLERS`)."""
A = TypeVar("A", bound=act.Action)


def _on(kind: type[A], rule: Callable[[Tx, A], None]) -> tuple[type, Handler]:
    """One row of the table: `rule` is only ever called with a `kind` (the table's key)."""
    return kind, cast("Handler", rule)


# one rule per action class, looked up by the action's class (engine.classic.apply says why)
_HANDLERS: dict[type, Handler] = dict((
    _on(act.Roles, _roles), _on(act.Start, _start), _on(act.Day, _day),
    _on(act.Night, _night), _on(act.SpeechEnd, _speech_end), _on(act.Nominate, _nominate),
    _on(act.Withdraw, _withdraw), _on(act.Votes, _votes), _on(act.Lift, _lift),
    _on(act.Shoot, shoot), _on(act.DonCheck, don_check), _on(act.SheriffCheck, sheriff_check),
    _on(act.BestMove, best_move), _on(act.Foul, _foul), _on(act.Disqualify, _disqualify),
))
# Undo is Game.pop's (engine.classic.game); the after-game lines are
# engine.classic.scoring.entry's
_NOT_HERE: frozenset[type] = frozenset({act.Undo, *act.AFTER_GAME})  # final classes
_AFTER_END = (act.SpeechEnd, act.Foul, act.Disqualify)
_ODD = set(get_args(act.Action)) ^ (_HANDLERS.keys() | _NOT_HERE)
if _ODD:  # checked when the module loads: every test run would fail
    raise TypeError(f"actions without a rule, or rules of no action: {_ODD}")
