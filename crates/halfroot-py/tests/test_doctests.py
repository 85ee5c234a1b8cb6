"""The runnable examples in the package docstrings."""

import doctest

import pytest

import halfroot
import halfroot.ssrf


@pytest.mark.parametrize("module,minimum", [(halfroot, 20), (halfroot.ssrf, 20)])
def test_docstring_examples(module, minimum):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > minimum
    assert result.failed == 0
