"""halfroot.ssrf.BasisChange: a field isomorphism between two polynomial bases.

Oracles: the isomorphism laws checked in halfroot's own arithmetic of both fields
(tested against galois elsewhere), galois for the root (P_source(root) = 0 in galois'
GF(2^d) of the target polynomial) and for the image of an element, evaluated as
a(root) = sum a_i root^i in galois arithmetic (independent of the byte tables)."""

import random

import galois
import numpy as np
import pytest

import halfroot
from halfroot import ssrf

PAIRS = [
    ("163,7,6,3,0", "163,57,49,29,0"),
    ("233,74,0", "233,159,0"),
    ("8,4,3,1,0", "8,4,3,2,0"),
]


@pytest.fixture(scope="module", params=PAIRS, ids=lambda p: p[0].split(",")[0])
def change(request):
    s, t = request.param
    return ssrf.BasisChange(halfroot.BinaryField(s), halfroot.BinaryField(t))


def test_isomorphism_laws(change, rng):
    S, T = change.source, change.target
    f, b = change.forward, change.backward
    assert f(S.one) == T.one and f(S.zero) == T.zero
    for _ in range(40):
        x = S(rng.getrandbits(S.degree))
        y = S(rng.getrandbits(S.degree))
        assert f(x + y) == f(x) + f(y)
        assert f(x * y) == f(x) * f(y)
        assert f(x * x) == f(x) * f(x)
        assert f(x.sqrt()) == f(x).sqrt()
        assert f(x).trace() == x.trace()
        if S.degree % 2 == 1:
            assert f(x.half_trace()) == f(x).half_trace()
        if x:
            assert f(x.inverse()) == f(x).inverse()
        assert b(f(x)) == x
        z = T(rng.getrandbits(T.degree))
        assert f(b(z)) == z
        assert b(z * z) == b(z) * b(z)


def test_root_and_image_match_galois(change, rng):
    S, T = change.source, change.target
    # primitive_element x, unchecked: only sums, products and powers are used
    G = galois.GF(
        2**T.degree, irreducible_poly=T.modulus, primitive_element=2, verify=False,
        compile="python-calculate",
    )
    r = G(int(change.root))
    # P_source(r) = 0 in the target field
    acc = G(0)
    for e in S.exponents:
        acc += r ** e
    assert acc == 0
    assert change.forward(S(2)) == change.root  # x -> r
    powers = [G(1)]
    for _ in range(S.degree - 1):
        powers.append(powers[-1] * r)
    for _ in range(5):
        a = rng.getrandbits(S.degree)
        want = G(0)
        for i in range(S.degree):
            if a >> i & 1:
                want += powers[i]
        assert int(change.forward(S(a))) == int(want)
    cols = change.columns()
    assert cols == [int(p) for p in powers]


def test_batch_matches_elementwise(change):
    S, T = change.source, change.target
    xs = [S.random() for _ in range(300)]
    A = S.to_array(xs)
    B = change.forward_many(A)
    assert B.shape == A.shape and B.dtype == np.uint64
    assert T.from_array(B) == [change.forward(x) for x in xs]
    assert np.array_equal(change.backward_many(B), A)
    # Fortran order is accepted too
    assert np.array_equal(change.forward_many(np.asfortranarray(A)), B)


def test_constructors_and_inverse():
    c1 = ssrf.BasisChange("163,7,6,3,0", [163, 57, 49, 29, 0])
    nist = halfroot.BinaryField.standard("nist163")
    c2 = ssrf.BasisChange(nist, halfroot.BinaryField.standard("ssrf163"))
    a = nist(0x1234567)
    assert c1.forward(a) == c2.forward(a)  # same polynomials: same isomorphism
    assert c1.forward(0x1234567) == c2.forward("1234567")
    inv = c2.inverse()
    assert inv.source == c2.target and inv.target == c2.source
    # the inverse change is an isomorphism the other way; it need not be c2.backward
    # (any root of P_target may be chosen), but composing both is an automorphism
    # of GF(2^163), i.e. a power of the Frobenius map.
    y = inv.forward(c2.forward(a))
    frob = [a]
    for _ in range(162):
        frob.append(frob[-1] * frob[-1])
    assert y in frob
    assert "BasisChange(" in repr(c2)


def test_errors():
    c = ssrf.BasisChange("163,7,6,3,0", "163,57,49,29,0")
    other = halfroot.BinaryField("163,57,49,29,0")
    with pytest.raises(TypeError, match="x: element of GF\\(2\\^163\\)"):
        c.forward(other(5))
    with pytest.raises(TypeError, match="y: element"):
        c.backward(c.source(5))
    with pytest.raises(ValueError, match=r"x: invalid value 0x8"):
        c.forward(1 << 163)
    with pytest.raises(ValueError, match=r"target: invalid value '233,74,0'.*degree 233"):
        ssrf.BasisChange("163,7,6,3,0", "233,74,0")
    with pytest.raises(ValueError, match=r"source: invalid value '163,57,49,28,0'"):
        ssrf.BasisChange("163,57,49,28,0", "163,7,6,3,0")
    with pytest.raises(TypeError, match="source"):
        ssrf.BasisChange(1.5, "163,7,6,3,0")
    with pytest.raises(ValueError, match=r"a: invalid value array of shape \[2, 4\]|a: invalid value array of shape \(2, 4\)"):
        c.forward_many(np.zeros((2, 4), dtype=np.uint64))
