"""Hand-written views for every step of a game, in the shape of docs/views.md.

Tests, the benchmark, the docs screenshots and `mafiakit scoreboard --sample NAME` use them, so
the scoreboard can be built and checked without the engine. Each sample is written once with
its secrets beside it; `sample_view` gives the view its class may carry (the engine's typed
contract checks it) and `sample_reveal` what the protocol topic reveals of a decided game.
Timers start relative to `NOW`, a fixed moment, so a frame built at `NOW` is the same on
every run.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sized
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Final, Literal, NotRequired, TypedDict, Unpack

if TYPE_CHECKING:  # imported where used: `mafiakit scoreboard --help` reads SAMPLES only
    from engine.viewmodels import Reveal
    from scoreboard.feed import FeedStore
    from scoreboard.tablefeed import TableFeed


class OutEntry(TypedDict, total=False):
    cause: str
    day: int
    night: int


class SeatEntry(TypedDict):
    seat: int
    at_table: bool
    out: OutEntry | None
    fouls: int
    muted: bool


class TimerEntry(TypedDict):
    kind: str
    seconds: float
    paused: NotRequired[bool]
    remaining: NotRequired[float]


class VoteEntry(TypedDict):
    round: int
    candidates: list[int]
    current: int
    votes: dict[str, int]
    voters: NotRequired[dict[str, list[int]]]


class RoundEntry(TypedDict):
    candidates: list[int]
    votes: dict[str, int]
    voters: NotRequired[dict[str, list[int]]]


class LiftEntry(TypedDict):
    candidates: list[int]
    yes: int | None
    passed: bool | None


class DonCheck(TypedDict):
    seat: int
    sheriff: bool


class SheriffCheck(TypedDict):
    seat: int
    black: bool


class NightEntry(TypedDict, total=False):
    night: int  # the only key a sample must give; `night()` fills in the rest
    shot: int | None
    shots: dict[str, int | None] | None
    don_check: DonCheck | None
    sheriff_check: SheriffCheck | None


class BestMoveEntry(TypedDict):
    seat: int
    guess: list[int]
    black_found: int


class PointsEntry(TypedDict):
    seat: int
    total: float
    extras: float
    penalties: float


class AfterGameEntry(TypedDict):
    points: list[PointsEntry]
    protests: list[int]
    closed: bool
    judge: str | None
    protest_minutes: int
    protest_clause: str
    decided_at: str


class RefusalEntry(TypedDict):
    key: str
    params: dict[str, int]


class SampleView(TypedDict, total=False):
    """A view as JSON (docs/views.md) with the judge's secrets beside it: `sample_view`
    keeps only what its class may carry."""

    view: str
    rules: str
    actions: int
    phase: str
    number: int
    step: str
    speaker: int | None
    timer: TimerEntry | None
    seats: list[SeatEntry]
    nominations: list[int] | None
    vote: VoteEntry | None
    rounds: list[RoundEntry]
    lift: LiftEntry | None
    day_vote: str
    winner: str | None
    termination: str | None
    roles: dict[str, str] | None
    nights: list[NightEntry]
    best_move: BestMoveEntry | None
    night_steps: list[str]
    after_game: AfterGameEntry
    pad: str | None
    last_error: str | None
    refusal: RefusalEntry | None


NOW: Final = 1_764_403_200.0  # 2025-11-29 08:00 UTC
SAMPLE_UPTIME: Final = 3_600.0  # the table's clock at NOW (docs/clock.md): an hour after it started
NAMES: Final = (
    "Антарес", "Бармалей", "Volt", "Гроссмейстер", "Ёжик",
    "Лиса", "Маэстро Длинное Имя", "Nova", "Шторм", "Ясень",
)
CLUB_NAMES: Final = (*NAMES, "Орион", "Пума", "Рысь", "Сокол Ясный", "Тайга")  # up to 15
ROLES: Final[dict[str, str]] = {
    "1": "citizen", "2": "mafia", "3": "citizen", "4": "sheriff", "5": "citizen",
    "6": "don", "7": "citizen", "8": "mafia", "9": "citizen", "10": "citizen",
}
NIGHTS: Final[list[NightEntry]] = [
    {"night": 1, "shot": 7, "shots": None, "don_check": {"seat": 4, "sheriff": True},
     "sheriff_check": {"seat": 2, "black": True}},
    {"night": 2, "shot": None, "shots": {"6": 1, "8": 5},
     "don_check": {"seat": 1, "sheriff": False}, "sheriff_check": {"seat": 6, "black": True}},
]
BEST_MOVE: Final[BestMoveEntry] = {"seat": 7, "guess": [2, 6, 9], "black_found": 2}

Outs = dict[int, tuple[str, str, int]]  # seat -> (cause, "day" | "night", number)


def seats(outs: Outs | None = None, fouls: dict[int, int] | None = None,
          muted: tuple[int, ...] = (), count: int = 10) -> list[SeatEntry]:
    """`count` seat entries (3 to 15); `outs` maps a seat to how and when it left."""
    outs, fouls = outs or {}, fouls or {}
    result: list[SeatEntry] = []
    for seat in range(1, count + 1):
        out: OutEntry | None = None
        if seat in outs:
            cause, when, number = outs[seat]
            out = {"cause": cause, "day": number} if when == "day" else {"cause": cause,
                                                                          "night": number}
        result.append({"seat": seat, "at_table": out is None, "out": out,
                       "fouls": fouls.get(seat, 0), "muted": seat in muted})
    return result


Secret = Literal["actions", "winner", "termination", "roles", "nights", "best_move",
                 "night_steps"]
SECRET_KEYS: Final[tuple[Secret, ...]] = ("actions", "winner", "termination", "roles", "nights",
                                          "best_move", "night_steps")
JUDGE_INPUT: Final[SampleView] = {
    "pad": "FOUL _", "last_error": "seat 4 is already nominated today",
    "refusal": {"key": "already_nominated", "params": {"seat": 4}}}


def view(phase: str, number: int, step: str, /, **keys: Unpack[SampleView]) -> SampleView:
    """A sample: a public view dict with defaults for every key of the contract, and the
    judge's secrets beside it (`sample_view` keeps them only in a judge view)."""
    base: SampleView = {
        "view": "public", "rules": "cml", "actions": 10 * number + 3, "phase": phase,
        "number": number, "step": step, "speaker": None, "timer": None, "seats": seats(),
        "nominations": None, "vote": None, "rounds": [], "lift": None, "day_vote": "pending",
        "winner": None, "termination": None, "roles": None, "nights": [], "best_move": None,
        "night_steps": [],
    }
    base.update(keys)
    base["nights"] = [night(**entry) for entry in base["nights"]]
    return base


