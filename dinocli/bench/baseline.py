"""``bench mcts --baseline REV``: this checkout's search against a git revision's, in the same run.

The revision's tree is written to a temporary directory (``git archive``: nothing in the
repository changes) and imported from there by a sampler process of its own; a second sampler
imports this checkout's code. Both search the same positions (checked by fingerprint) with the
same specs, taking turns going first on each one, and the figure is decisions simulated per CPU
second of each sampler: other programs on a busy machine then hardly move the ratio.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tarfile
import tempfile
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from dinocli.games.protocol import BadConfig

__all__ = ["baseline_figures", "resolve", "SPECS"]

SPECS = {"full playouts": "mcts:cutoff=none,rollout=random,stop=never", "medium": "mcts:medium"}


def _checkout_root() -> Path:
    """The dinocli git checkout this dinocli runs from, or else the one the current directory is in
    (an installed, perhaps compiled, dinocli benched against a revision of its source); BadConfig for none."""
    for here in (Path(__file__).resolve().parents[2], Path.cwd()):
        try:
            top = subprocess.run(["git", "-C", str(here), "rev-parse", "--show-toplevel"], capture_output=True,
                                 text=True, check=False)
        except OSError:
            raise BadConfig("--baseline needs git on PATH") from None
        if top.returncode == 0 and (Path(top.stdout.strip()) / "ai" / "mcts.py").exists():
            return Path(top.stdout.strip())
    raise BadConfig("--baseline needs dinocli run from its git checkout, or run inside one")


def resolve(rev: str) -> tuple[Path, str]:
    """The checkout and the commit id of revision ``rev`` (BadConfig for no checkout or an unknown revision)."""
    if rev.startswith("-") or not rev.strip():
        raise BadConfig(f"bad revision {rev[:60]!r}")
    root = _checkout_root()
    commit = subprocess.run(["git", "-C", str(root), "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
                            capture_output=True, text=True, check=False)
    if commit.returncode != 0:
        raise BadConfig(f"unknown revision {rev[:60]!r}")
    return root, commit.stdout.strip()


def _tree(root: Path, sha: str, into: Path) -> None:
    """Write commit ``sha``'s tree into ``into``."""
    tar = subprocess.run(["git", "-C", str(root), "archive", "--format=tar", sha], capture_output=True, check=True)
    with tarfile.open(fileobj=io.BytesIO(tar.stdout)) as t:
        t.extractall(into, filter="data")
    if not (into / "ai" / "mcts.py").exists():
        raise BadConfig(f"revision {sha[:10]} has no search to bench")


class _Sampler:
    """A sampler process (see :mod:`.sampler`): this checkout's code, or the tree given."""

    def __init__(self, name: str, tree: Path | None):
        source = (Path(__file__).with_name("sampler.py")).read_text()
        self.name = name
        self.proc = subprocess.Popen([sys.executable, "-c", source, *([str(tree)] if tree else [])],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=tempfile.gettempdir())

    def ask(self, **req: Any) -> Any:
        """One request and its answer (BadConfig naming the sampler when it fails)."""
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise BadConfig(f"the {self.name} search stopped (exit {self.proc.wait()})")
        out = json.loads(line)
        if isinstance(out, dict) and "error" in out:
            raise BadConfig(f"the {self.name} search failed: {out['error'][:200]}")
        return out

    def close(self) -> None:
        """End the process (its stdin closes, it returns)."""
        if self.proc.stdin:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def baseline_figures(game_ids: list[str], rev: str, *, seconds: float = 0.5, rounds: int = 2) -> dict[str, Any]:
    """Decisions simulated (and iterations) per CPU second by this checkout's search and by revision
    ``rev``'s, per game and spec, on the same positions, interleaved (``rounds`` passes of ``seconds`` per position each)."""
    root, sha = resolve(rev)
    out: dict[str, Any] = {}
    with ExitStack() as stack:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="dinocli-baseline-")))
        _tree(root, sha, tmp / "tree")
        out["baseline"] = f"{rev} ({sha[:10]})"
        ours, base = _Sampler("current", None), _Sampler(f"baseline {rev[:60]}", tmp / "tree")
        stack.callback(ours.close)
        stack.callback(base.close)
        fa, fb = ours.ask(positions=game_ids), base.ask(positions=game_ids)
        for gid in game_ids:
            if fa[gid] != fb[gid]:
                out[f"{gid} note"] = "the positions differ from the baseline's (rules changed): not compared"
                continue
            tally = {(who, key): [0, 0.0, 0] for who in ("ours", "base") for key in SPECS}
            turn = 0
            for _ in range(rounds):
                for i in range(len(fa[gid])):
                    for key, spec in SPECS.items():
                        pair = ((ours, "ours"), (base, "base"))
                        for sampler, who in pair if turn % 2 == 0 else pair[::-1]:
                            r = sampler.ask(game=gid, position=i, spec=spec, seconds=seconds)
                            t = tally[who, key]
                            t[0] += r["iterations"]
                            t[1] += r["cpu"]
                            t[2] += r["decisions"]
                        turn += 1
            for key in SPECS:
                (n, t, d), (n0, t0, d0) = tally["ours", key], tally["base", key]
                out[f"{gid} decisions/s ({key})"] = round(d / t)
                out[f"{gid} baseline decisions/s ({key})"] = round(d0 / t0)
                out[f"{gid} ratio decisions/s ({key})"] = round((d / t) / (d0 / t0), 3)
                out[f"{gid} iterations/s ({key})"] = round(n / t)
                out[f"{gid} baseline iterations/s ({key})"] = round(n0 / t0)
    return out
