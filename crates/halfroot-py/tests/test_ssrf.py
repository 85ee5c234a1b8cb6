"""halfroot.ssrf against independent oracles: galois (irreducibility, sqrt(x), traces),
a brute-force search written here, and Avanzi's Table 1 copied from the paper
(/work/shared/papers/avanzi-square-roots-traces-quadratic-equations.md)."""

import itertools
import random
import signal
import threading
import time
import _thread

import galois
import pytest

import halfroot
from halfroot import ssrf

from conftest import gtrace

GF2 = galois.GF(2)


def poly_int(exponents):
    return sum(1 << e for e in exponents)


def is_irreducible(exponents):
    return galois.Poly.Int(poly_int(exponents), field=GF2).is_irreducible()


def int_exponents(v):
    return [i for i in range(v.bit_length() - 1, -1, -1) if v >> i & 1]


def naive_types(e):
    """Definitions 1 and 3 read directly off the descending exponent list: the set of
    SSRF types whose shape e has (III and IV overlap in X^d + X + 1)."""
    d, mid = e[0], e[1:-1]
    out = set()
    if e[-1] != 0:
        return out
    if d % 2 == 1:
        if all(m % 2 == 1 for m in mid):
            out.add("I")
        # 1 + (X+1) X^2 W(X)^2: X^d + X^(d-1) + pairs X^(2f+1) + X^(2f), f >= 1
        if mid and mid[0] == d - 1:
            rest = mid[1:]
            if len(rest) % 2 == 0 and all(
                rest[i] == rest[i + 1] + 1 and rest[i + 1] % 2 == 0 and rest[i + 1] >= 2
                for i in range(0, len(rest), 2)
            ):
                out.add("II")
        return out
    if len(mid) == 1 and mid[0] % 2 == 1 and 2 * mid[0] <= d:
        out.add("III")
    if mid and mid[-1] == 1 and all(m % 2 == 0 for m in mid[:-1]):
        out.add("IV")
    return out


# Table 1 of the paper: degree -> (polynomial, zeta), descending exponents.
TABLE1 = {
    47: ([47, 5, 0], [24, 3]),
    53: ([53, 19, 17, 15, 0], [27, 10, 9, 8]),  # zeta from the table header row
    59: ([59, 21, 17, 15, 0], [30, 11, 9, 8]),
    67: ([67, 25, 17, 5, 0], [34, 13, 9, 3]),
    71: ([71, 9, 0], [36, 5]),
    73: ([73, 25, 0], [37, 13]),
    79: ([79, 9, 0], [40, 5]),
    83: ([83, 29, 25, 3, 0], [42, 15, 13, 2]),
    89: ([89, 51, 0], [45, 26]),
    97: ([97, 33, 0], [49, 17]),
    101: ([101, 35, 31, 3, 0], [51, 18, 16, 2]),
    107: ([107, 37, 33, 23, 0], [54, 19, 17, 12]),
    109: ([109, 43, 41, 23, 0], [55, 22, 21, 12]),
    127: ([127, 1, 0], [64, 1]),
    131: ([131, 45, 41, 9, 0], [66, 23, 21, 5]),
    137: ([137, 21, 0], [69, 11]),
    139: ([139, 53, 33, 25, 0], [70, 27, 17, 13]),
    149: ([149, 51, 47, 9, 0], [75, 26, 24, 5]),
    157: ([157, 55, 47, 11, 0], [79, 28, 24, 6]),
    163: ([163, 57, 49, 29, 0], [82, 29, 25, 15]),
    179: ([179, 61, 57, 41, 0], [90, 31, 29, 21]),
    199: ([199, 67, 0], [100, 34]),
    211: ([211, 73, 69, 35, 0], [106, 37, 35, 18]),
    233: ([233, 159, 0], [117, 80]),
    239: ([239, 81, 0], [120, 41]),
    251: ([251, 89, 81, 3, 0], [126, 45, 41, 2]),
    269: ([269, 91, 87, 61, 0], [135, 46, 44, 31]),
    283: ([283, 97, 89, 87, 0], [142, 49, 45, 44]),
    409: ([409, 87, 0], [205, 44]),
    571: ([571, 193, 185, 5, 0], [286, 97, 93, 3]),
}