def night(night: int, shot: int | None = None, shots: dict[str, int | None] | None = None,
          don_check: DonCheck | None = None,
          sheriff_check: SheriffCheck | None = None) -> NightEntry:
    """One night of the judge's record, every key present."""
    return {"night": night, "shot": shot, "shots": shots, "don_check": don_check,
            "sheriff_check": sheriff_check}


def timer(kind: str, seconds: float, left: float, paused: bool = False) -> TimerEntry:
    """A timer the table counts, with `left` seconds to go at NOW (docs/clock.md)."""
    return {"kind": kind, "seconds": seconds, "paused": paused, "remaining": left}


DAY1: Final[Outs] = {3: ("vote", "day", 1)}
NIGHT1: Final[Outs] = {**DAY1, 7: ("kill", "night", 1)}
TIE: Final[RoundEntry] = {"candidates": [4, 9], "votes": {"4": 4, "9": 4}}

SAMPLES: Final[dict[str, SampleView]] = {
    "deal": view("setup", 0, "deal"),
    "ready": view("setup", 0, "ready"),
    "zero_night": view("night", 0, "zero_night"),
    "night": view("night", 1, "night", seats=seats(DAY1, {5: 1})),
    "day1_speech": view("day", 1, "speech", speaker=3, timer=timer("speech", 60, 42),
                        seats=seats(fouls={5: 1})),
    "farewell": view("day", 2, "farewell", speaker=7, timer=timer("farewell", 60, 55),
                     seats=seats(NIGHT1, {5: 1})),
    "speech": view("day", 2, "speech", speaker=8, timer=timer("speech", 60, 37),
                   seats=seats(NIGHT1, {5: 1, 10: 2}), rules="fiim-2015", nominations=[4, 9]),
    "speech_last_seconds": view("day", 2, "speech", speaker=9, timer=timer("speech", 60, 6.2),
                                seats=seats(NIGHT1, {5: 1})),
    "speech_paused": view("day", 2, "speech", speaker=9,
                          timer=timer("speech", 60, 25, paused=True), seats=seats(NIGHT1)),
    "muted_turn": view("day", 2, "muted_turn", speaker=5, rules="fiim", nominations=None,
                       timer=timer("muted_turn", 20, 14),
                       seats=seats(NIGHT1, {5: 3}, muted=(5,))),
    "vote": view("day", 2, "vote", timer=timer("vote_window", 2, 1.5), seats=seats(NIGHT1),
                 vote={"round": 1, "candidates": [4, 9, 2], "current": 9, "votes": {"4": 3}}),
    "tie_speech": view("day", 2, "tie_speech", speaker=4, timer=timer("tie_speech", 30, 18),
                       seats=seats(NIGHT1), rounds=[TIE]),
    "revote": view("day", 2, "vote", seats=seats(NIGHT1), rounds=[TIE],
                   vote={"round": 2, "candidates": [4, 9], "current": 9, "votes": {"4": 5}}),
    "lift": view("day", 2, "lift", timer=timer("vote_window", 2, 2), seats=seats(NIGHT1),
                 rounds=[TIE, TIE], lift={"candidates": [4, 9], "yes": None, "passed": None}),
    "lift_passed": view("day", 2, "farewell", speaker=4, timer=timer("farewell", 60, 60),
                        seats=seats({**NIGHT1, 4: ("lift", "day", 2), 9: ("lift", "day", 2)}),
                        rounds=[TIE, TIE], lift={"candidates": [4, 9], "yes": 6, "passed": True}),
    "majority_speech": view("day", 1, "majority_speech", speaker=2,
                            timer=timer("majority_speech", 30, 30),
                            rounds=[{"candidates": [2, 6], "votes": {"2": 7, "6": 3}}]),
    "await_night": view("day", 3, "await_night", day_vote="none",
                        seats=seats({**NIGHT1, 2: ("vote", "day", 2)})),
    "over_red": view(
        "finished", 3, "over", winner="red", termination="all_black_out", roles=ROLES,
        nights=NIGHTS, best_move=BEST_MOVE, day_vote="held",
        seats=seats({**NIGHT1, 2: ("vote", "day", 2), 6: ("lift", "day", 3),
                     8: ("lift", "day", 3)}, {5: 1, 10: 2})),
    "over_black": view(
        "finished", 3, "over", winner="black", termination="black_parity", roles=ROLES,
        nights=[NIGHTS[0], {"night": 2, "shot": 1}], best_move=BEST_MOVE,
        seats=seats({**NIGHT1, 4: ("vote", "day", 2), 1: ("kill", "night", 2)})),
    "over_farewell": view(
        "finished", 3, "farewell", speaker=6, winner="red", termination="all_black_out",
        roles=ROLES, nights=NIGHTS, best_move=BEST_MOVE, timer=timer("farewell", 60, 48),
        seats=seats({**NIGHT1, 2: ("vote", "day", 2), 8: ("fouls", "day", 3),
                     6: ("vote", "day", 3)}, {8: 4})),
    "draw": view(
        "finished", 5, "over", winner="draw", termination="quiet_rounds", roles=ROLES,
        nights=[NIGHTS[0], *(night(n) for n in (2, 3, 4))],
        seats=seats(NIGHT1)),
    "judge_night": view(
        "night", 1, "checks", view="judge", timer=timer("sheriff_check", 10, 7),
        roles=ROLES, seats=seats(DAY1, {5: 1}), best_move=None,
        nights=[{"night": 1, "shot": 7, "don_check": {"seat": 4, "sheriff": True},
                 "sheriff_check": None}],
        night_steps=["sheriff_check", "best_move"]),
    "judge_day": view(
        "day", 2, "speech", view="judge", speaker=8, timer=timer("speech", 60, 37),
        roles=ROLES, nights=NIGHTS[:1], best_move=BEST_MOVE, night_steps=[],
        seats=seats(NIGHT1, {5: 1, 10: 2}), nominations=[4, 9]),
}
# After the game (issue 12): №7's best move found two blacks (+0.3, 000 III.2), the judge gave
# №4 +0.2 (III.4), №8 wrote a protest; decided 3 min 12 s before NOW, 10 minutes to protest.
AFTER_GAME: Final[AfterGameEntry] = {
    "points": [{"seat": s, "total": {2: 0, 6: 0, 8: 0, 7: 1.3, 4: 1.2}.get(s, 1.0),
                "extras": {7: 0.3, 4: 0.2}.get(s, 0.0), "penalties": 0.0} for s in range(1, 11)],
    "protests": [8], "closed": False, "judge": None, "protest_minutes": 10,
    "protest_clause": "000 III.15.1", "decided_at": "2025-11-29T07:56:48+00:00"}
