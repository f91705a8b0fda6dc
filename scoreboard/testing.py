"""Helpers for the scoreboard's tests: comparing rendered screens with reference images.

pytest imports each test file on its own (importlib mode), so shared helpers live here.
References are PNG files in tests/scoreboard/reference/. Set MAFIAKIT_UPDATE_REFERENCES=1 to
(re)write them from the current renderer, then look at them and commit them.

The comparison allows a per-pixel colour difference (antialiasing noise) but only a handful of
pixels beyond it: the breve of "й" changed to "и" in one nickname is 7 pixels, a day number in
a seat note 20, so a share-of-the-screen tolerance would let real changes through. pygame's
wheel bundles its FreeType, so images are stable for one pygame version and the Debian DejaVu
font; after upgrading either, rewrite the references and review the differences.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import pygame

from bus.payloads import Snapshot

UPDATE_ENV: Final = "MAFIAKIT_UPDATE_REFERENCES"
CHANNEL_TOLERANCE: Final = 48  # per colour channel, out of 255
MAX_PIXELS: Final = 4  # pixels that may differ beyond the channel tolerance


@dataclass(frozen=True)
class Difference:
    """How two images differ."""

    differing: int
    total: int
    same_size: bool = True

    @property
    def share(self) -> float:
        return self.differing / self.total if self.total else 1.0

    def acceptable(self, max_pixels: int = MAX_PIXELS) -> bool:
        """Within tolerance: same size and at most `max_pixels` differing pixels."""
        return self.same_size and self.differing <= max_pixels


def _rgb(surface: pygame.Surface) -> pygame.Surface:
    plain = pygame.Surface(surface.get_size(), 0, 32)
    plain.blit(surface, (0, 0))
    return plain


def compare(
    image: pygame.Surface, reference: pygame.Surface, tolerance: int = CHANNEL_TOLERANCE
) -> Difference:
    """Count pixels whose colour differs by more than `tolerance` in some channel."""
    total = image.get_width() * image.get_height()
    if image.get_size() != reference.get_size():
        return Difference(differing=total, total=total, same_size=False)
    within = pygame.transform.threshold(
        None,
        _rgb(image),
        None,
        threshold=(tolerance, tolerance, tolerance, 255),
        set_behavior=0,
        search_surf=_rgb(reference),
    )
    return Difference(differing=total - int(within), total=total)


def updating() -> bool:
    """True when the run should rewrite the references."""
    return os.environ.get(UPDATE_ENV, "") not in ("", "0")


def check_reference(image: pygame.Surface, path: Path) -> Difference:
    """Compare `image` with the reference at `path` (or write it when updating)."""
    if updating():
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(image, str(path))
    if not path.exists():
        raise AssertionError(
            f"no reference image {path.name}; run the tests once with {UPDATE_ENV}=1, "
            "look at the new images and commit them"
        )
    return compare(image, pygame.image.load(str(path)))


def bus_snapshot(name: str, tournament: str, table: str, seq: int = 1) -> Snapshot:
    """A sample as the bus's own Snapshot model (for tests against a real broker)."""
    from datetime import UTC, datetime

    from scoreboard.samples import sample_payload

    payload = sample_payload(name, table, tournament=tournament, seq=seq,
                             sent_at=datetime.now(UTC).isoformat())
    return Snapshot.model_validate(payload)


def overlaps(placed: list[tuple[str, pygame.Rect]], inside: pygame.Rect,
             contained: dict[str, str] | None = None) -> list[str]:
    """What is wrong with drawn parts that must neither overlap nor leave `inside`.

    `contained` maps a part to the part it is drawn on (a result text on its band): that pair
    must nest instead of staying apart. Returns readable findings; [] means the layout is clean.
    """
    nests = contained or {}
    found = [f"{name} {tuple(rect)} leaves {tuple(inside)}" for name, rect in placed
             if not inside.contains(rect)]
    for i, (name, rect) in enumerate(placed):
        for other, spot in placed[i + 1:]:
            if nests.get(name) == other or nests.get(other) == name:
                outer, inner = (spot, rect) if nests.get(name) == other else (rect, spot)
                if not outer.contains(inner):
                    found.append(f"{name} {tuple(rect)} is not inside {other} {tuple(spot)}")
            elif rect.colliderect(spot):
                found.append(f"{name} {tuple(rect)} overlaps {other} {tuple(spot)}")
    return found