# Table 2 of the paper (heptanomials): degree -> (polynomial, zeta).
TABLE2 = {
    53: ([53, 19, 15, 5, 3, 1, 0], [27, 10, 8, 3, 2, 1]),
    59: ([59, 21, 17, 13, 3, 1, 0], [30, 11, 9, 7, 2, 1]),
    67: ([67, 25, 17, 7, 3, 1, 0], [34, 13, 9, 4, 2, 1]),
    83: ([83, 29, 25, 7, 5, 3, 0], [42, 15, 13, 4, 3, 2]),
    101: ([101, 35, 31, 9, 7, 1, 0], [51, 18, 16, 5, 4, 1]),
    107: ([107, 37, 33, 15, 9, 7, 0], [54, 19, 17, 8, 5, 4]),
    109: ([109, 39, 31, 9, 5, 3, 0], [55, 20, 16, 5, 3, 2]),
    131: ([131, 45, 41, 13, 9, 1, 0], [66, 23, 21, 7, 5, 1]),
    139: ([139, 49, 41, 7, 5, 3, 0], [70, 25, 21, 4, 3, 2]),
    149: ([149, 51, 47, 9, 7, 1, 0], [75, 26, 24, 5, 4, 1]),
    157: ([157, 55, 47, 15, 9, 3, 0], [79, 28, 24, 8, 5, 2]),
    163: ([163, 57, 49, 15, 9, 1, 0], [82, 29, 25, 8, 5, 1]),
    179: ([179, 61, 57, 13, 9, 5, 0], [90, 31, 29, 7, 5, 3]),
    211: ([211, 73, 65, 13, 11, 3, 0], [106, 37, 33, 7, 6, 2]),
    251: ([251, 85, 81, 7, 5, 3, 0], [126, 43, 41, 4, 3, 2]),
    269: ([269, 91, 87, 15, 13, 11, 0], [135, 46, 44, 8, 7, 6]),
    283: ([283, 97, 89, 13, 9, 1, 0], [142, 49, 45, 7, 5, 1]),
    571: ([571, 193, 185, 15, 11, 3, 0], [286, 97, 93, 8, 6, 2]),
}


# ---------------------------------------------------------------- analysis


def int_mod(a, p):
    """a mod p for GF(2)[X] polynomials as ints."""
    dp = p.bit_length()
    while a.bit_length() >= dp:
        a ^= p << (a.bit_length() - dp)
    return a


def int_sqr(a):
    """a^2 in GF(2)[X]: bit i moves to 2i."""
    return int(bin(a)[2:].replace("", "0")[:-1] or "0", 2) if a else 0


def naive_zeta(e):
    """x^(2^(d-1)) mod P by d - 1 squarings of Python ints."""
    p, z = poly_int(e), 2
    for _ in range(e[0] - 1):
        z = int_mod(int_sqr(z), p)
    return int_exponents(z)


def naive_spectrum(e):
    """Tr(x^i) as the trace of multiplication by x^i on GF(2)[X]/(P) (any P):
    sum over j of the coefficient of x^j in x^(i+j) mod P."""
    p, d = poly_int(e), e[0]
    pw, r = [], 1
    for _ in range(2 * d - 1):
        pw.append(r)
        r = int_mod(r << 1, p)
    return [sum(pw[i + j] >> j & 1 for j in range(d)) % 2 for i in range(d)]


def naive_folds(d, c):
    deg, folds = 2 * d - 2, 0
    while deg >= d:
        deg, folds = deg - d + c, folds + 1
    return folds


# Oracles: galois (for these, building GF(2^d) costs a JIT compilation per field)
GALOIS_ANALYSED = ["163,57,49,29,0", "163,7,6,3,0", "233,159,0", "8,4,3,1,0"]
# and the naive Python-int oracles above
ANALYSED = [
    "233,74,0",
    "10,3,0",  # type III
    "12,3,0",  # type III
    "4,3,0",  # Theorem 5's omitted case
    "17,3,0",
    "31,3,0",
    "53,19,17,15,0",
    "31,30,9,8,0",  # type-II shape, reducible
    "31,30,5,4,0",  # type-II shape
    "64,4,3,1,0",
    "5,4,0",  # reducible
    "571,193,185,5,0",
]


