"""Suite-wide hooks: no user config file or colour forcing from the environment; the reliability figures (tests/reliability) printed once at the end of a run,
summed over the pytest-xdist workers when the suite runs on several cores."""

from __future__ import annotations

import json
import os

import pytest

from tests.reliability.conftest import FIGURES, add_figure, figures_line


# No test reads the user's own config file (dinocli.config): the processes the tests start inherit this.
os.environ["DINOCLI_CONFIG"] = os.devnull + ".dinocli-tests-have-no-config.toml"
for _var in ("DINOCLI_COLOR", "FORCE_COLOR", "CLICOLOR_FORCE"):
    os.environ.pop(_var, None)

# The tests' databases (tmp_path) in memory where the machine has a tmpfs: the store commits with synchronous=FULL,
# and on a disk each of the suite's tens of thousands of commits waits a few milliseconds for its fsync, minutes in
# all; on a tmpfs an fsync returns at once, and what the tests check (a SIGKILL loses no returned append, and so on)
# does not depend on the disk. PYTEST_DEBUG_TEMPROOT set (say to /tmp) or --basetemp given keeps them there.
if "PYTEST_DEBUG_TEMPROOT" not in os.environ and os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK | os.X_OK):
    os.environ["PYTEST_DEBUG_TEMPROOT"] = "/dev/shm"


@pytest.fixture
def db_file(tmp_path):
    """The database file a test's service (and, in tests/cli, its CLI runs) use."""
    return tmp_path / "games.db"


@pytest.fixture
def svc(db_file):
    """A service on a fresh database file (``db_file``)."""
    from dinocli.service import Service

    service = Service.open(str(db_file))
    yield service
    service.close()


def pytest_collection_modifyitems(items) -> None:
    """Long tests first, longest first (``@pytest.mark.long(SECONDS)``: its rough time alone on an idle core), the
    rest in the order collected. The workers take tests in this order (``--dist loadgroup``), so no minute-long test
    starts while the other worker runs out of short ones, and the run ends on short tests on both workers."""
    def seconds(item) -> float:
        mark = item.get_closest_marker("long")
        return (mark.args[0] if mark.args else 1) if mark else 0

    items.sort(key=seconds, reverse=True)   # stable: equal weights keep their order


def pytest_sessionfinish(session) -> None:
    """In an xdist worker: hand this worker's counts to the controller."""
    out = getattr(session.config, "workeroutput", None)
    if out is not None:
        out["reliability_figures"] = json.dumps(FIGURES)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error) -> None:
    """In the xdist controller: add a finished worker's counts."""
    for name, n in json.loads(getattr(node, "workeroutput", {}).get("reliability_figures", "{}")).items():
        add_figure(name, n)


def pytest_terminal_summary(terminalreporter) -> None:
    """Print the reliability counts of the whole run (nothing if no reliability test ran)."""
    line = figures_line()
    if line:
        terminalreporter.write_line(line)
