"""Every file dinocli reads or writes for a person: bounded streaming reads, atomic writes.

Reads take regular files only (``-`` is stdin where a command documents it), and the size
limit applies while reading, so ``/dev/zero`` or an endless pipe stops at the limit with one
line instead of filling memory. Writes go to an unnamed file in the target's folder, are
fsynced and then renamed over the target, which must be a regular file or absent: a failed or
killed write leaves nothing behind and the old file as it was.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from dinocli.events.errors import DinocliError

__all__ = ["FileRefused", "check_writable", "read_limited", "write_atomic"]

CHUNK = 1 << 16
TooLarge = Callable[[int, bool], Exception]  # (bytes seen, whether that is the whole size) -> the error


class FileRefused(DinocliError):
    """A file that cannot be read or written as asked (the message says why, in one line)."""


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISLNK, "a symbolic link"), (stat.S_ISFIFO, "a FIFO"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def _oserror(path: str | os.PathLike, exc: OSError) -> FileRefused:
    return FileRefused(f"{os.fspath(path)}: {exc.strerror or exc}")


def _read_all(read: Callable[[int], bytes], limit: int, too_large: TooLarge) -> bytes:
    """Read to the end, keeping at most ``limit`` bytes; past it, count on (without keeping) as
    far again, so that a stream a little too long is reported with its size."""
    parts, total = [], 0
    while True:
        chunk = read(min(CHUNK, limit + 1 - total))
        if not chunk:
            return b"".join(parts)
        total += len(chunk)
        if total > limit:
            parts.clear()
            while total <= 2 * limit and (chunk := read(CHUNK)):
                total += len(chunk)
            raise too_large(total, not chunk)
        parts.append(chunk)


def read_limited(path: str | os.PathLike, limit: int, *, stdin_ok: bool = False,
                 too_large: TooLarge | None = None) -> bytes:
    """The bytes of a regular file (or of stdin for ``-`` when ``stdin_ok``), at most ``limit`` of them."""
    name = os.fspath(path)
    if too_large is None:
        too_large = lambda n, _whole: FileRefused(f"{name}: larger than the limit of {limit:,} bytes")  # noqa: E731
    if name == "-" and stdin_ok:
        return _read_all(sys.stdin.buffer.read1 if hasattr(sys.stdin.buffer, "read1") else sys.stdin.buffer.read,
                         limit, too_large)
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise _oserror(name, exc) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            hint = " (for a pipe, give - and redirect it to stdin)" if stdin_ok else ""
            raise FileRefused(f"{name} is {_kind(st.st_mode)}, not a regular file{hint}")
        if st.st_size > limit:
            raise too_large(st.st_size, True)
        os.set_blocking(fd, True)
        return _read_all(lambda n: os.read(fd, n), limit, too_large)
    except OSError as exc:
        raise _oserror(name, exc) from None
    finally:
        os.close(fd)


def _check_target(target: Path) -> None:
    """Refuse a target that is not a regular file, or whose folder does not exist."""
    folder = target.parent
    if not folder.is_dir():
        raise FileRefused(f"folder {folder} does not exist (create it with: mkdir -p {folder})")
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise _oserror(target, exc) from None
    if not stat.S_ISREG(st.st_mode):
        raise FileRefused(f"{target} is {_kind(st.st_mode)}: not replaced (give a regular file's path, or - for stdout)")


def check_writable(path: str | os.PathLike) -> None:
    """Refuse now (FileRefused) a path :func:`write_atomic` would refuse when it is done: a folder, a FIFO."""
    _check_target(Path(os.fspath(path)).expanduser())


def _open_unnamed(folder: Path, name: str) -> tuple[int, str | None]:
    """An unnamed file in ``folder`` (O_TMPFILE: nothing to clean up if killed), or a hidden temporary one."""
    if hasattr(os, "O_TMPFILE"):
        with contextlib.suppress(OSError):
            return os.open(folder, os.O_TMPFILE | os.O_WRONLY | os.O_CLOEXEC, 0o666), None
    import tempfile

    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    umask = os.umask(0)
    os.umask(umask)
    os.fchmod(fd, 0o666 & ~umask)
    return fd, tmp


def write_atomic(path: str | os.PathLike, chunks: Iterable[str]) -> None:
    """Write ``chunks`` (UTF-8) to ``path`` all at once or not at all: temporary file in the same
    folder, fsync, rename; a target that exists must be a regular file."""
    target = Path(os.fspath(path)).expanduser()
    _check_target(target)
    folder = target.parent
    tmp: str | None = None
    fd = -1
    try:
        fd, tmp = _open_unnamed(folder, target.name)
        with os.fdopen(fd, "w", encoding="utf-8", closefd=False) as fh:
            for chunk in chunks:
                fh.write(chunk)
        os.fsync(fd)
        _check_target(target)  # it may have been replaced by something else meanwhile
        if tmp is None:
            tmp = str(folder / f".{target.name}.{os.getpid()}.tmp")
            proc = os.open("/proc/self/fd", os.O_RDONLY)
            try:  # linkat(AT_SYMLINK_FOLLOW) through /proc names the unnamed file
                os.link(str(fd), tmp, src_dir_fd=proc, follow_symlinks=True)
            finally:
                os.close(proc)
        os.replace(tmp, target)
        tmp = None
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError as exc:
        raise _oserror(target, exc) from None
    finally:
        if fd >= 0:
            os.close(fd)
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