def check_analysis(text, zeta_oracle, spectrum_oracle):
    e = [int(x) for x in text.split(",")]
    a = ssrf.classify(text)
    assert a.modulus == e and a.degree == e[0] and a.weight == len(e)
    assert a.sediment == e[1]
    irr = is_irreducible(e)
    assert a.irreducible == irr
    assert a.shape in ("I", "II", "III", "IV", "theorem5", "theorem5-extra", "none")
    nt = naive_types(e)
    if nt:
        assert a.shape in nt
    assert a.type == (a.shape if irr else "none")
    spec = spectrum_oracle(e)
    assert a.spectrum == spec
    assert ssrf.spectrum(text) == spec
    assert a.trace_one_count == sum(spec)
    if irr:
        assert a.zeta == zeta_oracle(e)
        assert ssrf.zeta(text) == a.zeta
        assert a.zeta_degree == a.zeta[0] and a.zeta_weight == len(a.zeta)
    else:
        assert a.zeta is None
        with pytest.raises(ValueError, match=r"modulus.*irreducible"):
            ssrf.zeta(text)
    assert a.folds == naive_folds(e[0], e[1]) and a.second_fold == (a.folds >= 2)
    return a


@pytest.mark.parametrize("text", GALOIS_ANALYSED)
def test_classify_matches_galois(text):
    e = [int(x) for x in text.split(",")]
    d = e[0]
    # primitive_element x, unchecked: only products and powers are used, and the
    # primitive-element search costs seconds at d = 233
    G = galois.GF(
        2**d, irreducible_poly=poly_int(e), primitive_element=2, verify=False,
        compile="python-calculate",
    )

    def zeta_g(_):
        z = G(2) ** (2 ** (d - 1))  # sqrt(x) = x^(2^(d-1))
        assert z * z == G(2)
        return int_exponents(int(z))

    a = check_analysis(text, zeta_g, lambda _: gtrace(G, [1 << i for i in range(d)]))
    # the naive oracles agree with galois
    assert a.spectrum == naive_spectrum(e) and a.zeta == naive_zeta(e)


@pytest.mark.parametrize("text", ANALYSED)
def test_classify_matches_naive(text):
    check_analysis(text, naive_zeta, naive_spectrum)


def test_classify_random_sparse_polys():
    """Random pentanomials and heptanomials of degrees 9..300, irreducible or not."""
    rng = random.Random(7)
    irreducible = 0
    for _ in range(40):
        d = rng.randrange(9, 300)
        mid = sorted(rng.sample(range(1, d), rng.choice((3, 5))), reverse=True)
        a = check_analysis(",".join(map(str, [d, *mid, 0])), naive_zeta, naive_spectrum)
        irreducible += a.irreducible
    assert 0 < irreducible < 40


def test_modulus_forms_agree():
    F = halfroot.BinaryField("163,57,49,29,0")
    forms = ["163,57,49,29,0", "x^163+x^57+x^49+x^29+1", [163, 57, 49, 29, 0],
             (163, 57, 49, 29, 0), F.modulus, F]
    results = [ssrf.classify(m) for m in forms]
    assert all(r == results[0] for r in results)
    assert results[0].to_dict()["type"] == "I"


# ---------------------------------------------------------------- search


def brute_force(d, terms, ty):
    """Every irreducible polynomial of the type's shape, in the search order
    (lexicographic on the descending exponent list), by galois."""
    out = []
    for mid in itertools.combinations(range(d - 1, 0, -1), terms - 2):
        e = [d, *mid, 0]
        if ty in naive_types(e) and is_irreducible(e):
            out.append(e)
    return sorted(out)


@pytest.mark.parametrize(
    "d,terms,ty",
    [(13, 5, "I"), (15, 5, "I"), (17, 3, "I"), (21, 5, "I"), (13, 7, "I"),
     (15, 5, "II"), (17, 7, "II"), (14, 3, "III"), (20, 3, "III"), (12, 5, "IV"),
     (14, 7, "IV")],
)
def test_find_all_matches_brute_force(d, terms, ty):
    want = brute_force(d, terms, ty)
    got = ssrf.find(d, terms=terms, type=ty, all=True)
    assert [f.modulus for f in got] == want
    assert ssrf.count(d, terms=terms, type=ty) == len(want)
    assert [f.modulus for f in ssrf.find(d, terms, ty, all=True, prune=False)] == want
    least = ssrf.find(d, terms=terms, type=ty)
    assert (least.modulus if least else None) == (want[0] if want else None)
    for f in got:
        assert f.degree == d and f.type == ty and f.terms == terms
        assert f.sediment == f.modulus[1]
        assert f.zeta == naive_zeta(f.modulus)


