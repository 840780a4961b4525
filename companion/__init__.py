"""Nightwatch: a companion for physical vampire board games, on a Raspberry Pi or any PC."""

__version__ = "0.1.0"
