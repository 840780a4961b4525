"""Small input helpers the UI tests share: a button press, a tap, a button found by its label."""

from companion.inputs import ButtonEvent, Press
from companion.ui.input_map import WidgetPress


def press(ui, button, kind=Press.SHORT):
    """A press of virtual button `button` as the GPIO buttons send it; True if a screen used it."""
    return ui.handle(ButtonEvent(button, kind, 0.0, "gpio"))


def tap(ui, widget, kind=Press.SHORT):
    """A touch on the on-screen button `widget`; True if a screen used it."""
    return ui.handle(WidgetPress(widget, kind, 0.0))


def button(vm, label):
    """The button labelled `label` in a view model dict."""
    return next(b for b in vm["buttons"] if b["label"] == label)
