"""The pieces of a table frame: seat cards, vote and lift panels, protocol summary, judge panel.

`model.py` decides what a screen may know and passes only that here; these helpers only put
it into words.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from engine.viewmodels import (
    ClubNightView,
    JudgeView,
    LiftView,
    NightView,
    Out,
    SeatView,
    View,
    VotersVoteView,
    VoteView,
)
from engine.vocab import Phase, Step
from scoreboard.frames import JudgePanel, LiftPanel, SeatCard, VoteLine, VotePanel
from scoreboard.tablefeed import TableFeed
from scoreboard.view import Outcome, is_over
from words import has, pad_text, t


def ref(seat: int, lang: str) -> str:
    """"№4" / "#4"."""
    return t(lang, "seat_ref", seat=seat)


def seat_list(seats: Iterable[int], lang: str) -> str:
    """"№4, №9"."""
    return ", ".join(ref(seat, lang) for seat in seats)


def named(seat: int, feed: TableFeed, lang: str) -> str:
    """"№4 Лиса", or "№4" without a roster."""
    return f"{ref(seat, lang)} {feed.name(seat)}".strip()


def left_how(out: Out, lang: str) -> str:
    """"заголосован" / "убит" ...; an unknown cause still reads as leaving the table."""
    key = f"left.{out.cause}"
    return t(lang, key if has(key) else "left.other")


def left_when(out: Out, lang: str) -> str:
    """"день 1" / "ночь 2", or "" when the view does not say."""
    if out.day is not None:
        return t(lang, "when.day", n=out.day)
    if out.night is not None:
        return t(lang, "when.night", n=out.night)
    return ""


def seat_card(
    feed: TableFeed,
    seat: SeatView,
    lang: str,
    *,
    speaker: int | None,
    nominations: tuple[int, ...] | None,
    vote: VoteView | None,
    lift: LiftView | None,
    role: str | None,
    points: str = "",
) -> SeatCard:
    """One seat as the screen may show it; `role` is None unless the screen may know it."""
    notes: tuple[str, ...] = (t(lang, "muted"),) if seat.muted and seat.at_table else ()
    if seat.out is not None:
        notes = tuple(x for x in (left_how(seat.out, lang), left_when(seat.out, lang)) if x)
    in_nominations = nominations is not None and seat.seat in nominations
    candidates = (vote.candidates if vote else ()) + (lift.candidates if lift else ())
    return SeatCard(
        seat=seat.seat,
        nickname=feed.name(seat.seat),
        at_table=seat.at_table,
        notes=notes,
        fouls=seat.fouls,
        muted=seat.muted,
        speaking=seat.seat == speaker,
        nominated=nominations.index(seat.seat) + 1 if nominations and in_nominations else None,
        candidate=seat.seat in candidates,
        voting_now=vote is not None and vote.current == seat.seat,
        votes=vote.votes.get(seat.seat) if vote else None,
        role=role,
        role_text=t(lang, f"role.{role}").capitalize() if role else "",
        points=points,
    )


def vote_panel(
    view: View, vote: VoteView | None, feed: TableFeed, lang: str, show_voters: bool
) -> VotePanel | None:
    """The round in progress and today's finished rounds (a tie shows here)."""
    if vote is None and not view.rounds:
        return None
    history = tuple(
        t(lang, "round.line", round=number, votes=_votes_text(r.candidates, dict(r.votes), lang))
        for number, r in enumerate(view.rounds, start=1)
    )
    lines: tuple[VoteLine, ...] = ()
    title = t(lang, "banner.vote")
    if vote is not None:
        title = t(lang, "vote.title", round=vote.round)
        counted = vote.votes
        voters = vote.voters if isinstance(vote, VotersVoteView) else {}
        lines = tuple(
            VoteLine(
                seat=seat,
                nickname=feed.name(seat),
                votes=counted.get(seat),
                current=seat == vote.current,
                text=named(seat, feed, lang),
                voters_text=t(lang, "vote.voters", seats=seat_list(voters[seat], lang))
                if show_voters and voters.get(seat)
                else "",
            )
            for seat in vote.candidates
        )
    return VotePanel(title=title, lines=lines, history=history)


