"""Random bytes and mutated real logs fed to `import` and `replay FILE` as processes (issue 17):
no traceback, no hang (a timeout), bounded memory (ulimit -v), one line when refused."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from .conftest import SAVES, copy_db, run

CASES = 24  # half random bytes or mutations fed to import, half to replay; seeds fixed


def _mutate(data: bytes, rng: random.Random) -> bytes:
    """One mutation of a real log: flipped bytes, a cut, lines dropped, doubled or swapped, junk spliced in."""
    lines = data.split(b"\n")
    how = rng.randrange(8)
    if how == 0:
        buf = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            i = rng.randrange(len(buf))
            buf[i] ^= 1 << rng.randrange(8)
        return bytes(buf)
    if how == 1:
        return data[: rng.randrange(len(data))]
    if how == 2:
        del lines[rng.randrange(len(lines))]
    elif how == 3:
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
    elif how == 4:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif how == 5:
        lines.insert(rng.randrange(len(lines)), b"[" * 100_000)
    elif how == 6:
        i = rng.randrange(len(lines))
        lines[i] = lines[i].replace(b'"v":1', b'"v":"1e999"').replace(b"1", b"9" * 400, 1)
    else:
        lines.insert(rng.randrange(len(lines)), bytes(rng.randrange(256) for _ in range(rng.randint(1, 300))))
    return b"\n".join(lines)


def _case(i: int) -> bytes:
    rng = random.Random(f"fuzz-{i}")
    if i % 4 == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randint(0, 4000)))
    return _mutate(SAVES[i % len(SAVES)].read_bytes(), rng)


@pytest.mark.long(8)
def test_random_and_mutated_logs_never_crash_hang_or_grow(tmp_path, empty_db):
    def one(i: int) -> str | None:
        path = tmp_path / f"case{i}.jsonl"
        path.write_bytes(_case(i))
        args = ("import", path) if i % 2 == 0 else ("replay", path)
        db = tmp_path / f"db{i}.sqlite"
        if i % 4:   # random bytes meet a database the process creates; mutated logs an existing empty one
            copy_db(empty_db, db)
        proc = run(*args, db=db, timeout=90)
        text = proc.stdout + proc.stderr
        if "Traceback" in text or "MemoryError" in text:
            return f"case {i} ({args[0]}): {proc.stderr[-800:]}"
        if proc.returncode not in (0, 1, 4):
            return f"case {i} ({args[0]}): exit {proc.returncode}: {proc.stderr[-300:]}"
        if proc.returncode and len(proc.stderr.strip().splitlines()) != 1:
            return f"case {i} ({args[0]}): not one line: {proc.stderr[-300:]}"
        return None

    with ThreadPoolExecutor(3) as pool:
        failures = [f for f in pool.map(one, range(CASES)) if f]
    assert not failures, "\n".join(failures)
