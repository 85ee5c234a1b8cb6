"""halfroot.curves against independent oracles: the curve equation and an affine group
law written here in pure Python (GF(2^m) with Python ints, inversion by Fermat), SEC 1
encodings rebuilt by hand, Wycheproof's ECDH vectors, and the openssl command-line tool
for keys and ECDH."""

import doctest
import json
import random
from pathlib import Path

import numpy as np
import pytest

import halfroot
import halfroot.curves
from halfroot.curves import STANDARD_CURVES, Curve, Point

# The NIST polynomials of the curves' fields (FIPS 186-4 D.1.2), written out here.
POLYNOMIALS = {
    163: (163, 7, 6, 3, 0),
    233: (233, 74, 0),
    283: (283, 12, 7, 5, 0),
    409: (409, 87, 0),
    571: (571, 10, 5, 2, 0),
}

WYCHEPROOF = Path(__file__).resolve().parents[2] / "halfroot/tests/vectors/wycheproof"


class GF2m:
    """GF(2^m) = GF(2)[z]/(f) on Python ints (bit i the coefficient of z^i)."""

    def __init__(self, exponents):
        self.m = exponents[0]
        self.low = exponents[1:]
        self.mask = (1 << self.m) - 1
        self.nbytes = (self.m + 7) // 8
        # The byte b spread to 16 bits (bit i to bit 2i): squaring is linear.
        self.spread = [int("0".join(format(b, "b")), 2).to_bytes(2, "little") for b in range(256)]

    def reduce(self, r):
        while r >> self.m:
            hi, r = r >> self.m, r & self.mask
            for e in self.low:
                r ^= hi << e
        return r

    def mul(self, a, b):
        r, i = 0, 0
        while b:
            if b & 1:
                r ^= a << i
            b >>= 1
            i += 1
        return self.reduce(r)

    def sqr(self, a):
        spread = b"".join(self.spread[x] for x in a.to_bytes(self.nbytes, "little"))
        return self.reduce(int.from_bytes(spread, "little"))

    def inv(self, a):
        """a^(2^m - 2) (Fermat), by the Itoh-Tsujii chain for a^(2^(m-1) - 1)."""
        assert a
        beta, k = a, 1  # beta = a^(2^k - 1)
        for bit in format(self.m - 1, "b")[1:]:
            t = beta
            for _ in range(k):
                t = self.sqr(t)
            beta, k = self.mul(t, beta), 2 * k
            if bit == "1":
                beta, k = self.mul(self.sqr(beta), a), k + 1
        return self.sqr(beta)

    def sqrt(self, a):
        for _ in range(self.m - 1):
            a = self.sqr(a)
        return a


class Oracle:
    """The affine group law of y^2 + xy = x^3 + ax^2 + b (HMV §3.1.2); O is None."""

    def __init__(self, curve):
        self.f = GF2m(POLYNOMIALS[curve.degree])
        self.a, self.b = curve.a, curve.b

    def on_curve(self, p):
        if p is None:
            return True
        f, (x, y) = self.f, p
        x2 = f.sqr(x)
        return f.sqr(y) ^ f.mul(x, y) == f.mul(x2, x) ^ f.mul(self.a, x2) ^ self.b

    def neg(self, p):
        return None if p is None else (p[0], p[0] ^ p[1])

    def double(self, p):
        if p is None or p[0] == 0:
            return None
        f, (x, y) = self.f, p
        lam = x ^ f.mul(y, f.inv(x))
        x3 = f.sqr(lam) ^ lam ^ self.a
        return x3, f.sqr(x) ^ f.mul(lam ^ 1, x3)

    def add(self, p, q):
        if p is None:
            return q
        if q is None:
            return p
        f, (x1, y1), (x2, y2) = self.f, p, q
        if x1 == x2:
            return self.double(p) if y1 == y2 else None
        lam = f.mul(y1 ^ y2, f.inv(x1 ^ x2))
        x3 = f.sqr(lam) ^ lam ^ x1 ^ x2 ^ self.a
        return x3, f.mul(lam, x1 ^ x3) ^ x3 ^ y1


def xy(p):
    return None if p.is_infinity else (p.x, p.y)


@pytest.fixture(scope="module")
def rng():
    return random.Random(20261126)


