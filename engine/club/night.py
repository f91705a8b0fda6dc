"""The club night (004 §7) and what the engine decides at `day` (004 §4, club R12-R19)."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from engine.club import events as ev
from engine.club.day import open_day
from engine.club.flow import Tx, check_win
from engine.club.state import ClubNight, ClubState
from engine.errors import IllegalAction
from engine.refusals import CLUB_ACT_WORDS, CLUB_ROLE_WORDS, Phrase, R
from engine.roles import CLUB_SIDES, ClubRole, Side
from engine.values import compare_by_class
from engine.vocab import ClubCause, NightAct, Phase

ORDER = tuple(NightAct)
ACTOR: dict[NightAct, ClubRole] = {
    NightAct.PUTANA: ClubRole.PUTANA, NightAct.DON_CHECK: ClubRole.DON,
    NightAct.MANIAC_SHOT: ClubRole.MANIAC, NightAct.HEAL: ClubRole.DOCTOR,
    NightAct.COMMISSAR_CHECK: ClubRole.COMMISSAR, NightAct.KAMIKAZE: ClubRole.KAMIKAZE,
}


# members read at every night line and dawn, bound once: on Python 3.11 each `Enum.MEMBER`
# costs about as much as a copy of the state (see engine.club.flow)
_HEAL, _MAFIA_SHOT, _MANIAC_SHOT = NightAct.HEAL, NightAct.MAFIA_SHOT, NightAct.MANIAC_SHOT
_KAMIKAZE_PICK, _PUTANA_VISIT, _NIGHT = NightAct.KAMIKAZE, NightAct.PUTANA, Phase.NIGHT
_KAMIKAZE, _SAPPER, _MAFIA_SIDE = ClubRole.KAMIKAZE, ClubRole.SAPPER, Side.MAFIA
_BY_MAFIA, _BY_MANIAC = ClubCause.MAFIA, ClubCause.MANIAC
_BY_KAMIKAZE, _BY_SAPPER = ClubCause.KAMIKAZE, ClubCause.SAPPER


def _night(s: ClubState) -> ClubNight:
    assert s.night is not None
    return s.night


def blocked(s: ClubState) -> int | None:
    """The seat the putana visited tonight: he sleeps (club R15)."""
    return _night(s).get(_PUTANA_VISIT)[1]


def _mafia_at_table(s: ClubState) -> bool:
    """Whether the mafia's side has a seat at the table (no sort, no tuple: per night line)."""
    roles = s.roles
    assert roles is not None
    return any(CLUB_SIDES[roles[x - 1]] is _MAFIA_SIDE for x in s.at_table)


def _live(s: ClubState, step: NightAct) -> int | None:
    """Tonight's line of `step`, unless its player was removed since: his card stopped
    (004 §9 "ролевая карта не срабатывает")."""
    seat = _night(s).get(step)[1]
    if seat is None:
        return None
    if step is _MAFIA_SHOT:
        return seat if _mafia_at_table(s) else None
    return seat if s.present(ACTOR[step]) is not None else None


class Shots(NamedTuple):
    """Tonight's live heal and shots and who they kill: worked out once per dawn and handed
    down, not once in each rule that needs them."""

    healed: int | None
    mafia: int | None
    maniac: int | None
    dead: tuple[tuple[int, ClubCause], ...]


compare_by_class(Shots)


def shots(s: ClubState) -> Shots:
    """The shots' targets at the table except the healed seat, the mafia's first (club R12,
    R14: a seat shot twice dies once, by the mafia)."""
    healed = _live(s, _HEAL)
    mafia, maniac = _live(s, _MAFIA_SHOT), _live(s, _MANIAC_SHOT)
    out: list[tuple[int, ClubCause]] = []
    for target, cause in ((mafia, _BY_MAFIA), (maniac, _BY_MANIAC)):
        if target is not None and target != healed and target in s.at_table \
                and all(t != target for t, _ in out):
            out.append((target, cause))
    return Shots(healed, mafia, maniac, tuple(out))


def shot_dead(s: ClubState) -> tuple[tuple[int, ClubCause], ...]:
    """Who tonight's shots kill (club R12, R14); see `shots`."""
    return shots(s).dead


def blast(s: ClubState, sapper: int, leaving: set[int]) -> tuple[int, ...]:
    """The nearest seat counting down and the nearest counting up, cyclically, at the table
    and not leaving tonight anyway; night 1 passes over immune seats (004 §4, §7.8, R16)."""
    n = s.seats
    out: list[int] = []
    for direction in (-1, 1):
        for k in range(1, n):
            x = (sapper - 1 + direction * k) % n + 1
            if x in s.at_table and x not in leaving and not s.immune_now(x):
                if x not in out:
                    out.append(x)
                break
    return tuple(out)


