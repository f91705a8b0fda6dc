"""SDL's environment, set before it starts: no stray line ahead of the kit's own words.

Without a desktop session XDG_RUNTIME_DIR is unset, and SDL's Wayland probe prints "error:
XDG_RUNTIME_DIR is invalid or not set in the environment." before the kit can say "no screen
found" and what to run instead. No Wayland compositor can be reached without that folder
anyway, so an empty private one (0700, removed at exit) changes nothing SDL finds; it only
quiets the probe. A set XDG_RUNTIME_DIR is left alone: a real session's errors still show.
No pygame here, so the simulator and the scoreboard can call it before SDL loads.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

RUNTIME_DIR = "XDG_RUNTIME_DIR"


def private_runtime_dir() -> str | None:
    """Point XDG_RUNTIME_DIR at a fresh private folder when it is unset; the folder, or None
    when the environment already had one."""
    if os.environ.get(RUNTIME_DIR):
        return None
    folder = tempfile.mkdtemp(prefix="mafiakit-xdg-")  # mode 0700, this user's only
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    os.environ[RUNTIME_DIR] = folder
    return folder