def test_find_reproduces_table1():
    """Table 1: the least-sediment SSRF trinomial, else pentanomial, with zeta. (The
    paper's row 53 has its zeta misplaced into the header; x^27 + x^10 + x^9 + x^8.)"""
    got = ssrf.find_range(sorted(TABLE1), progress=False)
    for d, (poly, z) in TABLE1.items():
        assert got[d] is not None, d
        assert got[d].modulus == poly, d
        assert got[d].zeta == z, d
        assert got[d].type == "I"


def test_find_reproduces_table2():
    """Table 2: the least-sediment SSRF heptanomials, with zeta."""
    for d, (poly, z) in TABLE2.items():
        f = ssrf.find(d, terms=7, progress=False)
        assert (f.modulus, f.zeta, f.type) == (poly, z, "I"), d


def test_count_163_pentanomials():
    """822 type-I SSRF pentanomials of degree 163; the paper's "713" counts those whose
    top middle exponent is at most 157 (documented finding of the library)."""
    found = ssrf.find(163, terms=5, all=True)
    assert len(found) == 822 == ssrf.count(163)
    assert sum(1 for f in found if f.modulus[1] <= 157) == 713
    assert all(naive_types(f.modulus) == {"I"} for f in found)
    # spot-check irreducibility of a sample with galois
    for f in random.Random(1).sample(found, 8):
        assert is_irreducible(f.modulus)
    assert found[0].modulus == TABLE1[163][0]


def test_shards_partition_the_search():
    whole = [f.modulus for f in ssrf.find(41, terms=5, all=True)]
    parts = []
    for i in range(3):
        parts += [f.modulus for f in ssrf.find(41, terms=5, all=True, shard=(i, 3))]
    assert sorted(parts) == whole


def test_ranges():
    r = ssrf.find_range(range(3, 30), progress=False)
    assert set(r) == set(range(3, 30))
    for d, f in r.items():
        ty = "I" if d % 2 else "IV"
        if f is None:
            # no candidate with 3..11 terms: check trinomials/pentanomials by brute force
            assert brute_force(d, 3, ty) == [] and brute_force(d, 5, ty) == []
            continue
        assert f.type == ty and ty in naive_types(f.modulus)
        assert is_irreducible(f.modulus)
        if f.terms <= 7:
            for t in (3, 5, 7):
                if t < f.terms:
                    assert brute_force(d, t, ty) == []
            assert f.modulus == brute_force(d, f.terms, ty)[0]
    c = ssrf.count_range(range(20, 30), terms=3, type="III", progress=False)
    assert c == {d: len(brute_force(d, 3, "III")) for d in range(20, 30, 2)}


def test_progress_callable_and_bar(capsys):
    calls = []
    ssrf.count(163, terms=5, progress=lambda done, total: calls.append((done, total)))
    total = halfroot._halfroot._ssrf_candidates(163, "I", 5)
    assert calls and all(t == total for _, t in calls)
    dones = [d for d, _ in calls]
    assert dones == sorted(dones) and dones[-1] <= total
    ssrf.find(163, progress=True)
    err = capsys.readouterr().err
    assert "ssrf find 163" in err and "#" in err
    ssrf.find(163, progress=False)
    assert capsys.readouterr().err == ""


def test_progress_exception_stops_the_search():
    def boom(done, total):
        raise RuntimeError(f"stop at {done}")

    with pytest.raises(RuntimeError, match="stop at"):
        ssrf.count(163, terms=5, progress=boom)


def test_ctrl_c_interrupts_a_long_search():
    """SIGINT (simulated with _thread.interrupt_main) during a search of several
    seconds raises KeyboardInterrupt within one chunk."""
    # interrupt_main does nothing while SIGINT is ignored, as it is for a suite
    # started as an asynchronous command of a non-interactive shell (`( … & )`):
    # Python then never installs its handler. Install it for this test.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.3, _thread.interrupt_main)
    t0 = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            # 2*10^7 candidates without pruning: minutes on two cores
            ssrf.count(1001, terms=5, prune=False, progress=False)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - t0 < 5.0
    # the module still works afterwards
    assert ssrf.find(163).modulus == TABLE1[163][0]


