"""Which packages the wheel carries (the rest of the build is in pyproject.toml): every package
under dinocli/, found, so a new game folder needs no edit here or there; and ai/, events/ and man/,
which pyproject's package-dir installs as dinocli.ai, dinocli.events and dinocli.man (DESIGN,
"Layout": PyPI has other distributions named ai and events).

A wheel build (``pip install .``, ``pip wheel .``, an install from the sdist) also compiles the
search's hot modules with mypyc (README, "Speed"): the search in ai/mcts.py and, in every game folder,
the modules a search steps through (see :func:`hot_modules`). They are compiled from the copies
build_py has put in the build folder, in the wheel's layout, so ai/mcts.py compiles as dinocli.ai.mcts
and nothing is ever written beside the sources. The .py files ship too, and a .so beside them is
imported first.

mypyc checks a compiled function's annotations when it is called (a wrong one is a TypeError in
play), so the build type-checks the hot modules first, with the config below and nothing ignored but
what a line's own ``# type: ignore[code]`` says; the packaging test keeps them clean.

Never compiled: a build with ``DINOCLI_COMPILE=0`` (``DINOCLI_COMPILE=0 pip install .``: no mypy is
fetched, for a machine without network or without a C compiler), an editable install (``pip install
-e .``: a .so in the checkout would shadow the .py a developer or tools/mutate.py edits), and a build
where mypy reports an error in a hot module, mypyc is missing or the C compiler fails (a warning,
then the pure-Python wheel: ``pip install -v .`` shows it).
"""

from __future__ import annotations

import ast
import io
import os
from contextlib import redirect_stdout
from pathlib import Path

from setuptools import Distribution, find_packages, setup
from setuptools.command.build_ext import build_ext

# The modules of a game folder that hold its data, types and presentation: the search never spends
# its time there, so they stay Python. Every other module of a game folder (rules, fold, strategy,
# estimate and the rule extras: engine, board, lava, effects...) is compiled.
COLD = {"__init__", "data", "state", "actions", "events", "view", "notation", "render", "infer", "svg"}
SHARED = ("dinocli/ai/mcts.py", "dinocli/games/lastlegal.py")  # the search itself, and what every game's rules ask it


def pure() -> bool:
    """Whether this build stays pure Python: only when asked, with ``DINOCLI_COMPILE=0``."""
    return os.environ.get("DINOCLI_COMPILE", "").strip() == "0"


def _class_keywords(path: Path) -> bool:
    """Whether a module defines a class with keywords (``class S(msgspec.Struct, frozen=True)``):
    mypyc drops them silently (python/mypy#21938: the Struct would lose frozen, tag, kw_only...)."""
    return any(isinstance(node, ast.ClassDef) and node.keywords for node in ast.walk(ast.parse(path.read_text())))


def hot_modules(lib: Path) -> list[Path]:
    """The modules to compile, under ``lib`` (a tree in the wheel's layout): ai/mcts.py and every game
    folder's modules but the cold ones, less any defining a class with keywords (msgspec Structs)."""
    out = [lib / p for p in SHARED]
    for folder in sorted((lib / "dinocli" / "games").iterdir()):
        if (folder / "__init__.py").is_file():
            out += sorted(p for p in folder.glob("*.py") if p.stem not in COLD)
    return [p for p in out if p.is_file() and not _class_keywords(p)]


class CompiledDistribution(Distribution):
    """Platform wheels (cp311-...-linux_x86_64) unless the build is asked to be pure or is editable: the
    extensions are made by :class:`BuildHot` once build_py has run, so none are known when setup() is
    called (a build that falls back to pure Python keeps the platform tag)."""

    def has_ext_modules(self) -> bool:
        return (not pure() and "editable_wheel" not in self.commands) or super().has_ext_modules()


class BuildHot(build_ext):
    """build_ext that type-checks :func:`hot_modules` of the build folder and compiles them with mypyc (not
    when editable or asked to be pure; any failure: a warning and the pure-Python wheel)."""

    def run(self) -> None:
        if self.inplace:
            return
        lib = Path(self.get_finalized_command("build_py").build_lib)
        # a build folder kept from an earlier build (pip builds in the tree) may hold a .so of a module
        # that is pure now, or edited since: the wheel would carry it, shadowing the .py
        for stale in (lib / "dinocli").rglob("*.so"):
            stale.unlink()
        if self.editable_mode or pure():
            return
        try:
            from mypyc.build import mypycify

            files = [str(p.relative_to(lib)) for p in hot_modules(lib)]
            config = Path(self.build_temp, "mypyc.ini").resolve()
            config.parent.mkdir(parents=True, exist_ok=True)
            # a type error in a hot module stops the compiling (mypyc would check the wrong annotation
            # in play); the modules they import are read for their types, not checked; a name given
            # two types in one function is one variable of the union of them, as in Python
            config.write_text("[mypy]\nignore_missing_imports = True\nfollow_imports = silent\n"
                              "allow_redefinition = True\n")
            here = os.getcwd()
            os.chdir(lib)  # module names come from the folders: dinocli/ai/mcts.py is dinocli.ai.mcts
            try:
                # one shared library per game folder (and one for the search), inside the package
                groups = {}
                for f in files:
                    groups.setdefault(str(Path(f).parent).replace(os.sep, "."), []).append(f)
                temp = Path(here, self.build_temp).resolve()
                said = io.StringIO()  # mypy's errors, for the warning: mypycify prints them, then exits
                try:
                    with redirect_stdout(said):
                        extensions = mypycify(
                            ["--config-file", str(config), "--cache-dir", str(temp / "mypy-cache"), *files],
                            separate=[(fs, f"{package}.compiled") for package, fs in groups.items()],
                            target_dir=str(temp / "mypyc"),
                            opt_level="1",  # as fast as -O3 here (the time goes to Python's C API), a third less gcc time
                        )
                except SystemExit as e:
                    errors = [line for line in said.getvalue().splitlines() if ": error:" in line]
                    if not errors:
                        raise RuntimeError(f"mypyc stopped ({e}): {said.getvalue()[-600:]}") from None
                    more = " ..." if len(errors) > 5 else ""
                    raise RuntimeError(f"mypy found {len(errors)} type errors in them: {'; '.join(errors[:5])}{more}") from None
                print(said.getvalue(), end="")
            finally:
                os.chdir(here)
            # the extensions known now: what setuptools' finalize_options notes on those given to setup()
            self.distribution.ext_modules = self.extensions = extensions
            self.check_extensions_list(extensions)
            for ext in extensions:
                ext._full_name = self.get_ext_fullname(ext.name)
                ext._links_to_dynamic = ext._needs_stub = False
                ext._file_name = self.get_ext_filename(ext._full_name)
                self.ext_map[ext._full_name] = self.ext_map[ext._full_name.split(".")[-1]] = ext
            self.build_lib, self.parallel = str(lib), self.parallel or os.cpu_count() or 1
            super().run()
        except (Exception, SystemExit) as e:  # noqa: BLE001 - no compiler, no mypyc, a module it cannot compile
            for half in (lib / "dinocli").rglob("*.so"):  # a shim without its library would not import
                half.unlink()
            self.warn(f"dinocli: the hot modules were not compiled ({type(e).__name__}: {e}); "
                      "this build is pure Python (README, 'Speed')")


setup(
    packages=[*find_packages(include=["dinocli", "dinocli.*"]), "dinocli.ai", "dinocli.events", "dinocli.man"],
    distclass=CompiledDistribution,
    cmdclass={"build_ext": BuildHot},
)
