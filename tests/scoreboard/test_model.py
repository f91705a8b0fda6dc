"""The table view model: banners, seats, nominations, votes, lift, night, result, liveness."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scoreboard.frames import TableFrame
from scoreboard.model import judge_frame, table_frame
from scoreboard.samples import (
    AFTER_GAME,
    NAMES,
    NOW,
    PUBLIC_SAMPLES,
    leaky,
    night,
    sample_feed,
    sample_payload,
    sample_view,
)
from scoreboard.secrecy import secrets_found
from scoreboard.tablefeed import TableFeed

BANNERS = {
    "deal": ("Раздача карт", "Dealing cards"),
    "ready": ("Карты розданы", "Cards are dealt"),
    "zero_night": ("Нулевая ночь", "Zero night"),
    "night": ("Ночь 1", "Night 1"),
    "day1_speech": ("День 1", "Day 1"),
    "farewell": ("Прощальная речь", "Farewell speech"),
    "speech": ("День 2", "Day 2"),
    "speech_last_seconds": ("День 2", "Day 2"),
    "speech_paused": ("День 2", "Day 2"),
    "muted_turn": ("День 2", "Day 2"),
    "vote": ("Голосование", "Vote"),
    "tie_speech": ("Равенство голосов", "Tied vote"),
    "revote": ("Голосование", "Vote"),
    "lift": ("Подъём", "Lift"),
    "lift_passed": ("Прощальная речь", "Farewell speech"),
    "majority_speech": ("Речь 30 секунд", "30-second speech"),
    "await_night": ("День 3", "Day 3"),
    "over_red": ("Игра окончена", "Game over"),
    "over_black": ("Игра окончена", "Game over"),
    "over_farewell": ("Игра окончена", "Game over"),
    "draw": ("Игра окончена", "Game over"),
    "seats3_mid": ("День 1", "Day 1"),
    **{f"seats{n}_mid": ("День 2", "Day 2") for n in (7, 12, 15)},
    **{f"seats{n}_over": ("Игра окончена", "Game over") for n in (3, 7, 12, 15)},
}


def frame(
    name: str, lang: str = "ru", info_class: str = "public", status: str = "online"
) -> TableFrame:
    return table_frame(sample_feed(name, status), NOW, lang, info_class)


def test_every_public_sample_has_a_banner() -> None:
    assert set(BANNERS) == set(PUBLIC_SAMPLES)


@pytest.mark.parametrize("name", sorted(BANNERS))
def test_banner_of_every_step_in_both_languages(name: str) -> None:
    ru, en = BANNERS[name]
    assert frame(name, "ru").banner == ru
    assert frame(name, "en").banner == en


def test_subtitles_name_the_seat_and_player() -> None:
    assert frame("speech").subtitle == "Говорит №8 Nova"
    assert frame("speech", "en").subtitle == "Speaking: #8 Nova"
    assert frame("vote").subtitle == "Голосуем за №9 Шторм"
    assert frame("muted_turn").subtitle == "№5 Ёжик без права речи, может выставить"
    assert frame("farewell").subtitle == "№7 Маэстро Длинное Имя"
    assert frame("await_night").subtitle == "Никто не выставлен"
    assert frame("ready").subtitle == "Скоро наступит ночь"


def test_seat_cards_show_number_name_fouls_and_how_players_left() -> None:
    seats = frame("speech").seats
    assert [s.seat for s in seats] == list(range(1, 11))
    assert [s.nickname for s in seats] == list(NAMES)
    assert [s.fouls for s in seats] == [0, 0, 0, 0, 1, 0, 0, 0, 0, 2]
    assert [s.speaking for s in seats].count(True) == 1 and seats[7].speaking
    assert not seats[2].at_table and seats[2].notes == ("заголосован", "день 1")
    assert not seats[6].at_table and seats[6].notes == ("убит", "ночь 1")
    assert frame("speech", "en").seats[6].notes == ("killed", "night 1")
    assert all(s.role is None and s.role_text == "" for s in seats)


def test_a_muted_player_is_marked() -> None:
    seat = frame("muted_turn").seats[4]
    assert seat.muted and seat.notes == ("без речи",) and seat.fouls == 3


def test_countdown_text_label_and_flash() -> None:
    speech = frame("speech").countdown
    assert speech is not None and speech.text == "00:37" and speech.label == "Речь"
    assert not speech.urgent
    last = frame("speech_last_seconds").countdown
    assert last is not None and last.text == "00:07" and last.urgent and last.flash
    paused = frame("speech_paused").countdown
    assert paused is not None and paused.paused and paused.label == "Речь · пауза"
    assert frame("await_night").countdown is None


def test_the_countdown_runs_with_the_clock() -> None:
    feed = sample_feed("speech")
    clocks = [table_frame(feed, NOW + s, "ru").countdown for s in (0, 1, 2, 40)]
    texts = [c.text if c else "" for c in clocks]
    assert texts == ["00:37", "00:36", "00:35", "00:00"]


def test_nominations_appear_only_where_the_public_dict_carries_them() -> None:
    assert frame("speech").nominations_text == "Выставлены: №4, №9"
    assert [s.nominated for s in frame("speech").seats if s.nominated] == [1, 2]
    hidden = frame("day1_speech")
    assert hidden.nominations_text == "Выставления объявят перед голосованием"
    assert all(s.nominated is None for s in hidden.seats)


def test_a_richer_dict_on_a_public_screen_hides_the_nominations() -> None:
    data = sample_view("speech")
    data.update({"view": "audience", "nominations": [4, 9]})
    feed = sample_feed("speech", payload=sample_payload("speech", view=data))
    public = table_frame(feed, NOW, "ru", "public")
    assert all(s.nominated is None for s in public.seats)
    assert "№4" not in public.nominations_text
    audience = table_frame(feed, NOW, "ru", "audience")
    assert audience.nominations_text == "Выставлены: №4, №9"


def test_vote_panel_shows_counts_and_the_current_candidate() -> None:
    vote = frame("vote").vote
    assert vote is not None and vote.title == "Голосование, круг 1"
    assert [(v.text, v.votes, v.current) for v in vote.lines] == [
        ("№4 Гроссмейстер", 3, False), ("№9 Шторм", None, True), ("№2 Бармалей", None, False)]
    seats = frame("vote").seats
    assert seats[3].votes == 3 and seats[3].candidate and not seats[3].voting_now
    assert seats[8].voting_now and seats[1].candidate and not seats[0].candidate


def test_voters_are_shown_to_the_audience_only() -> None:
    data = sample_view("vote")
    data["view"] = "audience"
    vote = data["vote"]
    assert vote is not None
    vote["voters"] = {"4": [1, 5, 6]}
    feed = sample_feed("vote", payload=sample_payload("vote", view=data))
    public = table_frame(feed, NOW, "ru", "public").vote
    audience = table_frame(feed, NOW, "ru", "audience").vote
    assert public is not None and audience is not None
    assert public.lines[0].voters_text == ""
    assert audience.lines[0].voters_text == "голосовали: №1, №5, №6"


def test_a_tie_shows_the_finished_round() -> None:
    tie = frame("tie_speech")
    assert tie.vote is not None and tie.vote.history == ("Круг 1: №4 — 4, №9 — 4",)
    revote = frame("revote")
    assert revote.vote is not None and revote.vote.title == "Голосование, круг 2"
    assert revote.vote.history == ("Круг 1: №4 — 4, №9 — 4",)


def test_the_lift_question_and_its_answer() -> None:
    lift = frame("lift").lift
    assert lift is not None
    assert lift.question == "Кто за то, чтобы все голосуемые игроки покинули стол?"
    assert lift.candidates_text == "Голосуемые: №4, №9" and lift.answer == ""
    passed = frame("lift_passed").lift
    assert passed is not None and passed.answer == "За: 6. Игроки покидают стол"
    english = frame("lift_passed", "en").lift
    assert english is not None and english.answer == "For: 6. The candidates leave the table"


def test_night_shows_only_that_it_is_night_even_if_the_view_says_more() -> None:
    """A judge snapshot reaching a public screen (the only class with the fields for it)."""
    data = leaky(sample_view("night"))
    data.update({"step": "checks", "speaker": 6,
                 "timer": {"kind": "don_check", "seconds": 10, "paused": False,
                           "remaining": 8.0},  # running
                 "night_steps": ["don_check", "sheriff_check"],
                 "vote": {"round": 1, "candidates": [4], "current": 4, "votes": {},
                          "voters": {}}})
    feed = sample_feed("night", payload=sample_payload("night", view=data))
    night = table_frame(feed, NOW, "ru")
    assert night.night and night.banner == "Ночь 1"
    assert night.subtitle == "" and night.countdown is None and night.vote is None
    assert not any(s.speaking or s.candidate or s.role for s in night.seats)
    assert night.judge is None and night.summary == ()


def test_roles_and_protocol_only_after_the_game() -> None:
    over = frame("over_red")
    assert over.over and over.result == "Победа красных" and over.result_side == "red"
    assert over.termination == "Все чёрные игроки покинули стол"
    assert [s.role for s in over.seats][:4] == ["citizen", "mafia", "citizen", "sheriff"]
    assert over.seats[5].role_text == "Дон"
    assert over.summary == (
        "День 1: №3 заголосован", "Ночь 1: №7 убит", "День 2: №2 заголосован",
        "Ночь 2: промах", "День 3: №6 поднят", "День 3: №8 поднят",
        "Лучший ход №7: №2, №6, №9, чёрных 2")
    assert frame("over_black", "en").result == "Black team wins"
    assert frame("draw").result == "Ничья"


def test_offline_and_stale_tables_keep_their_state_with_a_notice() -> None:
    offline = frame("speech", status="offline")
    assert offline.notice == "Стол не в сети: последнее известное состояние"
    assert offline.status_text == "нет связи" and offline.banner == "День 2"
    assert frame("speech", "en", status="stale").notice == "No signal from the table"
    assert frame("speech").notice == ""


def test_a_table_without_state_shows_the_waiting_screen() -> None:
    waiting = table_frame(TableFeed("7", names=tuple(NAMES)), NOW, "ru")
    assert waiting.banner == "Ожидание" and waiting.notice == "Ожидание данных от стола"
    assert [s.nickname for s in waiting.seats] == list(NAMES)
    assert waiting.countdown is None and waiting.title == "Стол 7"


def test_judge_frame_shows_everything() -> None:
    judge = judge_frame(sample_feed("judge_night"), NOW, "ru")
    assert judge.title == "Стол 3 · судья" and judge.subtitle == "Проверка шерифа"
    assert judge.countdown is not None and judge.countdown.text == "00:07"
    assert judge.seats[5].role == "don"
    assert judge.judge is not None
    assert judge.judge.lines == ("Ночь 1: выстрел в №7", "Дон проверил №4: шериф",
                                 "Дальше ночью: проверка шерифа, лучший ход")
    assert judge.judge.pending == "Пульт: ФОЛ _"  # the table reports the pad in English
    # issue 11: the refusal comes by key and is shown in the screen's language
    assert judge.judge.error == "Ошибка: №4 уже выставлен сегодня"


def test_the_judge_is_not_told_of_a_miss_before_the_shot() -> None:
    data = sample_view("judge_night")
    data.update({"number": 2, "step": "shoot",
                 "night_steps": ["shoot", "don_check", "sheriff_check"],
                 "nights": [data["nights"][0], night(2)]})
    payload = sample_payload("judge_night", view=data)
    shooting = judge_frame(sample_feed("judge_night", payload=payload), NOW, "ru").judge
    assert shooting is not None and "Ночь 2: промах" not in shooting.lines
    assert shooting.lines[0] == "Ночь 1: выстрел в №7"
    data.update({"step": "checks", "night_steps": ["don_check", "sheriff_check"]})
    payload = sample_payload("judge_night", view=data)
    missed = judge_frame(sample_feed("judge_night", payload=payload), NOW, "ru").judge
    assert missed is not None and "Ночь 2: промах" in missed.lines


def test_a_decided_game_drops_nomination_badges_and_candidate_edges() -> None:
    data = sample_view("over_red")
    data.update({"nominations": [6, 8], "lift": {"candidates": [6, 8], "yes": 7, "passed": True}})
    for over in (table_frame(sample_feed("over_red", payload=sample_payload("over_red",
                                                                            view=data)), NOW),
                 judge_frame(sample_feed("over_red", payload=sample_payload("over_red",
                                                                            view=data)), NOW)):
        assert all(seat.nominated is None and not seat.candidate for seat in over.seats)
        assert over.seats[5].role == "don"
    playing = frame("lift")
    assert [seat.seat for seat in playing.seats if seat.candidate] == [4, 9]


def test_bad_language_or_class_is_refused() -> None:
    with pytest.raises(ValueError, match="choose one of: ru, en"):
        table_frame(sample_feed("speech"), NOW, "de")
    with pytest.raises(ValueError, match="judge_frame"):
        table_frame(sample_feed("speech"), NOW, "ru", "judge")


def test_frames_are_values() -> None:
    first, second = frame("vote"), frame("vote")
    assert first == second and hash(first) == hash(second)
    assert replace(first, banner="x") != first


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_lift_question_does_not_call_its_timer_a_vote(lang: str) -> None:
    """The title says "lift"; the label under the countdown must not name another step."""
    from words import t

    frame = table_frame(sample_feed("lift"), NOW, lang)
    assert t(lang, "banner.lift") in repr(frame)
    assert frame.countdown is not None
    assert frame.countdown.label not in (t(lang, "banner.vote"), t(lang, "vote.title", round=1))
    assert frame.countdown.label == t(lang, "timer.vote_window")


def test_the_judges_pad_line_speaks_the_screens_language() -> None:
    """The table reports the pad's unfinished input in its own words ("SHOOT _"); a Russian
    judge screen shows it in Russian, an English one as it is."""
    feed = replace(sample_feed("judge_night"), pending_key="(no DON CHECK) SHERIFF CHECK _")
    ru = judge_frame(feed, NOW, "ru").judge
    en = judge_frame(feed, NOW, "en").judge
    assert ru is not None and en is not None
    assert ru.pending == "Пульт: (без ПРОВЕРКА ДОНА) ПРОВЕРКА ШЕРИФА _"
    assert en.pending == "Pad: (no DON CHECK) SHERIFF CHECK _"


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_judges_game_over_screen_names_the_best_move_once(lang: str) -> None:
    from words import t

    frame = judge_frame(sample_feed("over_red"), NOW, lang)
    best = t(lang, "summary.best_move", seat="", guess="", found="").split()[0]
    assert repr(frame).count(best) == 1


def _after_game_feed(**after: object) -> TableFeed:
    view = {**sample_view("judge_over"), "after_game": {**AFTER_GAME, **after}}
    return sample_feed("judge_over", payload=sample_payload("judge_over", view=view))


def test_the_judge_sees_the_points_to_be_recorded_on_each_card_after_the_game() -> None:
    """Issue 12: per seat, from engine.classic.scoring; negative points in red on the card."""
    frame = judge_frame(_after_game_feed(), NOW, "ru")
    assert [card.points for card in frame.seats] == ["1", "0", "1", "1.2", "1", "0", "1.3",
                                                     "0", "1", "1"]
    points = [{"seat": s, "total": -0.5 if s == 3 else 0.0, "extras": 0.0,
               "penalties": -0.5 if s == 3 else 0.0} for s in range(1, 11)]
    assert judge_frame(_after_game_feed(points=points), NOW, "ru").seats[2].points == "−0.5"
    public = table_frame(_after_game_feed(), NOW, "ru")
    assert all(card.points == "" for card in public.seats)  # only the judge's screen


def test_the_protest_window_counts_down_from_the_decision_then_says_it_is_over() -> None:
    """000 III.15.1, 001 8.6.1, 002: a protest within 10 minutes after the game. The sample
    was decided 3 min 12 s before NOW."""
    feed = _after_game_feed()
    now, last = judge_frame(feed, NOW, "ru").judge, judge_frame(feed, NOW + 407.5, "en").judge
    assert now is not None and now.window == "Время на протесты: 06:48"
    assert last is not None and last.window == "Time for protests: 00:01"
    over = judge_frame(feed, NOW + 408, "ru").judge
    assert over is not None and over.window.startswith("Время на протесты вышло")
    assert over.protests == "Протесты: №8"


def test_closed_when_the_protocol_is_signed() -> None:
    judge = judge_frame(_after_game_feed(closed=True, judge="Иванова"), NOW, "ru").judge
    assert judge is not None and judge.closed
    assert judge.window == "Протокол закрыт, подписал Иванова"
    unsigned = judge_frame(_after_game_feed(closed=True), NOW + 3600, "en").judge
    assert unsigned is not None and unsigned.window == "Protocol closed"


def test_a_running_game_has_no_after_game_lines() -> None:
    judge = judge_frame(sample_feed("judge_day"), NOW, "ru")
    assert judge.judge is not None and not judge.judge.window and not judge.judge.protests
    assert all(card.points == "" for card in judge.seats)


def test_the_deal_screen_fills_its_middle_with_the_deck_and_how_the_deal_goes() -> None:
    """Issue 11: no empty middle; 000 I.4.4 and 003 4.1.3 (players in turn pick a card face
    down); nothing on it says who holds which card."""
    deal = table_frame(sample_feed("deal"), NOW, "ru")
    assert deal.deck == 10 and deal.deal_lines[0] == "Как раздают карты"
    assert secrets_found(deal) == []
    assert table_frame(sample_feed("speech"), NOW, "ru").deck == 0


@pytest.mark.parametrize(("pad", "ru"), [
    ("CLOSE: hold NEXT", "ЗАКРЫТЬ ПРОТОКОЛ: удерживайте ДАЛЕЕ"),
    ("PROTEST _", "ПРОТЕСТ _"),
    ("ON RECORD _", "ПОД ЗАПИСЬ _"),
    ("EXTRA 7: 0 (withdraw)", "ДОП. БАЛЛЫ 7: 0 (снять)"),
    ("NEW GAME r2-t3: hold NEXT (UNDO: keep playing)",  # issue 24: a new game waits
     "НОВАЯ ИГРА r2-t3: удерживайте ДАЛЕЕ (ОТМЕНА: играть дальше)"),
])
def test_the_after_game_pad_input_reads_in_russian(pad: str, ru: str) -> None:
    """Issue 11: one language on a Russian screen, the after-game keys included."""
    payload = sample_payload("judge_over", view={**sample_view("judge_over"), "pad": pad})
    frame = judge_frame(sample_feed("judge_over", payload=payload), NOW, "ru")
    assert frame.judge is not None and frame.judge.pending == f"Пульт: {ru}"


@pytest.mark.parametrize(("pad", "ru"), [
    ("MAFIA SHOT _", "ВЫСТРЕЛ МАФИИ _"),
    ("COMMISSAR CHECK _", "ПРОВЕРКА КОМИССАРА _"),
    ("MANIAC CHOOSES _", "МАНЬЯК ВЫБИРАЕТ _"),
    ("KAMIKAZE PICK _", "ВЫБОР КАМИКАДЗЕ _"),
    ("DEAL: no don MAFIA 3 _", "РАЗДАЧА: без дона МАФИЯ 3 _"),
    ("DROP _", "СКИНУЛ НОМЕРОК _"),
])
def test_the_club_pad_input_reads_in_russian_on_the_judges_screen(pad: str, ru: str) -> None:
    """Issue 11/15: the club pad's words (table/clubkeys.py) on a Russian judge screen, not only
    in the simulator; one table of words serves both."""
    payload = sample_payload("judge_over", view={**sample_view("judge_over"), "pad": pad})
    frame = judge_frame(sample_feed("judge_over", payload=payload), NOW, "ru")
    assert frame.judge is not None and frame.judge.pending == f"Пульт: {ru}"


@pytest.mark.parametrize(("pad", "ru", "en"), [
    ("VOTE #6: 2 5", "ГОЛОСОВАНИЕ №6: 2 5", "VOTE #6: 2 5"),
    ("VOTE #10 COUNT: _", "ГОЛОСОВАНИЕ №10 ГОЛОСОВ: _", "VOTE #10 COUNT: _"),
])
def test_a_russian_pad_line_writes_a_seat_as_every_screen_does(pad: str, ru: str,
                                                              en: str) -> None:
    """Issue 25: the simulator and the judge's screen said "#6" where every Russian screen
    says "№6" (the catalogue's `seat_ref`, words/); English keeps "#6"."""
    payload = sample_payload("judge_day", view={**sample_view("judge_day"), "pad": pad})
    feed = sample_feed("judge_day", payload=payload)
    for lang, want in (("ru", ru), ("en", en)):
        panel = judge_frame(feed, NOW, lang).judge
        assert panel is not None and panel.pending.split(": ", 1)[1] == want