def kamikaze_dies(s: ClubState, tonight: Shots | None = None) -> bool:
    """Shot dead, or caught in the blast of a sapper shot dead (004 §4)."""
    k = s.present(_KAMIKAZE)
    if k is None:
        return False
    dead = {t for t, _ in (tonight or shots(s)).dead}
    sapper = s.present(_SAPPER)
    return k in dead or (sapper is not None and sapper in dead
                        and k in blast(s, sapper, dead | {sapper}))


def _mafia_shot_required(s: ClubState) -> bool:
    return not _night(s).get(_MAFIA_SHOT)[0] and _mafia_at_table(s)


def _kamikaze_required(s: ClubState, tonight: Shots) -> bool:
    k = s.present(_KAMIKAZE)
    return (k is not None and k != blocked(s) and kamikaze_dies(s, tonight)
            and not _night(s).get(_KAMIKAZE_PICK)[0])


def night_action(tx: Tx, step: NightAct, seat: int | None) -> None:
    """One night line, in the order of 004 §7, at most once each."""
    s = tx.state
    if s.phase is not _NIGHT or s.number < 1:
        raise IllegalAction(R.CLUB_NIGHT_ONE_ON, what=_word(step))
    n = _night(s)
    done = [ORDER.index(a) for a, _ in n.acts]
    here = ORDER.index(step)
    if done and here <= max(done):
        if here in done:
            raise IllegalAction(R.CLUB_ACT_ENTERED, what=_word(step))
        raise IllegalAction(R.CLUB_ACT_TOO_LATE, what=_word(step),
                            later=_word(ORDER[max(done)]))
    if here > ORDER.index(_MAFIA_SHOT) and _mafia_shot_required(s):
        raise IllegalAction(R.CLUB_SHOT_FIRST, what=_word(step))
    if seat is not None and not 1 <= seat <= s.seats:
        raise IllegalAction(R.CLUB_NOT_A_SEAT, seat=seat, seats=s.seats)
    _CHECK[step](s, seat)
    tx.emit(ev.NightActed(step, seat))


def _word(step: NightAct) -> Phrase:
    """The night line as the host names it, in the screen's language."""
    return Phrase(CLUB_ACT_WORDS[step])


def _actor(s: ClubState, step: NightAct) -> int:
    role = ACTOR[step]
    seat = s.present(role)
    if seat is None:
        raise IllegalAction(R.CLUB_NO_ACTOR, what=_word(step),
                            role=Phrase(CLUB_ROLE_WORDS[role]))
    if seat == blocked(s):
        raise IllegalAction(R.CLUB_PUTANA_WITH, what=_word(step),
                            role=Phrase(CLUB_ROLE_WORDS[role]))
    return seat


def _target(s: ClubState, seat: int | None, actor: int | None, what: NightAct) -> None:
    if seat is None:
        return
    if seat not in s.at_table:
        raise IllegalAction(R.CLUB_TARGET_NOT_AT_TABLE, what=_word(what), seat=seat)
    if seat == actor:
        raise IllegalAction(R.CLUB_TARGET_SELF, what=_word(what))
    if s.immune_now(seat):
        raise IllegalAction(R.CLUB_IMMUNE_NIGHT, what=_word(what), seat=seat)


def _putana(s: ClubState, seat: int | None) -> None:
    me = _actor(s, NightAct.PUTANA)
    if seat is None or seat not in s.at_table or seat == me:
        raise IllegalAction(R.CLUB_PUTANA_TARGET)


def _mafia_shot(s: ClubState, seat: int | None) -> None:
    side = s.side_at_table(Side.MAFIA)
    if not side:
        raise IllegalAction(R.CLUB_NO_MAFIA)
    if seat is not None and blocked(s) in side:
        raise IllegalAction(R.CLUB_MAFIA_BLOCKED)
    _target(s, seat, None, NightAct.MAFIA_SHOT)


def _check(step: NightAct) -> Callable[[ClubState, int | None], None]:
    def check(s: ClubState, seat: int | None) -> None:
        me = _actor(s, step)
        if seat is None or seat == me:
            raise IllegalAction(R.CLUB_CHECK_OTHER, what=_word(step))
        if s.removed_seat(seat):
            raise IllegalAction(R.CLUB_CHECK_REMOVED, what=_word(step), seat=seat)
    return check


