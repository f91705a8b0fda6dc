"""The pure view model: table feed + clock -> the frame a screen draws.

Secrecy is decided here, once, whatever the input carries: a public or audience frame shows
roles, shots, checks and the best move only after the game is decided, shows nothing of the
night but the word "night", and treats a view of a richer class than the screen's (a judge
view sent to a public screen) as if it held only what the screen may show.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.viewmodels import JudgeView, View, VoteView
from engine.vocab import ClubStep, InfoClass, Phase, Step
from scoreboard import parts
from scoreboard.countdown import clock
from scoreboard.frames import (
    Countdown,
    Focus,
    SeatCard,
    TableFrame,
    WallCard,
    WallFrame,
)
from scoreboard.link import Link, link_text
from scoreboard.tablefeed import TableFeed
from scoreboard.view import Outcome, TimerSpec
from words import check_lang, has, t

SCREEN_CLASSES = ("public", "audience")
INFO_CLASSES = tuple(InfoClass)  # each class sees at most what the next one sees
BANNER_STEPS = frozenset({Step.FAREWELL, Step.TIE_SPEECH, Step.MAJORITY_SPEECH, Step.VOTE,
                          Step.LIFT, ClubStep.FAREWELL, ClubStep.DISCUSSION,
                          ClubStep.NOMINATIONS, ClubStep.JUSTIFICATION, ClubStep.VOTE,
                          ClubStep.CATASTROPHE, ClubStep.PICK})  # own banners, not "Day N"
WAITING_SEATS = 10  # a table that has sent nothing yet: the classic ten (000 I.1.1) unless
# its roster says how many


def table_frame(
    feed: TableFeed, now: float, lang: str = "ru", info_class: str = "public"
) -> TableFrame:
    """The frame of a table screen for players (public) or the venue (audience)."""
    if info_class not in SCREEN_CLASSES:
        raise ValueError(
            f"a table screen shows the public or audience class, not {info_class!r}; "
            "the judge's screen is judge_frame()"
        )
    return _frame(feed, now, check_lang(lang), info_class)


def judge_frame(feed: TableFeed, now: float, lang: str = "ru") -> TableFrame:
    """The judge's console: everything, including roles, night record and pad input."""
    return _frame(feed, now, check_lang(lang), "judge")


def wall_frame(
    feeds: Iterable[TableFeed] | Mapping[str, TableFeed], now: float, lang: str = "ru",
    standings_as_of: tuple[int | None, bool] | None = None, link: Link | None = None,
) -> WallFrame:
    """All tables of a tournament, each reduced to what a public screen may show; with the
    hub's word on its standings ("as of round N" or hidden), when it has spoken, and what is
    wrong with the screen's link to the broker (`link`), if anything."""
    items = feeds.values() if isinstance(feeds, Mapping) else feeds
    ordered = sorted(items, key=lambda feed: _natural(feed.table))
    return WallFrame(
        lang=check_lang(lang),
        title=t(lang, "wall_title"),
        cards=tuple(_wall_card(feed, now, lang) for feed in ordered),
        empty_text=t(lang, "wall.no_tables"),
        standings_note=standings_note(standings_as_of, lang),
        link=link_text(link, now, lang, table=None, heard=any(f.heard for f in ordered)),
    )


def standings_note(as_of: tuple[int | None, bool] | None, lang: str) -> str:
    if as_of is None:
        return ""
    number, hidden = as_of
    if hidden:
        return t(lang, "standings.hidden")
    return t(lang, "wall.standings_as_of", n=number) if number is not None else ""


def _status(feed: TableFeed) -> str:
    """The table's liveness, or "nolink" while the screen's own link is not up: what the
    screen last heard says nothing about the table then."""
    return feed.status if feed.link is None or feed.link.up else "nolink"


def _link(feed: TableFeed, now: float, lang: str) -> str:
    return link_text(feed.link, now, lang, table=feed.table, heard=feed.heard)


