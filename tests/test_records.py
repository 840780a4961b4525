"""companion.records.Named behaves as typing.NamedTuple does, for every use the companion makes of it."""

import copy
import pickle
from typing import NamedTuple

import pytest

from companion.records import Named


class Strip(Named):
    """A record with a required field, defaults, a method and a property."""

    name: str
    pin: str = "GPIO10"
    count: int = 89  # shadows tuple.count, as a NamedTuple field may

    def label(self) -> str:
        return f"{self.name}@{self.pin}"

    @property
    def pixels(self) -> int:
        return self.count


class StripNT(NamedTuple):
    """The same record as a typing.NamedTuple, to compare with."""

    name: str
    pin: str = "GPIO10"
    count: int = 89


CALLS = [
    (("main",), {}),
    (("main", "GPIO18"), {}),
    (("main",), {"count": 3}),
    ((), {"name": "a", "pin": "b", "count": 1}),
    (("main", "GPIO18", 7), {}),
]


@pytest.mark.parametrize("args, kwargs", CALLS)
def test_named_makes_the_same_record_as_a_named_tuple(args, kwargs):
    ours, theirs = Strip(*args, **kwargs), StripNT(*args, **kwargs)
    assert tuple(ours) == tuple(theirs) and ours == theirs and hash(ours) == hash(theirs)
    assert repr(ours) == repr(theirs).replace("StripNT", "Strip")
    assert ours._asdict() == theirs._asdict()
    assert ours._replace(pin="X") == theirs._replace(pin="X") and type(ours._replace(pin="X")) is Strip
    assert Strip._make(theirs) == ours and type(Strip._make(theirs)) is Strip
    assert (ours.name, ours.pin, ours.count) == (theirs.name, theirs.pin, theirs.count)
    name, pin, count = ours
    assert (name, pin, count) == tuple(theirs)


def test_named_describes_its_fields_and_keeps_the_body():
    assert Strip._fields == StripNT._fields == ("name", "pin", "count")
    assert Strip._field_defaults == StripNT._field_defaults == {"pin": "GPIO10", "count": 89}
    assert Strip.__match_args__ == ("name", "pin", "count")
    s = Strip("main")
    assert s.label() == "main@GPIO10" and s.pixels == 89 and Strip.__doc__.startswith("A record")
    assert isinstance(s, tuple) and s[0] == "main" and s[-1] == 89 and len(s) == 3


@pytest.mark.parametrize(
    "args, kwargs, words",
    [
        ((), {}, "missing a value for 'name'"),
        (("a", "b", 1, 2), {}, "takes 3 values, got 4"),
        (("a",), {"name": "b"}, "more than one value for 'name'"),
        (("a",), {"colour": "red"}, "unexpected field 'colour'"),
    ],
)
def test_named_refuses_a_wrong_call_as_python_would(args, kwargs, words):
    with pytest.raises(TypeError, match=words):
        Strip(*args, **kwargs)
    with pytest.raises(TypeError):
        StripNT(*args, **kwargs)  # the NamedTuple refuses the same calls


def test_named_records_cannot_change_and_replace_refuses_an_unknown_field():
    s = Strip("main")
    with pytest.raises(AttributeError):
        s.pin = "GPIO18"
    with pytest.raises(AttributeError):
        s.colour = "red"  # no __dict__: a record has only its fields
    with pytest.raises(ValueError, match="no field 'colour'"):
        s._replace(colour="red")
    with pytest.raises(TypeError, match="3 fields, got 2"):
        Strip._make(("a", "b"))
    assert s == Strip("main")


def test_named_records_copy_and_pickle_as_themselves():
    s = Strip("main", count=3)
    for again in (copy.copy(s), copy.deepcopy(s), pickle.loads(pickle.dumps(s))):
        assert again == s and type(again) is Strip


def test_a_field_without_a_default_may_not_follow_one_with_a_default():
    with pytest.raises(TypeError, match="Bad.b: a field without a default follows one with a default"):

        class Bad(Named):
            a: int = 1
            b: int


def test_a_subclass_keeps_the_fields_and_may_add_more():
    class Wide(Strip):
        width: int = 1

    w = Wide("main", width=4)
    assert Wide._fields == ("name", "pin", "count", "width") and w.width == 4 and w.label() == "main@GPIO10"
    assert Wide("main") == ("main", "GPIO10", 89, 1)


def test_quoted_annotations_are_never_evaluated():
    class Later(Named):
        thing: "NotDefinedAnywhere"  # noqa: F821 - a type named before it exists is fine
        other: "list[NotDefinedEither]" = ()  # noqa: F821

    assert Later(1) == (1, ())
