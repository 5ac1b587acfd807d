"""What commands print: stable JSON, and text made terminal-safe (DESIGN "CLI contract").

Imported by the command line and by the command modules it calls (tournament, bench), so
that none of them imports ``dinocli.cli`` back. Only click is imported at start-up.
"""

from __future__ import annotations

from typing import Any

import click

__all__ = ["SCHEMA", "duration", "echo", "emit_json"]

SCHEMA = 1  # the version of every --json shape (dinocli(1) "JSON OUTPUT"): raise it when a field changes


def echo(text: Any = "", *, err: bool = False, nl: bool = True) -> None:
    """Print text that may hold names, actions or paths from a log, the database or the command
    line, made terminal-safe (our own colours kept when colour is on)."""
    from dinocli.safe import safe_block

    ctx = click.get_current_context(silent=True)
    color = getattr(ctx.obj, "color", None) if ctx is not None else None  # the command line's Env
    colour = not err and callable(color) and color()
    click.echo(safe_block(text, colour=colour), err=err, nl=nl, color=colour or None)


def emit_json(data: Any) -> None:
    """Stable, uncoloured JSON on stdout, with ``"schema"`` in the object (or in each object of a list)."""
    import json

    if isinstance(data, dict):
        data = {"schema": SCHEMA, **data}
    elif isinstance(data, list):
        data = [{"schema": SCHEMA, **item} if isinstance(item, dict) else item for item in data]
    click.echo(json.dumps(data, indent=2, sort_keys=True, default=str))


def duration(seconds: float) -> str:
    """A duration as a progress line says it: 45s, 3m 05s, 1h 02m (a positive one is never 0s)."""
    s = max(1, round(seconds)) if seconds > 0 else 0
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m {s % 60:02d}s"
    return f"{s // 3600}h {s % 3600 // 60:02d}m"
