"""halfroot.hec: the genus-2 curves from Python, checked against the library's Cantor
law reached through other methods, the group order and the CLI-independent algebra
(2·halve(D) = D, [r]D = 0), and the errors."""

import doctest

import pytest

import halfroot.hec
from halfroot.hec import HEC_CURVES, HecCurve


def test_docstring_examples():
    result = doctest.testmod(halfroot.hec, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 10
    assert result.failed == 0


@pytest.mark.parametrize("name", HEC_CURVES)
def test_halving_and_scalar_methods(name):
    C = HecCurve(name)
    D = C.random(seed=3)
    assert D.in_subgroup()
    assert (C.r * D).is_zero and not ((C.r - 1) * D).is_zero
    E = D.double()
    assert E.halve() == D and E.halve("alg3") == D and E.halve("alg5") == D
    assert E.halve("alg5-lean") == D
    for k in [0, 1, 2, 12345, C.r - 1, C.r + 5, 3 * C.r + 7, -77]:
        results = {D.mul(k, m) for m in C.scalar_mul_methods + ["auto"]}
        assert len(results) == 1, k
    assert (-5 * D) == -(5 * D) == D * -5
    assert C.mul_many([1, 2, -1], D) == [D, E, -D]


def test_divisors_outside_the_subgroup_and_bad_input():
    C = HecCurve("C1")
    # A divisor outside the subgroup: random divisors of the same curve without #J
    # (any divisor), moved to C1 by their coefficients; half of them are outside.
    n = HecCurve.from_coefficients("83,7,4,2,0", C.h, C.f)
    outside = [
        d for d in (C.divisor(x.u, x.v) for x in (n.random(seed=s) for s in range(12)))
        if not d.in_subgroup()
    ]
    assert outside
    for x in outside:
        with pytest.raises(ValueError, match="subgroup"):
            x.halve()
        with pytest.raises(ValueError, match="subgroup"):
            x.mul(5, "halve-and-add-vartime")
        if x.weight == 2:
            with pytest.raises(ValueError, match="2J"):
                x.halve("alg5")
        assert x.mul(5, "auto") == x.mul(5, "wnaf-vartime")
    with pytest.raises(ValueError):
        HecCurve("C4")
    with pytest.raises(ValueError):
        C.divisor([1, 2], [3, 4])
    with pytest.raises(ValueError):
        C.divisor([1 << 83, 0], [0, 0])
    with pytest.raises(ValueError):
        C.random(seed=1).halve("alg6")
    with pytest.raises(ValueError):
        C.random(seed=1).mul(3, "ladder")
    with pytest.raises(ValueError):
        C.decode(b"\x03")
    with pytest.raises(TypeError):
        C.random(seed=1) + HecCurve("C2").random(seed=1)
    with pytest.raises(TypeError):
        C.mul_many([1], "not a divisor")
    assert C.decode(b"\x00") == C.zero


def test_curve_from_coefficients_and_order_checks():
    C2 = HecCurve("C2")
    c = HecCurve.from_coefficients("83,7,4,2,0", C2.h, C2.f, C2.order_j, "copy")
    assert c.shape == "PelzlQuadratic" and c.r == C2.r
    with pytest.raises(ValueError, match="invalid curve"):
        HecCurve.from_coefficients("83,7,4,2,0", C2.h, C2.f, C2.order_j + 2)
    with pytest.raises(ValueError, match="invalid curve"):
        HecCurve.from_coefficients("83,7,4,2,0", [0, 0, 0], C2.f)
    # Without #J: the group law works, halving in the subgroup does not.
    n = HecCurve.from_coefficients("83,7,4,2,0", C2.h, C2.f)
    assert n.order_j is None and n.halving_algorithm is None
    D = n.random(seed=2)
    assert D.double() == D + D
    with pytest.raises(ValueError, match="not known"):
        D.halve()
