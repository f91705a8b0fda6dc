"""`mafiakit bench NAME --pi-proxy`: the measured processes on a Raspberry Pi core's budget.

The kernel's CFS bandwidth control lets the tasks of a cgroup run `quota` microseconds of CPU
per `period` (cgroup v1: `cpu.cfs_quota_us` / `cpu.cfs_period_us`; v2: `cpu.max`, "QUOTA
PERIOD"); every task put in is also pinned to one CPU (`sched_setaffinity`, as `taskset`
does), so the group never runs on two cores at once. Period 4 ms and quota 1 ms (a quarter
of one of this machine's cores) stand for a Pi 4's core; `BOARDS` holds the quota of each
board and docs/benchmarks.md ("On a Pi's budget") how it was chosen.

What goes in is chosen by each benchmark (its `PI_PROXY` says it takes part): a child
process is started through `command` (a shell writes its own pid into the group and execs
`taskset` and the program, so nothing runs outside first); the bench process itself enters
with `confine_self` (every thread, and every thread it starts later) and leaves with
`release_self`. The broker and the bench's own drivers and subscribers stay outside.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType

from mafiakit.bench.boards import BOARDS, budget

# The group's weight against everything else on its CPU: the highest, so a busy neighbour
# delays its tasks as little as CFS allows (a Pi's core runs the table alone)
V1_TOP_SHARES = 262144
V2_TOP_WEIGHT = 10000
# The shell of `command`: its own pid (exec keeps it) into the group, then the program on
# one CPU; $0 is the group's cgroup.procs, $1 the CPU
_ENTER = 'echo $$ > "$0" || exit 126; cpu=$1; shift; exec taskset -c "$cpu" "$@"'


class ProxyError(RuntimeError):
    """The Pi's budget cannot be set up here; the message says why and what to do."""


@dataclass(frozen=True)
class Hierarchy:
    """Where the cpu controller is mounted: cgroup `version` 1 or 2, and the folder this
    process's group is made under."""

    version: int
    base: Path


def _mounts() -> list[tuple[str, str, list[str]]]:
    """(mount point, file system type, options) of every mount, from /proc/self/mounts."""
    out = []
    for line in Path("/proc/self/mounts").read_text().splitlines():
        fields = line.split()
        if len(fields) >= 4:
            out.append((fields[1].replace("\\040", " "), fields[2], fields[3].split(",")))
    return out


def _own_group(controller: str) -> str:
    """This process's group in the v1 hierarchy that has `controller` ('/' at the top)."""
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if controller in controllers.split(","):
            return path
    return "/"


def find_hierarchy() -> Hierarchy:
    """The cgroup v1 cpu hierarchy (the spec's), else a cgroup v2 one whose root offers the
    cpu controller; ProxyError when there is neither."""
    mounts = _mounts()
    for point, kind, options in mounts:
        if kind == "cgroup" and "cpu" in options:
            return Hierarchy(1, Path(point) / _own_group("cpu").lstrip("/"))
    for point, kind, _ in mounts:
        controllers = Path(point) / "cgroup.controllers"
        if kind == "cgroup2" and controllers.exists() and "cpu" in controllers.read_text().split():
            return Hierarchy(2, Path(point))
    raise ProxyError(
        "no cgroup hierarchy here offers the cpu controller: neither a cgroup v1 'cpu' mount "
        "nor a cgroup v2 mount with 'cpu' in cgroup.controllers (on a v1 system: mount -t "
        "cgroup -o cpu cgroup /sys/fs/cgroup/cpu; docs/benchmarks.md \"On a Pi's budget\")")


def _write(path: Path, text: str) -> None:
    with open(path, "w") as f:  # one write(2): the kernel takes the whole value or refuses it
        f.write(text)


