"""What a branch may be called: one rule for the store, the shell and the prompt, and the names the
store gives the lines it keeps.

A new name is 1-40 letters, digits, ``.``, ``_``, ``/`` or ``-``, starting with a letter or digit: it
never reads as an option and never holds ``~``, which means "ancestor of" in git (``main~1`` is
main's parent there). A line left behind when a move is played after undo is kept under
``<branch>-N``, N the first number from 1 that no branch of the game has in this spelling or in the
``<branch>~N`` of databases written before (``main-1``, ``main-2``, ...). Names a database already
holds stay usable whatever their spelling: checkout, branches, undo and export look names up, they
do not check them.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from dinocli.limits import BRANCH

from .errors import StoreError

__all__ = ["BRANCH_NAME", "RULE", "check_branch_name", "kept_line_name"]

MAX = BRANCH.high
BRANCH_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._/-]{0,%d}\Z" % (MAX - 1))
RULE = f"1-{MAX} letters, digits, . _ / or -, starting with a letter or digit"


def check_branch_name(name: object) -> str:
    """``name`` if a new branch may be called so, else StoreError (one line saying the rule)."""
    if not isinstance(name, str) or not BRANCH_NAME.match(name):
        shown = name if isinstance(name, str) and len(name) <= 60 else f"{str(name)[:60]}…"
        raise StoreError(f"bad branch name {shown!r}: use {RULE}")
    return name


def kept_line_name(branch: str, taken: Collection[str]) -> str:
    """The name for a line of ``branch`` that is kept automatically: ``<branch>-N`` (it obeys the rule,
    even for an old name like ``main~1``: ``main-1-1``)."""
    base = re.sub(r"[^A-Za-z0-9._/-]", "-", branch).lstrip("._/-") or "line"
    n = 1
    while True:
        suffix = f"-{n}"
        name = base[:MAX - len(suffix)] + suffix
        if name not in taken and f"{branch}~{n}" not in taken:
            return name
        n += 1