def test_codegen():
    g32 = ssrf.codegen("163,7,6,3,0", lang="c", word=32)
    g64 = ssrf.codegen([163, 57, 49, 29, 0])
    assert g32["word_bits"] == 32 and g64["word_bits"] == 64
    assert "fn " in g64["code"] and g64["reduce_ops"] > 0 and g64["sqrt_ops"] > 0


# ---------------------------------------------------------------- errors


def test_errors():
    with pytest.raises(ValueError, match=r"modulus.*'163,57,49,28'"):
        ssrf.classify("163,57,49,28")  # no constant term
    with pytest.raises(ValueError, match=r"modulus.*\[5, 7, 0\]"):
        ssrf.classify([5, 7, 0])  # reversed
    with pytest.raises(ValueError, match=r"modulus.*\[7, 3, 3, 0\]"):
        ssrf.classify([7, 3, 3, 0])  # duplicate
    with pytest.raises(TypeError, match="modulus"):
        ssrf.classify(1.5)
    with pytest.raises(ValueError, match=r"degree: invalid value 162"):
        ssrf.find(162, type="I")
    with pytest.raises(ValueError, match=r"degree: invalid value 0"):
        ssrf.find(0)
    with pytest.raises(ValueError, match=r"degree: invalid value -3"):
        ssrf.find(-3)
    with pytest.raises(ValueError, match=r"terms: invalid value 4"):
        ssrf.find(163, terms=4)
    with pytest.raises(ValueError, match=r"terms: invalid value 1001"):
        ssrf.count(163, terms=1001)
    with pytest.raises(ValueError, match=r"terms: invalid value 5.*type III"):
        ssrf.find(164, terms=5, type="III")
    with pytest.raises(ValueError, match=r"type: invalid value 'V'"):
        ssrf.find(163, type="V")
    with pytest.raises(ValueError, match=r"shard: invalid value \(3, 3\)"):
        ssrf.find(163, shard=(3, 3))
    with pytest.raises(TypeError, match="progress"):
        ssrf.find(163, progress="yes")
    with pytest.raises(TypeError, match="degree"):
        ssrf.find("163")
    with pytest.raises(ValueError, match=r"lang.*'cobol'|lang.*\"cobol\""):
        ssrf.codegen("163,7,6,3,0", lang="cobol")
    with pytest.raises(ValueError, match=r"word: invalid value 16"):
        ssrf.codegen("163,7,6,3,0", word=16)
    with pytest.raises(ValueError, match=r"word: invalid value -1"):
        ssrf.codegen("163,7,6,3,0", word=-1)


def test_family_helpers_refuse_bad_degrees():
    # Degrees beyond the search limit would take hours or gigabytes (and overflowed
    # near 2**32); negative or oversized ones were OverflowError, not ValueError.
    helpers = [
        ssrf.p_d1,
        ssrf.p_d1_is_irreducible,
        ssrf.has_irreducible_trinomial,
        ssrf.type2_pentanomials,
        ssrf.theorem7_families,
        lambda d: ssrf.p_d1_scan([d]),
        lambda d: ssrf.swan_prunes(d, [3, 1]),
    ]
    for helper in helpers:
        for d in (100_001, 4_000_000_001, 2**32 - 1):
            with pytest.raises(ValueError, match=rf"d: invalid value {d}"):
                helper(d)
        for d in (-1, 2**32, 2**70):
            with pytest.raises(ValueError, match=rf"d: invalid value {d}"):
                helper(d)
        with pytest.raises(TypeError, match="d: expected an int"):
            helper(7.0)
    with pytest.raises(ValueError, match=r"middle: invalid value 2147483649"):
        ssrf.swan_prunes(163, [2**31 + 1])
    with pytest.raises(ValueError, match=r"middle: invalid value 163"):
        ssrf.swan_prunes(163, [163, 1])


# ---------------------------------------------------------------- §2.4 families, Theorem 7


def galois_poly(exponents):
    return galois.Poly.Int(poly_int(exponents), field=GF2)


def test_is_irreducible_and_factor_count_match_galois():
    rng = random.Random(11)
    for _ in range(60):
        d = rng.randrange(3, 90)
        mid = sorted(rng.sample(range(1, d), rng.choice((1, 3))), reverse=True)
        e = [d, *mid, 0]
        P = galois_poly(e)
        assert ssrf.is_irreducible(e) == P.is_irreducible()
        factors, mult = P.factors()
        want = len(factors) if all(m == 1 for m in mult) else None
        assert ssrf.factor_count(e) == want