@dataclass
class PiProxy:
    """One cgroup on one CPU with the board's quota; `close` (or leaving `with`) takes every
    task still in it back out and removes it."""

    board: str = "pi4"
    share_percent: float | None = None  # None: the board's (BOARDS)
    cpu: int | None = None  # None: the last CPU this process may run on
    hierarchy: Hierarchy | None = None  # None: find_hierarchy()
    measured: list[str] = field(default_factory=list)
    quota_us: int = field(init=False)
    period_us: int = field(init=False)
    path: Path = field(init=False)
    _parent: Path = field(init=False)
    _affinity: set[int] | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        if self.board not in BOARDS:
            raise ProxyError(f"no board {self.board!r} (boards: {', '.join(BOARDS)})")
        if self.share_percent is not None and not 0.1 <= self.share_percent <= 100:
            raise ProxyError(f"a share of {self.share_percent:g} % of a core: give 0.1 to 100")
        quota, self.period_us = budget(self.board, self.share_percent)
        self.quota_us = quota
        allowed = os.sched_getaffinity(0)
        self.cpu = max(allowed) if self.cpu is None else self.cpu
        if self.cpu not in allowed:
            raise ProxyError(f"CPU {self.cpu} is not one this process may run on "
                             f"({', '.join(map(str, sorted(allowed)))})")
        if shutil.which("taskset") is None:
            raise ProxyError("taskset is missing (Debian: apt-get install util-linux)")
        self.hierarchy = self.hierarchy or find_hierarchy()
        self._parent = self.hierarchy.base
        self.path = self._parent / f"mafiakit-pi-proxy-{os.getpid()}"
        try:
            if self.hierarchy.version == 2:
                self._enable_v2_cpu()
            self.path.mkdir()
        except PermissionError:
            raise ProxyError(f"cannot make the cgroup {self.path}: permission denied "
                             "(--pi-proxy runs as root, e.g. sudo)") from None
        except OSError as exc:
            raise ProxyError(f"cannot make the cgroup {self.path}: {exc.strerror}") from None
        try:
            if self.hierarchy.version == 1:
                _write(self.path / "cpu.cfs_period_us", str(self.period_us))
                _write(self.path / "cpu.cfs_quota_us", str(quota))
                _write(self.path / "cpu.shares", str(V1_TOP_SHARES))
            else:
                _write(self.path / "cpu.max", f"{quota} {self.period_us}")
                _write(self.path / "cpu.weight", str(V2_TOP_WEIGHT))
        except OSError as exc:
            self.path.rmdir()
            raise ProxyError(f"the cgroup {self.path} refused quota {quota} us per "
                             f"{self.period_us} us: {exc.strerror}") from None

    def _enable_v2_cpu(self) -> None:
        """cgroup v2 hands the cpu controller to a child only when the parent's
        cgroup.subtree_control names it; the root group may hold processes and do that."""
        offered = (self._parent / "cgroup.controllers").read_text().split()
        if "cpu" not in offered:
            raise ProxyError(
                f"the cgroup v2 group {self._parent} does not offer the cpu controller "
                f"(cgroup.controllers: {' '.join(offered) or 'none'}); on a system that "
                "mounts both versions it may be bound to a v1 hierarchy instead")
        control = self._parent / "cgroup.subtree_control"
        if "cpu" not in control.read_text().split():
            _write(control, "+cpu")

    @property
    def refill_s(self) -> float:
        """Two periods, in seconds: idle that long and the quota is whole again."""
        return 2 * self.period_us / 1e6

    @property
    def procs(self) -> Path:
        return self.path / "cgroup.procs"

    def command(self, argv: list[str], name: str) -> list[str]:
        """`argv` started inside the group on its CPU (for subprocess.Popen): the program's
        first instruction already runs on the budget."""
        self._measures(name)
        return ["sh", "-c", _ENTER, str(self.procs), str(self.cpu), *argv]

    def confine_self(self, name: str) -> None:
        """This process into the group: every thread now, and every thread it starts."""
        self._measures(name)
        self._affinity = os.sched_getaffinity(0)
        _write(self.procs, str(os.getpid()))
        self._pin({self.cpu or 0})

    def release_self(self) -> None:
        """This process back where it was, on the CPUs it had."""
        if self._affinity is None:
            return
        _write(self._parent / "cgroup.procs", str(os.getpid()))
        self._pin(self._affinity)
        self._affinity = None

    def _measures(self, name: str) -> None:
        if name not in self.measured:
            self.measured.append(name)

    @contextlib.contextmanager
    def inside(self, name: str) -> Iterator[None]:
        """This process on the budget for the `with` block only."""
        self.confine_self(name)
        try:
            yield
        finally:
            self.release_self()

    @staticmethod
    def _pin(cpus: set[int]) -> None:
        for tid in os.listdir("/proc/self/task"):
            with contextlib.suppress(ProcessLookupError):  # a thread that just ended
                os.sched_setaffinity(int(tid), cpus)

    def stat(self) -> dict[str, int]:
        """The group's cpu.stat: periods, how many were throttled, for how long (us)."""
        values = {}
        for line in (self.path / "cpu.stat").read_text().splitlines():
            key, _, value = line.partition(" ")
            values[key] = int(value)
        throttled_us = values.get("throttled_usec", values.get("throttled_time", 0) // 1000)
        return {"periods": values.get("nr_periods", 0),
                "throttled_periods": values.get("nr_throttled", 0),
                "throttled_ms": throttled_us // 1000}

    def report(self) -> dict[str, object]:
        """The object's `proxy` key."""
        assert self.hierarchy is not None
        return {"board": self.board, "period_us": self.period_us, "quota_us": self.quota_us,
                "cpu": self.cpu,
                "share_percent": round(100 * self.quota_us / self.period_us, 1),
                "cgroup": f"v{self.hierarchy.version}", "measured": list(self.measured),
                **self.stat()}

    def close(self) -> None:
        self.release_self()
        for _ in range(50):  # a child that just exited may still be listed for a moment
            left = [pid for pid in self.procs.read_text().split() if pid]
            for pid in left:
                with contextlib.suppress(ProcessLookupError, OSError):
                    _write(self._parent / "cgroup.procs", pid)
            try:
                self.path.rmdir()
                return
            except OSError as exc:
                if exc.errno != errno.EBUSY:
                    raise
            time.sleep(0.1)
        print(f"bench: the cgroup {self.path} is still busy; remove it with rmdir",
              file=sys.stderr)

    def __enter__(self) -> PiProxy:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
