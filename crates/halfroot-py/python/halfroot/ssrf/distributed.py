"""Polynomial searches that outgrow one machine: ``halfroot.ssrf`` on Dask distributed.

``find_range``, ``count_range``, ``spectrum_range`` and ``p_d1_scan`` give the same
answers as the single-process functions of ``halfroot.ssrf``, computed by the workers of
a Dask cluster, and can record every finished task in a result file from which a killed
run resumes::

    from halfroot.ssrf import distributed as dist
    dist.count_range(range(7, 401, 2), terms=5, type="I", out="counts.jsonl")
    dist.find_range(range(11, 2001, 2), terms=7, scheduler="tcp://scheduler-host:8786")

From the shell (``python -m halfroot.ssrf.distributed --help``)::

    python -m halfroot.ssrf.distributed count-range 7:401:2 --type I --terms 5 \\
        --scheduler local --out counts.jsonl

Needs ``dask[distributed]`` (``pip install "halfroot[distributed]"``), on the client and
on every worker, with halfroot installed on every worker too.

**The cluster.** ``client=`` a ``dask.distributed.Client``, or ``scheduler=`` an address
(``"tcp://host:8786"``, unreachable within ``connect_timeout`` seconds: ``ValueError``)
or ``"local"``; with neither, a ``LocalCluster`` of one single-threaded worker process
per core (``workers=`` to choose how many) that is closed at the end. The Rust searches
release the GIL; a worker process runs its searches with as many rayon threads as it has
Dask threads (``RAYON_NUM_THREADS``, unless already set), so that ``--nthreads 1``
workers do not oversubscribe the cores.

**Tasks.** A search of degree d, type T and t terms enumerates k-subsets of a pool of
exponents (k = t - 2 for type I); the Rust search's shard ``(i, n)`` with n the pool size
is exactly the candidates whose top free exponent (the sediment for types I, III, IV) has
rank i, and ranks i < j hold C(i, k-1) < C(j, k-1) candidates (before pruning). A task
is a list of items (degree, terms, [lo, hi) of ranks) whose estimated cost,
``_cost_per_candidate(d)`` x C(hi, k) - C(lo, k), is about ``task_seconds`` (an
estimate of one core's time, measured on the development machine, ignoring pruning, so
an upper bound); one rank is the smallest unit, so for many-term searches the top ranks
of a large degree may exceed it. Tasks are submitted with ``retries`` and at most two
per worker thread in flight; results are merged as they arrive (``as_completed``).

**Least sediment.** Items of a ``find_range`` (least) search cover increasing sediment
ranges and stop at their first hit; the answer of a degree is the hit of least rank
(then least by the search order inside it, the order of ``ssrf.find``) once every lower
rank has been searched. A hit at rank r cancels the pending tasks of that degree whose
ranks start above r (a task already running goes on to its end; its result is then
ignored). A degree's next item is released only when none of its items is in flight,
unless a worker would otherwise idle. With ``terms=None`` the term counts 3, 5, 7, 9, 11
are searched in turn, the next only when the previous gave nothing, as ``ssrf.find``.

**Result file** (``out=``): JSON lines. The first line is a header
``{"format": "halfroot.ssrf.distributed", "record": "header", ...}``; each finished task
appends one ``"record": "task"`` line with its items (parameters, result, seconds), the
task's seconds, the worker's address, host and pid, and a CRC-32 of the rest. A second
run of the same call (same degrees, type, terms, prune) reads the file and runs only the
ranks not yet recorded (the split into tasks may differ from the first run's, it needs
not). A line that is not JSON, has a wrong CRC, is of another format or version, or has
malformed items is reported with a ``ResultFileWarning`` (file, line number, reason),
ignored, and its work done again; a file whose first line is not this header raises
``ResultFileError`` (nothing is appended to a foreign file), as does a file held by
another run (``flock``).

``stats=`` a dict to fill with the run's figures: tasks run, reused from the file and
cancelled, the sum of the tasks' seconds, the wall time and the worker threads.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import socket
import sys
import time
import warnings
import zlib
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple, Union

from .. import _halfroot
from . import Found, _check_degree, _check_terms, _interactive, _progress_callable, _type_of

__all__ = [
    "ResultFileError",
    "ResultFileWarning",
    "SchedulerUnreachable",
    "count_range",
    "find_range",
    "main",
    "p_d1_scan",
    "spectrum_range",
]

FORMAT = "halfroot.ssrf.distributed"
VERSION = 1
_OPS = ("least", "all", "count", "spectrum")
ProgressArg = Union[None, bool, Callable[[int, int], None]]


class ResultFileError(ValueError):
    """The result file cannot be used: not a result file of this module, or in use."""


class ResultFileWarning(UserWarning):
    """A line of the result file was ignored (corrupt, foreign or malformed); the work it
    recorded is done again."""


class SchedulerUnreachable(ValueError, ConnectionError):
    """No Dask scheduler answered at the given address within the connect timeout."""


# ---------------------------------------------------------------- cost model and geometry


def _cost_per_candidate(d: int) -> float:
    """Estimated seconds of one core per candidate of degree d before pruning: a root
    test in GF(2^k), k <= 8, then Rabin's test (d squarings of ceil(d/64) words) for the
    survivors. Fitted on the development machine (type I, 5 terms, d = 51 ... 2001:
    4.5 us at d = 163, 57 us at 1001, 190 us at 2001, one thread)."""
    return 4e-6 + 3e-9 * d * math.ceil(d / 64)


def _p_d1_cost(d: int) -> float:
    """Estimated seconds for ``p_d1_is_irreducible(d)``: d squarings modulo a weight-4
    polynomial of ceil((d+2)/64) words (measured: 0.14 ms at d = 1001, 15 ms at 10001)."""
    return 2e-6 + 1e-8 * d * math.ceil((d + 2) / 64)


def _pool(d: int, ty: str, t: int) -> Tuple[int, int]:
    """(pool size, k) of the Rust search's candidate space (``search::Space``)."""
    if ty == "I":
        return (d - 1) // 2, t - 2
    if ty == "II":
        return max(d - 3, 0) // 2, (t - 3) // 2
    if ty == "III":
        return (d // 2 + 1) // 2, 1
    return max(d - 2, 0) // 2, t - 3


# ---------------------------------------------------------------- the worker side


def _init_worker() -> None:
    if "RAYON_NUM_THREADS" in os.environ:
        return
    threads = 1
    try:
        from distributed import get_worker

        w = get_worker()
        state = getattr(w, "state", None)
        threads = int(getattr(state, "nthreads", None) or getattr(w, "nthreads", 1) or 1)
    except Exception:  # not on a worker (tests calling _run_task directly)
        threads = os.cpu_count() or 1
    # Read by rayon when the first search of this process starts its thread pool.
    os.environ["RAYON_NUM_THREADS"] = str(max(1, threads))


def _compact(f: dict) -> list:
    return [f["modulus"], f["zeta"]]


def _run_item(it: dict) -> Any:
    op = it["op"]
    if op == "pd1":
        return [d for d in it["degrees"] if _halfroot._ssrf_p_d1_is_irreducible(d)]
    d, ty, t, prune, n = it["degree"], it["type"], it["terms"], it["prune"], it["shards"]
    ranks = range(it["lo"], it["hi"])
    if op == "least":
        for i in ranks:
            f = _halfroot._ssrf_least(d, ty, t, prune, (i, n))
            if f is not None:
                return {"rank": i, "found": _compact(f)}
        return None
    if op == "count":
        return sum(len(_halfroot._ssrf_all(d, ty, t, prune, (i, n))) for i in ranks)
    found = [f for i in ranks for f in _halfroot._ssrf_all(d, ty, t, prune, (i, n))]
    if op == "all":
        return [_compact(f) for f in found]
    hist: Dict[str, int] = {}
    for f in found:
        s = _halfroot._ssrf_analyze(f["modulus"])["spectrum"]
        key = ",".join(str(j) for j, b in enumerate(s) if b)
        hist[key] = hist.get(key, 0) + 1
    return hist


def _run_task(items: List[dict]) -> dict:
    """One Dask task: the items in order (a least item is skipped when an earlier item
    of the same search in this task already has a hit: it cannot beat it)."""
    _init_worker()
    t0 = time.perf_counter()
    out = []
    hits: Dict[tuple, int] = {}
    for it in items:
        g = (it["op"], it.get("degree"), it.get("type"), it.get("terms"))
        if it["op"] == "least" and g in hits:
            continue
        t1 = time.perf_counter()
        res = _run_item(it)
        if it["op"] == "least" and res is not None:
            hits[g] = res["rank"]
        out.append(dict(it, result=res, elapsed=round(time.perf_counter() - t1, 6)))
    worker = None
    try:
        from distributed import get_worker

        worker = get_worker().address
    except Exception:
        pass
    return {
        "items": out,
        "elapsed": round(time.perf_counter() - t0, 6),
        "worker": worker,
        "host": socket.gethostname(),
        "pid": os.getpid(),
    }


# ---------------------------------------------------------------- groups of work


def _merge_covered(cov: List[Tuple[int, int]], lo: int, hi: int) -> Optional[List]:
    """cov with [lo, hi) added (sorted, disjoint, merged), or None if it overlaps."""
    out = []
    for a, b in cov:
        if b <= lo or a >= hi:
            out.append((a, b))
        else:
            return None
    out.append((lo, hi))
    out.sort()
    merged: List[Tuple[int, int]] = []
    for a, b in out:
        if merged and merged[-1][1] == a:
            merged[-1] = (merged[-1][0], b)
        else:
            merged.append((a, b))
    return merged


def _gaps(cov: List[Tuple[int, int]], lo: int, hi: int) -> List[Tuple[int, int]]:
    out = []
    cur = lo
    for a, b in cov:
        if b <= cur:
            continue
        if a >= hi:
            break
        if a > cur:
            out.append((cur, min(a, hi)))
        cur = max(cur, b)
    if cur < hi:
        out.append((cur, hi))
    return out


class _RankGroup:
    """One search (op, degree, type, terms, prune) split over the ranks of its top free
    exponent."""

    def __init__(self, op: str, d: int, ty: str, t: int, prune: bool):
        self.op, self.degree, self.ty, self.terms, self.prune = op, d, ty, t, prune
        cands = _halfroot._ssrf_candidates(d, ty, t)
        pool, k = _pool(d, ty, t)
        if k >= 1 and math.comb(pool, k) == cands:
            self.n, self.k, self.first = pool, k, k - 1
        else:
            # k == 0 (one candidate, which every shard would visit), or a geometry this
            # module does not know: the whole search as one unit.
            self.n, self.k, self.first = 1, 0, 0
            self.whole = max(1, cands)
        self.unit = _cost_per_candidate(d)
        self.covered: List[Tuple[int, int]] = []
        self.results: Dict[int, Any] = {}  # lo -> result (all/count/spectrum)
        self.best: Optional[Tuple[int, list]] = None  # (rank, [modulus, zeta])
        self.inflight = 0
        self.todo: List[Tuple[int, int]] = []
        self.ti = 0

    @property
    def key(self) -> tuple:
        return (self.op, self.degree, self.ty, self.terms, self.prune, self.n)

    def cost(self, lo: int, hi: int) -> float:
        if self.k == 0:
            return self.whole * self.unit * (hi - lo)
        return (math.comb(hi, self.k) - math.comb(lo, self.k)) * self.unit

    @property
    def limit(self) -> int:
        if self.op == "least" and self.best is not None:
            return self.best[0]
        return self.n

    def start(self) -> None:
        """Plans the ranks not yet covered (after the recorded items were accepted)."""
        self.todo = _gaps(self.covered, self.first, self.limit)
        self.ti = 0

    def item(self, lo: int, hi: int) -> dict:
        return {
            "op": self.op,
            "degree": self.degree,
            "type": self.ty,
            "terms": self.terms,
            "prune": self.prune,
            "shards": self.n,
            "lo": lo,
            "hi": hi,
        }

    def _next_range(self) -> Optional[Tuple[int, int]]:
        lim = self.limit
        while self.ti < len(self.todo):
            lo, hi = self.todo[self.ti]
            hi = min(hi, lim)
            if lo < hi:
                return lo, hi
            self.ti += 1
        return None

    def has_items(self) -> bool:
        return not self.resolved() and self._next_range() is not None

    def blocked(self) -> bool:
        """A least search with an item in flight: its next item is speculative."""
        return self.op == "least" and self.inflight > 0

    def take(self, budget: float) -> Tuple[dict, float]:
        r = self._next_range()
        assert r is not None
        lo, end = r
        if self.cost(lo, end) <= budget:
            hi = end
        else:
            a, b = lo + 1, end  # smallest hi in [a, b] with cost(lo, hi) >= budget
            while a < b:
                m = (a + b) // 2
                if self.cost(lo, m) >= budget:
                    b = m
                else:
                    a = m + 1
            hi = a
        if hi >= self.todo[self.ti][1]:
            self.ti += 1
        else:
            self.todo[self.ti] = (hi, self.todo[self.ti][1])
        return self.item(lo, hi), self.cost(lo, hi)

    def remaining_cost(self) -> float:
        lim = self.limit
        return sum(self.cost(a, min(b, lim)) for a, b in self.todo[self.ti :] if a < lim)

    def accept(self, it: dict, result: Any) -> bool:
        """Adds a finished item; False if it overlaps what is already covered."""
        lo, hi = it["lo"], it["hi"]
        if self.op == "least" and result is not None:
            hi = result["rank"] + 1
        cov = _merge_covered(self.covered, lo, hi)
        if cov is None:
            return False
        self.covered = cov
        if self.op == "least":
            if result is not None:
                r = result["rank"]
                if self.best is None or (r, result["found"][0]) < (
                    self.best[0],
                    self.best[1][0],
                ):
                    self.best = (r, result["found"])
        else:
            self.results[lo] = result
        return True

    def resolved(self) -> bool:
        return not _gaps(self.covered, self.first, self.limit)

    def useless(self, it: dict) -> bool:
        return self.resolved() or (self.op == "least" and it["lo"] >= self.limit)

    def _found(self, c: list) -> Found:
        m, z = c
        return Found(degree=m[0], modulus=m, type=self.ty, zeta=z, terms=len(m), sediment=m[1])

    def result(self) -> Any:
        parts = [self.results[lo] for lo in sorted(self.results)]
        if self.op == "least":
            return None if self.best is None else self._found(self.best[1])
        if self.op == "all":
            return [self._found(c) for p in parts for c in p]
        if self.op == "count":
            return sum(parts)
        hist: Dict[Tuple[int, ...], int] = {}
        for p in parts:
            for key, v in p.items():
                k = tuple(int(x) for x in key.split(",")) if key else ()
                hist[k] = hist.get(k, 0) + v
        return dict(sorted(hist.items()))

    def empty(self) -> bool:
        r = self.result()
        return not r


class _P1Group:
    """``p_d1_scan`` over a list of degrees, in blocks of degrees."""

    op = "pd1"

    def __init__(self, degrees: List[int]):
        self.degrees = list(degrees)
        self.wanted = set(self.degrees)
        self.done: Dict[int, bool] = {}
        self.inflight = 0
        self.todo: List[int] = []
        self.ti = 0

    key = ("pd1",)

    def start(self) -> None:
        self.todo = [d for d in self.degrees if d not in self.done]
        self.ti = 0

    def has_items(self) -> bool:
        return self.ti < len(self.todo)

    def blocked(self) -> bool:
        return False

    def take(self, budget: float) -> Tuple[dict, float]:
        block, cost = [], 0.0
        while self.ti < len(self.todo) and (not block or cost < budget):
            d = self.todo[self.ti]
            block.append(d)
            cost += _p_d1_cost(d)
            self.ti += 1
        return {"op": "pd1", "degrees": block}, cost

    def remaining_cost(self) -> float:
        return sum(_p_d1_cost(d) for d in self.todo[self.ti :])

    def accept(self, it: dict, result: Any) -> bool:
        ds = [d for d in it["degrees"] if d in self.wanted and d not in self.done]
        if not ds:
            return False
        hit = set(result)
        for d in ds:
            self.done[d] = d in hit
        return True

    def resolved(self) -> bool:
        return len(self.done) == len(self.wanted)

    def useless(self, it: dict) -> bool:
        return False

    def result(self) -> List[int]:
        return [d for d in self.degrees if self.done.get(d)]

    def empty(self) -> bool:
        return False


# ---------------------------------------------------------------- the result file


def _crc(rec: dict) -> str:
    body = {k: v for k, v in rec.items() if k != "crc"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return f"{zlib.crc32(text.encode()):08x}"


def _check_item(it: Any) -> Optional[str]:
    """Why an item of a task record is malformed, or None."""
    if not isinstance(it, dict):
        return "an item is not an object"
    op = it.get("op")
    res = it.get("result")
    if op == "pd1":
        ds = it.get("degrees")
        if not (isinstance(ds, list) and all(type(d) is int for d in ds)):
            return "pd1 item without a list of degrees"
        if not (isinstance(res, list) and set(res) <= set(ds)):
            return "pd1 result is not a subset of its degrees"
        return None
    if op not in _OPS:
        return f"unknown op {op!r}"
    for f in ("degree", "terms", "shards", "lo", "hi"):
        if type(it.get(f)) is not int:
            return f"item field {f!r} is not an int"
    if it.get("type") not in ("I", "II", "III", "IV") or type(it.get("prune")) is not bool:
        return "item type/prune malformed"
    lo, hi, d, t = it["lo"], it["hi"], it["degree"], it["terms"]
    if not 0 <= lo < hi <= max(it["shards"], 1):
        return f"rank range [{lo}, {hi}) out of bounds"

    def poly_ok(c: Any) -> bool:
        return (
            isinstance(c, list)
            and len(c) == 2
            and isinstance(c[0], list)
            and len(c[0]) == t
            and c[0][0] == d
            and isinstance(c[1], list)
        )

    if op == "least":
        if res is None:
            return None
        if not (isinstance(res, dict) and type(res.get("rank")) is int and lo <= res["rank"] < hi):
            return "least result without a rank in the item's range"
        return None if poly_ok(res.get("found")) else "least result polynomial malformed"
    if op == "all":
        return None if isinstance(res, list) and all(map(poly_ok, res)) else "all result malformed"
    if op == "count":
        return None if type(res) is int and res >= 0 else "count result malformed"
    if isinstance(res, dict) and all(type(v) is int and v > 0 for v in res.values()):
        return None
    return "spectrum result malformed"


class _Store:
    """The JSON-lines result file: reads the recorded items, appends finished tasks."""

    def __init__(self, path: Optional[str]):
        self.path = path
        self.items: Dict[tuple, List[Tuple[int, dict]]] = {}  # group key -> (record no, item)
        self.used: set = set()
        self.records = 0
        self.fh = None
        if path is None:
            return
        path = os.fspath(path)
        self.path = path
        lines: List[str] = []
        if os.path.exists(path):
            with open(path, "r", encoding="utf-8", errors="replace") as fh:
                lines = fh.read().split("\n")
        nonempty = [(i, s) for i, s in enumerate(lines, 1) if s.strip()]
        if nonempty:
            self._check_header(nonempty[0][0], nonempty[0][1])
            for no, line in nonempty[1:]:
                self._read(no, line)
        self.fh = open(path, "a+", encoding="utf-8")
        try:
            import fcntl

            fcntl.flock(self.fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except ImportError:  # not on Unix: no lock
            pass
        except OSError:
            self.fh.close()
            self.fh = None
            raise ResultFileError(f"out: {path!r} is in use by another run (locked)")
        self.fh.seek(0, os.SEEK_END)
        if self.fh.tell() == 0:
            self._write(
                {
                    "format": FORMAT,
                    "version": VERSION,
                    "record": "header",
                    "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
                    "halfroot": _version(),
                }
            )
        elif lines and lines[-1] != "":
            # an unfinished last line (a run killed while writing): start on a new one
            self.fh.write("\n")
            self.fh.flush()

    def _check_header(self, no: int, line: str) -> None:
        try:
            h = json.loads(line)
        except ValueError:
            h = None
        if not (isinstance(h, dict) and h.get("format") == FORMAT and h.get("record") == "header"):
            raise ResultFileError(
                f"out: {self.path!r} is not a result file of {FORMAT} (line {no} is not its "
                f"header); refusing to append to it"
            )
        if h.get("version") != VERSION:
            raise ResultFileError(
                f"out: {self.path!r} has format version {h.get('version')!r}, this is "
                f"version {VERSION}"
            )

    def _warn(self, no: int, reason: str) -> None:
        warnings.warn(
            f"{self.path}:{no}: {reason}; line ignored, its work is done again",
            ResultFileWarning,
            stacklevel=4,
        )

    def _read(self, no: int, line: str) -> None:
        try:
            rec = json.loads(line)
        except ValueError:
            return self._warn(no, "not JSON (corrupt or truncated)")
        if not isinstance(rec, dict) or rec.get("format") != FORMAT:
            return self._warn(no, "a line of another format (foreign)")
        if rec.get("version") != VERSION:
            return self._warn(no, f"format version {rec.get('version')!r}, not {VERSION}")
        if rec.get("record") != "task":
            return self._warn(no, f"unexpected record kind {rec.get('record')!r}")
        if rec.get("crc") != _crc(rec):
            return self._warn(no, "CRC mismatch (corrupt)")
        items = rec.get("items")
        if not isinstance(items, list):
            return self._warn(no, "task record without items")
        for it in items:
            why = _check_item(it)
            if why:
                return self._warn(no, why)
        for it in items:
            key = _item_key(it)
            self.items.setdefault(key, []).append((no, it))
        self.records += 1

    def recorded(self, key: tuple) -> List[Tuple[int, dict]]:
        return self.items.get(key, [])

    def _write(self, rec: dict) -> None:
        rec["crc"] = _crc(rec)
        self.fh.write(json.dumps(rec, separators=(",", ":")) + "\n")
        self.fh.flush()

    def append(self, out: dict) -> None:
        if self.fh is None:
            return
        rec = {"format": FORMAT, "version": VERSION, "record": "task"}
        rec.update(out)
        rec["finished"] = round(time.time(), 3)
        self._write(rec)

    def close(self) -> None:
        if self.fh is not None:
            self.fh.close()
            self.fh = None


def _item_key(it: dict) -> tuple:
    if it["op"] == "pd1":
        return ("pd1",)
    return (it["op"], it["degree"], it["type"], it["terms"], it["prune"], it["shards"])


def _version() -> str:
    try:
        from .. import __version__

        return __version__
    except ImportError:
        return "?"


# ---------------------------------------------------------------- the plan


class _Degree:
    """The searches of one degree: the term counts in turn (``terms=None``) or one."""

    def __init__(self, op: str, d: int, ty: str, tlist: List[int], prune: bool):
        self.op, self.d, self.ty, self.tlist, self.prune = op, d, ty, tlist, prune
        self.phase = 0
        self.group: Optional[_RankGroup] = None

    def make_group(self) -> _RankGroup:
        self.group = _RankGroup(self.op, self.d, self.ty, self.tlist[self.phase], self.prune)
        return self.group

    def answer(self) -> Tuple[int, Any]:
        return self.group.terms, self.group.result()


class _Planner:
    def __init__(self, store: _Store, target: float):
        self.store = store
        self.target = target
        self.active: List[Any] = []  # groups with items left, in priority order
        self.order: Dict[int, int] = {}  # id(group) -> priority
        self.owner: Dict[int, Optional[_Degree]] = {}
        self.unresolved = 0
        self.degrees: List[_Degree] = []
        self.p1: Optional[_P1Group] = None
        self.reused = 0

    def _open(self, g: Any, prio: int, owner: Optional[_Degree]) -> None:
        """Feeds a new group its recorded items, then queues what remains."""
        for no, it in self.store.recorded(g.key):
            if g.op == "pd1" or (g.first <= it["lo"] and it["hi"] <= max(g.n, 1)):
                if g.accept(it, it["result"]):
                    if no not in self.store.used:
                        self.store.used.add(no)
                        self.reused += 1
        g.start()
        self.order[id(g)] = prio
        self.owner[id(g)] = owner
        if g.resolved():
            self._resolved(g)
            return
        self.unresolved += 1
        i = len(self.active)
        while i > 0 and self.order[id(self.active[i - 1])] > prio:
            i -= 1
        self.active.insert(i, g)

    def add_degree(self, deg: _Degree) -> None:
        self.degrees.append(deg)
        self._open(deg.make_group(), len(self.degrees) * 16, deg)

    def add_p1(self, g: _P1Group) -> None:
        self.p1 = g
        self._open(g, 0, None)

    def _resolved(self, g: Any) -> None:
        deg = self.owner.get(id(g))
        if deg is not None and g.empty() and deg.phase + 1 < len(deg.tlist):
            deg.phase += 1
            self._open(deg.make_group(), self.order[id(g)] + deg.phase, deg)

    def next_task(self, speculate: bool) -> Optional[List[Tuple[Any, dict]]]:
        task: List[Tuple[Any, dict]] = []
        cost = 0.0
        i = 0
        while i < len(self.active) and cost < self.target:
            g = self.active[i]
            if not g.has_items():
                self.active.pop(i)
                continue
            if g.blocked():
                i += 1
                continue
            it, c = g.take(self.target - cost)
            task.append((g, it))
            cost += c
            if g.op == "least":
                i += 1
        if not task and speculate:
            for g in self.active:
                if g.has_items():
                    it, c = g.take(self.target)
                    task.append((g, it))
                    break
        for g, _ in task:
            g.inflight += 1
        return task or None

    def remaining_tasks(self) -> int:
        """A rough count of the tasks still to submit (for the progress bar)."""
        cost = sum(g.remaining_cost() for g in self.active if g.op != "least")
        least = sum(1 for g in self.active if g.op == "least" and g.has_items())
        return math.ceil(cost / self.target - 1e-9) + least

    def finished(self, task: List[Tuple[Any, dict]], out: dict) -> None:
        results = out["items"]
        for g, _ in task:
            g.inflight -= 1
        for r in results:
            it = {k: v for k, v in r.items() if k not in ("result", "elapsed")}
            g = next((g for g, t in task if t == it), None)
            if g is None or g.resolved():
                continue
            g.accept(it, r["result"])
            if g.resolved():
                self.unresolved -= 1
                self._resolved(g)

    def dropped(self, task: List[Tuple[Any, dict]]) -> None:
        for g, _ in task:
            g.inflight -= 1

    def done(self) -> bool:
        return self.unresolved == 0


# ---------------------------------------------------------------- progress


class _RunBar:
    """Tasks done / total and ETA on stderr: redrawn in place on a terminal, else one
    line every ``every`` seconds."""

    def __init__(self, label: str, stream=None, every: float = 10.0):
        self.label = label
        self.stream = stream or sys.stderr
        self.tty = _interactive() if stream is None else False
        self.start = time.monotonic()
        self.last = 0.0
        self.every = 0.1 if self.tty else every
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self.last < self.every and done < total:
            return
        self.last = now
        el = now - self.start
        frac = min(1.0, done / total) if total else 1.0
        eta = el * (total - done) / done if done else float("nan")
        width = 30
        fill = int(frac * width)
        text = (
            f"{self.label} [{'#' * fill}{'.' * (width - fill)}] {done}/{total} tasks, "
            f"{_hms(el)} elapsed, ETA {_hms(eta)}"
        )
        if self.tty:
            self.stream.write("\r" + text + "\x1b[K")
        else:
            self.stream.write(text + "\n")
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn and self.tty:
            self.stream.write("\n")
            self.stream.flush()


def _hms(s: float) -> str:
    if s != s or s == float("inf"):
        return "?"
    s = int(round(s))
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


# ---------------------------------------------------------------- the cluster


def _import_distributed():
    try:
        import distributed  # noqa: F401
    except ImportError as e:
        raise ImportError(
            "halfroot.ssrf.distributed needs Dask distributed: pip install "
            '"dask[distributed]" (or "halfroot[distributed]")'
        ) from e
    return distributed


@contextlib.contextmanager
def _connect(client, scheduler, workers, connect_timeout):
    distributed = _import_distributed()
    if client is not None and scheduler is not None:
        raise TypeError("client, scheduler: pass one of them, not both")
    if client is not None:
        if workers is not None:
            raise ValueError("workers: only for a local cluster (scheduler=None or 'local')")
        if not isinstance(client, distributed.Client):
            raise TypeError(
                f"client: expected a dask.distributed.Client, got {type(client).__name__}"
            )
        yield client
        return
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise ValueError(f"workers: invalid value {workers!r}: expected an int >= 1")
    if scheduler is None or scheduler == "local":
        with distributed.LocalCluster(
            n_workers=workers or os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            env={"RAYON_NUM_THREADS": "1"},
        ) as cluster, distributed.Client(cluster) as c:
            yield c
        return
    if workers is not None:
        raise ValueError("workers: only for a local cluster (scheduler=None or 'local')")
    if not isinstance(scheduler, str):
        raise TypeError(
            f"scheduler: expected an address string or 'local', got {type(scheduler).__name__}"
        )
    if not (isinstance(connect_timeout, (int, float)) and connect_timeout > 0):
        raise ValueError(f"connect_timeout: invalid value {connect_timeout!r}: expected seconds > 0")
    try:
        c = distributed.Client(scheduler, timeout=connect_timeout)
    except (OSError, TimeoutError, ValueError) as e:
        raise SchedulerUnreachable(
            f"scheduler: invalid value {scheduler!r}: no Dask scheduler answered within "
            f"{connect_timeout:g} s ({type(e).__name__}: {e}); start one with `dask scheduler` "
            f"and workers with `dask worker {scheduler}`, or use 'local'"
        ) from None
    try:
        yield c
    finally:
        c.close()


def _drive(client, planner: _Planner, store: _Store, retries: int, progress, stats: dict):
    from distributed import as_completed

    t_start = time.monotonic()
    ac = as_completed()
    inflight: Dict[Any, list] = {}
    counters = {"run": 0, "cancelled": 0, "task_seconds": 0.0, "items": 0}
    threads = {"n": 0, "at": -1e9}

    def nthreads() -> int:
        now = time.monotonic()
        if now - threads["at"] > 2.0:
            try:
                threads["n"] = sum(client.nthreads().values())
            except Exception:
                pass
            threads["at"] = now
        return max(1, threads["n"])

    def fill() -> None:
        n = nthreads()
        while len(inflight) < 2 * n:
            task = planner.next_task(speculate=len(inflight) < n)
            if task is None:
                break
            fut = client.submit(_run_task, [it for _, it in task], retries=retries, pure=False)
            inflight[fut] = task
            ac.add(fut)

    def report() -> None:
        if progress is not None:
            done = counters["run"]
            progress(done, done + len(inflight) + planner.remaining_tasks())

    def cancel_useless() -> None:
        dead = [f for f, task in inflight.items() if all(g.useless(it) for g, it in task)]
        for f in dead:
            task = inflight.pop(f)
            planner.dropped(task)
            counters["cancelled"] += 1
        if dead:
            client.cancel(dead)

    try:
        fill()
        report()
        if not inflight and not planner.done():
            raise RuntimeError("internal error: nothing to submit but searches unresolved")
        for fut in ac:
            task = inflight.pop(fut, None)
            if task is None:
                continue  # cancelled
            if fut.status == "error":
                fut.result()  # raises the task's exception
            if fut.status != "finished":
                planner.dropped(task)
                continue
            out = fut.result()
            store.append(out)
            counters["run"] += 1
            counters["items"] += len(out["items"])
            counters["task_seconds"] += out["elapsed"]
            planner.finished(task, out)
            cancel_useless()
            if planner.done():
                break
            fill()
            report()
            if not inflight and not planner.done():
                raise RuntimeError("internal error: nothing to submit but searches unresolved")
        report()
    finally:
        if inflight:
            client.cancel(list(inflight))
            counters["cancelled"] += len(inflight)
        wall = time.monotonic() - t_start
        stats.update(
            tasks_run=counters["run"],
            tasks_reused=planner.reused,
            tasks_cancelled=counters["cancelled"],
            items_run=counters["items"],
            task_seconds=round(counters["task_seconds"], 3),
            wall_seconds=round(wall, 3),
            worker_threads=threads["n"],
        )


# ---------------------------------------------------------------- the public functions


def _degree_list(degrees) -> List[int]:
    if isinstance(degrees, (int, str)) or degrees is None:
        raise TypeError(
            f"degrees: expected an iterable of ints (a range or a list), got "
            f"{type(degrees).__name__}"
        )
    out, seen = [], set()
    for d in degrees:
        _check_degree(d)
        if d not in seen:
            seen.add(d)
            out.append(d)
    return out


def _plan_searches(op, degrees, terms, ty_arg, prune) -> List[_Degree]:
    ds = _degree_list(degrees)
    _check_terms(terms)
    if not isinstance(prune, bool):
        raise TypeError(f"prune: expected a bool, got {type(prune).__name__}")
    plans = []
    for d in ds:
        ty = _type_of(d, ty_arg)
        if not 2 <= d <= 100000:
            raise ValueError(f"degree: invalid value {d}: must be in 2..=100000 for a search")
        if (ty in ("I", "II")) != (d % 2 == 1):
            kind = "I and II have odd" if ty in ("I", "II") else "III and IV have even"
            raise ValueError(
                f"degree: invalid value {d}: types {kind} degree (type={ty!r}; use a range "
                f"of step 2, or type=None for I/IV by parity)"
            )
        if terms is not None:
            try:
                _halfroot._ssrf_candidates(d, ty, terms)  # ValueError naming the argument
            except ValueError as e:
                raise ValueError(f"{e} (degree {d}, type {ty})") from None
            tlist = [terms]
        else:
            cand = _halfroot._ssrf_default_terms(ty)
            tlist = []
            for t in cand:
                try:
                    _halfroot._ssrf_candidates(d, ty, t)
                    tlist.append(t)
                except ValueError:
                    pass
            if not tlist:
                _halfroot._ssrf_candidates(d, ty, 3)  # raises
        plans.append(_Degree(op, d, ty, tlist, prune))
    return plans


def _check_run_args(retries, task_seconds):
    if isinstance(retries, bool) or not isinstance(retries, int) or retries < 0:
        raise ValueError(f"retries: invalid value {retries!r}: expected an int >= 0")
    if not (isinstance(task_seconds, (int, float)) and task_seconds > 0):
        raise ValueError(f"task_seconds: invalid value {task_seconds!r}: expected seconds > 0")


def _execute(setup, label, client, scheduler, workers, out, progress, retries, task_seconds,
             connect_timeout, stats):
    """Validates, opens the result file and the cluster, runs the planner to its end."""
    _check_run_args(retries, task_seconds)
    cb, bar = _progress_callable(progress, label, _RunBar)
    planned = setup()  # validates the search parameters before any connection
    run_stats: dict = {}
    store = _Store(out)
    try:
        with _connect(client, scheduler, workers, connect_timeout) as c:
            planner = _Planner(store, float(task_seconds))
            planned(planner)
            try:
                _drive(c, planner, store, retries, cb, run_stats)
            finally:
                if bar is not None:
                    bar.close()
    finally:
        store.close()
        if stats is not None:
            stats.update(run_stats)
    return planner


def _searches(op, degrees, terms, type, prune, client, scheduler, workers, out, progress,
              retries, task_seconds, connect_timeout, stats) -> Dict[int, Tuple[int, Any]]:
    plans: List[_Degree] = []

    def setup():
        plans.extend(_plan_searches(op, degrees, terms, type, prune))

        def planned(planner):
            for p in plans:
                planner.add_degree(p)

        return planned

    _execute(setup, f"ssrf {op}", client, scheduler, workers, out, progress, retries,
             task_seconds, connect_timeout, stats)
    return {p.d: p.answer() for p in plans}


_RUN_DOC = """
    Cluster and run: ``client`` (a ``dask.distributed.Client``) or ``scheduler`` (an
    address, or ``"local"``; neither: a ``LocalCluster`` of ``workers`` single-threaded
    processes, default one per core); ``out`` a result file (JSON lines) to record the
    finished tasks and resume from; ``progress`` as in ``halfroot.ssrf`` (tasks done /
    total with an ETA); ``retries`` per task; ``task_seconds`` the estimated size of a
    task; ``connect_timeout`` seconds for a scheduler address; ``stats`` a dict that
    receives the run's figures (tasks run, reused, cancelled, task seconds, wall seconds,
    worker threads)."""


def find_range(
    degrees: Iterable[int],
    terms: Optional[int] = None,
    type: Union[str, int, None] = None,
    all: bool = False,
    *,
    prune: bool = True,
    client=None,
    scheduler: Optional[str] = None,
    workers: Optional[int] = None,
    out: Optional[str] = None,
    progress: ProgressArg = None,
    retries: int = 3,
    task_seconds: float = 5.0,
    connect_timeout: float = 5.0,
    stats: Optional[dict] = None,
) -> Dict[int, Any]:
    """``halfroot.ssrf.find`` for every degree of ``degrees`` on a Dask cluster:
    ``{degree: Found or None}``, or with ``all=True`` ``{degree: [Found, ...]}`` in the
    search order (least sediment first), as ``ssrf.find(d, terms, type, all)`` gives.

    Unlike ``ssrf.find_range``, a degree whose parity does not fit an explicit ``type``
    (even for I/II, odd for III/IV) is a ``ValueError``, not skipped; ``type=None`` is I
    for odd degrees and IV for even ones.
    """
    op = "all" if all else "least"
    res = _searches(op, degrees, terms, type, prune, client, scheduler, workers, out,
                    progress, retries, task_seconds, connect_timeout, stats)
    return {d: r for d, (_, r) in res.items()}


def count_range(
    degrees: Iterable[int],
    terms: Optional[int] = None,
    type: Union[str, int, None] = None,
    *,
    prune: bool = True,
    client=None,
    scheduler: Optional[str] = None,
    workers: Optional[int] = None,
    out: Optional[str] = None,
    progress: ProgressArg = None,
    retries: int = 3,
    task_seconds: float = 5.0,
    connect_timeout: float = 5.0,
    stats: Optional[dict] = None,
) -> Dict[int, int]:
    """``halfroot.ssrf.count`` for every degree of ``degrees`` on a Dask cluster:
    ``{degree: count}`` (with ``terms=None`` the count at the fewest terms that give
    any, as ``ssrf.count``)."""
    res = _searches("count", degrees, terms, type, prune, client, scheduler, workers, out,
                    progress, retries, task_seconds, connect_timeout, stats)
    return {d: r for d, (_, r) in res.items()}


def spectrum_range(
    degrees: Iterable[int],
    terms: Optional[int] = None,
    type: Union[str, int, None] = None,
    *,
    prune: bool = True,
    client=None,
    scheduler: Optional[str] = None,
    workers: Optional[int] = None,
    out: Optional[str] = None,
    progress: ProgressArg = None,
    retries: int = 3,
    task_seconds: float = 5.0,
    connect_timeout: float = 5.0,
    stats: Optional[dict] = None,
) -> Dict[int, Dict[Tuple[int, ...], int]]:
    """The trace spectra of all SSRF polynomials of each degree (those of
    ``ssrf.find(d, terms, type, all=True)``): ``{degree: {positions: number}}``, where
    ``positions`` is the sorted tuple of the i with Tr(x^i) = 1 (``ssrf.spectrum``) and
    ``number`` how many of the polynomials have exactly that spectrum (sorted by
    positions; ``{}`` when there is none)."""
    res = _searches("spectrum", degrees, terms, type, prune, client, scheduler, workers,
                    out, progress, retries, task_seconds, connect_timeout, stats)
    return {d: r for d, (_, r) in res.items()}


def p_d1_scan(
    degrees: Iterable[int],
    *,
    client=None,
    scheduler: Optional[str] = None,
    workers: Optional[int] = None,
    out: Optional[str] = None,
    progress: ProgressArg = None,
    retries: int = 3,
    task_seconds: float = 5.0,
    connect_timeout: float = 5.0,
    stats: Optional[dict] = None,
) -> List[int]:
    """``halfroot.ssrf.p_d1_scan`` on a Dask cluster: the degrees of ``degrees`` (in
    their order) with P_{d,1} irreducible; odd degrees >= 5."""
    box: list = []

    def setup():
        ds = _degree_list(degrees)
        for d in ds:
            if d < 5 or d % 2 == 0:
                raise ValueError(f"degrees: invalid value {d}: P_(d,1) needs an odd d >= 5")
        box.append(_P1Group(ds))

        def planned(planner):
            planner.add_p1(box[0])

        return planned

    _execute(setup, "ssrf p_d1 scan", client, scheduler, workers, out, progress, retries,
             task_seconds, connect_timeout, stats)
    return box[0].result()


for _f in (find_range, count_range, spectrum_range, p_d1_scan):
    _f.__doc__ = (_f.__doc__ or "") + "\n" + _RUN_DOC
del _f


# ---------------------------------------------------------------- the command line


def _parse_degrees(args: List[str]) -> List[int]:
    out: List[int] = []
    for a in args:
        for part in a.split(","):
            part = part.strip()
            if not part:
                continue
            try:
                if ":" in part:
                    bits = [int(x) if x.strip() else None for x in part.split(":")]
                    if len(bits) not in (2, 3) or bits[0] is None or bits[1] is None:
                        raise ValueError
                    step = bits[2] if len(bits) == 3 and bits[2] is not None else 1
                    if step <= 0:
                        raise ValueError
                    out.extend(range(bits[0], bits[1], step))
                else:
                    out.append(int(part))
            except ValueError:
                raise ValueError(
                    f"degrees: invalid value {part!r}: expected d, d1,d2,... or "
                    f"start:stop[:step] (stop excluded, as Python's range)"
                ) from None
    if not out:
        raise ValueError("degrees: no degree given")
    return out


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m halfroot.ssrf.distributed",
        description="halfroot.ssrf searches on a Dask cluster, resumable from a result file.",
    )
    sub = p.add_subparsers(dest="command", required=True)

    def common(sp, searches=True):
        sp.add_argument("degrees", nargs="+", metavar="DEGREES",
                        help="degrees: 163, 47,53,71 or start:stop[:step] (stop excluded)")
        if searches:
            sp.add_argument("--type", default=None, help="I, II, III or IV (default: I/IV by parity)")
            sp.add_argument("--terms", type=int, default=None,
                            help="number of terms (default: the fewest of 3..11 that give any)")
            sp.add_argument("--no-prune", action="store_true", help="test every candidate")
        sp.add_argument("--scheduler", default="local",
                        help="Dask scheduler address tcp://HOST:8786, or 'local' (default)")
        sp.add_argument("--workers", type=int, default=None,
                        help="worker processes of the local cluster (default: one per core)")
        sp.add_argument("--out", default=None, help="result file (JSON lines) to record and resume")
        sp.add_argument("--task-seconds", type=float, default=5.0,
                        help="estimated seconds of one task (default 5)")
        sp.add_argument("--retries", type=int, default=3, help="retries of a failed task (default 3)")
        sp.add_argument("--connect-timeout", type=float, default=5.0,
                        help="seconds to wait for the scheduler (default 5)")
        sp.add_argument("--json", action="store_true", help="print the results as JSON")
        sp.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")

    f = sub.add_parser("find-range", help="least-sediment (or all) SSRF polynomials per degree")
    common(f)
    f.add_argument("--all", action="store_true", help="all polynomials, not only the least")
    common(sub.add_parser("count-range", help="number of SSRF polynomials per degree"))
    common(sub.add_parser("spectrum-range", help="trace spectra of the SSRF polynomials per degree"))
    common(sub.add_parser("p-d1-scan", help="degrees d with P_{d,1} irreducible"), searches=False)
    return p


def _table(header: List[str], rows: List[List[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(header)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    for r in rows:
        lines.append("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    return "\n".join(lines)


def _exps(e: List[int]) -> str:
    return ",".join(map(str, e))


def main(argv: Optional[List[str]] = None) -> int:
    """The command line; returns the exit status (0, 2 on an error, 130 on Ctrl-C)."""
    args = _parser().parse_args(argv)
    stats: dict = {}
    cmd = args.command
    try:
        degrees = _parse_degrees(args.degrees)
        run = dict(
            scheduler=args.scheduler,
            workers=args.workers if args.scheduler == "local" else None,
            out=args.out,
            progress=not args.no_progress,
            retries=args.retries,
            task_seconds=args.task_seconds,
            connect_timeout=args.connect_timeout,
            stats=stats,
        )
        if args.scheduler != "local" and args.workers is not None:
            raise ValueError("--workers: only with --scheduler local")
        if cmd == "p-d1-scan":
            found = p_d1_scan(degrees, **run)
            if args.json:
                print(json.dumps(found))
            else:
                print(f"P_(d,1) irreducible for {len(found)} of {len(degrees)} degrees:")
                print(" ".join(map(str, found)) if found else "(none)")
        else:
            op = {"find-range": "all" if getattr(args, "all", False) else "least",
                  "count-range": "count", "spectrum-range": "spectrum"}[cmd]
            res = _searches(op, degrees, args.terms, args.type, not args.no_prune, None,
                            run["scheduler"], run["workers"], run["out"], run["progress"],
                            run["retries"], run["task_seconds"], run["connect_timeout"], stats)
            _print_results(op, res, args.json)
    except KeyboardInterrupt:
        print(
            "error: interrupted"
            + (f"; the finished tasks are in {args.out}, run the same command to resume"
               if args.out else ""),
            file=sys.stderr,
        )
        return 130
    except Exception as e:  # one readable line, no traceback
        msg = str(e).splitlines()[0] if str(e) else type(e).__name__
        print(f"error: {msg}", file=sys.stderr)
        return 2
    _print_stats(stats, args.out)
    return 0


def _print_results(op: str, res: Dict[int, Tuple[int, Any]], as_json: bool) -> None:
    if as_json:
        def enc(r):
            if isinstance(r, Found):
                return r.to_dict()
            if isinstance(r, list):
                return [x.to_dict() for x in r]
            if isinstance(r, dict):
                return [{"trace_one": list(k), "count": v} for k, v in r.items()]
            return r

        print(json.dumps({str(d): {"terms": t, "result": enc(r)} for d, (t, r) in res.items()}))
        return
    rows = []
    if op == "least":
        for d, (t, f) in res.items():
            rows.append([str(d), str(f.terms) if f else "-", _exps(f.modulus) if f else "none",
                         _exps(f.zeta) if f else ""])
        print(_table(["degree", "terms", "polynomial", "zeta"], rows))
    elif op == "all":
        for d, (t, fs) in res.items():
            rows.append([str(d), str(t), str(len(fs)), _exps(fs[0].modulus) if fs else "none"])
        print(_table(["degree", "terms", "found", "least"], rows))
    elif op == "count":
        for d, (t, c) in res.items():
            rows.append([str(d), str(t), str(c)])
        print(_table(["degree", "terms", "count"], rows))
    else:
        for d, (t, h) in res.items():
            top = max(h.items(), key=lambda kv: kv[1]) if h else None
            rows.append([str(d), str(t), str(sum(h.values())), str(len(h)),
                         ("{" + _exps(list(top[0])) + f"}} x{top[1]}") if top else ""])
        print(_table(["degree", "terms", "polynomials", "spectra", "most common Tr=1 set"], rows))


def _print_stats(stats: dict, out: Optional[str]) -> None:
    if not stats:
        return
    run, wall = stats["tasks_run"], stats["wall_seconds"]
    ts, th = stats["task_seconds"], stats["worker_threads"]
    busy = ts / (wall * th) if wall > 0 and th else 0.0
    print(
        f"{run} tasks run, {stats['tasks_reused']} reused"
        + (f" from {out}" if out else "")
        + f", {stats['tasks_cancelled']} cancelled; {th} worker threads, {wall:.1f} s wall, "
        f"{ts:.1f} s in tasks ({100 * busy:.0f} % of the workers' time)",
        file=sys.stderr,
    )


if __name__ == "__main__":
    sys.exit(main())
