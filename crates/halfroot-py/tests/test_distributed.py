"""halfroot.ssrf.distributed on a LocalCluster of 2 worker processes: the same answers as
the single-process halfroot.ssrf (least, all, counts, spectra, P_{d,1}), a worker killed
mid-run, a run interrupted and resumed from its result file, corrupt and foreign lines,
bad parameters, the command line. Workloads are kept to a few seconds each."""

import json
import os
import signal
import subprocess
import sys
import time
import warnings

import pytest

distributed = pytest.importorskip(
    "distributed", reason='Dask distributed is not installed (pip install "dask[distributed]")'
)

from halfroot import ssrf  # noqa: E402
from halfroot.ssrf import distributed as dist  # noqa: E402

from test_ssrf import TABLE1, TABLE2  # noqa: E402

# ~2 s of one core: type-I pentanomial counts (one of them 822 at degree 163).
COUNT_RANGE = range(131, 171, 2)
TINY = 0.02  # task_seconds: many small tasks, several per degree


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as c:
        c.wait_for_workers(2, timeout=60)
        yield c


@pytest.fixture(scope="module")
def reference_counts():
    return ssrf.count_range(COUNT_RANGE, terms=5, type="I", progress=False)


def records(path):
    with open(path) as fh:
        return [json.loads(line) for line in fh if line.strip()][1:]


# ---------------------------------------------------------------- same answers


def test_least_matches_single_process(client):
    degrees = range(3, 160)
    st = {}
    got = dist.find_range(degrees, client=client, task_seconds=TINY, progress=False, stats=st)
    assert got == ssrf.find_range(degrees, progress=False)
    assert st["tasks_run"] > 10
    # Table 1 (trinomials and pentanomials) and Table 2 (heptanomials) of the paper
    rows = [47, 53, 71, 163, 233, 409, 571]
    t1 = dist.find_range(rows, client=client, task_seconds=TINY, progress=False)
    assert {d: (f.modulus, f.zeta) for d, f in t1.items()} == {d: TABLE1[d] for d in rows}
    rows = [53, 59, 67, 83, 163]
    t2 = dist.find_range(rows, terms=7, client=client, task_seconds=TINY, progress=False)
    assert {d: (f.modulus, f.zeta) for d, f in t2.items()} == {d: TABLE2[d] for d in rows}
    # other types, and degrees without any polynomial of the requested shape
    for ty, ds in (("II", range(5, 60, 2)), ("III", range(4, 60, 2)), ("IV", range(4, 40, 2))):
        got = dist.find_range(ds, type=ty, client=client, task_seconds=TINY, progress=False)
        assert got == {d: ssrf.find(d, type=ty, progress=False) for d in ds}, ty


def test_least_stops_at_the_least_sediment(client):
    """One rank per item: degree 163's least pentanomial has sediment 57 (rank 28 of 79
    ranks); ranks beyond it are never all searched, and pending ones are cancelled."""
    st = {}
    f = dist.find_range([163], terms=5, client=client, task_seconds=1e-6, progress=False,
                        stats=st)[163]
    assert f == ssrf.find(163, terms=5)
    assert st["tasks_run"] <= 28 + 4 and st["tasks_run"] + st["tasks_cancelled"] < 79


def test_all_counts_spectra_match_single_process(client, reference_counts):
    ds = range(7, 70, 2)
    got = dist.find_range(ds, terms=5, all=True, client=client, task_seconds=TINY,
                          progress=False)
    assert got == {d: ssrf.find(d, terms=5, all=True, progress=False) for d in ds}
    st = {}
    counts = dist.count_range(COUNT_RANGE, terms=5, type="I", client=client, task_seconds=0.1,
                              progress=False, stats=st)
    assert counts == reference_counts and counts[163] == 822
    assert st["tasks_run"] >= 10
    # terms=None: the fewest terms that give any; other types
    assert dist.count_range(range(3, 60), client=client, task_seconds=TINY,
                            progress=False) == ssrf.count_range(range(3, 60), progress=False)
    for ty, ds, t in (("II", range(9, 41, 2), 5), ("III", range(4, 50, 2), 3),
                      ("IV", range(8, 30, 2), 5)):
        got = dist.count_range(ds, terms=t, type=ty, client=client, task_seconds=TINY,
                               progress=False)
        assert got == ssrf.count_range(ds, terms=t, type=ty, progress=False), ty
    # spectra: histogram of the trace-one positions of every polynomial found
    for ty, ds, t in (("I", [47, 53], 5), ("IV", range(8, 24, 2), 5), ("II", [13, 31], 5)):
        got = dist.spectrum_range(ds, terms=t, type=ty, client=client, task_seconds=TINY,
                                  progress=False)
        for d in ds:
            want = {}
            for p in ssrf.find(d, t, ty, all=True):
                key = tuple(i for i, b in enumerate(ssrf.spectrum(p.modulus)) if b)
                want[key] = want.get(key, 0) + 1
            assert got[d] == dict(sorted(want.items())), (ty, d)
    ds = range(5, 700, 2)
    assert dist.p_d1_scan(ds, client=client, task_seconds=1e-3, progress=False) == \
        ssrf.p_d1_scan(ds, progress=False)