def test_p_d1_matches_galois():
    X1 = galois.Poly([1, 1], field=GF2)
    irreducible = []
    for d in range(5, 130, 2):
        e = ssrf.p_d1(d)
        q, r = divmod(galois.Poly.Int((1 << (d + 1)) | 0b10011, field=GF2), X1)
        assert r == 0 and galois_poly(e) == q
        assert naive_types(e) == {"II"}
        if ssrf.p_d1_is_irreducible(d):
            irreducible.append(d)
        assert ssrf.p_d1_is_irreducible(d) == q.is_irreducible()
    assert ssrf.p_d1(4) is None and ssrf.p_d1(3) is None


def test_p_d1_prime_degrees_vs_the_paper():
    """§2.4: "P_{d,1} is irreducible and of prime degree for d = 31, 97, 151, 577, 7879
    and for no other degree below 10000". Below 600 the scan finds 7 too (P_{7,1} =
    X^7 + X^6 + X^5 + X^4 + 1, irreducible by galois): the paper's list misses d = 7."""
    found = ssrf.p_d1_scan(range(5, 600, 2), progress=False)
    primes = [d for d in found if all(d % q for q in range(2, int(d**0.5) + 1))]
    assert primes == [7, 31, 97, 151, 577]
    assert galois_poly([7, 6, 5, 4, 0]).is_irreducible()


def test_trinomials_and_type2_pentanomials_match_brute_force():
    for d in range(2, 40):
        want = any(galois_poly([d, m, 0]).is_irreducible() for m in range(1, d))
        assert ssrf.has_irreducible_trinomial(d) == want, d
    for d in (13, 21, 43, 59):
        want = [f for f in range(1, (d - 3) // 2 + 1)
                if galois_poly([d, d - 1, 2 * f + 1, 2 * f, 0]).is_irreducible()]
        assert ssrf.type2_pentanomials(d) == want
        got = ssrf.find(d, terms=5, type="II", all=True)
        assert [f.modulus[2] // 2 for f in got] == want  # search order: ascending f


def test_theorem7_families_parity_matches_galois():
    """Every member of Theorem 7's families for d = 11, 13, 17, 19 (X^d, the forced top
    exponent if any, any subset of the optional odd exponents, 1): square-free, with an
    odd number of irreducible factors iff d = +-1 (mod 8) — factors from galois."""
    members = 0
    for d in (11, 13, 17, 19):
        fams = ssrf.theorem7_families(d)
        assert fams
        for top, opt in fams:
            for mask in range(1 << len(opt)):
                mid = [j for i, j in enumerate(opt) if mask >> i & 1]
                e = [d] + ([top] if top is not None else []) + sorted(mid, reverse=True) + [0]
                factors, mult = galois_poly(e).factors()
                assert set(mult) == {1}, e  # square-free
                assert (len(factors) % 2 == 1) == (d % 8 in (1, 7)), e
                assert ssrf.theorem7_check(e) == {"factors": len(factors), "holds": True}
                members += 1
    assert members > 20
    assert ssrf.theorem7_families(15) == [] and ssrf.theorem7_families(10) == []


def test_swan_pruning_is_sound():
    """Every type-I candidate the search prunes is reducible (galois)."""
    for d in (11, 13, 19, 21, 27, 29, 35, 37):
        pruned = 0
        for mid in itertools.combinations(range(d - 2, 0, -2), 3):
            if ssrf.swan_prunes(d, list(mid)):
                pruned += 1
                assert not galois_poly([d, *mid, 0]).is_irreducible()
        assert (pruned > 0) == (d % 8 in (3, 5))


def test_conjecture1():
    def predicted(d, c, c2):
        want = {1: 8, 2: 4}.get(d % 3)
        return None if want is None else (3 * c - d == want and c - c2 == want)

    for d, (poly, _) in TABLE1.items():
        if len(poly) == 5:
            assert ssrf.conjecture1_holds(d, poly[1], poly[2]) == predicted(d, poly[1], poly[2])
    assert ssrf.conjecture1_holds(163, 57, 49) is True
    assert ssrf.conjecture1_holds(171, 57, 49) is None
