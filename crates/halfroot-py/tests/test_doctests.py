"""The runnable examples in the package docstrings."""

import doctest

import halfroot


def test_docstring_examples():
    result = doctest.testmod(halfroot, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 20
    assert result.failed == 0
