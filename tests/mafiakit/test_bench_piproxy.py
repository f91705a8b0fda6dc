"""`mafiakit bench NAME --pi-proxy`: the measured processes on a Pi core's budget, through the
kernel's own cgroup (CI runs as root here; docs/benchmarks.md "On a Pi's budget").

Every benchmark that takes part runs small and on the real cgroup; its object must carry the
keys of the spec and a `proxy` key that shows the group ran its tasks, and the group must be
gone afterwards. The numbers of these runs are not the benchmark's.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from mafiakit.bench.boards import BOARDS, PERIOD_US
from mafiakit.bench.proxy import Hierarchy, PiProxy, ProxyError, find_hierarchy

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
WAIT_S = 900  # a whole small run on a busy machine; a hang fails with the run's stderr

# each benchmark that runs a table, a screen or the hub, as small as it goes, with the keys
# its object must have (the spec's, and the Pi targets' where the spec names one)
RUNS: dict[str, tuple[list[str], tuple[str, ...]]] = {
    "pad": (["--presses", "12"], ("p50_ms", "p99_ms", "pi_target_p99_ms", "pi_target_met",
                                  "club")),
    "e2e": (["--presses", "6"], ("p50_ms", "p99_ms", "fsync_p99_ms", "raw_p99_ms",
                                 "frame_p99_ms", "pi_target_p99_ms", "pi_target_met", "club")),
    "scoreboard": ([], ("frame_p50_ms", "frame_p99_ms", "idle_cpu_percent",
                        "idle_budget_percent", "pi_target_p99_ms", "pi_target_met", "club")),
    "bus": ([], ("p50_ms", "p99_ms", "raw_p50_ms", "raw_p99_ms", "fsync_p50_ms",
                 "fsync_p99_ms", "limit_p99_ms")),
    "hub": (["--tables", "4"], ("tables", "events_per_s", "raw_events_per_s", "lag_p99_ms",
                                "rss_mb", "pi_target_met", "club")),
    "overlay": (["--presses", "4"], ("p50_ms", "p99_ms")),
    "engine": ([], ("games_per_s", "us_per_action_p50", "us_per_action_p99", "club")),
    "scoring": ([], ("players", "rounds", "seconds", "games_per_s")),
}


def bench(*args: str) -> tuple[subprocess.CompletedProcess[str], int]:
    """The command's result and its process id (its group is named after it)."""
    with subprocess.Popen([sys.executable, "-m", "mafiakit.cli", "bench", *args],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          env=ENV) as child:
        try:
            out, err = child.communicate(timeout=WAIT_S)
        except subprocess.TimeoutExpired:
            child.kill()
            out, err = child.communicate()
            pytest.fail(f"bench {' '.join(args)} still ran after {WAIT_S} s: {err[-3000:]}")
    return subprocess.CompletedProcess(child.args, child.returncode, out, err), child.pid


def group_of(pid: int) -> Path:
    """Where the bench process `pid` made its group (another run's may exist meanwhile)."""
    return find_hierarchy().base / f"mafiakit-pi-proxy-{pid}"


@pytest.mark.parametrize("name", sorted(RUNS))
def test_each_benchmark_runs_on_the_pi_budget(name: str) -> None:
    extra, keys = RUNS[name]
    done, pid = bench(name, "--pi-proxy", "--quick", *extra)
    assert done.returncode == 0, done.stderr[-3000:]
    out: dict[str, Any] = json.loads(done.stdout)
    assert out["bench"] == name
    for key in keys:
        assert key in out, f"{name}: no {key} in {sorted(out)}"
    proxy = out["proxy"]
    assert proxy["period_us"] == PERIOD_US == 4000
    assert (proxy["quota_us"], proxy["period_us"]) == BOARDS["pi4"] == (1000, 4000)
    assert proxy["share_percent"] == 25.0
    assert proxy["cpu"] in os.sched_getaffinity(0)
    assert proxy["cgroup"] == f"v{find_hierarchy().version}"
    assert proxy["measured"], "the object names what ran on the budget"
    assert proxy["periods"] > 0, "nothing ever ran in the group"
    assert not group_of(pid).exists(), "the group was left behind"


