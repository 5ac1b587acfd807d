"""The config file: a few defaults a user sets once (issue 42, conventions).

A TOML file in the platformdirs user config directory (``DINOCLI_CONFIG`` names another), read
with :mod:`tomllib`. It sets defaults only: the command line and the environment still win.

    bot = "mcts:hard"        # the bots `new --bots N` adds
    color = "never"          # auto, always or never, as --color
    db = "~/games.sqlite"    # the database, as --db
    player = "ann"           # your seat's name at `new` without --player

Only the standard library and dinocli's error root are imported here, platformdirs only where the path is
not plain (:mod:`dinocli.events.places`) and tomllib only when the file exists, so that ``dinocli --help``
stays fast.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from dinocli.events.errors import DinocliError

__all__ = ["KEYS", "FILE", "ConfigError", "path", "load", "chosen", "describe"]

FILE = "the config file"   # what chose a setting the command line and the environment left alone

# key: what it sets (shown by `dinocli config` and dinocli(1))
KEYS = {
    "bot": "the bots `new --bots N` adds (a bot SPEC)",
    "color": "auto, always or never, as --color",
    "db": "the database file, as --db",
    "player": "your seat's name at `new` without --player",
}


class ConfigError(DinocliError):
    """A config file that cannot be used: not TOML, an unknown key, a value of the wrong kind; one line."""


def path() -> Path:
    """Where the config file is: $DINOCLI_CONFIG, else config.toml in the user config directory."""
    named = os.environ.get("DINOCLI_CONFIG")
    if named:
        return Path(named).expanduser()
    from dinocli.events.places import user_config_dir

    return Path(user_config_dir()) / "config.toml"


def load(where: Path | None = None) -> dict[str, Any]:
    """The settings in the config file (none when there is no file), checked; else ConfigError."""
    where = path() if where is None else where
    try:
        data = where.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise ConfigError(f"config file {where}: {exc.strerror or exc}") from None
    import tomllib

    try:
        settings = tomllib.loads(data.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"config file {where} is not TOML: {exc}") from None
    for key, value in settings.items():
        if key not in KEYS:
            import difflib

            near = difflib.get_close_matches(key, list(KEYS), n=1)
            raise ConfigError(f"config file {where}: unknown setting {key!r}"
                              + (f" (did you mean {near[0]}?)" if near else "") + f"; settings: {', '.join(KEYS)}")
        if not isinstance(value, str) or not value.strip():
            raise ConfigError(f"config file {where}: {key} must be a text in quotes, as {key} = \"...\"")
    if settings.get("color", "auto") not in ("auto", "always", "never"):
        raise ConfigError(f"config file {where}: color is auto, always or never, not {settings['color']!r}")
    return settings


def chosen(settings: dict[str, Any], sources: dict[str, str]) -> dict[str, str]:
    """What chose each option given its click parameter source: ``--db``, ``DINOCLI_DB``, the config
    file, or "" (its default)."""
    named = {"COMMANDLINE": "--{}", "ENVIRONMENT": "DINOCLI_{}"}
    return {key: named[src].format(key if src == "COMMANDLINE" else key.upper()) if src in named
            else (FILE if key in settings else "") for key, src in sources.items()}


def describe(settings: dict[str, Any], chosen_by: dict[str, str], given: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each setting in effect (``given``: what the command line or environment chose), what it does, and
    what chose it: an option, a variable, the config file, or the default."""
    from dinocli.ai import DEFAULT_SPEC
    from dinocli.events.store import default_path
    from dinocli.service import DEFAULT_HUMAN

    defaults = {"bot": DEFAULT_SPEC, "color": "auto", "db": str(default_path()), "player": DEFAULT_HUMAN}
    out = {}
    for key, what in KEYS.items():
        source = chosen_by.get(key) or (FILE if key in settings else "default")
        value = given.get(key) if given.get(key) is not None else settings.get(key, defaults[key])
        out[key] = {"value": value, "from": source, "sets": what}
    return out
