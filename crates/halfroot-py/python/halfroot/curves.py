"""Binary elliptic curves y^2 + xy = x^3 + ax^2 + b over GF(2^d): the ten standard
curves of SEC 2 / FIPS 186-4 (K- and B-163 ... 571), their group law, point halving,
scalar multiplication by every method, SEC 1 encodings and ECDH.

Curves by SEC 2 name, NIST name or OID; field elements are ints, bit i the coefficient
of z^i:

>>> from halfroot.curves import Curve
>>> C = Curve("B-233")
>>> C.name, C.nist, C.oid, C.degree, C.cofactor
('sect233r1', 'B-233', '1.3.132.0.27', 233, 2)
>>> G = C.generator
>>> G
Point(sect233r1, x=0xfac9dfcbac8313bb2139f1bb755fef65bc391f8b36f8f8eb7371fd558b, y=0x1006a08a41903350678e58528bebf8a0beff867a7ca36716f7e01f81052)
>>> (C.order * G).is_infinity, C.infinity
(True, Point(sect233r1, infinity))

Points are immutable; ``+``, ``-``, unary ``-``, ``k * P`` and ``P * k`` for any int
k (a negative k multiplies -P by |k|):

>>> P = 5 * G
>>> P == G + G.double().double() == G * 5 == -(-5 * G)
True
>>> P - G == 4 * G, G - G == C.infinity
(True, True)

``P.mul(k, method)`` picks the method (``C.scalar_mul_methods``, or ``"auto"``: the
variable-time method measured fastest on this machine (once per curve), the comb for G;
w-NAF for a point outside the subgroup <G>, which
the ladder and halve-and-add refuse as they reduce k mod n; ``tnaf-vartime`` and the
constant-time ``tnaf`` (which also needs <G>) on the Koblitz curves only;
``comb-vartime`` pays off for G, whose comb table the curve keeps):

>>> C.scalar_mul_methods
['ladder', 'wnaf-vartime', 'halve-and-add-vartime', 'wnaf-lambda-vartime', 'comb-vartime']
>>> k = 2**200 + 12345
>>> G.mul(k, "ladder") == G.mul(k, "wnaf-vartime") == G.mul(k, "halve_and_add_vartime") == k * G
True

Halving (the unique half of odd order of a point of odd order):

>>> P.halve().double() == P, (2 * P).halve() == P
(True, True)

SEC 1 encodings and SubjectPublicKeyInfo:

>>> C.decode(P.encode()) == C.decode(P.encode(compressed=True)) == P
True
>>> C.decode_spki(P.spki()) == P, len(P.encode(compressed=True)) == 1 + 30
(True, True)

ECDH (SEC 1; the peer's key fully validated). ``keygen`` returns the private key as
big-endian bytes of bits(n)/8 rounded up; ``ecdh`` takes it as bytes or an int, and the
peer's key as a Point or bytes (SubjectPublicKeyInfo or a SEC 1 point). ``seed`` makes
a key reproducible (not secret):

>>> d1, Q1 = C.keygen()
>>> d2, Q2 = C.keygen(seed=7)
>>> C.ecdh(d1, Q2) == C.ecdh(d2, Q1.spki()) == C.ecdh(int.from_bytes(d2, "big"), Q1.encode())
True
>>> len(d1), len(C.ecdh(d1, Q2))
(30, 30)
>>> C.ecdh(d1, C.infinity)
Traceback (most recent call last):
    ...
ValueError: peer: the point at infinity is not acceptable as peer public key on sect233r1

Private keys as PKCS#8 (the default) or RFC 5915 ECPrivateKey, DER bytes or PEM text, with
the curve and the public key, as OpenSSL writes and reads them:

>>> pem = C.encode_private_key(d2, pem=True)
>>> pem.splitlines()[0]
'-----BEGIN PRIVATE KEY-----'
>>> C.decode_private_key(pem) == (d2, Q2) == C.decode_private_key(C.encode_private_key(d2, "sec1"))
True
>>> Curve("K-233").decode_private_key(pem)
Traceback (most recent call last):
    ...
ValueError: data: key is for curve sect233r1 (1.3.132.0.27), not sect233k1

Batches, on all cores without the GIL: scalars as a uint64 array of shape (n, w)
(little-endian words) or a list of ints; a list of Points, or coordinate arrays:

>>> import numpy as np
>>> ks = np.array([[3, 0], [0, 1]], dtype=np.uint64)       # 3 and 2^64
>>> C.mul_many(ks, G) == [3 * G, 2**64 * G]
True
>>> X, Y = C.mul_many([3, 2**64], G, as_arrays=True)
>>> X.shape, int(X[0, 0]) == (3 * G).x & (2**64 - 1)
((2, 4), True)

Errors: ``ValueError`` (unknown names, points not on the curve, failed validation,
halving a point of even order), ``TypeError`` when mixing curves.
"""

from . import _halfroot
from ._halfroot import Curve, Point

__all__ = ["STANDARD_CURVES", "Curve", "Point"]

#: The SEC 2 names of the ten standard curves, in SEC 2 order.
STANDARD_CURVES = tuple(_halfroot._STANDARD_CURVES)
