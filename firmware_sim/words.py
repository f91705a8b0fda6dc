"""The simulator's words in the screens' language: the kit's catalogue (words/), so a Russian
table says the same things on the pad and on the screen."""

from __future__ import annotations

from engine.viewmodels import PublicView
from words import has, pad_text, t

KEYS = ("NEXT", "NOMINATE", "FOUL", "VOTE", "UNDO", "TIMER")  # the function keys: `key.*`


def ready(lang: str) -> str:
    """The top line before anything happened (the pad check, a table with no game yet)."""
    return t(lang, "key.ready")


def title(lang: str) -> str:
    """The simulator's window title."""
    return t(lang, "sim.title")


def pad_event(key: str, kind: str, lang: str) -> str:
    """The pad check's last key event ("клавиша Фол нажата", "клавиша 4 отпущена")."""
    return t(lang, f"key.{kind}", key=key_name(key, lang))


def key_name(key: str, lang: str) -> str:
    """A function key's name as a Russian pad prints it ("Фол"); a seat key is its number."""
    return t(lang, f"key.{key.lower()}") if key in KEYS else key


def hint(text: str, lang: str) -> str:
    """A key's keyboard hint on the simulated pad: "пробел" for the space bar."""
    return t(lang, "key.space") if text == "space" else text


def moment(public: PublicView, winner: str | None, lang: str) -> str:
    """Where the game is: "День 2 · Голосование" from the public view, or "Победа красных"
    (the simulator stands for the table, so it knows the result when the game is decided)."""
    if winner is not None:
        return t(lang, f"winner.{winner}")
    phase, step, number = public.phase, public.step, public.number
    where = t(lang, f"banner.{phase}", number=number) if has(f"banner.{phase}") else ""
    if has(f"banner.{step}") and step.value != phase.value:
        what = t(lang, f"banner.{step}", number=number)
    elif has(f"night_step.{step}"):
        what = t(lang, f"night_step.{step}")
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
        return t(lang, "judge.pending", text=pad_text(pad, lang))
    return moment(public, winner, lang)
