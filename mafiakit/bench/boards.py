"""The boards `--pi-proxy` stands for: each one's CFS quota and period (no imports, so
`mafiakit --help` stays cheap). How the shares were chosen: docs/benchmarks.md "Choosing the
quota".

The kernel takes no quota under 1 ms, and a longer period lets a burst run longer at full
speed before the group is held back; so every board gets the 1 ms quota and the period that
makes its share of one of the dev machine's cores (x86_64, Python 3.11).
"""

MIN_QUOTA_US = 1000  # the kernel's floor for cpu.cfs_quota_us and cpu.max
PERIOD_US = 4000  # the Pi 4's (the spec's): 25 %
# (quota_us, period_us) per board
BOARDS: dict[str, tuple[int, int]] = {
    "pi4": (MIN_QUOTA_US, PERIOD_US),  # 25 %
    "pi5": (MIN_QUOTA_US, 2000),  # 50 %
    "zero2w": (MIN_QUOTA_US, 12500),  # 8 %
}
BOARD_NAMES: dict[str, str] = {"pi4": "Raspberry Pi 4", "pi5": "Raspberry Pi 5",
                               "zero2w": "Raspberry Pi Zero 2 W"}


def budget(board: str, share_percent: float | None = None) -> tuple[int, int]:
    """(quota_us, period_us) for `board`, or for a share of one core (percent) instead."""
    if share_percent is None:
        return BOARDS[board]
    return MIN_QUOTA_US, round(MIN_QUOTA_US * 100 / share_percent)