def _maniac_shot(s: ClubState, seat: int | None) -> None:
    _target(s, seat, _actor(s, NightAct.MANIAC_SHOT), NightAct.MANIAC_SHOT)


def _heal(s: ClubState, seat: int | None) -> None:
    me = _actor(s, NightAct.HEAL)
    if seat is None or seat not in s.at_table:
        raise IllegalAction(R.CLUB_HEAL_TARGET)
    if seat == me and s.self_healed:
        raise IllegalAction(R.CLUB_SELF_HEAL)
    last = s.nights[-1].get(NightAct.HEAL)[1] if s.nights else None
    if seat == last:
        raise IllegalAction(R.CLUB_HEAL_TWICE, seat=seat)


def _kamikaze(s: ClubState, seat: int | None) -> None:
    me = _actor(s, NightAct.KAMIKAZE)
    tonight = shots(s)
    if not kamikaze_dies(s, tonight):
        raise IllegalAction(R.CLUB_KAMIKAZE_NIGHT)
    _target(s, seat, me, NightAct.KAMIKAZE)
    if seat is not None and any(t == seat for t, _ in tonight.dead):
        raise IllegalAction(R.CLUB_KAMIKAZE_SHOT, seat=seat)


_CHECK = {
    NightAct.PUTANA: _putana, NightAct.MAFIA_SHOT: _mafia_shot,
    NightAct.DON_CHECK: _check(NightAct.DON_CHECK), NightAct.MANIAC_SHOT: _maniac_shot,
    NightAct.HEAL: _heal, NightAct.COMMISSAR_CHECK: _check(NightAct.COMMISSAR_CHECK),
    NightAct.KAMIKAZE: _kamikaze,
}


class Leaving(NamedTuple):
    seat: int
    cause: ClubCause
    last_word: bool


compare_by_class(Leaving)


def morning(s: ClubState, tonight: Shots | None = None
            ) -> tuple[int | None, tuple[int, ...], tuple[Leaving, ...]]:
    """(saved, blast, leavers in announcement order) of tonight (004 §4, club R16-R19)."""
    n = _night(s)
    healed, mafia, maniac, dead = tonight or shots(s)
    dead_seats = {t for t, _ in dead}
    saved = healed if healed is not None and healed in (mafia, maniac) else None
    pick = n.get(_KAMIKAZE_PICK)[1]
    k, sapper = s.present(_KAMIKAZE), s.present(_SAPPER)
    exploding = sapper is not None and (sapper in dead_seats or sapper == pick)
    leaving = dead_seats | ({pick} if pick is not None else set())
    boom = blast(s, sapper, leaving | {sapper}) if exploding and sapper is not None else ()
    out: list[Leaving] = []
    cause = dict(dead)

    def add(seat: int, why: ClubCause, word: bool) -> None:
        if all(x.seat != seat for x in out):
            out.append(Leaving(seat, why, word and not s.muted(seat, s.number + 1)))

    if k is not None and k in dead_seats:  # (1) "сперва камикадзе, затем его выбор"
        add(k, cause[k], True)
        if pick is not None:
            add(pick, _BY_KAMIKAZE, pick != sapper)
    if exploding and sapper is not None:  # (2) the sapper and the blast, silently (§7.8)
        add(sapper, cause.get(sapper, _BY_KAMIKAZE), False)
        for x in boom:
            add(x, _BY_SAPPER, False)
    if pick is not None:  # (3) the pick of a kamikaze killed in the blast has his word
        add(pick, _BY_KAMIKAZE, pick != sapper)
    for seat, why in dead:  # (4) the other shot dead, the mafia's first
        add(seat, why, True)
    return saved, boom, tuple(out)


def dawn(tx: Tx) -> None:
    """`day` after night N: the engine decides who leaves (004 §4)."""
    s = tx.state
    if _mafia_shot_required(s):
        raise IllegalAction(R.CLUB_MAFIA_NOT_SHOT)
    tonight = shots(s)
    if _kamikaze_required(s, tonight):
        raise IllegalAction(R.CLUB_KAMIKAZE_PICK)
    saved, boom, leavers = morning(s, tonight)
    tx.emit(ev.Dawn(saved, boom))
    for x in leavers:
        tx.emit(ev.Left(x.seat, x.cause, x.last_word))
    check_win(tx)
    open_day(tx, s.number + 1, tuple(x.seat for x in leavers))
