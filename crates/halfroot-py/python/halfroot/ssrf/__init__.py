"""The polynomial lab: square-root-friendly (SSRF) defining polynomials of GF(2^d).

Analysis of any polynomial (Avanzi, "Another Look at Square Roots and Traces (and
Quadratic Equations) in Fields of Even Characteristic", §2): irreducibility, the class
(SSRF type I-IV of Definitions 1 and 3, the Theorem 5 family, or none), zeta = sqrt(x),
the trace spectrum [Tr(1), Tr(x), ..., Tr(x^(d-1))] (Theorem 2), the sediment:

>>> from halfroot import ssrf
>>> a = ssrf.classify("163,57,49,29,0")
>>> a.type, a.irreducible, a.zeta, a.sediment
('I', True, [82, 29, 25, 15], 57)
>>> ssrf.zeta([163, 7, 6, 3, 0])[:3]      # NIST: zeta is dense
[162, 159, 156]
>>> ssrf.spectrum("163,57,49,29,0")[:4], a.trace_one_count
([1, 0, 0, 0], 1)

Searches (parallel over all cores; a progress bar on an interactive terminal; Ctrl-C
raises KeyboardInterrupt between chunks of candidates):

>>> f = ssrf.find(163)                       # least sediment, fewest terms
>>> f.modulus, f.type, f.zeta
([163, 57, 49, 29, 0], 'I', [82, 29, 25, 15])
>>> ssrf.find(233).modulus                   # a trinomial suffices
[233, 159, 0]
>>> [p.modulus for p in ssrf.find(17, terms=5, all=True)][:2]
[[17, 7, 5, 1, 0], [17, 9, 5, 1, 0]]
>>> ssrf.count(163)                          # type-I pentanomials of degree 163
822
>>> {d: f.modulus for d, f in ssrf.find_range([47, 53, 71]).items()}   # Table 1
{47: [47, 5, 0], 53: [53, 19, 17, 15, 0], 71: [71, 9, 0]}

Change of basis (Remark 1): a field isomorphism between two polynomial bases:

>>> import halfroot
>>> nist, fast = halfroot.BinaryField("163,7,6,3,0"), halfroot.BinaryField("163,57,49,29,0")
>>> C = ssrf.BasisChange(nist, fast)
>>> a, b = nist(0x1234), nist(0xabcdef)
>>> C.forward(a * b) == C.forward(a) * C.forward(b), C.backward(C.forward(a)) == a
(True, True)
>>> C.forward(a).sqrt() == C.forward(a.sqrt())
True
"""

import dataclasses
import sys
import time
from typing import Callable, Dict, Iterable, List, Optional, Union

from .. import _halfroot
from .._halfroot import BasisChange

__all__ = [
    "Analysis",
    "BasisChange",
    "Found",
    "classify",
    "codegen",
    "conjecture1_holds",
    "count",
    "count_range",
    "factor_count",
    "find",
    "find_range",
    "has_irreducible_trinomial",
    "is_irreducible",
    "p_d1",
    "p_d1_is_irreducible",
    "p_d1_scan",
    "spectrum",
    "swan_prunes",
    "theorem7_check",
    "theorem7_families",
    "type2_pentanomials",
    "zeta",
]



@dataclasses.dataclass(frozen=True)
class Analysis:
    """Everything ``classify`` finds out about one polynomial.

    ``type`` is ``"I"``, ``"II"``, ``"III"``, ``"IV"``, ``"theorem5"``,
    ``"theorem5-extra"`` or ``"none"`` (``"none"`` for every reducible polynomial;
    ``shape`` is the class by the exponents alone). ``zeta`` (descending exponents of
    sqrt(x)) is ``None`` for a reducible polynomial. ``spectrum[i]`` is Tr(x^i).
    ``folds``: folds of a double-length product by X^d = sediment.
    """

    modulus: List[int]
    degree: int
    weight: int
    irreducible: bool
    irreducibility: str
    type: str
    shape: str
    zeta: Optional[List[int]]
    zeta_degree: Optional[int]
    zeta_weight: Optional[int]
    spectrum: List[int]
    trace_one_count: int
    sediment: int
    folds: int
    second_fold: bool
    third_fold: bool

    def to_dict(self) -> dict:
        """The fields as a dict (what ``halfroot ssrf classify --json`` prints)."""
        return dataclasses.asdict(self)


