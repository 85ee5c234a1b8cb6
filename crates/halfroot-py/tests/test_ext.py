"""halfroot.ExtensionField against galois' GF(p^k) built with the same irreducible
polynomial (galois represents an element as the int sum c_i p^i, as int() does here)."""

import random

import galois
import pytest

import halfroot

# (p, k, modulus): None = the library's default (smallest binomial X^k - alpha, else a
# small trinomial), "galois" = a random irreducible polynomial chosen by galois.
CASES = [
    (11, 5, None),
    (101, 5, "galois"),
    (7, 6, None),
    (13, 6, "galois"),
    (29, 7, None),
    (13, 7, None),  # 7 does not divide 12: no irreducible binomial, a trinomial
]

_cache = {}


def gfp(p):
    """galois' GF(p) in pure-Python arithmetic: its default numba compilation costs
    seconds per prime and dominated this file's run time."""
    return galois.GF(p, compile="python-calculate")


def pair(p, k, modulus):
    key = (p, k, modulus)
    if key not in _cache:
        gfp(p)
        if modulus == "galois":
            poly = galois.irreducible_poly(p, k, method="random")
            coeffs = [int(c) for c in poly.coeffs[::-1]]  # constant term first
            E = halfroot.ExtensionField(p, k, coeffs[:-1])
        else:
            E = halfroot.ExtensionField(p, k, modulus)
            coeffs = [int(c) for c in E.modulus]
            poly = galois.Poly(coeffs[::-1], field=gfp(p))
        assert poly.is_irreducible()
        assert [int(c) for c in E.modulus] == coeffs
        # primitive_element given (x, unchecked) and pure-Python arithmetic: building
        # the class otherwise costs 20 s (primitive-element search, numba compilation);
        # none of the operations compared here depends on the primitive element.
        G = galois.GF(
            p**k, irreducible_poly=poly, primitive_element=p, verify=False,
            compile="python-calculate",
        )
        _cache[key] = (E, G)
    return _cache[key]


@pytest.fixture(scope="module", params=CASES, ids=lambda c: f"GF({c[0]}^{c[1]})-{c[2]}")
def ext(request):
    return pair(*request.param)


def rand_elem(E, rng):
    return E([rng.randrange(E.q) for _ in range(E.degree)])


def g(G, a):
    return G(int(a))


def test_arithmetic_matches_galois(ext, rng):
    E, G = ext
    p = E.q
    algs = E.algorithms()
    assert "schoolbook" in algs and "karatsuba" in algs
    for _ in range(25):
        a, b = rand_elem(E, rng), rand_elem(E, rng)
        ga, gb = g(G, a), g(G, b)
        assert int(a + b) == int(ga + gb)
        assert int(a - b) == int(ga - gb)
        assert int(-a) == int(-ga)
        assert int(a * b) == int(ga * gb)
        for alg in algs:
            assert int(a.mul(b, algorithm=alg)) == int(ga * gb), alg
            assert int(a.square(algorithm=alg)) == int(ga * ga), alg
        e = rng.randrange(1, p**E.degree)
        assert int(a**e) == int(ga**e)
        if a:
            assert int(a.inverse()) == int(ga**-1)
            assert int(a.inverse(method="euclid")) == int(ga**-1)
            assert int(b / a) == int(gb / ga)
            assert int(a**-3) == int(ga**-3)
        for i in range(E.degree + 1):
            assert int(a.frobenius(i)) == int(ga ** (p**i))
        assert a.frobenius(-1) == a.frobenius(E.degree - 1)
        assert a.norm() == int(ga.field_norm())
        assert a ** 0 == E.one


def test_sqrt_and_legendre_match_galois(ext, rng):
    E, G = ext
    key = lambda e: list(reversed(e.coefficients))  # noqa: E731
    squares = 0
    for _ in range(20):
        a = rand_elem(E, rng)
        ga = g(G, a)
        sq = bool(ga.is_square())
        assert a.is_square() == sq
        assert a.legendre() == (0 if not a else (1 if sq else -1))
        r = a.sqrt()
        if not sq:
            assert r is None
            continue
        squares += 1
        assert r * r == a
        assert key(r) <= key(-r)
        # squares of random elements always have a root
        b = a * a
        s = b.sqrt()
        assert s is not None and s * s == b and s in (a, -a)
    assert squares > 0
    assert E.zero.sqrt() == E.zero and E.zero.legendre() == 0


