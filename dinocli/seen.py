"""How a decision reads to one seat: its notation only when that seat sees the decision as it was.

A face-down pick (DODO-10) or any other secret choice is saved with its notation ("pick dash");
every place that prints decisions to a person (``move``, ``new``, ``checkout``, ``replay --step``,
their JSON) asks here, so a seat is told "rex played a card face down", never what rex picked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["seen_action", "decision_text"]


def seen_action(game, event: Any, action: str | None, viewer: int | None) -> str | None:
    """``action`` if ``viewer`` sees the decision's first ``event`` as it is, else None (a secret)."""
    if action is None or event is None:
        return None
    return action if game.redact(event, viewer) == event else None


def decision_text(game, event: Any, action: str | None, viewer: int | None, name: str,
                  describe: Callable[[Any], str]) -> str:
    """One line for a decision as ``viewer`` may see it: ``name: action``, else the decision's first
    event as the viewer sees it ("rex played a card face down."), else that a hidden decision was made."""
    seen = seen_action(game, event, action, viewer)
    if seen is not None:
        return f"{name}: {seen}"
    shown = game.redact(event, viewer) if event is not None else None
    return (describe(shown) if shown is not None else "") or f"{name} made a hidden decision."