# ---------------------------------------------------------------- faults


def test_worker_killed_mid_run(client, reference_counts, tmp_path):
    """SIGKILL one worker process while tasks are in flight: its tasks run again on the
    other worker (or on the one the nanny restarts) and the answer is the same."""
    pids = client.run(os.getpid)
    killed = []

    def progress(done, total):
        if done == 3 and not killed:
            addr, pid = sorted(pids.items())[0]
            os.kill(pid, signal.SIGKILL)
            killed.append((addr, time.time()))

    out = tmp_path / "killed.jsonl"
    st = {}
    got = dist.count_range(COUNT_RANGE, terms=5, type="I", client=client, task_seconds=0.1,
                           progress=progress, out=str(out), stats=st)
    assert killed and got == reference_counts
    recs = records(out)
    # every task recorded once, the later ones by the survivor or the restarted worker
    assert len(recs) == st["tasks_run"] > 10
    addr, when = killed[0]
    assert all(r["worker"] != addr for r in recs if r["finished"] > when + 1.0)
    assert any(r["finished"] > when + 1.0 for r in recs)
    client.wait_for_workers(2, timeout=60)


class Stop(Exception):
    pass


def test_interrupted_run_resumes_from_its_file(client, reference_counts, tmp_path):
    full = tmp_path / "full.jsonl"
    st_full = {}
    dist.count_range(COUNT_RANGE, terms=5, type="I", client=client, task_seconds=0.1,
                     progress=False, out=str(full), stats=st_full)
    n = st_full["tasks_run"]
    assert n >= 10 and len(records(full)) == n

    part = tmp_path / "part.jsonl"

    def stop(done, total):
        if done == 4:
            raise Stop()

    with pytest.raises(Stop):
        dist.count_range(COUNT_RANGE, terms=5, type="I", client=client, task_seconds=0.1,
                         progress=stop, out=str(part))
    assert len(records(part)) == 4
    # a run killed while writing leaves half a line: reported, then written after
    with open(part, "a") as fh:
        fh.write('{"format": "halfroot.ssrf.distributed", "record": "ta')
    st = {}
    with pytest.warns(dist.ResultFileWarning, match=r"part.jsonl:6: not JSON"):
        got = dist.count_range(COUNT_RANGE, terms=5, type="I", client=client,
                               task_seconds=0.1, progress=False, out=str(part), stats=st)
    assert got == reference_counts
    assert st["tasks_reused"] == 4 and st["tasks_run"] == n - 4
    # a third run has nothing left to do, whatever its task size
    st = {}
    with pytest.warns(dist.ResultFileWarning):
        again = dist.count_range(COUNT_RANGE, terms=5, type="I", client=client,
                                 task_seconds=0.7, progress=False, out=str(part), stats=st)
    assert again == reference_counts and st["tasks_run"] == 0 and st["tasks_reused"] == n