CLUB_MAFIA: Final = {3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 2, 9: 2, 10: 3, 11: 3, 12: 3, 13: 4, 14: 4,
                     15: 4}  # 004 §1: the mafia's seats at each table size


def table_sample(count: int, over: bool) -> SampleView:
    """A game at a table of `count` seats (3 to 15, 004 §1): day 2 mid-game, or its end.

    The roles are the classic cards until the engine deals the club's own: the mafia as many
    as 004 §1 gives the table (one of them the don), everybody else a citizen.
    """
    mafia = [seat for seat in (2, 5, 8, 11, 14) if seat <= count][:CLUB_MAFIA[count]]
    roles = {str(seat): "citizen" for seat in range(1, count + 1)}
    roles.update({str(seat): "mafia" for seat in mafia})
    roles[str(mafia[0])] = "don"
    outs: Outs = {3: ("vote", "day", 1)} if count > 3 else {}  # three players: still day 1
    if count >= 5:
        outs[count - 1] = ("kill", "night", 1)
    fouls = {1: 1, count: 2} if count > 3 else {1: 1}
    if not over:
        speaker = 4 if count >= 5 else 1
        nominations = [seat for seat in (2, count) if seat not in outs and seat != speaker]
        return view("day", 2 if count > 3 else 1, "speech", speaker=speaker,
                    timer=timer("speech", 60, 41), rules="club",
                    seats=seats(outs, fouls, count=count), nominations=nominations, roles=roles)
    first = 2 if count > 3 else 1
    for seat in mafia:
        outs.setdefault(seat, ("vote", "day", first + mafia.index(seat)))
    return view("finished", first + len(mafia) - 1, "over", rules="club", winner="red",
                termination="all_black_out", roles=roles, day_vote="held",
                seats=seats(outs, fouls, count=count),
                nights=[night(1, shot=count - 1)] if count >= 5 else [])


