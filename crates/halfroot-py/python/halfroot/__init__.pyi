from ._halfroot import (
    STANDARD_BINARY_FIELDS as STANDARD_BINARY_FIELDS,
    BinaryField as BinaryField,
    BinaryFieldElement as BinaryFieldElement,
    PrimeField as PrimeField,
    PrimeFieldElement as PrimeFieldElement,
    QuadraticField as QuadraticField,
    QuadraticFieldElement as QuadraticFieldElement,
)

__version__: str

def standard_field_names() -> list: ...
