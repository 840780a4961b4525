"""Stand-in for `gpiod._ext`: libgpiod's C binding and the GPIO character device under it.

The real gpiod Python package (chip.py, line_request.py...) runs on top of this. A chip is a JSON
file in the fake sysroot (`{"label": "pinctrl-bcm2711", "lines": 58}`, opened through fakekernel,
so a missing /dev/gpiochipN fails as the kernel would); line requests, directions and values are
recorded in fakekernel.WIRE. Constants are libgpiod's (test_led_stack compares them to the real
compiled module).
"""

from __future__ import annotations

import json
import os

import fakekernel

api_version = "2.3"
BIAS_AS_IS, BIAS_UNKNOWN, BIAS_DISABLED, BIAS_PULL_UP, BIAS_PULL_DOWN = 1, 2, 3, 4, 5
CLOCK_MONOTONIC, CLOCK_REALTIME, CLOCK_HTE = 1, 2, 3
DIRECTION_AS_IS, DIRECTION_INPUT, DIRECTION_OUTPUT = 1, 2, 3
DRIVE_PUSH_PULL, DRIVE_OPEN_DRAIN, DRIVE_OPEN_SOURCE = 1, 2, 3
EDGE_NONE, EDGE_RISING, EDGE_FALLING, EDGE_BOTH = 1, 2, 3, 4
EDGE_EVENT_TYPE_RISING, EDGE_EVENT_TYPE_FALLING = 1, 2
INFO_EVENT_TYPE_LINE_REQUESTED, INFO_EVENT_TYPE_LINE_RELEASED, INFO_EVENT_TYPE_LINE_CONFIG_CHANGED = 1, 2, 3
VALUE_INACTIVE, VALUE_ACTIVE = 0, 1


def _record(**event) -> None:
    fakekernel.WIRE.append({"kind": "gpio", **event})


def is_gpiochip_device(path: str) -> bool:
    try:
        with open(path) as f:
            return "label" in json.load(f)
    except (OSError, ValueError):
        return False


class LineSettings:
    def __init__(
        self, direction, edge_detection, bias, drive, active_low, debounce_period, event_clock, output_value
    ):
        self.direction, self.bias, self.output_value = direction, bias, output_value


class LineConfig:
    def __init__(self):
        self.settings: dict[int, LineSettings] = {}
        self.output_values: list = []

    def add_line_settings(self, offsets, settings) -> None:
        for o in offsets:
            self.settings[o] = settings

    def set_output_values(self, values) -> None:
        self.output_values = list(values)


class Request:
    def __init__(self, chip: Chip, cfg: LineConfig, consumer):
        self._chip, self.offsets, self.consumer = chip, list(cfg.settings), consumer
        self.chip_name, self.num_lines = os.path.basename(chip.path), len(self.offsets)
        self._values = {o: VALUE_INACTIVE for o in self.offsets}
        self.fd = os.dup(chip.fd)
        self._apply(cfg)

    def _apply(self, cfg: LineConfig) -> None:
        for o, s in cfg.settings.items():
            if s.direction == DIRECTION_OUTPUT:
                self._values[o] = s.output_value
            _record(
                op="config", chip=self._chip.path, offset=o, direction=s.direction, value=int(self._values[o])
            )

    def reconfigure_lines(self, cfg: LineConfig) -> None:
        self._apply(cfg)

    def set_values(self, values) -> None:
        for o, v in values.items():
            self._values[o] = int(v.value if hasattr(v, "value") else v)
            _record(op="set", chip=self._chip.path, offset=o, value=self._values[o])

    def get_values(self, offsets, buf) -> None:
        from gpiod.line import Value

        for i, o in enumerate(offsets):
            buf[i] = Value(self._values[o])

    def release(self) -> None:
        for o in self.offsets:
            self._chip.busy.discard(o)
            _record(op="release", chip=self._chip.path, offset=o)
        os.close(self.fd)

    def read_edge_events(self, max_events=None):
        return []


class Chip:
    def __init__(self, path: str):
        with open(path) as f:  # through fakekernel: FileNotFoundError when the chip is not there
            desc = json.load(f)
        self.path, self.label, self.lines = path, desc["label"], desc["lines"]
        self.fd = os.open(path, os.O_RDONLY)
        self.busy: set[int] = set()

    def get_info(self):
        from gpiod.chip_info import ChipInfo

        return ChipInfo(os.path.basename(self.path), self.label, self.lines)

    def get_line_name(self, offset: int):
        return f"GPIO{offset}"

    def line_offset_from_id(self, id) -> int:
        if isinstance(id, int):
            return id
        if id.startswith("GPIO") and id[4:].isdigit():
            return int(id[4:])
        raise FileNotFoundError(f"line {id!r} not found")

    def request_lines(self, cfg: LineConfig, consumer, event_buffer_size) -> Request:
        for o in cfg.settings:
            if not 0 <= o < self.lines:
                raise ValueError(f"offset {o} out of range")
            if o in self.busy:
                raise OSError(16, "Device or resource busy")
        self.busy.update(cfg.settings)
        return Request(self, cfg, consumer)

    def close(self) -> None:
        os.close(self.fd)

    def get_line_info(self, offset, watch):
        raise NotImplementedError

    def read_info_event(self):
        raise NotImplementedError

    def unwatch_line_info(self, line):
        raise NotImplementedError
