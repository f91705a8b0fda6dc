"""The boards `--pi-proxy` stands for: the CFS period and each board's quota (no imports, so
`mafiakit --help` stays cheap). How the quotas were chosen: docs/benchmarks.md "Choosing the
quota"."""

PERIOD_US = 4000
# quota_us per PERIOD_US of one core of the dev machine (x86_64, Python 3.11) that stands
# for one core of the board
BOARDS: dict[str, int] = {"pi4": 1000, "pi5": 2000, "zero2w": 300}
BOARD_NAMES: dict[str, str] = {"pi4": "Raspberry Pi 4", "pi5": "Raspberry Pi 5",
                               "zero2w": "Raspberry Pi Zero 2 W"}