@dataclasses.dataclass(frozen=True)
class Found:
    """A polynomial found by ``find``: ``modulus`` and ``zeta`` as descending exponent
    lists, ``type`` ``"I"`` … ``"IV"``, ``terms`` its weight, ``sediment`` its second
    exponent."""

    degree: int
    modulus: List[int]
    type: str
    zeta: List[int]
    terms: int
    sediment: int

    def to_dict(self) -> dict:
        """The fields as a dict (what ``halfroot ssrf find --json`` prints)."""
        return dataclasses.asdict(self)

    def field(self):
        """The ``BinaryField`` this polynomial defines.

        >>> find(163).field().info()["ssrf_type"]
        'I'
        """
        from .._halfroot import BinaryField

        return BinaryField(",".join(map(str, self.modulus)))


ModulusLike = Union[str, List[int], int, "object"]
ProgressArg = Union[None, bool, Callable[[int, int], None]]


def classify(modulus: ModulusLike) -> Analysis:
    """Analyse a defining polynomial: ``"163,57,49,29,0"``, ``"x^163+x^57+...+1"``, a
    list of exponents, an int (bit i = coefficient of X^i, as galois takes it) or a
    ``BinaryField``. Reducible polynomials are analysed too (``irreducible`` False).

    >>> classify("4,3,0").type, classify("4,3,0").zeta        # Theorem 5's extra case
    ('theorem5-extra', [3, 2, 1])
    >>> classify([5, 4, 0]).irreducible                       # X^5+X^4+1 = (X^2+X+1)(...)
    False
    >>> classify("5,4")
    Traceback (most recent call last):
        ...
    ValueError: modulus: invalid value '5,4': ...
    """
    return Analysis(**_halfroot._ssrf_analyze(modulus))


def zeta(modulus: ModulusLike) -> List[int]:
    """zeta = sqrt(x) = x^(2^(d-1)) mod P as a descending exponent list (P irreducible,
    else ``ValueError``).

    >>> zeta("233,159,0")                     # Table 1: x^117 + x^80
    [117, 80]
    """
    a = _halfroot._ssrf_analyze(modulus)
    if a["zeta"] is None:
        raise ValueError(
            f"modulus: invalid value {modulus!r}: zeta = sqrt(x) needs an irreducible "
            f"polynomial, this one is {a['irreducibility']}"
        )
    return a["zeta"]


def spectrum(modulus: ModulusLike) -> List[int]:
    """The trace spectrum [Tr(1), Tr(x), ..., Tr(x^(d-1))] by Newton's identities.

    >>> spectrum("8,4,3,1,0")
    [0, 0, 0, 0, 0, 1, 0, 1]
    """
    return _halfroot._ssrf_analyze(modulus)["spectrum"]


def codegen(modulus: ModulusLike, lang: str = "rust", word: int = 64) -> dict:
    """Straight-line reduction and square-root code for ``modulus`` (``lang`` ``"rust"``
    or ``"c"``, ``word`` 64 or 32) with its counts of logical operations.

    >>> g = codegen("163,7,6,3,0", lang="c", word=32)
    >>> g["reduce_ops"] > 0 and "uint32_t" in g["code"]
    True
    """
    return _halfroot._ssrf_codegen(modulus, lang, _family_int("word", word, "64 or 32"))


def _type_of(degree: int, type) -> str:
    # The library's rule (SsrfType::from_str, SsrfType::default_for_degree).
    return _halfroot._ssrf_type(degree, type)


def _check_degree(degree) -> int:
    if isinstance(degree, bool) or not isinstance(degree, int):
        raise TypeError(f"degree: expected an int, got {type(degree).__name__}")
    return degree


def _family_int(name: str, value, what: str = "a non-negative degree") -> int:
    # An int in the extension's u32 range (a larger one would raise OverflowError
    # there); the extension refuses degrees above the search limit with ValueError.
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name}: expected an int, got {type(value).__name__}")
    if not 0 <= value < 2**32:
        raise ValueError(f"{name}: invalid value {value}: must be {what}")
    return value


