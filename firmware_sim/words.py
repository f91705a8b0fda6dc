"""The simulator's words in the screens' language: it borrows the scoreboard's dictionary
(scoreboard/i18n.py) so a Russian table says the same things on the pad and on the screen."""

from __future__ import annotations

from engine.viewmodels import PublicView
from scoreboard.i18n import has, pad_text, t

KEY_NAMES = {  # the pad's function keys, as printed on a Russian pad
    "NEXT": "Далее", "NOMINATE": "Выставить", "FOUL": "Фол", "VOTE": "Голос",
    "UNDO": "Отмена", "TIMER": "Таймер",
}
HINT_WORDS = {"space": "пробел"}
EVENT_WORDS = {"press": "нажата", "hold": "удерживается", "release": "отпущена"}


def ready(lang: str) -> str:
    """The top line before anything happened (the pad check, a table with no game yet)."""
    return "Пульт готов" if lang == "ru" else "Pad ready"


def pad_event(key: str, kind: str, lang: str) -> str:
    """The pad check's last key event: "Фол нажата" is wrong Russian, so the key's name comes
    with the word "клавиша" ("клавиша Фол нажата", "клавиша 4 отпущена")."""
    if lang != "ru":
        return f"{key} {kind}"
    return f"клавиша {key_name(key, lang)} {EVENT_WORDS.get(kind, kind)}"


def pad_words(text: str, lang: str) -> str:
    """The pad's unfinished input in `lang`: one table of the pad's words for the judge's screen and
    the simulator (scoreboard/i18n.py)."""
    return pad_text(text, lang)


def key_name(key: str, lang: str) -> str:
    return KEY_NAMES.get(key, key) if lang == "ru" else key


def hint(text: str, lang: str) -> str:
    return HINT_WORDS.get(text, text) if lang == "ru" else text


def moment(public: PublicView, winner: str | None, lang: str) -> str:
    """Where the game is: "День 2 · Голосование" from the public view, or "Победа мирных"
    (the simulator stands for the table, so it knows the result when the game is decided)."""
    if winner is not None:
        return t(lang, f"winner.{winner}")
    phase, step, number = public.phase, public.step, public.number
    where = t(lang, f"banner.{phase}", number=number) if has(f"banner.{phase}") else ""
    if has(f"banner.{step}") and step.value != phase.value:
        what = t(lang, f"banner.{step}", number=number)
    elif has(f"step.{step}"):
        what = t(lang, f"step.{step}")
    else:
        what = ""
    speaker = public.speaker
    if speaker and has(f"sub.{step}"):  # "Говорит №4", "Речь при равенстве: №4"
        what = " ".join(t(lang, f"sub.{step}", seat=t(lang, "seat_ref", seat=speaker),
                          name="").split())
    elif speaker:
        what = f"{what} {t(lang, 'seat_ref', seat=speaker)}".strip()
    return " · ".join(part for part in (where, what) if part)


def status(public: PublicView, winner: str | None, pad: str, error: str | None,
           lang: str) -> str:
    """The top line: the judge's last refusal, else the pad's unfinished input, else the
    moment of the game."""
    if error:
        return t(lang, "judge.error", text=error)
    if pad:
        return t(lang, "judge.pending", text=pad_words(pad, lang))
    return moment(public, winner, lang)
