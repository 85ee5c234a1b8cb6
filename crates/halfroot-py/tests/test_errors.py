"""Errors: ValueError naming the argument and echoing the value, TypeError for mixed
fields, ZeroDivisionError for division by zero."""

import numpy as np
import pytest

import halfroot


@pytest.fixture
def F():
    return halfroot.BinaryField("163,57,49,29,0")


def test_bad_modulus():
    with pytest.raises(ValueError, match=r"modulus.*163,57,49,28,0"):
        halfroot.BinaryField("163,57,49,28,0")  # reducible (x = 1 is not a root, but it factors)
    with pytest.raises(ValueError, match=r"modulus.*banana"):
        halfroot.BinaryField("banana")
    with pytest.raises(ValueError, match=r"name.*nist999"):
        halfroot.BinaryField.standard("nist999")


def test_bad_elements(F):
    with pytest.raises(ValueError, match=r"value.*0x8" + "0" * 40):
        F(1 << 163)
    with pytest.raises(ValueError, match=r"value.*-5"):
        F(-5)
    with pytest.raises(ValueError, match=r"value.*'0xzz'|value.*\"0xzz\""):
        F("0xzz")
    with pytest.raises(TypeError, match="value"):
        F(1.5)
    with pytest.raises(ValueError, match="byteorder"):
        F.from_bytes(b"\x01", "middle")
    with pytest.raises(ValueError, match=r"algorithm.*\"nope\""):
        F(5).sqrt("nope")
    with pytest.raises(ValueError, match=r"method.*\"nope\""):
        F(5).half_trace("nope")


def test_mixing_fields_is_a_type_error(F):
    K = halfroot.BinaryField("163,7,6,3,0")
    for op in ("__add__", "__mul__", "__truediv__", "__sub__"):
        with pytest.raises(TypeError):
            getattr(F(3), op)(K(3))
    with pytest.raises(TypeError):
        F.solve(K(3))
    assert F(3) != K(3)
    P, Q = halfroot.PrimeField(101), halfroot.PrimeField(103)
    with pytest.raises(TypeError):
        P(1) * Q(1)
    assert F(3) == halfroot.BinaryField("163,57,49,29,0")(3)  # same modulus, same field


def test_division_by_zero(F):
    with pytest.raises(ZeroDivisionError):
        F(3) / F(0)
    with pytest.raises(ZeroDivisionError):
        F(0) ** -1
    with pytest.raises(ZeroDivisionError):
        F(0).inverse()
    P = halfroot.PrimeField(101)
    with pytest.raises(ZeroDivisionError):
        P(3) / P(0)
    Q = halfroot.QuadraticField(103, 102)
    with pytest.raises(ZeroDivisionError):
        Q((1, 2)) / Q(0)


def test_prime_errors():
    with pytest.raises(ValueError, match=r"p.*91"):
        halfroot.PrimeField(91)
    with pytest.raises(ValueError, match=r"p.*\b2\b"):
        halfroot.PrimeField(2)
    with pytest.raises(ValueError, match=r"c.*\b4\b"):
        halfroot.QuadraticField(103, 4)  # a square
    P = halfroot.PrimeField(101)
    with pytest.raises(ValueError, match=r"value.*101"):
        P(101)
    with pytest.raises(ValueError, match=r"value.*-1"):
        P(-1)
    with pytest.raises(ValueError, match=r"algorithm.*\"nope\""):
        P(4).sqrt("nope")
    with pytest.raises(ValueError, match=r"value.*\(1, 2, 3\)"):
        halfroot.QuadraticField(103, 102)((1, 2, 3))


def test_batch_errors(F):
    with pytest.raises(ValueError, match=r"a.*shape"):
        F.sqrt_many(np.zeros((4, 2), dtype=np.uint64))
    bad = np.zeros((3, 3), dtype=np.uint64)
    bad[2, 2] = 1 << 40
    with pytest.raises(ValueError, match=r"a\[2\]"):
        F.sqrt_many(bad)
    with pytest.raises(ValueError, match=r"b.*shape"):
        F.mul_many(np.zeros((4, 3), dtype=np.uint64), np.zeros((5, 3), dtype=np.uint64))
    E = halfroot.BinaryField("8,4,3,1,0")
    with pytest.raises(ValueError, match="odd"):
        E.half_trace_many(np.zeros((2, 1), dtype=np.uint64))
