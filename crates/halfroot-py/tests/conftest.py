"""Shared fixtures: galois oracles of the fields under test (built once per session)."""

import random

import galois
import pytest

import halfroot

BINARY_MODULI = ["8,4,3,1,0", "163,7,6,3,0", "163,57,49,29,0"]


@pytest.fixture(scope="session")
def rng():
    return random.Random(20261122)


_cache = {}


def binary_pair(modulus):
    """(halfroot field, galois field) for an exponent list."""
    if modulus not in _cache:
        F = halfroot.BinaryField(modulus)
        G = galois.GF(
            2**F.degree, irreducible_poly=F.modulus, verify=False, compile="python-calculate"
        )
        _cache[modulus] = (F, G)
    return _cache[modulus]


@pytest.fixture(scope="session", params=BINARY_MODULI)
def binary(request):
    return binary_pair(request.param)


def gtrace(G, values):
    """Tr(x) = x + x^2 + ... + x^(2^(d-1)) in galois arithmetic, for a list of ints
    (galois' own field_trace takes ~0.4 s per GF(2^163) element)."""
    d = G.degree
    g = G(list(values))
    t, s = g, g.copy()
    for _ in range(d - 1):
        t = t * t
        s = s + t
    out = [int(v) for v in s]
    assert set(out) <= {0, 1}
    return out
