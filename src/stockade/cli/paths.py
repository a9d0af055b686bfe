"""Per-user directories. They follow the XDG variables, so tests never touch a real user's."""

from __future__ import annotations

from pathlib import Path

import platformdirs

APP = "stockade"


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP))


def state_dir() -> Path:
    return Path(platformdirs.user_state_dir(APP))