def _check_terms(terms) -> None:
    if terms is None:
        return
    if isinstance(terms, bool) or not isinstance(terms, int):
        raise TypeError(f"terms: expected an int, got {type(terms).__name__}")
    # The library's rule (halfroot::ssrf::search::check_terms).
    _halfroot._ssrf_check_terms(terms)


class _Bar:
    """A minimal text progress bar on stderr, redrawn at most ten times a second."""

    def __init__(self, label: str, stream=None):
        self.label = label
        self.stream = stream or sys.stderr
        self.start = time.monotonic()
        self.last = 0.0
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self.last < 0.1 and done < total:
            return
        self.last = now
        frac = min(1.0, done / total) if total else 1.0
        width = 30
        fill = int(frac * width)
        self.stream.write(
            f"\r{self.label} [{'#' * fill}{'.' * (width - fill)}] "
            f"{done}/{total} ({now - self.start:.1f} s)"
        )
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            self.stream.write("\r\x1b[2K")
            self.stream.flush()


def _interactive() -> bool:
    try:
        return sys.stderr is not None and sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def _progress_callable(progress: ProgressArg, label: str, bar_class=None):
    """(callback or None, bar to close or None) for a ``progress=`` argument; the bar is
    ``bar_class(label)`` (default: ``_Bar``)."""
    if progress is None:
        progress = _interactive()
    if progress is True:
        bar = (bar_class or _Bar)(label)
        return bar, bar
    if progress is False:
        return None, None
    if callable(progress):
        return progress, None
    raise TypeError(
        f"progress: expected None, a bool or a callable(done, total), got {type(progress).__name__}"
    )


def _search(fn, degree, ty, terms, prune, shard, progress, label):
    cb, bar = _progress_callable(progress, label)
    try:
        return fn(degree, ty, terms, prune, shard, cb)
    finally:
        if bar is not None:
            bar.close()


def _terms_list(ty: str, terms: Optional[int]) -> List[int]:
    if terms is not None:
        return [terms]
    return _halfroot._ssrf_default_terms(ty)


def _possible(degree: int, ty: str, terms: int) -> bool:
    try:
        _halfroot._ssrf_candidates(degree, ty, terms)
        return True
    except ValueError:
        return False


def find(
    degree: int,
    terms: Optional[int] = None,
    type: Union[str, int, None] = None,
    all: bool = False,
    *,
    prune: bool = True,
    shard: tuple = (0, 1),
    progress: ProgressArg = None,
):
    """The SSRF polynomial of ``degree`` with least sediment (ties broken by the next
    exponents, lexicographically) as a ``Found``, or ``None``; with ``all=True`` the
    list of all of them in that order.

    ``terms``: 3, 5, 7, … (default: the fewest of 3, 5, 7, 9, 11 that give a result).
    ``type``: ``"I"``, ``"II"``, ``"III"``, ``"IV"`` (default I for odd degrees, IV for
    even ones). ``prune=False`` tests every candidate instead of skipping those that
    Bluher's theorem / Theorem 7 prove reducible. ``shard=(i, n)``: only the candidates
    whose top free exponent has rank ≡ i (mod n). ``progress``: ``None`` (a bar when
    stderr is a terminal), ``True``/``False`` to force it, or a callable
    ``progress(done, total)`` called between chunks of candidates. Ctrl-C raises
    ``KeyboardInterrupt`` within one chunk.

    >>> find(409).modulus, find(409, type="II", terms=5).modulus
    ([409, 87, 0], [409, 408, 5, 4, 0])
    >>> find(10, type="IV").modulus
    [10, 6, 2, 1, 0]
    >>> find(163, terms=3) is None
    True
    >>> find(163, type="III")
    Traceback (most recent call last):
        ...
    ValueError: degree: invalid value 163: types III and IV have even degree
    """
    degree = _check_degree(degree)
    ty = _type_of(degree, type)
    _check_terms(terms)
    tlist = _terms_list(ty, terms)
    if terms is None:
        tlist = [t for t in tlist if _possible(degree, ty, t)]
        if not tlist:
            _halfroot._ssrf_candidates(degree, ty, 3)  # raises the ValueError
    out: list = []
    for t in tlist:
        label = f"ssrf find {degree} type {ty} {t} terms"
        if all:
            res = _search(_halfroot._ssrf_all, degree, ty, t, prune, shard, progress, label)
            out = [Found(**r) for r in res]
            if out or terms is not None:
                return out
        else:
            res = _search(_halfroot._ssrf_least, degree, ty, t, prune, shard, progress, label)
            if res is not None:
                return Found(**res)
    return out if all else None


