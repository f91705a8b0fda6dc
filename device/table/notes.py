"""What the table tells its judge: the last refusal, the pad's unfinished keys, the new
game that waits for his answer (device/table/newgame.py).

One job: keep those lines and say them in the judge's snapshot (`extra`). Every part that
refuses something or notices something (the rules, the pad, the clocks, the night script)
says it here; the table publishes the judge's snapshot after.
"""

from __future__ import annotations

from datetime import datetime

from device.table import snapshots as snap
from device.table.commands import CommandOutcome
from device.table.newgame import NewGameGate
from engine.refusals import Lang, Phrase, R


class JudgeNotes:
    def __init__(self, lang: Lang) -> None:
        self.lang: Lang = lang  # the console's and the screen's language
        self.last_error: str | None = None
        self.refusal: Phrase | None = None  # the last refusal by key (the screen's language)
        self.pad_text = ""
        self.gate = NewGameGate()  # a new game asked for mid-game waits for the judge

    def say(self, message: str | None, refusal: Phrase | None = None) -> None:
        """The judge's one line (None: nothing to say), with its key when it has one."""
        self.last_error, self.refusal = message, refusal

    def refuse(self, refusal: Phrase) -> None:
        """A refusal by key, its English text as the line (the console's answer)."""
        self.say(refusal.text("en"), refusal)

    def clear(self) -> None:
        self.say(None)

    def waits_phrase(self, game_id: str, actions: int) -> Phrase:
        """The question of the new game that waits, about the game at the table."""
        waiting = self.gate.waiting
        return Phrase(R.NEW_GAME_WAITS, {"new": "" if waiting is None else waiting.name,
                                         "game": game_id, "actions": actions})

    def extra(self, game_id: str, actions: int, decided_at: datetime | None) -> snap.JudgeExtra:
        """The judge's own lines; while a new game waits and nothing else is to be said, the
        question stays on his screen until he answers it."""
        last_error, refusal = self.last_error, self.refusal
        if last_error is None and self.gate.waiting is not None:
            refusal = self.waits_phrase(game_id, actions)
            last_error = refusal.text("en")
        return snap.JudgeExtra(last_error=last_error, pad=self.pad_text, game_id=game_id,
                               refusal=None if refusal is None else refusal.wire(),
                               decided_at=decided_at)

    def in_own_words(self, answer: tuple[bool, str]) -> tuple[bool, str]:
        """The console's answer in the table's language (`lang`); the hub's stay English."""
        if not answer[0] and self.refusal is not None:
            return False, self.refusal.text(self.lang)
        return answer

    def said(self, outcome: CommandOutcome) -> tuple[bool, str]:
        """A console command's answer in the table's language."""
        if not outcome.ok and outcome.refusal is not None:
            return False, outcome.refusal.text(self.lang)
        return outcome.ok, outcome.error
