"""The overlay at both stream sizes and in both languages, mid-game and at the end: every part
inside the frame, nothing overlapping, one language throughout. The screenshots are written to
$MAFIAKIT_SCREENSHOTS when it is set (the README's images come from there)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from bus.broker import MosquittoProcess
from engine.classic.log import action_to_dict
from engine.classic.playout import random_game
from engine.log import header
from engine.vocab import InfoClass
from tests.web.conftest import NAMES, overlay_url, start_table

SIZES = {"1080": (1920, 1080), "720": (1280, 720)}
# A stand-in for the camera picture under the overlay (the page itself is transparent).
BACKDROP = "#overlay { background: linear-gradient(135deg, #3b4a3f, #6d5a45 60%, #2c2f3a); }"
LATIN = set("abcdefghijklmnopqrstuvwxyz")
CYRILLIC = set("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")


def boxes(page: Page, selector: str) -> list[dict[str, float]]:
    """The on-screen rectangles of the visible elements matching `selector`."""
    found: list[dict[str, float]] = page.eval_on_selector_all(
        selector, "els => els.filter(e => e.offsetParent !== null)"
                  ".map(e => { const r = e.getBoundingClientRect();"
                  " return {x: r.x, y: r.y, w: r.width, h: r.height}; })")
    return found


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (a["x"] + a["w"] <= b["x"] or b["x"] + b["w"] <= a["x"]
                or a["y"] + a["h"] <= b["y"] or b["y"] + b["h"] <= a["y"])


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", ["1080", "720"])
def test_the_overlay_fits_its_frame_in_one_language(
    web_broker: MosquittoProcess, chromium: Browser, tmp_path: Path, size: str, lang: str
) -> None:
    width, height = SIZES[size]
    lines = [action_to_dict(a) for a in random_game("cml", 11).entered]
    table = start_table(web_broker.url, tmp_path / "j.sqlite")
    context = chromium.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    try:
        table.new_game(header("cml", game=1))
        table.set_names(NAMES)
        # mid-game: a vote is running (its candidates are announced, counts not yet in)
        mid = next(i for i, line in enumerate(lines) if line["action"] == "votes"
                   and i > len(lines) // 3)
        for line in lines[:mid]:
            assert table.submit_line(line)[0]
        page.goto(overlay_url(web_broker.ws_url, f"tournament=cup&table=3&lang={lang}"))
        page.add_style_tag(content=BACKDROP)
        for moment, upto in (("mid", mid), ("end", len(lines))):
            for line in lines[len(lines) if moment == "mid" else mid:upto]:
                assert table.submit_line(line)[0]
            page.wait_for_function(
                "([g, s]) => { const snap = window.overlayState.snapshot;"
                " return snap && snap.game_id === g && snap.seq === s; }",
                arg=[table.game_id, table.screen_seqs.seq[InfoClass.PUBLIC]],
                timeout=15_000)
            if moment == "end":
                page.wait_for_selector("#banner:not([hidden])", timeout=15_000)
            parts = {name: boxes(page, sel) for name, sel in
                     (("seats", "#seats .seat"), ("top", "#top > div"), ("banner", "#banner"),
                      ("vote", "#vote"))}
            assert len(parts["seats"]) == 10
            for box in [b for group in parts.values() for b in group]:
                assert box["x"] >= 0 and box["y"] >= 0, box
                assert box["x"] + box["w"] <= width and box["y"] + box["h"] <= height, box
            for a, b in (("top", "banner"), ("seats", "vote"), ("seats", "banner")):
                for one in parts[a]:
                    assert not any(overlaps(one, other) for other in parts[b]), (a, b)
            for seat in range(1, 11):
                inside = boxes(page, f"#seats .seat[data-seat='{seat}'] > span:not(:empty)")
                card = boxes(page, f"#seats .seat[data-seat='{seat}']")[0]
                for i, one in enumerate(inside):
                    assert one["y"] + one["h"] <= card["y"] + card["h"] + 0.5, (seat, one)
                    assert not any(overlaps(one, other) for other in inside[i + 1:]), seat
            words = page.locator("#top").inner_text() + page.locator("#banner").inner_text() \
                + " ".join(page.locator("#seats .cause, #seats .role").all_inner_texts())
            letters = set(words.lower())
            assert letters & (CYRILLIC if lang == "ru" else LATIN), words
            assert not letters & (LATIN if lang == "ru" else CYRILLIC), words
            shot = tmp_path / f"overlay-{size}-{lang}-{moment}.png"
            page.screenshot(path=str(shot))
            keep = os.environ.get("MAFIAKIT_SCREENSHOTS")
            if keep:
                Path(keep).mkdir(parents=True, exist_ok=True)
                shutil.copy(shot, Path(keep) / shot.name)
    finally:
        context.close()
        table.close()