def test_standard_curves_and_their_names():
    assert len(STANDARD_CURVES) == 10 and STANDARD_CURVES[0] == "sect163k1"
    C = Curve("sect233r1")
    assert Curve("B-233") == Curve("b233") == Curve("1.3.132.0.27") == C
    assert (C.name, C.nist, C.oid, C.degree, C.cofactor) == ("sect233r1", "B-233", "1.3.132.0.27", 233, 2)
    assert repr(C) == "Curve(\"sect233r1\")"
    assert hash(Curve("B-233")) == hash(C)
    assert halfroot.curves.Curve is Curve and isinstance(C.generator, Point)


@pytest.mark.parametrize("name", STANDARD_CURVES)
def test_generator_on_curve_and_of_order_n(name):
    C = Curve(name)
    assert tuple(C.exponents) == POLYNOMIALS[C.degree]
    assert C.cofactor == (4 if name.endswith("k1") and C.degree != 163 else 2)
    if name.endswith("k1"):
        assert C.b == 1 and C.a in (0, 1)
    O = Oracle(C)
    G = C.generator
    assert G.x.bit_length() <= C.degree and O.on_curve(xy(G))
    assert (C.order * G).is_infinity
    assert (C.order - 1) * G == -G and xy(-G) == O.neg(xy(G))
    assert G.in_subgroup() and C.halving_supported
    # Hasse: |h·n - (2^d + 1)| <= 2·2^(d/2)
    t = C.cofactor * C.order - (2**C.degree + 1)
    assert t * t <= 4 * 2**C.degree


@pytest.mark.parametrize("name", ["sect163r2", "sect233k1"])
def test_group_law_matches_python(name, rng):
    C = Curve(name)
    O = Oracle(C)
    G = C.generator
    points = [G, C.random_point(seed=1), C.random_point(seed=2)]
    # A point of order 2n outside <G>: G + T with T = (0, sqrt(b)) of order 2.
    T = C.point(0, O.f.sqrt(C.b))
    assert O.on_curve(xy(T)) and (2 * T).is_infinity and T.double().is_infinity
    points.append(G + T)
    for P in points:
        assert O.on_curve(xy(P))
        for Q in points + [C.infinity, P, -P]:
            assert xy(P + Q) == O.add(xy(P), xy(Q))
            assert xy(P - Q) == O.add(xy(P), O.neg(xy(Q)))
        assert xy(P.double()) == O.double(xy(P))
        assert xy(-P) == O.neg(xy(P))
        acc = None
        for k in range(50):
            assert xy(k * P) == acc, (P, k)
            acc = O.add(acc, xy(P))
        k = rng.randrange(50)
        assert xy(-k * P) == O.neg(xy(k * P)) and P * k == k * P
    assert C.infinity + C.infinity == C.infinity and C.infinity.double() == C.infinity


@pytest.mark.parametrize("name", STANDARD_CURVES)
def test_every_method_gives_the_same_multiple(name, rng):
    C = Curve(name)
    G = C.generator
    methods = C.scalar_mul_methods + ["auto"]
    koblitz = ["tnaf", "tnaf-vartime"] if C.b == 1 else []
    assert C.scalar_mul_methods == (
        ["ladder", "wnaf-vartime", "halve-and-add-vartime", "wnaf-lambda-vartime"] + koblitz + ["comb-vartime"]
    )
    P = C.random_point(seed=rng.getrandbits(64))
    n = C.order
    ks = [0, 1, 2, n - 1, n, n + 1, 2 * n + 3] + [rng.getrandbits(2 * C.degree) for _ in range(3)]
    for k in ks:
        want = P.mul(k, "wnaf-vartime")
        for m in methods:
            assert P.mul(k, m) == want, (name, k, m)
        assert want == (k % n) * P
    a, b = rng.randrange(n), rng.randrange(n)
    assert G.mul(a, "ladder") + G.mul(b, "halve-and-add-vartime") == (a + b) * G
    assert G.mul(3, "HALVE_AND_ADD_VARTIME") == 3 * G  # any case, _ for -


