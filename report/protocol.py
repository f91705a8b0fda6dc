"""The protocol of one game as typed rows: what clause 9 of 001/003 asks the judge to fill
(tournament, stage, game, table, date, judge; per seat nickname, role letter, fouls,
nominations, votes, best move, points, extra points, protest; result; signature)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from engine.classic.game import Game
from engine.classic.scoring.game import as_points, score_game
from engine.classic.scoring.limits import pts
from words import Lang, has, t


class SeatRow(NamedTuple):
    seat: int
    player: str
    role: str
    fouls: int
    nominated: str  # "D1: 4; D2: 7" the seats he nominated
    votes: str  # "D1: 3; D2: 2/5" votes against him, revotes after a slash
    best_move: str
    removed: str
    points: float
    extra: float  # best move + extra + mechanical: the «Доп. баллы» column
    penalties: float
    total: float
    protest: str
    clauses: str


class Protocol(NamedTuple):
    lang: Lang
    head: Mapping[str, str]  # tournament, stage, game, table, date, judge, rules
    result: str
    rows: tuple[SeatRow, ...]
    closed: bool
    notes: tuple[str, ...]  # colours left, late disqualifications


def paper(lang: Lang, key: str) -> str:
    """A word of the paper protocol in `lang` (words/paper.py)."""
    return t(lang, f"paper.{key}")


def left(lang: Lang, cause: str) -> str:
    """How a player left, in the narrow "removed" column: the screens' word (`left.*`), or its
    short form where it has one."""
    return t(lang, f"paper.left.{cause}" if has(f"paper.left.{cause}") else f"left.{cause}")


def build(header: Mapping[str, object], game: Game, lang: Lang = "ru") -> Protocol:
    s = game.state
    day, night = paper(lang, "day"), paper(lang, "night")
    named = header.get("players")  # the game log's header (engine/log.py checked it)
    players = [str(x) for x in named] if isinstance(named, list) and named else [""] * 10
    scores = score_game(s, game.rules)
    days = (*s.days, s.day) if s.day is not None else s.days
    rows = []
    for seat in range(1, 11):
        nominated = "; ".join(
            f"{day}{d.number}: " + ", ".join(
                str(c) for c, by in zip(d.nominations, d.nominators, strict=False) if by == seat)
            for d in days if seat in d.nominators)
        votes = "; ".join(
            f"{day}{d.number}: " + "/".join(
                str(r.votes[r.candidates.index(seat)]) for r in d.rounds
                if seat in r.candidates and r.votes)
            for d in days if any(seat in r.candidates and r.votes for r in d.rounds))
        bm = s.best_move
        best = "" if bm is None or bm.seat != seat else (
            ", ".join(map(str, bm.guess)) + f" ({bm.black_found})")
        out = next((r for r in s.removed if r.seat == seat), None)
        removed = "" if out is None else (
            f"{left(lang, out.cause)} {night if out.phase == 'night' else day}{out.number}")
        sc = scores[seat] if scores is not None else None
        protest = " / ".join(p.text for p in s.sheet.protests if p.seat == seat)
        rows.append(SeatRow(
            seat=seat, player=str(players[seat - 1]),
            role="" if s.roles is None else t(lang, f"role_letter.{s.role(seat)}"),
            fouls=s.fouls[seat - 1], nominated=nominated, votes=votes, best_move=best,
            removed=removed,
            points=as_points(sc.base) if sc else 0.0,
            extra=as_points(sc.extras) if sc else 0.0,
            penalties=as_points(sc.penalties) if sc else 0.0,
            total=as_points(sc.total) if sc else 0.0, protest=protest,
            clauses="; ".join(f"{pts(r.points)} {r.clause}" for r in sc.reasons) if sc else ""))
    notes = tuple(
        [f"{paper(lang, 'colour_left')}: {c.seat} → {c.named}" for c in s.sheet.colour_left]
        + [f"{paper(lang, 'late_dq')}: {seat} ({kind})"
           for seat, kind in s.late_disqualifications])
    head = {k: str(header[k]) for k in ("tournament", "stage", "game", "table", "date")
            if header.get(k) is not None}
    if "stage" in head:
        head["stage"] = stage_text(head["stage"], lang)
    judge = s.sheet.judge or header.get("judge")
    if judge:
        head["judge"] = str(judge)
    head["rules"] = game.rules.id
    result = t(lang, f"winner.{s.winner}") if s.winner else paper(lang, "undecided")
    return Protocol(lang=lang, head=head, result=result, rows=tuple(rows),
                    closed=s.sheet.closed, notes=notes)


# The tournament's stage (001 9.2.1 "стадию турнира"): the game log's header carries it as
# typed ("qualifier" in docs/game-log.md); the usual ones (`stage.*`) are printed in the
# protocol's language, anything else as written.
_STAGE_ALIASES = {"qualifying": "qualifier", "qualification": "qualifier"}


def stage_text(stage: str, lang: Lang) -> str:
    """The stage in `lang`: "qualifier", "Semi-final" or "semi_final" -> "полуфинал"; a stage
    the kit has no word for ("Отбор, день 2") is printed as the judge wrote it."""
    key = "".join(ch for ch in stage.casefold() if ch.isalnum())
    key = f"stage.{_STAGE_ALIASES.get(key, key)}"
    return t(lang, key) if has(key) else stage
