"""halfroot Python bindings: call overhead, batch throughput, and speed against galois.

Run:  python3 crates/halfroot-py/bench/bench_vs_galois.py [--n-batch 1000000] [--n-galois 100000]

Prints
  1. the cost of one `a * b` in GF(2^163) from Python (timeit, best of 7; wall clock
     and process CPU time, since the machine may be shared), next to Python's own
     int * int for scale;
  2. sqrt_many on --n-batch elements (all threads) against the same kernel looped on
     one thread in Rust (`_sqrt_many_serial`, the Rust per-element throughput);
  3. mul, sqrt and trace on --n-galois elements (default 10^5): halfroot batch on the
     whole array; galois on the whole array for mul but, since galois needs ~5 ms per
     GF(2^163) square root and ~0.3 s per trace, on the first --n-galois-sqrt and
     --n-galois-trace elements only; the speed-up compares time per element.
"""

import argparse
import os
import random
import time
import timeit

import numpy as np

import halfroot

MODULUS = "163,57,49,29,0"


def best(fn, repeat=5):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def call_overhead(F):
    a, b = F.random(), F.random()
    x, y = random.getrandbits(163), random.getrandbits(163)
    n = 200_000
    out = {}
    for label, stmt, env in [("a * b (GF(2^163))", "a * b", {"a": a, "b": b}),
                             ("a + b (GF(2^163))", "a + b", {"a": a, "b": b}),
                             ("x * y (Python int)", "x * y", {"x": x, "y": y})]:
        wall = min(timeit.repeat(stmt, globals=env, number=n, repeat=7)) / n
        cpu = min(timeit.Timer(stmt, globals=env, timer=time.process_time).repeat(7, n)) / n
        out[label] = (wall, cpu)
        print(f"  {label:22s} {wall * 1e9:7.0f} ns wall   {cpu * 1e9:7.0f} ns cpu")
    return out


def batch_sqrt(F, n):
    A = F.to_array([F.random() for _ in range(1000)])
    A = np.tile(A, (n // 1000, 1))
    par = best(lambda: F.sqrt_many(A))
    ser = best(lambda: F._sqrt_many_serial(A))
    assert (F.sqrt_many(A) == F._sqrt_many_serial(A)).all()
    print(f"  sqrt_many        {n} elements: {par * 1e3:8.1f} ms = {par / n * 1e9:6.1f} ns/element "
          f"({os.cpu_count()} threads)")
    print(f"  Rust serial loop {n} elements: {ser * 1e3:8.1f} ms = {ser / n * 1e9:6.1f} ns/element (1 thread)")
    print(f"  batch time / Rust per-element time: {par / ser:.2f}  (target <= 1.5)")


def vs_galois(F, n, n_sqrt, n_trace):
    import galois

    G = galois.GF(2**163, irreducible_poly=F.modulus, verify=False)
    rng = random.Random(1)
    xs = [rng.getrandbits(163) for _ in range(n)]
    ys = [rng.getrandbits(163) for _ in range(n)]
    gx, gy = G(xs), G(ys)
    A = F.to_array([F(x) for x in xs])
    B = F.to_array([F(y) for y in ys])
    print(f"  {'op':6s} {'halfroot ns/elt':>16s} {'galois ns/elt':>16s} {'speed-up':>10s}  (halfroot on {n}, galois on m elements)")
    for name, m, h, g in [
        ("mul", n, lambda: F.mul_many(A, B), lambda k: gx[:k] * gy[:k]),
        ("sqrt", min(n, n_sqrt), lambda: F.sqrt_many(A), lambda k: np.sqrt(gx[:k])),
        ("trace", min(n, n_trace), lambda: F.trace_many(A), lambda k: gx[:k].field_trace()),
    ]:
        th = best(h) / n
        tg = best(lambda: g(m), repeat=1) / m
        print(f"  {name:6s} {th * 1e9:16.1f} {tg * 1e9:16.0f} {tg / th:9.0f}x  (m = {m})")
    # Spot check that both computed the same thing.
    k = min(n, 50)
    assert [int(v) for v in (gx[:k] * gy[:k])] == [int(e) for e in F.from_array(F.mul_many(A[:k], B[:k]))]
    k = min(n, 3)
    assert gx[:k].field_trace().view(np.ndarray).tolist() == F.trace_many(A[:k]).tolist()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n-batch", type=int, default=1_000_000)
    ap.add_argument("--n-galois", type=int, default=100_000)
    ap.add_argument("--n-galois-sqrt", type=int, default=2_000)
    ap.add_argument("--n-galois-trace", type=int, default=20)
    args = ap.parse_args()
    F = halfroot.BinaryField(MODULUS)
    print(f"field GF(2^163) mod {MODULUS}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cpus")
    print("1. Python call overhead")
    call_overhead(F)
    print("2. batch sqrt")
    batch_sqrt(F, args.n_batch)
    print("3. against galois")
    vs_galois(F, args.n_galois, args.n_galois_sqrt, args.n_galois_trace)


if __name__ == "__main__":
    main()
