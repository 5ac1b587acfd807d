"""Per-game interactions the REPL runs before it sends a person's decision.

Some decisions need more than a choice: a Dodos throw is aimed in notation, but how well it is
thrown is a small dexterity challenge at the keyboard. A game opts in with one optional method
(no registry entry, no import of this module, no special case in the REPL loop)::

    def interact(self, view, seat, action, ui) -> Action | None:
        '''Complete ``action`` (already legal) through ``ui``; None keeps it as it is.'''
        if not isinstance(action, Throw):
            return None
        skill = ui.timing(f"Throw the {action.projectile}: stop the marker in the middle", levels=8)
        return msgspec.structs.replace(action, skill=skill)

``ui`` offers what a terminal can do, game-neutral (see :class:`ChallengeUI`):

* ``ui.say(text)`` prints one line;
* ``ui.timing(title, levels, speed=1.0) -> int`` sweeps a marker along a bar until Space or
  Enter; returns a skill quantised to ``0 .. levels-1`` (``levels-1``: dead centre).

Ctrl-C or Escape inside a challenge raises :class:`Cancelled`; the REPL then sends nothing.
The completed action goes to the service as text, so whatever the challenge fills in (the
``skill``) must round-trip through the game's notation. Bots never see ``interact``: their
actions are sent as chosen. Only the REPL imports this module.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Protocol

from prompt_toolkit.application import Application
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout import Layout
from prompt_toolkit.layout.containers import Window
from prompt_toolkit.layout.controls import FormattedTextControl

__all__ = ["Cancelled", "ChallengeUI", "TerminalUI", "complete", "skill_at", "BAR"]

BAR = 41  # cells in the timing bar (odd, so there is a middle cell)


class Cancelled(Exception):
    """The person gave up the challenge (Ctrl-C or Escape): nothing is sent."""


class ChallengeUI(Protocol):
    """What a game's ``interact`` may ask of the terminal."""

    def say(self, text: str) -> None:
        """Print one line."""

    def timing(self, title: str, levels: int, *, speed: float = 1.0, marker: str = "#") -> int:
        """Stop a sweeping marker; a skill in ``0 .. levels-1`` (higher is better)."""


def complete(game: Any, view: Any, seat: int, action: Any, ui: ChallengeUI) -> Any:
    """The action to send: the game's ``interact`` hook applied if it has one."""
    hook = getattr(game, "interact", None)
    if hook is None:
        return action
    done = hook(view, seat, action, ui)
    return action if done is None else done


def marker_at(elapsed: float, speed: float) -> int:
    """The marker's cell after ``elapsed`` seconds, bouncing end to end ``speed`` times a second."""
    span = BAR - 1
    phase = (elapsed * speed * span) % (2 * span)
    return int(phase if phase <= span else 2 * span - phase)


def skill_at(cell: int, levels: int) -> int:
    """The skill for stopping on ``cell``: ``levels-1`` in the middle, 0 at either end."""
    middle = (BAR - 1) / 2
    miss = abs(cell - middle) / middle  # 0 .. 1
    return max(0, min(levels - 1, round((1 - miss) * (levels - 1))))


class TerminalUI:
    """:class:`ChallengeUI` on prompt_toolkit, sharing the REPL's input and output."""

    def __init__(self, say: Callable[[str], None], *, input=None, output=None, color: bool = True,
                 clock: Callable[[], float] = time.monotonic):
        self._say = say
        self.input = input
        self.output = output
        self.color = color
        self.clock = clock

    def say(self, text: str) -> None:
        """Print one line."""
        self._say(text)

    def timing(self, title: str, levels: int, *, speed: float = 1.0, marker: str = "#") -> int:
        """Sweep a marker until Space or Enter; the skill of where it stopped."""
        if levels < 2:
            raise ValueError("a timing challenge needs at least 2 levels")
        start = self.clock()
        middle = (BAR - 1) // 2

        def bar() -> FormattedText:
            cell = marker_at(self.clock() - start, speed)
            parts = [("", f"{title}\n[")]
            for i in range(BAR):
                ch = marker if i == cell else ("|" if i == middle else "-")
                style = "bold fg:ansiyellow" if i == cell and self.color else ("bold" if i == cell else "")
                parts.append((style, ch))
            parts.append(("", "]  Space or Enter: stop, Esc: cancel"))
            return FormattedText(parts)

        kb = KeyBindings()

        @kb.add(" ")
        @kb.add("enter")
        def _stop(event) -> None:
            event.app.exit(result=marker_at(self.clock() - start, speed))

        @kb.add("c-c")
        @kb.add("escape")
        def _cancel(event) -> None:
            event.app.exit(exception=Cancelled())

        app: Application[int] = Application(
            layout=Layout(Window(FormattedTextControl(bar), height=2)),
            key_bindings=kb, refresh_interval=1 / 30, input=self.input, output=self.output,
            full_screen=False, erase_when_done=True)
        cell = app.run()
        skill = skill_at(cell, levels)
        self.say(f"Stopped {abs(cell - middle)} from the middle: skill {skill}/{levels - 1}.")
        return skill
