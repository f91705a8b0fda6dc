"""The simulator's words in the screens' language: it borrows the scoreboard's dictionary
(scoreboard/i18n.py) so a Russian table says the same things on the pad and on the screen."""

from __future__ import annotations

from typing import Any

from scoreboard.i18n import has, pad_text, t

KEY_NAMES = {  # the pad's function keys, as printed on a Russian pad
    "NEXT": "Далее", "NOMINATE": "Выставить", "FOUL": "Фол", "VOTE": "Голос",
    "UNDO": "Отмена", "TIMER": "Таймер",
}
HINT_WORDS = {"space": "пробел"}


def key_name(key: str, lang: str) -> str:
    return KEY_NAMES.get(key, key) if lang == "ru" else key


def hint(text: str, lang: str) -> str:
    return HINT_WORDS.get(text, text) if lang == "ru" else text


def moment(public: dict[str, Any], lang: str) -> str:
    """Where the game is, from the public view: "День 2 · Голосование", "Победа мирных"."""
    if public.get("winner") is not None:
        return t(lang, f"winner.{public['winner']}")
    phase, step, number = public["phase"], public["step"], public["number"]
    where = t(lang, f"banner.{phase}", number=number) if has(f"banner.{phase}") else ""
    if has(f"banner.{step}") and step != phase:
        what = t(lang, f"banner.{step}", number=number)
    elif has(f"step.{step}"):
        what = t(lang, f"step.{step}")
    else:
        what = ""
    speaker = public.get("speaker")
    if speaker and has(f"sub.{step}"):  # "Говорит №4", "Речь при равенстве: №4"
        what = " ".join(t(lang, f"sub.{step}", seat=t(lang, "seat_ref", seat=speaker),
                          name="").split())
    elif speaker:
        what = f"{what} {t(lang, 'seat_ref', seat=speaker)}".strip()
    return " · ".join(part for part in (where, what) if part)


def status(public: dict[str, Any], pad: str, error: str | None, lang: str) -> str:
    """The top line: the judge's last refusal, else the pad's unfinished input, else the
    moment of the game."""
    if error:
        return t(lang, "judge.error", text=error)
    if pad:
        return t(lang, "judge.pending", text=pad_text(pad, lang))
    return moment(public, lang)