def test_protocol(ext, rng):
    E, _ = ext
    a = rand_elem(E, rng)
    assert E(a.coefficients) == a and len(a.coefficients) == E.degree
    assert E(list(a.coefficients)[:2]) == E(tuple(a.coefficients[:2]) + (0,) * (E.degree - 2))
    assert a + 1 == 1 + a == a + E(1)
    assert 2 * a == a + a and a * [0, 1] == a * E.gen
    assert hash(a) == hash(E(a.coefficients)) and a == E(a.coefficients)
    assert len({a, E(a.coefficients), a + 1}) == 2
    assert not E.zero and E.one and bool(E.gen)
    assert E.order == E.q**E.degree and E.characteristic == E.q
    r = E.random()
    assert all(0 <= c < E.q for c in r.coefficients)
    assert E == halfroot.ExtensionField(E.q, E.degree, E.modulus[:-1])
    assert hash(E) == hash(halfroot.ExtensionField(E.q, E.degree, E.modulus))
    assert "GF(" in repr(a) and str(E.zero) == "0"
    assert E(a) == a
    # x is a root of M
    acc = E.zero
    for i, c in enumerate(E.modulus):
        acc = acc + c * E.gen**i
    assert acc == E.zero


def test_default_modulus_is_the_smallest_binomial():
    for p, k in [(11, 5), (7, 6), (29, 7), (31, 5), (13, 4)]:
        E = halfroot.ExtensionField(p, k)
        GFp = gfp(p)
        alpha = E.alpha
        assert alpha is not None
        assert E.modulus == [(-alpha) % p] + [0] * (k - 1) + [1]

        def binom(a):
            return galois.Poly([1] + [0] * (k - 1) + [(-a) % p], field=GFp)

        assert binom(alpha).is_irreducible()
        if alpha >= 2:
            assert not any(binom(a).is_irreducible() for a in range(2, alpha))
        # also given explicitly as alpha, negative alpha allowed
        assert halfroot.ExtensionField(p, k, alpha) == E
        assert halfroot.ExtensionField(p, k, alpha - p) == E
        assert halfroot.ExtensionField(p, k, "auto") == E
    # 7 does not divide 13 - 1: no irreducible binomial of degree 7 over GF(13)
    T = halfroot.ExtensionField(13, 7)
    assert T.alpha is None
    M = galois.Poly([int(c) for c in T.modulus][::-1], field=gfp(13))
    assert M.is_irreducible()


def test_algorithm_selection():
    E = halfroot.ExtensionField(101, 5, algorithm="newton")
    assert E.algorithm == "newton"
    # `auto` resolves to the lazy-reduction Karatsuba product on Fp bases with X^k - alpha
    assert halfroot.ExtensionField(101, 5).algorithm == "karatsuba-lazy"
    reduced = {"schoolbook", "karatsuba", "montgomery", "newton"}
    assert set(E.algorithms()) == reduced | {a + "-lazy" for a in reduced}
    # Newton needs q >= 11; Montgomery's 17M formula takes multiples up to 3, so q = 7 is fine
    assert set(halfroot.ExtensionField(7, 6).algorithms()) == {
        "schoolbook",
        "karatsuba",
        "montgomery",
        "schoolbook-lazy",
        "karatsuba-lazy",
        "montgomery-lazy",
    }
    # ... and the 22M formula multiples up to 11: q = 11 refuses it, q = 13 takes it
    assert "montgomery" not in halfroot.ExtensionField(11, 7).algorithms()
    assert "montgomery" in halfroot.ExtensionField(13, 7).algorithms()
    F = halfroot.ExtensionField(101, 5, algorithm="schoolbook")
    rng = random.Random(3)
    a, b = rand_elem(E, rng), rand_elem(E, rng)
    assert E(a.coefficients) * E(b.coefficients) == E(list((F(a.coefficients) * F(b.coefficients)).coefficients))


@pytest.mark.parametrize("q,k", [(101, 6), (7, 6), (2**127 - 1, 7), (13, 7), (2**61 - 1, 7)])
def test_montgomery_six_seven_terms_match_schoolbook(q, k):
    S = halfroot.ExtensionField(q, k, algorithm="schoolbook")
    rng = random.Random(q * k)
    for alg in ("montgomery", "montgomery-lazy"):
        if alg not in S.algorithms():
            continue
        E = halfroot.ExtensionField(q, k, algorithm=alg)
        assert E.algorithm == alg
        for _ in range(20):
            a, b = rand_elem(S, rng), rand_elem(S, rng)
            want = S(a.coefficients) * S(b.coefficients)
            got = E(a.coefficients) * E(b.coefficients)
            assert list(got.coefficients) == list(want.coefficients), (alg, q, k)
            assert list((E(a.coefficients) ** 2).coefficients) == list((S(a.coefficients) ** 2).coefficients)


