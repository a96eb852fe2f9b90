"""``games.engines.json_text``: the nesting of JSON text, measured without recursion before
it is parsed."""

import json
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engines import json_text

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='ab"\\[]{}\n\u2028é'),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.text(alphabet='k"\\[{', max_size=3), inner, max_size=3)
    ),
    max_leaves=30,
)


def depth(value) -> int:
    if isinstance(value, dict):
        return 1 + max(map(depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(depth, value), default=0)
    return 0


@given(value=json_values, ascii=st.booleans(), indent=st.sampled_from([None, 1]))
def test_the_nesting_of_any_json_is_its_depth(value, ascii, indent):
    text = json.dumps(value, ensure_ascii=ascii, indent=indent)
    assert json_text.nesting(text) == depth(value)


@given(text=st.text(alphabet='[]{}"\\ a,:'))
def test_any_text_gets_a_nesting_and_loads_never_recurses_past_the_limit(text):
    try:
        json_text.loads(text, limit=5)
    except json_text.TooDeep:
        assert json_text.nesting(text) > 5
    except ValueError:
        pass


@pytest.mark.parametrize(
    ("text", "levels"),
    [
        ("[]", 1),
        ('{"a": [[], {"b": {}}]}', 4),
        ('"[[[["', 0),
        ('["[[", "\\"[", [1]]', 2),
        ('"never closed [[[[', 0),
        ("", 0),
    ],
)
def test_brackets_inside_strings_do_not_count(text, levels):
    assert json_text.nesting(text) == levels


def test_deep_text_is_refused_before_it_is_parsed():
    with pytest.raises(json_text.TooDeep, match=r"^JSON nested too deeply \(more than 20 levels"):
        json_text.loads("[" * 100_000 + "]" * 100_000)
    assert json_text.loads("[" * 20 + "]" * 20, limit=20)


@pytest.mark.parametrize(
    "hostile",
    ['"\\"' * 1_000_000, "[]" * 1_000_000, 'a"' * 1_000_000, "[" * 2_000_000],
    ids=["escaped-quotes", "brackets", "lone-quotes", "open"],
)
def test_the_scan_is_linear_on_hostile_text(hostile):
    started = time.perf_counter()
    json_text.nesting(hostile)
    assert time.perf_counter() - started < 2.0
