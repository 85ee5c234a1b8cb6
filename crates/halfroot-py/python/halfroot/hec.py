"""Genus-2 binary curves y^2 + h(x)y = f(x) over GF(2^d): Mumford divisors, the group
law (explicit formulae, Cantor for the rest), divisor halving (Kitamura-Katagi-Takagi
Algorithms 3, 5, 6) and scalar multiplication by doubling and by halving.

The curves C1, C2 (GF(2^83)) and C6 (GF(2^113)) of Kitamura-Katagi-Takagi by name;
field elements are ints, bit i the coefficient of z^i:

>>> from halfroot.hec import HecCurve, HEC_CURVES
>>> HEC_CURVES
('C1', 'C2', 'C6')
>>> C = HecCurve("C2")
>>> C.degree, C.shape, C.halving_algorithm, C.h
(83, 'PelzlQuadratic', 'alg5-lean', [1, 1, 1])
>>> C.order_j == 2 * C.r
True

Divisors (u, v), u = x^2 + u1 x + u0 and v = v1 x + v0 given low coefficient first
(u's leading 1 implied); ``+``, ``-``, ``k * D``, ``double()``, ``halve()``:

>>> D = C.random(seed=1)
>>> D.weight, len(D.u), len(D.v)
(2, 2, 2)
>>> C.divisor(D.u, D.v) == D, C.decode(D.encode()) == D
(True, True)
>>> (D + D) == D.double() == 2 * D, D - D == C.zero, (C.r * D).is_zero
(True, True, True)
>>> D.double().halve() == D, D.halve().double() == D
(True, True)
>>> D.double().halve("alg3") == D.double().halve("alg5") == D.double().halve("alg5-lean") == D
True

Scalar multiplication by every method (``"auto"``: the one measured fastest here):

>>> C.scalar_mul_methods
['double-and-add-vartime', 'wnaf-vartime', 'halve-and-add-vartime']
>>> k = 2**70 + 12345
>>> D.mul(k, "halve-and-add-vartime") == D.mul(k, "wnaf-vartime") == k * D == -(-k * D)
True
>>> C.mul_many([3, k], D) == [3 * D, k * D]
True

Errors: ``ValueError`` (unknown names, (u, v) not a divisor, halving outside the
subgroup), ``TypeError`` when mixing curves:

>>> C.divisor([1, 2], [3, 4])
Traceback (most recent call last):
    ...
ValueError: point is not on the curve C2 (u does not divide v² + hv + f)
"""

from . import _halfroot
from ._halfroot import Divisor, HecCurve

__all__ = ["HEC_CURVES", "Divisor", "HecCurve"]

#: The named curves of Kitamura-Katagi-Takagi, Appendix B.1.
HEC_CURVES = tuple(_halfroot._HEC_CURVES)
