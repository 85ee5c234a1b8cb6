from ._halfroot import (
    STANDARD_BINARY_FIELDS as STANDARD_BINARY_FIELDS,
    BinaryField as BinaryField,
    BinaryFieldElement as BinaryFieldElement,
    ExtensionField as ExtensionField,
    ExtensionFieldElement as ExtensionFieldElement,
    PrimeField as PrimeField,
    PrimeFieldElement as PrimeFieldElement,
    QuadraticField as QuadraticField,
    QuadraticFieldElement as QuadraticFieldElement,
)
from . import curves as curves, ssrf as ssrf

__version__: str

def standard_field_names() -> list: ...
