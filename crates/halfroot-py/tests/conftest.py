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
        G = galois.GF(2**F.degree, irreducible_poly=F.modulus, verify=False)
        _cache[modulus] = (F, G)
    return _cache[modulus]


@pytest.fixture(scope="session", params=BINARY_MODULI)
def binary(request):
    return binary_pair(request.param)
