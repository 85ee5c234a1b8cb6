"""GF(p) and GF(p^2) against galois."""

import galois
import numpy as np
import pytest

import halfroot

PRIMES = [3, 5, 7, 13, 17, 97, 101, 103, 113, 257, 65537, 1000003]


def gfp(p):
    """galois' GF(p) in pure-Python arithmetic: its default numba compilation costs
    seconds per prime and dominated the suite's run time."""
    return galois.GF(p, compile="python-calculate")


def gf2_oracle(p, c):
    """galois GF(p^2) defined by w^2 - c; a0 + a1*w is the int a1*p + a0."""
    Gp = gfp(p)
    poly = galois.Poly([1, 0, (-c) % p], field=Gp)
    return galois.GF(p**2, irreducible_poly=poly, verify=False, compile="python-calculate")


def nonresidue(p):
    return next(c for c in range(2, p) if pow(c, (p - 1) // 2, p) == p - 1)


@pytest.mark.parametrize("p", PRIMES)
def test_prime_field_matches_galois(p, rng):
    F = halfroot.PrimeField(p)
    G = gfp(p)
    xs = list(range(p)) if p < 120 else [0, 1, p - 1] + [rng.randrange(p) for _ in range(60)]
    for x in xs:
        y = rng.randrange(p)
        a, b = F(x), F(y)
        assert int(a + b) == int(G(x) + G(y))
        assert int(a - b) == int(G(x) - G(y))
        assert int(a * b) == int(G(x) * G(y))
        assert int(-a) == int(-G(x))
        assert int(a**7) == int(G(x) ** 7)
        if y:
            assert int(a / b) == int(G(x) / G(y))
        assert a.legendre() == galois.legendre_symbol(x, p)
        assert a.is_square() == bool(G(x).is_square())
        r = a.sqrt()
        if G(x).is_square():
            g = int(np.sqrt(G([x]))[0])  # galois: 0-d sqrt fails for p = 1 mod 4
            roots = {g, (p - g) % p}
            assert int(r) == min(roots)
        else:
            assert r is None


@pytest.mark.parametrize("p", [97, 113, 65537, 1000003])
def test_prime_sqrt_algorithms_agree(p, rng):
    F = halfroot.PrimeField(p)
    names = ["tonelli-shanks", "tonelli_shanks", "Cipolla", "smart", "mwst", "constant-time",
             "sarkar", "sarkar_table", "p3mod4", "atkin", "auto"]
    applies = {"p3mod4": p % 4 == 3, "atkin": p % 8 == 5}
    for _ in range(30):
        a = F(rng.randrange(p))
        want = a.sqrt()
        for n in names:
            if not applies.get(n, True):
                with pytest.raises(ValueError, match="does not apply"):
                    a.sqrt(n)
                continue
            assert a.sqrt(n) == want, (p, n)
    with pytest.raises(ValueError, match="valid names: p3mod4, atkin, tonelli-shanks"):
        F(4).sqrt("newton")


@pytest.mark.parametrize("p", [3, 7, 11, 13, 17, 101, 103, 257])
def test_quadratic_field_matches_galois(p, rng):
    c = nonresidue(p)
    Q = halfroot.QuadraticField(p, c)
    G = gf2_oracle(p, c)

    def g(e):
        a0, a1 = e.coefficients
        return G(a1 * p + a0)

    pairs = [(rng.randrange(p), rng.randrange(p)) for _ in range(40)] + [(0, 0), (1, 0), (0, 1)]
    for t in pairs:
        u = (rng.randrange(p), rng.randrange(p))
        a, b = Q(t), Q(u)
        ga, gb = g(a), g(b)
        assert ga == G(t[1] * p + t[0])
        assert g(a * b) == ga * gb
        assert g(a + b) == ga + gb
        assert g(a - b) == ga - gb
        assert g(a**5) == ga**5
        assert g(a.frobenius()) == ga**p
        assert a.norm() == int(ga ** (p + 1))
        if u != (0, 0):
            assert g(a / b) == ga / gb
        is_sq = bool(ga.is_square())
        assert a.is_square() == is_sq
        r = a.sqrt()
        assert (r is not None) == is_sq
        if r is not None:
            assert r * r == a
            s = -r
            assert (r.coefficients[1], r.coefficients[0]) <= (s.coefficients[1], s.coefficients[0])


def test_prime_round_trips():
    F = halfroot.PrimeField(1000003)
    a = F(123456)
    assert int(a) == 123456 and str(a) == "123456"
    assert F(a) == a and hash(F(123456)) == hash(a)
    assert 3 * a == a + a + a and a - 1 == F(123455) and 1 / a == a.inverse()
    Q = halfroot.QuadraticField(103, nonresidue(103))
    z = Q((5, 7))
    assert z.coefficients == (5, 7)
    assert Q(5) == Q((5, 0))
    assert z.conjugate() == z.frobenius()


@pytest.mark.parametrize(
    "p",
    [
        2**255 - 19,
        2**256 - 2**224 + 2**192 + 2**96 - 1,
        2**521 - 1,
        0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFFFFFFFFFFFF,
    ],
)
def test_large_prime_sqrt_matches_euler_criterion(p, rng):
    """Python's pow is the oracle: Euler's criterion and r*r == a mod p."""
    F = halfroot.PrimeField(p)
    for _ in range(40):
        x = rng.randrange(p)
        r = F(x).sqrt()
        if x and pow(x, (p - 1) // 2, p) != 1:
            assert r is None and F(x).legendre() == -1
        else:
            assert r is not None and int(r) * int(r) % p == x
            assert int(r) <= p - int(r) or int(r) == 0
        y = rng.randrange(1, p)
        assert int(F(x) * F(y)) == x * y % p
        assert int(F(x) / F(y)) == x * pow(y, -1, p) % p
        assert int(F(x) ** 65537) == pow(x, 65537, p)