def count(
    degree: int,
    terms: Optional[int] = None,
    type: Union[str, int, None] = None,
    *,
    prune: bool = True,
    shard: tuple = (0, 1),
    progress: ProgressArg = None,
) -> int:
    """The number of SSRF polynomials of ``degree`` (with ``terms`` terms, default the
    fewest that give any) — ``len(find(..., all=True))``.

    >>> count(163, terms=3), count(163, terms=5)
    (0, 822)
    """
    return len(
        find(degree, terms, type, all=True, prune=prune, shard=shard, progress=progress)
    )


def _range_loop(degrees, type, per_degree, progress, what):
    ds = list(degrees)
    for d in ds:
        _check_degree(d)
    work = []
    for d in ds:
        ty = _type_of(d, type)
        if (ty in ("I", "II")) == (d % 2 == 1):
            work.append((d, ty))
    cb, bar = _progress_callable(progress, f"ssrf {what}")
    out = {}
    try:
        for i, (d, ty) in enumerate(work):
            if bar is not None:
                bar.label = f"ssrf {what}: degree {d}"
            out[d] = per_degree(d, ty)
            if cb is not None:
                cb(i + 1, len(work))
    finally:
        if bar is not None:
            bar.close()
    return out


def find_range(
    degrees: Iterable[int],
    terms: Optional[int] = None,
    type: Union[str, int, None] = None,
    *,
    prune: bool = True,
    progress: ProgressArg = None,
) -> Dict[int, Optional[Found]]:
    """``find`` for every degree of ``degrees`` whose parity fits the type (odd for
    I/II, even for III/IV; default I/IV by parity): ``{degree: Found or None}``. The
    progress bar counts degrees; Ctrl-C interrupts within one chunk of candidates.

    >>> {d: f and f.sediment for d, f in find_range(range(3, 12)).items()}
    {3: 1, 4: 1, 5: 3, 6: 1, 7: 1, 8: None, 9: 1, 10: 6, 11: 9}
    """
    return _range_loop(
        degrees,
        type,
        lambda d, ty: find(d, terms, ty, prune=prune, progress=False),
        progress,
        "find",
    )


def count_range(
    degrees: Iterable[int],
    terms: Optional[int] = None,
    type: Union[str, int, None] = None,
    *,
    prune: bool = True,
    progress: ProgressArg = None,
) -> Dict[int, int]:
    """``count`` for every degree of ``degrees`` whose parity fits the type:
    ``{degree: count}``.

    >>> count_range(range(3, 10), terms=3, type="I")
    {3: 1, 5: 1, 7: 2, 9: 2}
    """
    return _range_loop(
        degrees,
        type,
        lambda d, ty: count(d, terms, ty, prune=prune, progress=False),
        progress,
        "count",
    )


# ---------------------------------------------------------------- §2.4 families, Theorem 7


def is_irreducible(modulus: ModulusLike) -> bool:
    """Irreducibility over GF(2) by Rabin's test with sparse squarings (fast for sparse
    polynomials of large degree).

    >>> is_irreducible("163,57,49,29,0"), is_irreducible([5, 4, 0])
    (True, False)
    """
    return _halfroot._ssrf_is_irreducible(modulus)


def factor_count(modulus: ModulusLike) -> Optional[int]:
    """The number of distinct irreducible factors (Berlekamp's matrix), ``None`` if the
    polynomial is not square-free.

    >>> factor_count("5,4,0"), factor_count("163,7,6,3,0"), factor_count([4, 2, 0])
    (2, 1, None)
    """
    return _halfroot._ssrf_factor_count(modulus)