@pytest.mark.parametrize("name", ["sect163r2", "sect233k1", "sect571r1"])
def test_halving(name):
    C = Curve(name)
    G = C.generator
    for P in [G, C.random_point(seed=3), C.random_point(seed=4), -G]:
        H = P.halve()
        assert H.double() == P and H.in_subgroup()
        assert (2 * P).halve() == P
    assert C.infinity.halve() == C.infinity
    O = Oracle(C)
    T = C.point(0, O.f.sqrt(C.b))
    with pytest.raises(ValueError, match="even order"):
        (G + T).halve()


@pytest.mark.parametrize("name", ["sect163k1", "sect283r1", "sect409k1"])
def test_encodings_round_trip(name):
    C = Curve(name)
    f = GF2m(POLYNOMIALS[C.degree])
    L = (C.degree + 7) // 8
    for seed in range(4):
        P = C.random_point(seed=seed)
        raw = P.encode()
        assert raw == b"\x04" + P.x.to_bytes(L, "big") + P.y.to_bytes(L, "big")
        ybit = f.mul(P.y, f.inv(P.x)) & 1  # SEC 1 §2.3.3: the low bit of y/x
        assert P.encode(compressed=True) == bytes([2 | ybit]) + P.x.to_bytes(L, "big")
        for data in (raw, P.encode(compressed=True), bytes([6 | ybit]) + raw[1:]):
            assert C.decode(data) == P
        for compressed in (False, True):
            der = P.spki(compressed=compressed)
            assert der[0] == 0x30 and C.decode_spki(der) == P
        # Corrupted: a flipped bit of y, a flipped bit of x, a truncated string.
        for bad in (raw[:-1] + bytes([raw[-1] ^ 1]), raw[:5] + bytes([raw[5] ^ 0x10]) + raw[6:], raw[:-1]):
            with pytest.raises(ValueError):
                C.decode(bad)
        with pytest.raises(ValueError, match="hybrid"):
            C.decode(bytes([7 ^ ybit]) + raw[1:])
    assert C.infinity.encode() == b"\x00" and C.decode(b"\x00").is_infinity
    with pytest.raises(ValueError):
        C.infinity.spki()
    with pytest.raises(ValueError, match="not"):
        Curve("sect571r1").decode_spki(C.generator.spki())
    with pytest.raises(ValueError):
        C.decode(b"\x05" + raw[1:])


def wycheproof(file):
    doc = json.loads((WYCHEPROOF / file).read_text())
    (group,) = doc["testGroups"]
    return Curve(group["curve"]), group["tests"]


def test_wycheproof_ecdh_sect283k1():
    C, tests = wycheproof("ecdh_sect283k1_test.json")
    first = tests[0]
    assert first["tcId"] == 1 and first["result"] == "valid"
    want = bytes.fromhex(first["shared"])
    assert C.ecdh(bytes.fromhex(first["private"]), bytes.fromhex(first["public"])) == want
    valid = invalid = 0
    for t in tests:
        private, public = bytes.fromhex(t["private"]), bytes.fromhex(t["public"])
        if t["result"] == "valid":
            shared = bytes.fromhex(t["shared"])
            assert C.ecdh(private, public) == shared, t["tcId"]
            Q = C.decode_spki(public)
            assert C.ecdh(int.from_bytes(private, "big"), Q) == shared, t["tcId"]
            valid += 1
        elif t["result"] == "invalid":
            with pytest.raises(ValueError):
                C.ecdh(private, public)
            invalid += 1
        elif "LowOrderPublic" in t["flags"]:
            # Acceptable with partial validation only; full validation rejects it.
            with pytest.raises(ValueError, match="subgroup"):
                C.ecdh(private, public)
    assert valid == 16 and invalid == 22


def test_ecdh_and_keygen(rng):
    C = Curve("sect283r1")
    L = (C.degree + 7) // 8
    d1, Q1 = C.keygen()
    d2, Q2 = C.keygen(seed=42)
    assert isinstance(d1, bytes) and len(d1) == (C.order.bit_length() + 7) // 8
    assert 1 <= int.from_bytes(d1, "big") < C.order
    assert C.keygen(seed=42) == (d2, Q2) and C.keygen(seed=43)[0] != d2
    assert int.from_bytes(d1, "big") * C.generator == Q1 and Q1.in_subgroup()
    s = C.ecdh(d1, Q2)
    assert s == C.ecdh(d2, Q1) == C.ecdh(bytearray(d2), Q1.encode(compressed=True))
    assert s == (int.from_bytes(d1, "big") * Q2).x.to_bytes(L, "big")
    Q1.validate()