SAMPLES["judge_over"] = {**SAMPLES["over_red"], "view": "judge", "after_game": AFTER_GAME}
SAMPLES.update({f"seats{count}_{moment}": table_sample(count, moment == "over")
                for count in (3, 7, 12, 15) for moment in ("mid", "over")})
PUBLIC_SAMPLES: Final = tuple(name for name in SAMPLES if not name.startswith("judge_"))


def sample_view(name: str) -> SampleView:
    """A fresh copy of a sample view dict, as its class may carry it (a public view has no
    field for a secret; a judge view has them all, and the pad's input and last refusal)."""
    data = as_class(SAMPLES[name], SAMPLES[name]["view"])
    if data["view"] == "judge":
        data.update(JUDGE_INPUT)
    return data


def as_class(sample: SampleView, view_class: str) -> SampleView:
    """A sample's view dict for `view_class`."""
    data = copy.deepcopy(sample)
    data["view"] = view_class
    if view_class != "judge":
        for key in SECRET_KEYS:
            data.pop(key, None)
    if view_class != "public":  # audience and judge also see who raised a hand for whom
        if data["vote"] is not None:
            data["vote"].setdefault("voters", {})
        data["rounds"] = [{"voters": {}, **entry} for entry in data["rounds"]]
    return data


def sample_reveal(name: str) -> Reveal | None:
    """What the retained protocol reveals once the sample's game is decided (else None)."""
    from engine.viewmodels import Reveal

    data = SAMPLES[name]
    if data["phase"] != "finished":
        return None
    return Reveal.model_validate({"roles": data["roles"], "winner": data["winner"],
                                  "termination": data["termination"], "nights": data["nights"],
                                  "best_move": data["best_move"]})


