"""Batch functions equal the element-wise operations (which are checked against galois
in test_binary.py), on bucketed and on non-bucketed (> 9 words) fields."""

import numpy as np
import pytest

import halfroot

MODULI = ["8,4,3,1,0", "163,7,6,3,0", "163,57,49,29,0", "233,74,0", "571,10,5,2,0", "1279,216,0", "64,4,3,1,0"]


@pytest.mark.parametrize("modulus", MODULI)
def test_batch_equals_elementwise(modulus):
    F = halfroot.BinaryField(modulus)
    n = 5000 if F.degree < 600 else 300
    xs = [F.random() for _ in range(n)] + [F(0), F(1)]
    ys = [F.random() for _ in xs]
    A, B = F.to_array(xs), F.to_array(ys)
    assert F.from_array(F.mul_many(A, B)) == [x * y for x, y in zip(xs, ys)]
    assert F.from_array(F.sqr_many(A)) == [x * x for x in xs]
    assert F.from_array(F.sqrt_many(A)) == [x.sqrt() for x in xs]
    assert F.trace_many(A).dtype == np.uint8
    assert list(F.trace_many(A)) == [x.trace() for x in xs]
    roots, ok = F.solve_many(A)
    assert ok.dtype == np.bool_
    for x, r, solvable in zip(xs, F.from_array(roots), ok):
        s = F.solve(x)
        assert (s is not None) == bool(solvable)
        assert r == (s if s is not None else F(0))
    if F.degree % 2:
        assert F.from_array(F.half_trace_many(A)) == [x.half_trace() for x in xs]


def test_batch_accepts_non_contiguous():
    F = halfroot.BinaryField("163,57,49,29,0")
    xs = [F.random() for _ in range(10)]
    A = np.asfortranarray(F.to_array(xs))
    assert F.from_array(F.sqrt_many(A)) == [x.sqrt() for x in xs]
    assert F.sqrt_many(np.zeros((0, 3), dtype=np.uint64)).shape == (0, 3)
