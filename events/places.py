"""The user directories dinocli keeps its files in by default, as platformdirs names them (``dinocli`` the
application): the data directory (the database) and the config directory (the config file).

Every command asks for one of them, and importing platformdirs costs a command a few milliseconds of its
start-up (issue 43), so where the answer is plain it is computed here: on Linux, not Android, with an absolute
``$HOME`` and the XDG variable unset, blank or absolute, every platformdirs release gives ``$XDG_…_HOME/dinocli``
or ``$HOME/<default>/dinocli``. Anywhere else platformdirs answers (tests/events/test_places.py checks that both
agree).
"""

from __future__ import annotations

import os
import sys

__all__ = ["user_data_dir", "user_config_dir"]

_APP = "dinocli"


def _plain(xdg: str, default: str) -> str | None:
    """The directory under ``$xdg`` (else ``$HOME/default``) where platformdirs' answer is plain, else None."""
    if sys.platform != "linux" or hasattr(sys, "getandroidapilevel"):
        return None
    env = os.environ
    if env.get("ANDROID_DATA") == "/data" and env.get("ANDROID_ROOT") == "/system":
        return None
    home, base = env.get("HOME", ""), env.get(xdg, "")
    if not home.startswith("/"):
        return None   # no HOME, or a relative one: releases differ (the password database, or an error)
    if base.startswith("/"):
        return os.path.join(base, _APP)
    if base.strip():
        return None   # a relative XDG directory: older releases take it, newer ones ignore it
    return os.path.join(os.path.expanduser(default), _APP)


def user_data_dir() -> str:
    """platformdirs' ``user_data_dir("dinocli")``."""
    plain = _plain("XDG_DATA_HOME", "~/.local/share")
    if plain is not None:
        return plain
    import platformdirs

    return platformdirs.user_data_dir(_APP)


def user_config_dir() -> str:
    """platformdirs' ``user_config_dir("dinocli")``."""
    plain = _plain("XDG_CONFIG_HOME", "~/.config")
    if plain is not None:
        return plain
    import platformdirs

    return platformdirs.user_config_dir(_APP)
