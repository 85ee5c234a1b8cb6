"""Type stubs of halfroot.ssrf."""

from typing import Callable, Dict, Iterable, List, Literal, Optional, Tuple, Union, overload

from .._halfroot import BasisChange as BasisChange, BinaryField

_ModulusLike = Union[str, List[int], Tuple[int, ...], int, BinaryField]
_Type = Union[Literal["I", "II", "III", "IV", 1, 2, 3, 4], None]
_Progress = Union[None, bool, Callable[[int, int], None]]

class Analysis:
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
    def to_dict(self) -> dict: ...

class Found:
    degree: int
    modulus: List[int]
    type: str
    zeta: List[int]
    terms: int
    sediment: int
    def to_dict(self) -> dict: ...
    def field(self) -> BinaryField: ...

def classify(modulus: _ModulusLike) -> Analysis: ...
def zeta(modulus: _ModulusLike) -> List[int]: ...
def spectrum(modulus: _ModulusLike) -> List[int]: ...
def codegen(
    modulus: _ModulusLike, lang: Literal["rust", "c"] = "rust", word: Literal[32, 64] = 64
) -> Dict[str, object]: ...
@overload
def find(
    degree: int,
    terms: Optional[int] = None,
    type: _Type = None,
    all: Literal[False] = False,
    *,
    prune: bool = True,
    shard: Tuple[int, int] = (0, 1),
    progress: _Progress = None,
) -> Optional[Found]: ...
@overload
def find(
    degree: int,
    terms: Optional[int] = None,
    type: _Type = None,
    all: Literal[True] = ...,
    *,
    prune: bool = True,
    shard: Tuple[int, int] = (0, 1),
    progress: _Progress = None,
) -> List[Found]: ...
def count(
    degree: int,
    terms: Optional[int] = None,
    type: _Type = None,
    *,
    prune: bool = True,
    shard: Tuple[int, int] = (0, 1),
    progress: _Progress = None,
) -> int: ...
def find_range(
    degrees: Iterable[int],
    terms: Optional[int] = None,
    type: _Type = None,
    *,
    prune: bool = True,
    progress: _Progress = None,
) -> Dict[int, Optional[Found]]: ...
def count_range(
    degrees: Iterable[int],
    terms: Optional[int] = None,
    type: _Type = None,
    *,
    prune: bool = True,
    progress: _Progress = None,
) -> Dict[int, int]: ...
def is_irreducible(modulus: _ModulusLike) -> bool: ...
def factor_count(modulus: _ModulusLike) -> Optional[int]: ...
def p_d1(d: int) -> Optional[List[int]]: ...
def p_d1_is_irreducible(d: int) -> bool: ...
def p_d1_scan(degrees: Iterable[int], *, progress: _Progress = None) -> List[int]: ...
def has_irreducible_trinomial(d: int) -> bool: ...
def type2_pentanomials(d: int) -> List[int]: ...
def theorem7_families(d: int) -> List[Tuple[Optional[int], List[int]]]: ...
def theorem7_check(modulus: _ModulusLike) -> Dict[str, object]: ...
def swan_prunes(d: int, middle: List[int]) -> bool: ...
def conjecture1_holds(d: int, c: int, c2: int) -> Optional[bool]: ...