def p_d1(d: int) -> Optional[List[int]]:
    """The type-II polynomial P_{d,1} of §2.4, (X+1) P_{d,1} = X^(d+1) + X^4 + X + 1, as a
    descending exponent list (odd d >= 5, else ``None``).

    >>> p_d1(7)
    [7, 6, 5, 4, 0]
    """
    return _halfroot._ssrf_p_d1(_family_int("d", d))


def p_d1_is_irreducible(d: int) -> bool:
    """Whether P_{d,1} is irreducible (d squarings modulo the weight-4 (X+1) P_{d,1}).

    >>> p_d1_is_irreducible(31), p_d1_is_irreducible(33)
    (True, False)
    """
    return _halfroot._ssrf_p_d1_is_irreducible(_family_int("d", d))


def p_d1_scan(degrees: Iterable[int], *, progress: ProgressArg = None) -> List[int]:
    """The degrees d of ``degrees`` with P_{d,1} irreducible (a progress bar over the
    degrees when interactive; Ctrl-C between degrees).

    >>> p_d1_scan(range(5, 160, 2))   # the paper lists the primes 31, 97, 151 (not 7)
    [7, 25, 31, 55, 97, 111, 151]
    """
    ds = [_family_int("d", d) for d in degrees]
    cb, bar = _progress_callable(progress, "ssrf p_d1 scan")
    out = []
    try:
        for i, d in enumerate(ds):
            if _halfroot._ssrf_p_d1_is_irreducible(d):
                out.append(d)
            if cb is not None:
                cb(i + 1, len(ds))
    finally:
        if bar is not None:
            bar.close()
    return out


def has_irreducible_trinomial(d: int) -> bool:
    """Whether some trinomial X^d + X^m + 1 is irreducible.

    >>> [d for d in range(2, 20) if not has_irreducible_trinomial(d)]
    [8, 13, 16, 19]
    """
    return _halfroot._ssrf_has_irreducible_trinomial(_family_int("d", d))


def type2_pentanomials(d: int) -> List[int]:
    """The f (ascending) for which X^d + X^(d-1) + X^(2f+1) + X^(2f) + 1 is irreducible
    (odd d; type-II SSRF pentanomials).

    >>> type2_pentanomials(13)            # X^13 + X^12 + X^7 + X^6 + 1
    [3]
    """
    return _halfroot._ssrf_type2_pentanomials(_family_int("d", d))


def theorem7_families(d: int) -> List[tuple]:
    """Theorem 7's families for odd d (not a multiple of 3): ``(top, optional)`` pairs,
    ``top`` the forced exponent (or ``None``) and ``optional`` the odd exponents that may
    appear; each member has an odd number of factors iff d = +-1 (mod 8).

    >>> theorem7_families(9) == theorem7_families(9) and theorem7_families(15)
    []
    """
    return _halfroot._ssrf_theorem7_families(_family_int("d", d))


def theorem7_check(modulus: ModulusLike) -> dict:
    """``{"factors": int | None, "holds": bool}`` for one admissible polynomial: its
    number of irreducible factors (``None`` if not square-free) and whether Theorem 7's
    claims (square-free, parity by d mod 8) hold for it."""
    factors, holds = _halfroot._ssrf_theorem7_check(modulus)
    return {"factors": factors, "holds": holds}


def swan_prunes(d: int, middle: List[int]) -> bool:
    """Whether the type-I candidate X^d + sum X^middle + 1 is skipped by the search
    (even number of factors by Bluher's theorem or Theorem 7).

    >>> swan_prunes(163, [5, 3, 1])
    True
    """
    return _halfroot._ssrf_swan_prunes(
        _family_int("d", d), [_family_int("middle", e) for e in middle]
    )


def conjecture1_holds(d: int, c: int, c2: int) -> Optional[bool]:
    """Conjecture 1 for the least sediment c and next exponent c2 of degree d: 3c - d
    and c - c2 both 8 (d = 1 mod 3) or 4 (d = 2 mod 3); ``None`` for d = 0 mod 3.

    >>> conjecture1_holds(163, 57, 49)
    True
    """
    return _halfroot._ssrf_conjecture1(d, c, c2)