def test_errors():
    with pytest.raises(ValueError, match=r"q: invalid value 15"):
        halfroot.ExtensionField(15, 5)
    with pytest.raises(ValueError, match=r"q: invalid value -7"):
        halfroot.ExtensionField(-7, 5)
    with pytest.raises(TypeError, match="q"):
        halfroot.ExtensionField("7", 5)
    with pytest.raises(ValueError, match=r"k: invalid value 1\b"):
        halfroot.ExtensionField(7, 1)
    with pytest.raises(ValueError, match=r"k: invalid value 17"):
        halfroot.ExtensionField(7, 17)
    # Ints beyond 64 bits are out of range like any other (not OverflowError).
    with pytest.raises(ValueError, match=r"k: invalid value 1180591620717411303424"):
        halfroot.ExtensionField(7, 2**70)
    with pytest.raises(TypeError, match="k: expected an int"):
        halfroot.ExtensionField(7, 5.0)
    E = halfroot.ExtensionField(101, 5)
    a = E([1, 2, 3, 4, 5])
    assert a.frobenius(2**70) == a.frobenius(2**70 % 5)
    assert a.frobenius(-(2**70)) == a.frobenius(-(2**70) % 5)
    with pytest.raises(TypeError, match="i: expected an int"):
        a.frobenius(1.0)
    with pytest.raises(ValueError, match=r"modulus: invalid value 1: .*reducible"):
        halfroot.ExtensionField(11, 5, 1)  # X^5 - 1 has the root 1
    with pytest.raises(ValueError, match=r"modulus: invalid value \[3, 1, 0, 0, 0, 0\].*reducible"):
        halfroot.ExtensionField(7, 6, [3, 1, 0, 0, 0, 0])
    with pytest.raises(ValueError, match=r"modulus: invalid value \[1, 2\]"):
        halfroot.ExtensionField(7, 6, [1, 2])
    with pytest.raises(ValueError, match=r"modulus: invalid value \[2, 4, 0, 0, 0, 3\].*monic"):
        halfroot.ExtensionField(13, 5, [2, 4, 0, 0, 0, 3])
    with pytest.raises(ValueError, match=r"modulus: invalid value 'nope'"):
        halfroot.ExtensionField(13, 5, "nope")
    with pytest.raises(TypeError, match="modulus"):
        halfroot.ExtensionField(13, 5, 1.5)
    with pytest.raises(ValueError, match=r"algorithm: invalid value \"fft\""):
        halfroot.ExtensionField(101, 5, algorithm="fft")
    with pytest.raises(ValueError, match=r"algorithm: invalid value \"montgomery\".*k = 7, q = 11"):
        halfroot.ExtensionField(11, 7, algorithm="montgomery")
    with pytest.raises(ValueError, match=r"algorithm: invalid value \"newton\""):
        halfroot.ExtensionField(7, 5, algorithm="newton")  # needs q >= 11
    with pytest.raises(ValueError, match=r"algorithm: invalid value \"montgomery\""):
        halfroot.ExtensionField(11, 7)(1).mul(2, algorithm="montgomery")
    E = halfroot.ExtensionField(11, 5)
    with pytest.raises(ValueError, match=r"value\[1\]: invalid value 11"):
        E([1, 11])
    with pytest.raises(ValueError, match=r"value: invalid value \[1, 2, 3, 4, 5, 6\]"):
        E([1, 2, 3, 4, 5, 6])
    with pytest.raises(ValueError, match=r"value: invalid value -1"):
        E(-1)
    with pytest.raises(TypeError, match="value"):
        E(1.5)
    with pytest.raises(ZeroDivisionError):
        E(1) / E(0)
    with pytest.raises(ZeroDivisionError):
        E.zero.inverse()
    with pytest.raises(ZeroDivisionError):
        E.zero ** -1
    with pytest.raises(ValueError, match=r"method: invalid value \"gauss\""):
        E(3).inverse(method="gauss")
    F = halfroot.ExtensionField(13, 5, [2, 4, 0, 0, 0])
    with pytest.raises(TypeError, match="cannot mix"):
        E(1) + F(1)
    with pytest.raises(TypeError, match="value: element of GF\\(13\\^5\\)"):
        E(F(1))
    with pytest.raises(TypeError):
        E(1) + 1.5