def _frame(feed: TableFeed, now: float, lang: str, info_class: str) -> TableFrame:
    view = feed.view
    if view is None:
        return _waiting(feed, now, lang, info_class)
    judge = info_class == "judge"
    over = feed.over
    hide_night = view.phase == Phase.NIGHT and not judge
    # A view richer than the screen's class may carry what this screen must not show.
    trusted = INFO_CLASSES.index(view.view) <= INFO_CLASSES.index(InfoClass(info_class))
    nominations = view.nominations if trusted or info_class != "public" else None
    show_voters = info_class != "public"
    known = feed.outcome if judge or over else None
    roles = {seat: role.value for seat, role in known.roles.items()} if known else {}
    speaker = None if hide_night else view.speaker
    vote = None if hide_night else view.vote
    lift = None if hide_night else view.lift
    # once decided, nobody is nominated or voted on any more: no badges, no candidate edges
    marks = (None, None, None) if over else (nominations, vote, lift)
    points = parts.seat_points(feed) if judge else {}
    if over and known is not None and known.points:  # the club's score, public once decided
        points = parts.club_points(known)
    seats = tuple(
        parts.seat_card(feed, seat, lang, speaker=speaker, nominations=marks[0], vote=marks[1],
                        lift=marks[2], role=roles.get(seat.seat),
                        points=points.get(seat.seat, ""))
        for seat in view.seats
    )
    timer = feed.timer
    countdown = (None if hide_night or timer is None or timer.undated
                 else _countdown(timer, now, lang))
    return TableFrame(
        table=feed.table,
        info_class=info_class,
        lang=lang,
        title=t(lang, "judge_table" if judge else "table", table=feed.table),
        banner=_banner(view, over, lang),
        subtitle="" if hide_night else _subtitle(view, over, feed, lang),
        night=view.phase == Phase.NIGHT,
        over=over,
        status=_status(feed),
        status_text=t(lang, f"status.{_status(feed)}"),
        notice=_notice(feed, lang),
        countdown=countdown,
        seats=seats,
        nominations_text=_nominations_text(view, over, nominations, lang, hide_night),
        vote=None if hide_night else parts.vote_panel(view, vote, feed, lang, show_voters),
        lift=None if lift is None else parts.lift_panel(lift, lang),
        result=_result(over, known, lang),
        result_side=None if known is None or not over or known.winner is None
        else known.winner.value,
        termination=_termination(over, known, lang),
        summary=parts.summary(view, known, lang) if over and known else (),
        judge=parts.judge_panel(view if isinstance(view, JudgeView) else None, feed, lang, now)
        if judge else None,
        deck=len(view.seats) if view.phase == Phase.SETUP else 0,
        deal_lines=_deal_lines(view, lang),
        focus=None if countdown is not None or over else _focus(marks[1], feed, lang),
        link=_link(feed, now, lang),
    )


def _focus(vote: VoteView | None, feed: TableFeed, lang: str) -> Focus | None:
    """A vote with no time limit (the club's, 004) puts the seat being voted on where the
    clock would stand, so the middle of the screen is not left empty."""
    if vote is None:
        return None
    name = feed.name(vote.current)
    label = t(lang, "focus.vote_named", name=name) if name else t(lang, "focus.vote")
    return Focus(text=t(lang, "seat_ref", seat=vote.current), label=label)


def _deal_lines(view: View, lang: str) -> tuple[str, ...]:
    """The deal's middle of the screen: how the cards go round (000 I.4.4, 003 4.1.3)."""
    if view.phase != Phase.SETUP:
        return ()
    if view.step == Step.READY:
        return t(lang, "deal.done"), t(lang, "deal.next")
    return t(lang, "deal.title"), t(lang, "deal.turns"), t(lang, "deal.look"), t(lang, "deal.next")


def _waiting(feed: TableFeed, now: float, lang: str, info_class: str) -> TableFrame:
    """A table that has not sent its state yet: names and liveness only."""
    seats = tuple(
        SeatCard(n, feed.name(n), True, (), 0, False, False, None, False, False, None, None, "")
        for n in range(1, (len(feed.names) or WAITING_SEATS) + 1)
    )
    return TableFrame(
        table=feed.table, info_class=info_class, lang=lang,
        title=t(lang, "judge_table" if info_class == "judge" else "table", table=feed.table),
        banner=t(lang, "banner.waiting"),
        subtitle="", night=False, over=False, status=_status(feed),
        status_text=t(lang, f"status.{_status(feed)}"), notice=_notice(feed, lang),
        countdown=None, seats=seats, nominations_text="", vote=None, lift=None, result="",
        result_side=None, termination="", summary=(),
        judge=parts.judge_panel(None, feed, lang) if info_class == "judge" else None,
        link=_link(feed, now, lang),
    )


def _banner(view: View, over: bool, lang: str) -> str:
    if over:
        return t(lang, "banner.over")
    if view.phase == Phase.SETUP:
        return t(lang, "banner.ready" if view.step == Step.READY else "banner.deal")
    if view.phase == Phase.NIGHT:
        if view.number == 0:
            return t(lang, "banner.zero_night")
        return t(lang, "banner.night", number=view.number)
    if view.step in BANNER_STEPS:
        return t(lang, f"banner.{view.step}")
    return t(lang, "banner.day", number=view.number)


