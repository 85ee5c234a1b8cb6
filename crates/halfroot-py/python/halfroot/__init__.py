"""halfroot: square roots, traces, half-traces and quadratic equations in finite fields.

Python bindings of the halfroot Rust library. Binary fields GF(2^d) with a modulus
chosen at run time, prime fields GF(p) and quadratic extensions GF(p^2):

>>> import halfroot
>>> F = halfroot.BinaryField("163,57,49,29,0")
>>> F.degree, F.words
(163, 3)
>>> a = F(0x1234)
>>> r = a.sqrt()
>>> r * r == a
True
>>> a.trace() in (0, 1)
True
>>> h = a.half_trace()
>>> h * h + h == a + a.trace()
True
>>> F("0x1234") == a, a.hex(), int(a) == 0x1234
(True, '1234', True)
>>> lam = F.solve(a + a.trace())
>>> lam * lam + lam == a + a.trace()
True
>>> F(0) / F(0)
Traceback (most recent call last):
    ...
ZeroDivisionError: division by zero in a binary field

Named fields (NIST and Avanzi's square-root-friendly polynomials):

>>> K = halfroot.BinaryField.standard("nist163")
>>> K.exponents
[163, 7, 6, 3, 0]
>>> K.info()["sqrt_algorithm"] in ("fermat", "zeta", "ssrf")
True

Batches on numpy arrays, one element per row of little-endian uint64 words:

>>> import numpy as np
>>> xs = [F.random() for _ in range(4)]
>>> A = F.to_array(xs)
>>> A.shape, A.dtype
((4, 3), dtype('uint64'))
>>> F.from_array(F.sqrt_many(A)) == [x.sqrt() for x in xs]
True

Prime fields and GF(p^2) = GF(p)[w]/(w^2 - c); ``sqrt`` returns the smaller root or
``None`` for a non-square:

>>> P = halfroot.PrimeField(101)
>>> P(2).sqrt() is None, P(4).sqrt()
(True, GF(101)(2))
>>> P(3) / P(7) * P(7) == P(3)
True
>>> Q = halfroot.QuadraticField(103, 102)
>>> z = Q((3, 4))
>>> z.norm() == (9 + 16) % 103
True
>>> s = (z * z).sqrt()
>>> s * s == z * z
True

Extension fields F_{q^k} = F_q[X]/(M): ``modulus`` an int alpha for M = X^k - alpha,
the coefficients [c0, ..., c_{k-1}] of the monic M = X^k + ... + c0, or ``None`` for
the smallest irreducible binomial (else a small trinomial). Elements from ints or
coefficient lists, constant term first:

>>> E = halfroot.ExtensionField(101, 5)          # X^5 - 2: 5 | 101 - 1
>>> E.modulus, E.alpha, E.algorithm
([99, 0, 0, 0, 0, 1], 2, 'karatsuba-lazy')
>>> x = E.gen
>>> x ** 5 == E(2)
True
>>> a = E([1, 2, 3, 4, 5])
>>> a * a.inverse() == E.one, a.frobenius(5) == a, a.frobenius() == a ** 101
(True, True, True)
>>> a.norm() == int((a * a.frobenius(1) * a.frobenius(2) * a.frobenius(3) * a.frobenius(4)).coefficients[0])
True
>>> a.mul(a, algorithm="newton") == a * a
True
>>> r = (a * a).sqrt()
>>> r * r == a * a, a.is_square() == (a.legendre() == 1)
(True, True)
>>> halfroot.ExtensionField(13, 5, [2, 4, 0, 0, 0]).modulus     # X^5 + 4X + 2
[2, 4, 0, 0, 0, 1]

The polynomial lab (classification, zeta, trace spectra, searches, change of basis)
is ``halfroot.ssrf``:

>>> halfroot.ssrf.find(163).modulus
[163, 57, 49, 29, 0]

The standard binary elliptic curves (K-/B-163 ... 571: group law, halving, scalar
multiplication, SEC 1 encodings, ECDH) are ``halfroot.curves``:

>>> G = halfroot.curves.Curve("sect163k1").generator
>>> G.halve().double() == G
True
"""

from ._halfroot import (
    STANDARD_BINARY_FIELDS,
    BinaryField,
    BinaryFieldElement,
    ExtensionField,
    ExtensionFieldElement,
    PrimeField,
    PrimeFieldElement,
    QuadraticField,
    QuadraticFieldElement,
)
from . import curves, ssrf

__all__ = [
    "STANDARD_BINARY_FIELDS",
    "BinaryField",
    "BinaryFieldElement",
    "ExtensionField",
    "ExtensionFieldElement",
    "PrimeField",
    "PrimeFieldElement",
    "QuadraticField",
    "QuadraticFieldElement",
    "curves",
    "ssrf",
    "standard_field_names",
]

__version__ = "0.1.0"


def standard_field_names() -> list:
    """The names ``BinaryField.standard`` accepts, sorted.

    >>> "nist163" in standard_field_names() and "ssrf571" in standard_field_names()
    True
    """
    return sorted(STANDARD_BINARY_FIELDS)
