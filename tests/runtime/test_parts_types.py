"""`Parts` is typed (issue #25, point 5): every field names a real type, where a field can be one of
several things a Protocol of companion/runtime/protocols.py that the shipped parts answer, and the
types cost the start nothing (none of them is imported when Parts is)."""

import subprocess
import sys
import typing

import pygame

from companion.gamedata.config import Config
from companion.hal import Hardware
from companion.runtime import protocols, sdnotify
from companion.runtime.display import Display
from companion.runtime.parts import Parts
from companion.runtime.sources import BotSource, ScriptSource
from companion.storage.journal import Journal
from companion.ui.sound import Sounds
from companion.ui.table import TableUI
from companion.web.hub import Hub


def _members(proto) -> set[str]:
    """The methods and attributes a Protocol asks for."""
    return {n for n in [*vars(proto), *getattr(proto, "__annotations__", {})] if not n.startswith("_")}


def test_every_field_of_parts_names_a_real_type():
    names = {
        "pygame": pygame,
        "Config": Config,
        "Hardware": Hardware,
        "Display": Display,
        "Journal": Journal,
        **{n: getattr(protocols, n) for n in ("Notifier", "PhoneView", "Screens", "SoundPlayer", "Source")},
    }
    hints = {f: t for f, t in typing.get_type_hints(Parts, localns=names).items() if f in Parts._fields}
    assert set(hints) == set(Parts._fields)
    assert not [f for f, t in hints.items() if t is typing.Any or typing.Any in typing.get_args(t)]


def test_the_shipped_parts_answer_their_protocols():
    for impl, proto in (
        (TableUI, protocols.Screens),
        (Sounds, protocols.SoundPlayer),
        (ScriptSource, protocols.Source),
        (BotSource, protocols.Source),
        (sdnotify, protocols.Notifier),
        (Hub, protocols.PhoneView),
    ):
        missing = {
            m for m in _members(proto) if not hasattr(impl, m) and m not in impl.__init__.__code__.co_names
        }
        assert not missing, f"{impl.__name__} lacks {missing} of {proto.__name__}"


def test_the_types_cost_the_start_nothing():
    """Importing Parts imports none of the types it names (the journal, the HAL, the screens ...)."""
    code = (
        "import sys, companion.runtime.parts; "
        "print(sorted(m for m in sys.modules if m.startswith(('companion.', 'pygame', 'sqlite3'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert eval(out) == ["companion.records", "companion.runtime", "companion.runtime.parts"]