def test_private_keys():
    C = Curve("sect409k1")
    d, Q = C.keygen(seed=3)
    for fmt in ["pkcs8", "sec1"]:
        der = C.encode_private_key(d, fmt)
        pem = C.encode_private_key(int.from_bytes(d, "big"), format=fmt, pem=True)
        assert isinstance(der, bytes) and isinstance(pem, str)
        assert C.decode_private_key(der) == C.decode_private_key(pem) == C.decode_private_key(pem.encode()) == (d, Q)
    with pytest.raises(ValueError, match="private-key format"):
        C.encode_private_key(d, "pkcs12")
    with pytest.raises(ValueError, match="sect409k1"):
        Curve("sect409r1").decode_private_key(C.encode_private_key(d))
    with pytest.raises(ValueError, match="data"):
        C.decode_private_key(b"\x30\x03\x02\x01\x00")
    with pytest.raises(TypeError):
        C.decode_private_key(12)
    with pytest.raises(ValueError, match="private"):
        C.encode_private_key(0)


def _openssl(*args, data=None):
    """Runs the openssl command-line tool (skips the test when it is missing)."""
    import shutil
    import subprocess

    exe = shutil.which("openssl")
    if exe is None:
        pytest.skip("the openssl command-line tool is not installed")
    return subprocess.run([exe, *args], input=data, capture_output=True, check=True).stdout


def test_keys_and_ecdh_against_openssl_cli(tmp_path):
    for name in ["sect163k1", "sect233r1", "sect571k1"]:
        C = Curve(name)
        # OpenSSL's key (PKCS#8 DER, and its traditional RFC 5915 form) read by us.
        theirs = _openssl("genpkey", "-algorithm", "EC", "-pkeyopt", f"ec_paramgen_curve:{name}", "-outform", "DER")
        their_pub = _openssl("pkey", "-inform", "DER", "-pubout", "-outform", "DER", data=theirs)
        their_sec1 = _openssl("ec", "-inform", "DER", "-outform", "DER", data=theirs)
        d_t, Q_t = C.decode_private_key(theirs)
        assert C.decode_private_key(their_sec1) == (d_t, Q_t)
        assert Q_t.spki() == their_pub
        # Ours read by OpenSSL, and ECDH both ways.
        d, Q = C.keygen(seed=5)
        for fmt in ["pkcs8", "sec1"]:
            ours = C.encode_private_key(d, fmt, pem=True)
            assert _openssl("pkey", "-pubout", "-outform", "DER", data=ours.encode()) == Q.spki()
        key = tmp_path / f"{name}.pem"
        key.write_text(C.encode_private_key(d, pem=True))
        peer = tmp_path / f"{name}-peer.der"
        peer.write_bytes(their_pub)
        shared = _openssl("pkeyutl", "-derive", "-inkey", str(key), "-peerkey", str(peer), "-peerform", "DER")
        assert C.ecdh(d, their_pub) == shared == C.ecdh(d_t, Q)


def test_points_are_values():
    C = Curve("sect163r2")
    G = C.generator
    assert G == Curve("B-163").generator and hash(G) == hash(Curve("B-163").generator)
    assert len({G, 1 * G, G + C.infinity, 2 * G}) == 2
    assert G.curve == C and (G.x, G.y) == (
        0x3F0EBA16286A2D57EA0991168D4994637E8343E36,
        0x0D51FBC6C71A0094FA2CDD545B11C5C0C797324F1,
    )
    assert repr(G) == "Point(sect163r2, x=0x3f0eba16286a2d57ea0991168d4994637e8343e36, y=0xd51fbc6c71a0094fa2cdd545b11c5c0c797324f1)"
    assert (C.infinity.x, C.infinity.y, C.infinity.is_infinity) == (None, None, True)
    assert C.point(G.x, G.y) == G and G != C.infinity
    with pytest.raises(AttributeError):
        G.x = 5
    assert G != "G" and G != Curve("sect163k1").generator


