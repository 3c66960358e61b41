"""The README's Python examples run and print exactly the output the README shows.

Every ```python block of the README's "Python" section is executed on its own, and what it
prints must equal the ```text block that follows it, so the README cannot drift from the
package.
"""

import contextlib
import io
import re

import pytest

from conftest import REPO


def examples():
    text = (REPO / "README.md").read_text()
    start = text.index("\n## Python")
    end = text.find("\n## ", start + 1)
    section = text[start:end if end != -1 else len(text)]
    pairs = re.findall(r"```python\n(.*?)```\s*```text\n(.*?)```", section, flags=re.S)
    assert len(pairs) >= 7, "the README's Python section lost its examples"
    return pairs


@pytest.mark.parametrize("index", range(len(examples())))
def test_readme_example_prints_what_the_readme_shows(index):
    code, expected = examples()[index]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, f"README.md python example {index + 1}", "exec"), {})
    assert out.getvalue().strip() == expected.strip()
