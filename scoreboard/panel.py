"""What goes into the information panel beside the clock, as styled lines of frame text.

The panel shows one thing at a time in order of importance: the result and protocol after the
game; otherwise the vote in progress (with today's finished rounds), the lift question, or the
nominations. The judge also sees his pad input and last error on top, his night record below.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoreboard.frames import TableFrame


@dataclass(frozen=True)
class Line:
    """One panel line: text, a style name for the renderer, optional right-aligned text."""

    text: str
    style: str = "text"  # title | strong | text | dim | current | pending | error | gap
    right: str = ""


def panel_lines(frame: TableFrame) -> list[Line]:
    """The panel content of a frame; [] when there is nothing to show."""
    lines: list[Line] = []
    judge = frame.judge
    if judge is not None:  # first, so that a full panel never hides them
        if judge.pending:
            lines.append(Line(judge.pending, "pending"))
        if judge.error:
            lines.append(Line(judge.error, "error"))
        if judge.window:
            lines.append(Line(judge.window, "closed" if judge.closed else "title"))
        if judge.protests:
            lines.append(Line(judge.protests, "strong"))
    if frame.deal_lines:
        title, *rest = frame.deal_lines
        lines.append(Line(title, "title"))
        lines.extend(Line(text) for text in rest)
    if frame.over:
        lines.extend(Line(text) for text in frame.summary)
    else:
        if frame.nominations_text:
            lines.append(Line(frame.nominations_text, "strong"))
        if frame.vote is not None:
            lines.append(Line(frame.vote.title, "title"))
            for vote in frame.vote.lines:
                count = "" if vote.votes is None else str(vote.votes)
                style = "current" if vote.current else "text"
                lines.append(Line(vote.text, style, count or ("…" if vote.current else "")))
                if vote.voters_text:
                    lines.append(Line(vote.voters_text, "dim"))
            lines.extend(Line(text, "dim") for text in frame.vote.history)
        if frame.lift is not None:
            if lines:
                lines.append(Line("", "gap"))
            lines.append(Line(frame.lift.question, "strong"))
            lines.append(Line(frame.lift.candidates_text))
            if frame.lift.answer:
                lines.append(Line(frame.lift.answer, "strong"))
    if judge is not None and judge.lines and not judge.window:  # after the game: the summary
        if lines:
            lines.append(Line("", "gap"))
        lines.extend(Line(text) for text in judge.lines)
    return lines