def sample_payload(name: str, table: str = "3", view: Mapping[str, object] | None = None,
                   **extra: object) -> dict[str, object]:
    """The sample as the bus delivers it: a snapshot (bus.payloads) with table, seq, names
    and the table's clock reading; `view` replaces the sample's view dict."""
    data = view if view is not None else sample_view(name)
    given = data.get("seats")
    listed = given if isinstance(given, Sized) and given else ()
    payload: dict[str, object] = {
        "schema_version": 3, "view_class": data.get("view"), "tournament": "cup",
        "table": table, "seq": 7, "game_id": f"cup-{table}-7",
        "names": list(CLUB_NAMES)[:len(listed)], "view": data,
        "uptime_s": SAMPLE_UPTIME, "sent_at": _iso(NOW),
    }
    payload.update(extra)
    return payload


def _iso(epoch: float) -> str:
    return datetime.fromtimestamp(epoch, UTC).isoformat()


def leaky(data: SampleView) -> SampleView:
    """The same moment as a judge view, carrying every secret: what a public screen must
    never show if a judge snapshot reached it (a public view has no field for them)."""
    return as_class({**SAMPLES["judge_day"], **data, "view": "judge", "actions": 40,
                      "winner": None, "termination": None, "best_move": copy.deepcopy(BEST_MOVE),
                      "roles": dict(ROLES), "nights": copy.deepcopy(NIGHTS),
                      "night_steps": ["don_check", "sheriff_check"]}, "judge")


def sample_feed(name: str, status: str = "online", table: str = "3",
                payload: Mapping[str, object] | None = None, view_class: str | None = None
                ) -> TableFeed:
    """A TableFeed holding the sample (as `view_class`, default its own), as the feed store
    would build it (with the protocol's reveal when the sample's game is decided)."""
    from engine.viewmodels import JudgeView
    from scoreboard.tablefeed import TableFeed, read_names, read_snapshot

    if payload is None:
        own = view_class in (None, SAMPLES[name]["view"])
        data = None if own else as_class(SAMPLES[name], view_class or "")
        payload = sample_payload(name, table, view=data)
    snap = read_snapshot(payload)
    view = snap.view
    judge = view if isinstance(view, JudgeView) else None
    return TableFeed(table=table, view=view, names=read_names(snap.names) or (), status=status,
                     seq=snap.seq, pending_key=judge.pad if judge else None,
                     last_error=judge.last_error if judge else None,
                     refusal=judge.refusal if judge else None,
                     after_game=judge.after_game if judge else None,
                     as_of=NOW, sent_at=snap.sent_at.timestamp(),
                     reveal=sample_reveal(name) if view.phase == "finished" else None)


WALL: Final = (  # (table, sample, status): a tournament floor at one moment
    ("1", "speech", "online"), ("2", "vote", "online"), ("3", "night", "online"),
    ("4", "lift", "stale"), ("5", "over_red", "online"), ("6", "speech_last_seconds", "online"),
    ("7", "farewell", "offline"), ("8", "over_black", "online"), ("9", "deal", "online"),
    ("10", "draw", "online"), ("11", "tie_speech", "online"), ("12", "await_night", "online"),
)


def wall_feeds() -> list[TableFeed]:
    """Twelve tables in different states, for the wall screen."""
    return [sample_feed(sample, status, table) for table, sample, status in WALL]


def fill_store(store: FeedStore, name: str | None, table: str, *, wall: bool = False,
               now: float = NOW) -> list[str]:
    """Put a sample (or, for the wall, the WALL floor) into `store` as if it came over MQTT:
    retained, and dated by a heartbeat of the table's clock (docs/clock.md), so its timer
    holds what it has left at `now`.

    Returns the tables that should keep sending heartbeats to stay online.
    """
    floor = WALL if wall else ((table, name or "speech", "online"),)
    alive = []
    for number, sample, status in floor:
        store.on_snapshot(number, sample_payload(sample, number), now, retained=True)
        store.on_protocol(number, f"cup-{number}-7", sample_reveal(sample))
        if status == "online":
            store.on_status(number, "online", now)
            store.on_heartbeat(number, now, SAMPLE_UPTIME)
            alive.append(number)
        elif status == "offline":
            store.on_heartbeat(number, now, SAMPLE_UPTIME)
            store.on_status(number, "offline", now)
        else:  # stale: the last sign of life is older than the store tolerates
            quiet = store.stale_after + 1
            store.on_heartbeat(number, now - quiet, SAMPLE_UPTIME - quiet)
    return alive
