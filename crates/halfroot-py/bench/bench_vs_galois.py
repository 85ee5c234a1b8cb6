"""halfroot Python bindings: call overhead, batch throughput, and speed against galois.

Run:  python3 crates/halfroot-py/bench/bench_vs_galois.py [--n-batch 1000000] [--n-galois 100000]

Prints
  1. the cost of one `a * b` in GF(2^163) from Python (timeit, best of 7; wall clock
     and process CPU time, since the machine may be shared), next to Python's own
     int * int for scale;
  2. sqrt_many on --n-batch elements (all threads) against the same kernel looped on
     one thread in Rust (`_sqrt_many_serial`, the Rust per-element throughput);
  3. mul, sqrt and trace on --n-galois elements: halfroot batch vs galois arrays.
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


def vs_galois(F, n):
    import galois

    G = galois.GF(2**163, irreducible_poly=F.modulus, verify=False)
    rng = random.Random(1)
    xs = [rng.getrandbits(163) for _ in range(n)]
    ys = [rng.getrandbits(163) for _ in range(n)]
    gx, gy = G(xs), G(ys)
    A = F.to_array([F(x) for x in xs])
    B = F.to_array([F(y) for y in ys])
    print(f"  {'op':6s} {'halfroot':>12s} {'galois':>12s} {'speed-up':>10s}   ({n} elements)")
    for name, h, g in [
        ("mul", lambda: F.mul_many(A, B), lambda: gx * gy),
        ("sqrt", lambda: F.sqrt_many(A), lambda: np.sqrt(gx)),
        ("trace", lambda: F.trace_many(A), lambda: gx.field_trace()),
    ]:
        th = best(h)
        tg = best(g, repeat=1)
        print(f"  {name:6s} {th * 1e3:9.2f} ms {tg * 1e3:9.0f} ms {tg / th:9.0f}x")
    # Spot check that both computed the same thing.
    k = min(n, 50)
    assert [int(v) for v in (gx[:k] * gy[:k])] == [int(e) for e in F.from_array(F.mul_many(A[:k], B[:k]))]
    assert [int(v) for v in gx[:k].field_trace()] == list(F.trace_many(A[:k]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n-batch", type=int, default=1_000_000)
    ap.add_argument("--n-galois", type=int, default=100_000)
    args = ap.parse_args()
    F = halfroot.BinaryField(MODULUS)
    print(f"field GF(2^163) mod {MODULUS}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cpus")
    print("1. Python call overhead")
    call_overhead(F)
    print("2. batch sqrt")
    batch_sqrt(F, args.n_batch)
    print("3. against galois")
    vs_galois(F, args.n_galois)


if __name__ == "__main__":
    main()