def test_corrupt_and_foreign_lines_are_reported(client, reference_counts, tmp_path):
    path = tmp_path / "r.jsonl"
    st = {}
    dist.count_range(COUNT_RANGE, terms=5, type="I", client=client, task_seconds=0.1,
                     progress=False, out=str(path), stats=st)
    n = st["tasks_run"]
    lines = path.read_text().splitlines()
    # change one recorded count: the CRC no longer matches
    no = next(i for i in range(1, len(lines))
              if any(it["result"] > 0 for it in json.loads(lines[i])["items"]))
    rec = json.loads(lines[no])
    item = next(it for it in rec["items"] if it["result"] > 0)
    item["result"] += 1
    lines[no] = json.dumps(rec)
    lines.insert(no + 1, json.dumps({"hello": "world"}))  # a foreign line
    lines.insert(no + 2, "garbage")
    path.write_text("\n".join(lines) + "\n")
    st = {}
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        got = dist.count_range(COUNT_RANGE, terms=5, type="I", client=client,
                               task_seconds=0.1, progress=False, out=str(path), stats=st)
    msgs = [str(x.message) for x in w if issubclass(x.category, dist.ResultFileWarning)]
    assert len(msgs) == 3
    assert any(f":{no + 1}: CRC mismatch" in m for m in msgs)
    assert any(f":{no + 2}: a line of another format" in m for m in msgs)
    assert any(f":{no + 3}: not JSON" in m for m in msgs)
    assert got == reference_counts  # the corrupt count was not used
    assert st["tasks_run"] == 1 and st["tasks_reused"] == n - 1
    # a file that is not a result file is left alone
    other = tmp_path / "notes.txt"
    other.write_text("my notes\n")
    with pytest.raises(dist.ResultFileError, match="not a result file"):
        dist.count_range([163], client=client, out=str(other), progress=False)
    assert other.read_text() == "my notes\n"


# ---------------------------------------------------------------- bad parameters


def test_bad_parameters(client):
    with pytest.raises(ValueError, match=r"degree: invalid value 164: types I and II have odd"):
        dist.find_range([163, 164], type="I", client=client)
    with pytest.raises(ValueError, match=r"degree: invalid value 163: types III and IV"):
        dist.count_range([163], type="IV", client=client)
    with pytest.raises(ValueError, match=r"terms: invalid value 4"):
        dist.count_range([163], terms=4, client=client)
    with pytest.raises(ValueError, match=r"terms: invalid value 103"):
        dist.find_range([163], terms=103, client=client)
    with pytest.raises(ValueError, match=r"terms: invalid value 11: more terms than"):
        dist.find_range([9, 163], terms=11, client=client)
    with pytest.raises(TypeError, match="degree: expected an int"):
        dist.count_range([163.0], client=client)
    with pytest.raises(TypeError, match="degrees: expected an iterable"):
        dist.count_range(163, client=client)
    with pytest.raises(ValueError, match="P_\\(d,1\\) needs an odd d >= 5"):
        dist.p_d1_scan([8], client=client)
    with pytest.raises(TypeError, match="client: expected a dask.distributed.Client"):
        dist.count_range([163], client="tcp://127.0.0.1:8786")
    with pytest.raises(TypeError, match="not both"):
        dist.count_range([163], client=client, scheduler="local")
    with pytest.raises(ValueError, match="retries"):
        dist.count_range([163], client=client, retries=-1)
    t0 = time.monotonic()
    with pytest.raises(ValueError, match=r"scheduler: invalid value 'tcp://127.0.0.1:1'.*no Dask"):
        dist.count_range([163], scheduler="tcp://127.0.0.1:1", connect_timeout=1.0)
    assert time.monotonic() - t0 < 15
    assert issubclass(dist.SchedulerUnreachable, ConnectionError)


# ---------------------------------------------------------------- the command line


def run_cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "halfroot.ssrf.distributed", *args],
        capture_output=True, text=True, timeout=120,
    )


def test_cli(client, tmp_path):
    addr = client.scheduler.address
    out = tmp_path / "cli.jsonl"
    r = run_cli("count-range", "157:167:2", "163", "--type", "I", "--terms", "5",
                "--scheduler", addr, "--out", str(out), "--task-seconds", "0.05")
    assert r.returncode == 0, r.stderr
    rows = {ln.split()[0]: ln.split()[1:] for ln in r.stdout.splitlines()[2:]}
    assert rows["163"] == ["5", "822"] and set(rows) == {"157", "159", "161", "163", "165"}
    assert "tasks run" in r.stderr and "tasks, " in r.stderr  # summary and progress lines
    r = run_cli("find-range", "163,164", "--type", "I", "--scheduler", addr)
    assert r.returncode == 2
    assert r.stderr.strip().splitlines() == [
        "error: degree: invalid value 164: types I and II have odd degree (type='I'; use a "
        "range of step 2, or type=None for I/IV by parity)"
    ]
    r = run_cli("p-d1-scan", "5:99:2", "--scheduler", "tcp://127.0.0.1:1", "--connect-timeout", "1")
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1
    assert r.stderr.startswith("error: scheduler: invalid value 'tcp://127.0.0.1:1': no Dask")