def test_errors():
    with pytest.raises(ValueError, match=r"name.*sect999r1.*sect163k1"):
        Curve("sect999r1")
    C, K = Curve("sect163r2"), Curve("sect163k1")
    G, H = C.generator, K.generator
    with pytest.raises(ValueError, match="not on the curve"):
        C.point(G.x, G.y ^ 1)
    with pytest.raises(ValueError, match=r"x.*bit at a position"):
        C.point(1 << 163, 0)
    with pytest.raises(ValueError, match=r"y.*-1"):
        C.point(0, -1)
    for op in (lambda: G + H, lambda: G - H, lambda: C.ecdh(b"\x01", H), lambda: C.mul_many([1], H)):
        with pytest.raises(TypeError, match="sect163k1"):
            op()
    with pytest.raises(TypeError):
        G * G
    with pytest.raises(TypeError):
        G * 1.5
    with pytest.raises(ValueError, match=r"method.*\"nope\".*ladder.*halve-and-add-vartime.*auto"):
        G.mul(3, "nope")
    with pytest.raises(ValueError, match="method"):
        C.mul_many([1, 2], G, method="fast")
    # A point outside <G>: k * P works (w-NAF), the methods that reduce k mod n refuse it.
    T = C.point(0, GF2m(POLYNOMIALS[163]).sqrt(C.b))
    P = G + T
    assert not P.in_subgroup() and 3 * P == P.mul(3, "wnaf-vartime") == 3 * G + T
    for m in ("ladder", "halve-and-add-vartime"):
        with pytest.raises(ValueError, match="subgroup"):
            P.mul(3, m)
    with pytest.raises(ValueError, match="subgroup"):
        P.validate()
    with pytest.raises(ValueError, match="infinity"):
        C.infinity.validate()
    with pytest.raises(ValueError, match="subgroup"):
        C.ecdh(b"\x05", P)
    n = C.order
    for bad in (0, n, n + 1, -1, b"", b"\x00", n.to_bytes(21, "big"), b"\x01" + bytes(40)):
        with pytest.raises(ValueError, match="private"):
            C.ecdh(bad, G)
    with pytest.raises(TypeError, match="private"):
        C.ecdh(1.0, G)
    with pytest.raises(TypeError, match="peer"):
        C.ecdh(1, "G")
    with pytest.raises(ValueError, match="peer"):
        C.ecdh(1, b"\x04\x01")
    for seed in (-1, 2**64):
        with pytest.raises(ValueError, match="seed"):
            C.keygen(seed=seed)
    with pytest.raises(ValueError, match="shape"):
        C.mul_many(np.zeros((2, 0), dtype=np.uint64), G)
    with pytest.raises(TypeError, match="scalars"):
        C.mul_many(np.zeros((2, 2), dtype=np.float64), G)


@pytest.mark.parametrize("name", ["sect163r2", "sect233k1", "sect571k1"])
def test_batch_agrees_with_single_calls(name, rng):
    C = Curve(name)
    P = C.random_point(seed=9)
    n = C.order
    ks = [0, 1, n, n - 1] + [rng.getrandbits(C.degree + 10) for _ in range(28)]
    words = (max(ks).bit_length() + 63) // 64
    A = np.array([[(k >> (64 * i)) & (2**64 - 1) for i in range(words)] for k in ks], dtype=np.uint64)
    want = [k * P for k in ks]
    assert C.mul_many(ks, P) == want
    assert C.mul_many(A, P) == want
    assert C.mul_many(np.asfortranarray(A), P, method="ladder") == want
    for m in C.scalar_mul_methods:
        assert C.mul_many(ks, P, method=m) == [P.mul(k, m) for k in ks]
    assert C.mul_many([-5, 5], P) == [-5 * P, 5 * P]
    X, Y = C.mul_many(A, P, as_arrays=True)
    w = (C.degree + 63) // 64
    assert X.shape == Y.shape == (len(ks), w) and X.dtype == np.uint64
    for q, x, y in zip(want, X, Y):
        ints = [sum(int(v) << (64 * i) for i, v in enumerate(row)) for row in (x, y)]
        assert ints == ([0, 0] if q.is_infinity else [q.x, q.y])
    assert C.mul_many([], P) == [] and C.mul_many(np.zeros((0, 1), dtype=np.uint64), P) == []


def test_docstring_examples():
    result = doctest.testmod(halfroot.curves, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 15 and result.failed == 0
