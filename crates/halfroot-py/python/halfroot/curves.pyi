"""Type stubs of halfroot.curves."""

from typing import Tuple

from ._halfroot import Curve as Curve, Point as Point

STANDARD_CURVES: Tuple[str, ...]