def _votes_text(candidates: tuple[int, ...], votes: dict[int, int], lang: str) -> str:
    return ", ".join(f"{ref(seat, lang)} — {votes.get(seat, 0)}" for seat in candidates)


def lift_panel(lift: LiftView, lang: str) -> LiftPanel:
    """The question as the judge asks it, then the count and what it means."""
    answer = ""
    if lift.yes is not None:
        answer = t(lang, "lift.yes", yes=lift.yes)
        if lift.passed is not None:
            answer += ". " + t(lang, "lift.passed" if lift.passed else "lift.failed")
    return LiftPanel(
        question=t(lang, "lift.question"),
        candidates_text=t(lang, "lift.candidates", seats=seat_list(lift.candidates, lang)),
        answer=answer,
    )


def summary(view: View, known: Outcome, lang: str) -> tuple[str, ...]:
    """A short protocol: who left when and how, missed shots, the best move."""
    events: list[tuple[int, int, str]] = []
    for seat in view.seats:
        if seat.out is None:
            continue
        moment = _moment(seat.out)
        when = left_when(seat.out, lang).capitalize() or "—"
        text = t(lang, "summary.left", when=when, seat=ref(seat.seat, lang),
                 how=left_how(seat.out, lang))
        events.append((moment, seat.seat, text))
    for night in known.nights:
        if night.shot is None and night.night > 0:
            events.append((2 * night.night, 0, t(lang, "summary.miss", n=night.night)))
    lines = [text for _, _, text in sorted(events)]
    if known.best_move is not None:
        best = known.best_move
        found = "?" if best.black_found is None else best.black_found
        lines.append(t(lang, "summary.best_move", seat=ref(best.seat, lang),
                       guess=seat_list(best.guess, lang), found=found))
    return tuple(lines)


def _moment(out: Out) -> int:
    """Order of the game: night 0, day 1, night 1, day 2, ..."""
    if out.day is not None:
        return 2 * out.day - 1
    if out.night is not None:
        return 2 * out.night
    return 10_000


def judge_panel(view: JudgeView | None, feed: TableFeed, lang: str,
                now: float = 0.0) -> JudgePanel:
    """The night record, pending night steps, pad input and the last refusal."""
    lines: list[str] = []
    if view is not None:
        for night in view.nights:
            lines.extend(_night_lines(night, lang, shot_pending=_shot_pending(view, night)))
        if view.best_move is not None and not is_over(view):  # (once over, the summary has it)
            best = view.best_move
            found = "?" if best.black_found is None else best.black_found
            lines.append(t(lang, "summary.best_move", seat=ref(best.seat, lang),
                           guess=seat_list(best.guess, lang), found=found))
        for club_night in view.club_nights or ():
            lines.extend(_club_night_lines(club_night, lang))
        if view.night_steps:
            steps = ", ".join(t(lang, f"night_step.{s}") for s in view.night_steps)
            lines.append(t(lang, "judge.night_steps", steps=steps))
    window, closed, protests = _after_game(feed, lang, now)
    return JudgePanel(
        window=window, closed=closed, protests=protests,
        lines=tuple(lines),
        pending=(t(lang, "judge.pending", text=pad_text(feed.pending_key, lang))
                 if feed.pending_key else ""),
        error=t(lang, "judge.error", text=error) if (error := feed.error_text(lang)) else "",
    )


def _after_game(feed: TableFeed, lang: str, now: float) -> tuple[str, bool, str]:
    """The protest window (or "closed") and who protested (issue 12; the window is the
    ruleset's, e.g. 000 III.15.1 "в течение 10 минут после окончания игры")."""
    after = feed.after_game
    if not feed.over or after is None:
        return "", False, ""
    if after.closed:
        window = (t(lang, "judge.closed_by", judge=after.judge) if after.judge
                  else t(lang, "judge.closed"))
    elif after.decided_at is None or (table_now := feed.table_time(now)) is None:
        window = ""
    else:  # both moments on the table's clock (docs/clock.md), whatever the screen's says
        left = after.protest_minutes * 60 - (table_now - after.decided_at.timestamp())
        window = (t(lang, "judge.window", left=_mm_ss(left)) if left > 0
                  else t(lang, "judge.window_over"))
    protests = (t(lang, "judge.protests", seats=seat_list(after.protests, lang))
                if after.protests else "")
    return window, after.closed, protests