def test_a_child_started_through_the_group_runs_in_it_on_one_cpu() -> None:
    with PiProxy() as proxy:
        argv = proxy.command([sys.executable, "-c", "import os; print(open('/proc/self/"
                              "cgroup').read()); print(sorted(os.sched_getaffinity(0)))"],
                             "probe")
        seen = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
        assert f"/{proxy.path.name}\n" in seen
        assert seen.strip().endswith(f"[{proxy.cpu}]")
        assert proxy.report()["measured"] == ["probe"]


def test_this_process_goes_in_and_comes_back_out() -> None:
    mine = os.sched_getaffinity(0)
    with PiProxy() as proxy:
        with proxy.inside("probe"):
            assert proxy.path.name in Path("/proc/self/cgroup").read_text()
            assert os.sched_getaffinity(0) == {proxy.cpu}
            end = time.thread_time() + 0.03  # 30 ms of CPU: more than the 1 ms quota
            while time.thread_time() < end:
                pass
        assert proxy.path.name not in Path("/proc/self/cgroup").read_text()
        assert os.sched_getaffinity(0) == mine
        stat = proxy.stat()
    assert stat["throttled_periods"] > 0, "the kernel never held the group back"
    assert not proxy.path.exists()


def kernel_quota(proxy: PiProxy) -> tuple[int, int]:
    """(quota, period) in us as the kernel holds them for the group."""
    if (proxy.path / "cpu.max").exists():
        quota, period = (proxy.path / "cpu.max").read_text().split()
        return int(quota), int(period)
    return (int((proxy.path / "cpu.cfs_quota_us").read_text()),
            int((proxy.path / "cpu.cfs_period_us").read_text()))


def test_a_board_sets_its_quota_and_a_given_quota_wins() -> None:
    with PiProxy() as pi4:
        assert kernel_quota(pi4) == (1000, 4000)
    with PiProxy(board="zero2w") as zero:
        assert kernel_quota(zero) == BOARDS["zero2w"]
    with PiProxy(board="pi5", share_percent=20) as own:
        assert kernel_quota(own) == (1000, 5000)
        assert own.report()["share_percent"] == 20.0


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"board": "pi3"}, "no board 'pi3'"),
    ({"share_percent": 0}, "give 0.1 to 100"),
    ({"cpu": 4096}, "CPU 4096 is not one this process may run on"),
])
def test_a_budget_the_kernel_cannot_have_is_refused_in_words(
        kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(ProxyError, match=words):
        PiProxy(**kwargs)


def test_without_root_it_says_so() -> None:
    """The kernel itself refuses the group to a user that is not root."""
    code = ("import os\nfrom mafiakit.bench.proxy import PiProxy, ProxyError\n"
            "os.setegid(65534); os.seteuid(65534)\n"
            "try:\n    PiProxy()\nexcept ProxyError as exc:\n    print(exc)\n")
    said = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout
    assert "permission denied" in said and "root" in said, said


def test_a_v2_hierarchy_is_used_or_refused_by_its_controllers() -> None:
    """The cgroup v2 mount: where the cpu controller is bound to a v1 hierarchy (this
    machine's hybrid layout) it is refused in words; where it offers cpu, a group is made
    there with cpu.max."""
    mounts = [line.split() for line in Path("/proc/self/mounts").read_text().splitlines()]
    v2 = [Path(fields[1]) for fields in mounts if fields[2] == "cgroup2"]
    assert v2, "no cgroup v2 mount to try"
    if "cpu" not in (v2[0] / "cgroup.controllers").read_text().split():
        with pytest.raises(ProxyError, match="does not offer the cpu controller"):
            PiProxy(hierarchy=Hierarchy(2, v2[0]))
    else:
        with PiProxy(hierarchy=Hierarchy(2, v2[0])) as proxy:
            assert kernel_quota(proxy) == (1000, 4000)


def test_a_benchmark_without_a_table_screen_or_hub_refuses_the_proxy() -> None:
    done, _ = bench("fans", "--pi-proxy", "--quick")
    assert done.returncode == 2
    assert "fans runs no table, screen or hub" in done.stderr
    assert done.stdout == ""
