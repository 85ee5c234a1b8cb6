"""Type stubs of halfroot.hec."""

from typing import Tuple

from ._halfroot import Divisor as Divisor, HecCurve as HecCurve

HEC_CURVES: Tuple[str, ...]
