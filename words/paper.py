"""The printed protocol's words (report/; 001 9, 003 9: the paper protocol), in Russian and
English. The result and the causes of leaving are the game's vocabulary (words/vocabulary.py);
here are the paper's own: its headings, its short column words and the role letters."""

from __future__ import annotations

from typing import Final

PAPER: Final[dict[str, tuple[str, str]]] = {
    "paper.title": ("Протокол игры", "Game protocol"),
    "paper.tournament": ("Турнир", "Tournament"),
    "paper.stage": ("Стадия", "Stage"),
    "paper.game": ("Игра", "Game"),
    "paper.table": ("Стол", "Table"),
    "paper.date": ("Дата", "Date"),
    "paper.judge": ("Судья", "Judge"),
    "paper.rules": ("Правила", "Rules"),
    "paper.seat": ("№", "#"),
    "paper.player": ("Игрок", "Player"),
    "paper.role": ("Роль", "Role"),
    "paper.fouls": ("Фолы", "Fouls"),
    "paper.nominated": ("Выставил", "Nominated"),
    "paper.votes": ("Голоса против", "Votes against"),
    "paper.best_move": ("Лучший ход", "Best move"),
    "paper.points": ("Баллы", "Points"),
    "paper.extra": ("Доп. баллы", "Extra"),
    "paper.penalties": ("Штрафы", "Penalties"),
    "paper.total": ("Итого", "Total"),
    "paper.protest": ("Протест", "Protest"),
    "paper.result": ("Результат игры", "Result"),
    "paper.undecided": ("Игра не окончена", "Game not decided"),
    "paper.removed": ("Выбыл", "Out"),
    "paper.signature": ("Подпись судьи", "Judge's signature"),
    "paper.closed": ("Протокол закрыт", "Protocol closed"),
    "paper.open": ("Протокол не закрыт", "Protocol not closed"),
    "paper.day": ("Д", "D"),
    "paper.night": ("Н", "N"),
    "paper.clauses": ("Основания", "Clauses"),
    "paper.late_dq": ("Дисквалификация после результата", "Disqualified after the result"),
    "paper.colour_left": ("Под запись", "On record"),
    "paper.legend": ("Роли (001 9.4.1): К — красный игрок, Ч — чёрный игрок, Ш — шериф, Д — дон. "
                     "Д1, Н2 — день 1, ночь 2.",
                     "Roles (001 9.4.1): C — citizen (red), M — mafia (black), S — sheriff, "
                     "D — don. D1, N2 — day 1, night 2."),
    # the "removed" column is narrow: the long causes shortened (the rest are `left.*`)
    "paper.left.fouls": ("фолы", "fouls"),
    "paper.left.disqualified": ("дисквал.", "disqualified"),
    # 001 9.4.1 "К", "Ч", "Ш", "Д" (Role)
    "role_letter.citizen": ("К", "C"),
    "role_letter.mafia": ("Ч", "M"),
    "role_letter.sheriff": ("Ш", "S"),
    "role_letter.don": ("Д", "D"),
    # the tournament's stage (001 9.2.1 "стадию турнира"), as the game log's header names it
    "stage.qualifier": ("отборочный этап", "qualifier"),
    "stage.quarterfinal": ("четвертьфинал", "quarter-final"),
    "stage.semifinal": ("полуфинал", "semi-final"),
    "stage.final": ("финал", "final"),
}