def _subtitle(view: View, over: bool, feed: TableFeed, lang: str) -> str:
    if view.phase == Phase.SETUP:
        return t(lang, "sub.ready") if view.step == Step.READY else ""
    if view.phase == Phase.NIGHT:  # only the judge gets here
        step: str = view.step
        if step == Step.CHECKS and isinstance(view, JudgeView) and view.night_steps:
            step = view.night_steps[0]  # "checks" stands for the next of them
        if isinstance(view, JudgeView) and view.club_night_step is not None:
            step = view.club_night_step  # the club's night, in its order (004 §7)
        key = f"night_step.{step}"
        return t(lang, key).capitalize() if has(key) else ""
    seat = view.vote.current if view.step == Step.VOTE and view.vote else view.speaker
    key = f"sub.{view.step}"
    if seat is not None and has(key):
        return t(lang, key, seat=t(lang, "seat_ref", seat=seat), name=feed.name(seat)).strip()
    if view.step == Step.AWAIT_NIGHT and not over:
        if view.day_vote in ("none", "skipped", "cancelled", "held"):
            return t(lang, f"day_vote.{view.day_vote}")
        return t(lang, "sub.day_over", number=view.number)
    return ""


def _countdown(timer: TimerSpec, now: float, lang: str) -> Countdown:
    state = clock(timer, now)
    key = f"timer.{timer.kind}"
    step = f"night_step.{timer.kind}"  # judge: night steps have their own timers
    label = t(lang, key) if has(key) else t(lang, step).capitalize() if has(step) else ""
    if state.paused:
        label = f"{label} · {t(lang, 'timer.paused')}" if label else t(lang, "timer.paused")
    return Countdown(
        text=state.text, label=label, urgent=state.urgent, flash=state.flash, paused=state.paused
    )


def _notice(feed: TableFeed, lang: str) -> str:
    if feed.status in ("offline", "stale"):
        return t(lang, f"notice.{feed.status}")
    return t(lang, "notice.no_view") if feed.view is None else ""


def _nominations_text(
    view: View, over: bool, nominations: tuple[int, ...] | None, lang: str, hide_night: bool
) -> str:
    if hide_night or view.phase != Phase.DAY or over or view.vote is not None:
        return ""
    if nominations is None:
        return t(lang, "nominated.hidden") if view.step in (Step.SPEECH, Step.MUTED_TURN) else ""
    if not nominations:
        return t(lang, "nominated.none")
    return t(lang, "nominated", seats=parts.seat_list(nominations, lang))


def _result(over: bool, known: Outcome | None, lang: str) -> str:
    if not over:
        return ""
    winner = known.winner if known else None
    return t(lang, f"winner.{winner}" if winner else "winner.none")


def _termination(over: bool, known: Outcome | None, lang: str) -> str:
    if not over or known is None or known.termination is None:
        return ""
    key = f"term.{known.termination}"
    return t(lang, key) if has(key) else known.termination.replace("_", " ")


def _wall_card(feed: TableFeed, now: float, lang: str) -> WallCard:
    frame = _frame(feed, now, lang, "public")
    view = feed.view
    left = sum(1 for seat in frame.seats if seat.at_table)
    players = ""
    if view is not None:
        day_banner = t(lang, "banner.day", number=view.number)
        in_day = view.phase == Phase.DAY and not feed.over and frame.banner != day_banner
        players = t(lang, "wall.day_players", day=view.number, n=left) if in_day else t(
            lang, "wall.players", n=left)
    countdown = frame.countdown
    return WallCard(
        table=feed.table,
        title=frame.title,
        phase_text=frame.banner,
        players_text=players,
        players_left=left if view else 0,
        timer_text=countdown.text if countdown else "",
        urgent=bool(countdown and countdown.urgent),  # steady red: the wall does not flash
        night=frame.night,
        over=frame.over,
        status=frame.status,
        status_text=frame.status_text,
        result=frame.result,
        result_side=frame.result_side,
    )


def _natural(table: str) -> tuple[tuple[int, int, str], ...]:
    """Table 2 before table 10."""
    import re

    return tuple(
        (0, int(part), "") if part.isdigit() else (1, 0, part)
        for part in re.split(r"(\d+)", table)
        if part
    )
