"""The cyclic garbage collector held off while objects that live long and make no cycles are made: the
modules a command loads at start-up, a path of events read from the store; and at a command's exit."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Callable, Iterator

__all__ = ["paused", "hold", "frozen_at_exit"]


@contextlib.contextmanager
def paused() -> Iterator[None]:
    """No cyclic garbage collection inside: the collector would walk what is made again and again as it piles
    up. What was made then joins the oldest generation at once (``gc.freeze`` and ``unfreeze`` move the young
    objects there without a scan, where the next young collection would walk them once more), and the
    collector is on again if it was."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.unfreeze()
        if enabled:
            gc.enable()


def hold() -> Callable[[], None]:
    """:func:`paused` for what a ``with`` block cannot enclose (a module's body): no cyclic garbage collection until
    the function returned is called, which ends the pause as :func:`paused` does."""
    block = paused()
    block.__enter__()
    return lambda: block.__exit__(None, None, None)


_exit_hook: list[bool] = []


def frozen_at_exit() -> None:
    """At the interpreter's exit, after every ``atexit`` hook (this one is registered first, so runs last), freeze
    what is left: tearing the modules down, the interpreter collects in full several times, each walking every
    object a command loaded (click's commands, msgspec's types, a game's tables) to find nothing. Freezing frees
    nothing and skips no hook, flush or close; only cycles still unreached then are left for the OS to reclaim.
    Registered once per process; an in-process caller's collector is untouched until its own exit."""
    if not _exit_hook:
        import atexit

        atexit.register(gc.freeze)
        _exit_hook.append(True)
