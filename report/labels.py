"""The words of the printed protocol in each language (001 9, 003 9: the paper protocol)."""

from __future__ import annotations

from enum import StrEnum

from engine.roles import Role


class Lang(StrEnum):
    RU = "ru"
    EN = "en"


ROLE_LETTER = {  # 001 9.4.1 "К", "Ч", "Ш", "Д"
    Lang.RU: {Role.CITIZEN: "К", Role.MAFIA: "Ч", Role.SHERIFF: "Ш", Role.DON: "Д"},
    Lang.EN: {Role.CITIZEN: "C", Role.MAFIA: "M", Role.SHERIFF: "S", Role.DON: "D"},
}

TEXT: dict[Lang, dict[str, str]] = {
    Lang.RU: {
        "title": "Протокол игры", "tournament": "Турнир", "stage": "Стадия", "game": "Игра",
        "table": "Стол", "date": "Дата", "judge": "Судья", "rules": "Правила",
        "seat": "№", "player": "Игрок", "role": "Роль", "fouls": "Фолы",
        "nominated": "Выставил", "votes": "Голоса против",
        "best_move": "Лучший ход",
        "points": "Баллы", "extra": "Доп. баллы", "penalties": "Штрафы", "total": "Итого",
        "protest": "Протест", "result": "Результат игры", "red": "Победа красных",
        "black": "Победа чёрных", "draw": "Ничья",
        "undecided": "Игра не окончена",
        "removed": "Выбыл", "signature": "Подпись судьи",
        "closed": "Протокол закрыт",
        "open": "Протокол не закрыт", "day": "Д", "night": "Н",
        "killed": "убит", "vote": "заголосован",
        "lift": "поднят", "fouls_out": "фолы", "disqualified": "дисквал.",
        "clauses": "Основания", "late_dq": "Дисквалификация после результата",
        "colour_left": "Под запись",
        "legend": "Роли (001 9.4.1): К — красный игрок, Ч — чёрный игрок, Ш — шериф, Д — дон. "
                  "Д1, Н2 — день 1, ночь 2.",
    },
    Lang.EN: {
        "title": "Game protocol", "tournament": "Tournament", "stage": "Stage", "game": "Game",
        "table": "Table", "date": "Date", "judge": "Judge", "rules": "Rules",
        "seat": "#", "player": "Player", "role": "Role", "fouls": "Fouls",
        "nominated": "Nominated", "votes": "Votes against", "best_move": "Best move",
        "points": "Points", "extra": "Extra", "penalties": "Penalties", "total": "Total",
        "protest": "Protest", "result": "Result", "red": "Red won",
        "black": "Black won", "draw": "Draw",
        "undecided": "Game not decided",
        "removed": "Out", "signature": "Judge's signature", "closed": "Protocol closed",
        "open": "Protocol not closed", "day": "D", "night": "N",
        "killed": "killed", "vote": "voted out",
        "lift": "lifted", "fouls_out": "fouls", "disqualified": "disqualified",
        "clauses": "Clauses", "late_dq": "Disqualified after the result",
        "colour_left": "On record",
        "legend": "Roles (001 9.4.1): C — citizen (red), M — mafia (black), S — sheriff, "
                  "D — don. D1, N2 — day 1, night 2.",
    },
}


# The tournament's stage (001 9.2.1 "стадию турнира"): the game log's header carries it as
# typed ("qualifier" in docs/game-log.md); the usual ones are printed in the protocol's
# language, anything else as written.
STAGE = {
    Lang.RU: {"qualifier": "отборочный этап", "quarterfinal": "четвертьфинал",
              "semifinal": "полуфинал", "final": "финал"},
    Lang.EN: {"qualifier": "qualifier", "quarterfinal": "quarter-final",
              "semifinal": "semi-final", "final": "final"},
}
_STAGE_ALIASES = {"qualifying": "qualifier", "qualification": "qualifier"}


def stage_text(stage: str, lang: Lang) -> str:
    """The stage in `lang`: "qualifier", "Semi-final" or "semi_final" -> "полуфинал"; a stage
    the kit has no word for ("Отбор, день 2") is printed as the judge wrote it."""
    key = "".join(ch for ch in stage.casefold() if ch.isalnum())
    return STAGE[lang].get(_STAGE_ALIASES.get(key, key), stage)
