"""Named records: immutable tuples with named fields, declared like a `typing.NamedTuple`.

    class Strip(Named):
        \"\"\"One LED strip.\"\"\"

        name: str
        pin: str = "GPIO10"
        count: int = 89

A record is a tuple (unpacked, indexed, hashed, and equal to a plain tuple of the same values), its
fields are read by name, `_replace(**changes)` gives a changed copy, `_asdict()` a dict, `_make(values)`
a record, and `_fields` / `_field_defaults` describe it: typing.NamedTuple's interface. Methods,
properties and unannotated class attributes in the body stay what they are; every annotated name is a
field, and a field with a default comes after those without.

Why not typing.NamedTuple itself: making the *class* costs 40-100 us there (collections.namedtuple
compiles a constructor for every class with `eval`, and typing checks each annotation), 7-18 us here,
where one constructor serves every record. The companion makes about fifty record classes (the config,
the view models, the lights' parameters, the hardware's edges) on every start, so that is about 2 ms of
each cold start (BENCHMARKS.md, cold start). In return making a record by keywords costs about 0.4 us
more, and reading a field is as fast. Annotations are never looked at, so a module may quote them or
use `from __future__ import annotations`.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import itemgetter
from typing import Any, dataclass_transform

_MISSING = object()


class _RecordType(type):
    """Makes each `Named` subclass: its annotated names become the fields (read through properties
    over the tuple's items), their values in the body the defaults; instances get no `__dict__`."""

    def __new__(mcls, name: str, bases: tuple, ns: dict) -> type:
        if bases == (tuple,):  # Named itself
            return super().__new__(mcls, name, bases, ns)
        fields: list[str] = []
        defaults: dict[str, Any] = {}
        for base in bases:
            fields += getattr(base, "_fields", ())
            defaults.update(getattr(base, "_field_defaults", {}))
        for index, field in enumerate(ns.get("__annotations__", {}), start=len(fields)):
            if field in ns:
                defaults[field] = ns[field]
            elif defaults:
                raise TypeError(f"{name}.{field}: a field without a default follows one with a default")
            ns[field] = property(itemgetter(index))
            fields.append(field)
        ns["__slots__"] = ()
        ns["_fields"] = ns["__match_args__"] = tuple(fields)
        ns["_field_defaults"] = defaults
        return super().__new__(mcls, name, bases, ns)


@dataclass_transform()  # type checkers read a subclass's annotations as its constructor's parameters
class Named(tuple, metaclass=_RecordType):
    """Base of the records: subclass it and annotate the fields (see the module's docstring)."""

    __slots__ = ()
    _fields: tuple[str, ...] = ()
    _field_defaults: dict[str, Any] = {}

    def __new__(cls, *args: Any, **kwargs: Any):
        """A record from its field values: by position, by name, or the field's default."""
        fields = cls._fields
        values = cls._values(args, kwargs) if kwargs or len(args) != len(fields) else args
        return tuple.__new__(cls, values)

    @classmethod
    def _values(cls, args: tuple, kwargs: dict) -> list:
        """All field values in order from positional values, keywords and defaults; TypeError
        naming what is missing, unknown, given twice or too many, as a Python call would."""
        fields, defaults = cls._fields, cls._field_defaults
        if len(args) > len(fields):
            raise TypeError(f"{cls.__name__}() takes {len(fields)} values, got {len(args)}")
        twice = [f for f in fields[: len(args)] if f in kwargs]
        if twice:
            raise TypeError(f"{cls.__name__}() got more than one value for {twice[0]!r}")
        values = list(args)
        for field in fields[len(args) :]:
            value = kwargs.pop(field, _MISSING)
            if value is _MISSING:
                value = defaults.get(field, _MISSING)
                if value is _MISSING:
                    raise TypeError(f"{cls.__name__}() is missing a value for {field!r}")
            values.append(value)
        if kwargs:
            raise TypeError(f"{cls.__name__}() got an unexpected field {next(iter(kwargs))!r}")
        return values

    @classmethod
    def _make(cls, values: Iterable[Any]):
        """A record from an iterable of all its field values, in order."""
        values = tuple(values)
        if len(values) != len(cls._fields):
            raise TypeError(f"{cls.__name__} has {len(cls._fields)} fields, got {len(values)} values")
        return tuple.__new__(cls, values)

    def _replace(self, **changes: Any):
        """A copy with some fields changed (ValueError naming a field it does not have)."""
        unknown = [name for name in changes if name not in self._fields]
        if unknown:
            raise ValueError(f"{type(self).__name__} has no field {unknown[0]!r}")
        return tuple.__new__(
            type(self), [changes.get(name, value) for name, value in zip(self._fields, self)]
        )

    def _asdict(self) -> dict[str, Any]:
        """Field name -> value, in field order."""
        return dict(zip(self._fields, self))

    def __repr__(self) -> str:
        """`Strip(name='main', pin='GPIO10', count=89)`."""
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(self._fields, self))
        return f"{type(self).__name__}({shown})"

    def __getnewargs__(self) -> tuple:
        """What copy and pickle pass to `__new__` to make the record again."""
        return tuple(self)


__all__ = ["Named"]