def seat_points(feed: TableFeed) -> dict[int, str]:
    """Each seat's points as they will be recorded, for the judge's cards after the game."""
    after = feed.after_game
    if not feed.over or after is None:
        return {}
    return {p.seat: _points(p.total) for p in after.points}


def club_points(known: Outcome) -> dict[int, str]:
    """Each seat's points of a decided club game (004 §8: doubled, fines added), every seat
    of the table shown, the losers' 0 too."""
    return {seat: _points(total) for seat, total in known.points.items()}


def _mm_ss(seconds: float) -> str:
    whole = max(0, math.ceil(seconds))
    return f"{whole // 60:02d}:{whole % 60:02d}"


def _points(value: float) -> str:
    """1.0 -> "1", 0.3 -> "0.3", -0.5 -> "−0.5" (a real minus sign reads from afar)."""
    text = f"{abs(value):.2f}".rstrip("0").rstrip(".")
    return ("−" if value < 0 else "") + text


def _shot_pending(view: JudgeView, night: NightView) -> bool:
    """Tonight's shot is still to come: an empty shot is not a miss yet."""
    tonight = view.phase == Phase.NIGHT and night.night == view.number
    return tonight and (view.step == Step.SHOOT or "shoot" in view.night_steps)


def _night_lines(night: NightView, lang: str, *, shot_pending: bool = False) -> list[str]:
    lines = []
    if night.night > 0 and not (shot_pending and night.shot is None and not night.shots):
        if night.shots:
            shots = ", ".join(
                f"{ref(who, lang)}→{ref(at, lang) if at else '—'}"
                for who, at in sorted(night.shots.items())
            )
            lines.append(t(lang, "judge.shots", n=night.night, shots=shots))
        elif night.shot is not None:
            lines.append(t(lang, "judge.shot", n=night.night, seat=ref(night.shot, lang)))
        else:
            lines.append(t(lang, "summary.miss", n=night.night))
    if night.don_check is not None:
        seat, is_sheriff = night.don_check.seat, night.don_check.sheriff
        answer = t(lang, "role.sheriff" if is_sheriff else "judge.not_sheriff")
        lines.append(t(lang, "judge.don_check", seat=ref(seat, lang), answer=answer))
    if night.sheriff_check is not None:
        seat, black = night.sheriff_check.seat, night.sheriff_check.black
        answer = t(lang, "team.black" if black else "team.red")
        lines.append(t(lang, "judge.sheriff_check", seat=ref(seat, lang), answer=answer))
    return lines


def _club_night_lines(night: ClubNightView, lang: str) -> list[str]:
    """Every action of one club night, in the club's order (004 §7): the judge's record."""
    acts = []
    for key, seat in (("putana", night.putana), ("mafia_shot", night.mafia_shot)):
        if seat is not None:
            acts.append(t(lang, f"club.{key}", seat=ref(seat, lang)))
    if night.don_check is not None:
        acts.append(t(lang, "club.don_check", seat=ref(night.don_check.seat, lang),
                      found=t(lang, f"found.{night.don_check.found}")))
    for key, seat in (("maniac_shot", night.maniac_shot), ("heal", night.heal),
                      ("saved", night.saved)):
        if seat is not None:
            acts.append(t(lang, f"club.{key}", seat=ref(seat, lang)))
    if night.commissar_check is not None:
        acts.append(t(lang, "club.commissar_check", seat=ref(night.commissar_check.seat, lang),
                      found=t(lang, f"found.{night.commissar_check.found}")))
    if night.kamikaze is not None:
        acts.append(t(lang, "club.kamikaze", seat=ref(night.kamikaze, lang)))
    if night.blast:
        acts.append(t(lang, "club.blast", seats=seat_list(night.blast, lang)))
    if not acts:
        return []
    return [t(lang, "club.night", n=night.night, acts="; ".join(acts))]
