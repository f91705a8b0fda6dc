"""Colours of the screens: a day theme readable on a TV across a hall, and a dark night theme.

High contrast, large flat areas: a projector washes out thin lines and dark greys, so states
differ by colour *and* by brightness (a player who left is grey and dim, the speaker amber).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

Color = tuple[int, int, int]


@dataclass(frozen=True)
class Theme:
    """One palette; `name` keys the caches of static layers."""

    name: str
    bg: Color
    header: Color
    title: Color
    banner: Color
    text: Color
    dim: Color
    panel: Color
    panel_text: Color
    card: Color
    card_number: Color
    card_text: Color
    out_card: Color
    out_text: Color
    speaker_card: Color
    speaker_text: Color
    current_card: Color
    current_text: Color
    candidate_edge: Color
    clock: Color


DAY: Final = Theme(
    name="day",
    bg=(22, 30, 44),
    header=(12, 17, 27),
    title=(150, 165, 190),
    banner=(255, 255, 255),
    text=(235, 240, 248),
    dim=(140, 152, 172),
    panel=(34, 45, 64),
    panel_text=(235, 240, 248),
    card=(44, 58, 82),
    card_number=(255, 255, 255),
    card_text=(220, 228, 240),
    out_card=(30, 34, 41),
    out_text=(96, 104, 116),
    speaker_card=(246, 185, 40),
    speaker_text=(20, 20, 20),
    current_card=(40, 120, 230),
    current_text=(255, 255, 255),
    candidate_edge=(90, 170, 255),
    clock=(255, 255, 255),
)

NIGHT: Final = Theme(
    name="night",
    bg=(4, 6, 12),
    header=(2, 3, 7),
    title=(70, 80, 105),
    banner=(120, 140, 200),
    text=(140, 155, 190),
    dim=(80, 92, 122),
    panel=(10, 13, 24),
    panel_text=(130, 145, 180),
    card=(12, 16, 28),
    card_number=(80, 95, 135),
    card_text=(70, 82, 112),
    out_card=(7, 9, 15),
    out_text=(58, 66, 86),
    speaker_card=(90, 70, 20),
    speaker_text=(230, 210, 160),
    current_card=(20, 45, 90),
    current_text=(200, 215, 240),
    candidate_edge=(50, 80, 140),
    clock=(150, 165, 210),
)

URGENT: Final[Color] = (235, 40, 40)
PAUSED: Final[Color] = (140, 150, 165)
STATUS: Final[dict[str, Color]] = {
    "online": (40, 200, 90),
    "stale": (245, 170, 30),
    "offline": (225, 45, 45),
    "unknown": (130, 140, 155),
    "nolink": (130, 140, 155),  # the screen's link is down: the table's state is unknown
}
NOTICE: Final[dict[str, Color]] = {
    "offline": (170, 25, 25),
    "stale": (170, 110, 10),
    "unknown": (60, 70, 90),
    "online": (60, 70, 90),
    "nolink": (170, 25, 25),  # the link text (scoreboard/link.py) is said on red
}
FOUL: Final[dict[int, Color]] = {1: (245, 200, 60), 2: (245, 200, 60), 3: (245, 120, 30)}
FOUL_OUT: Final[Color] = (225, 45, 45)
# roles, shown after the game or to the judge: red team red, black team black with a light edge
ROLE: Final[dict[str, tuple[Color, Color]]] = {
    "citizen": ((190, 35, 45), (255, 255, 255)),
    "sheriff": ((190, 35, 45), (255, 230, 120)),
    "mafia": ((0, 0, 0), (255, 255, 255)),
    "don": ((0, 0, 0), (255, 230, 120)),
    # the club game (004 §1): the city red, the mafia black, the maniac alone in purple
    "doctor": ((190, 35, 45), (255, 230, 120)),
    "commissar": ((190, 35, 45), (255, 230, 120)),
    "kamikaze": ((190, 35, 45), (255, 230, 120)),
    "sapper": ((190, 35, 45), (255, 230, 120)),
    "putana": ((190, 35, 45), (255, 230, 120)),
    "maniac": ((96, 40, 140), (255, 255, 255)),
}
RESULT: Final[dict[str, tuple[Color, Color]]] = {  # side -> (background, text)
    "red": ((190, 35, 45), (255, 255, 255)),
    "black": ((0, 0, 0), (255, 255, 255)),
    "draw": ((80, 88, 100), (255, 255, 255)),
    "city": ((190, 35, 45), (255, 255, 255)),
    "mafia": ((0, 0, 0), (255, 255, 255)),
    "maniac": ((96, 40, 140), (255, 255, 255)),
}
JUDGE_PENDING: Final[Color] = (120, 220, 140)
JUDGE_ERROR: Final[Color] = (255, 110, 100)
JUDGE_CLOSED: Final[Color] = (140, 200, 255)  # the protocol is signed: calm, not green
POINTS: Final[Color] = (255, 214, 90)  # the judge's cards after the game: points to record
