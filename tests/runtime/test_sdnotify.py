"""sd_notify against a real AF_UNIX datagram socket standing in for systemd."""

import os
import socket
import uuid

import pytest

from companion.runtime import sdnotify


@pytest.fixture
def notify_socket(tmp_path, monkeypatch):
    """A bound datagram socket in a temp dir, named by $NOTIFY_SOCKET."""
    path = tmp_path / "notify"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(2)
    monkeypatch.setenv("NOTIFY_SOCKET", str(path))
    yield sock
    sock.close()


def _received(sock, count):
    """The next `count` datagrams, decoded."""
    return [sock.recv(4096).decode() for _ in range(count)]


def test_sdnotify_ready_status_watchdog_arrive_in_order(notify_socket):
    assert sdnotify.ready("all hardware up")
    assert sdnotify.status("degraded: no reader")
    assert sdnotify.watchdog()
    assert _received(notify_socket, 3) == [
        "READY=1\nSTATUS=all hardware up",
        "STATUS=degraded: no reader",
        "WATCHDOG=1",
    ]


def test_sdnotify_stopping_says_stopping_with_why(notify_socket):
    assert sdnotify.stopping("stopping: SIGTERM")
    assert sdnotify.stopping()
    assert _received(notify_socket, 2) == ["STOPPING=1\nSTATUS=stopping: SIGTERM", "STOPPING=1"]


def test_sdnotify_status_keeps_one_line(notify_socket):
    sdnotify.status("two\nlines")
    assert _received(notify_socket, 1) == ["STATUS=two lines"]


def test_sdnotify_abstract_namespace_socket(monkeypatch):
    name = f"nightwatch-test-{uuid.uuid4().hex}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind("\0" + name)
    sock.settimeout(2)
    monkeypatch.setenv("NOTIFY_SOCKET", "@" + name)
    try:
        assert sdnotify.notify(READY=1)
        assert sock.recv(100) == b"READY=1"
    finally:
        sock.close()


def test_sdnotify_no_op_outside_systemd(monkeypatch):
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    assert sdnotify.ready() is False
    assert sdnotify.watchdog() is False


def test_sdnotify_missing_socket_does_not_raise(tmp_path, monkeypatch):
    monkeypatch.setenv("NOTIFY_SOCKET", str(tmp_path / "gone"))
    assert sdnotify.watchdog() is False


def test_sdnotify_watchdog_interval_from_usec(monkeypatch):
    monkeypatch.setenv("WATCHDOG_USEC", "10000000")
    monkeypatch.delenv("WATCHDOG_PID", raising=False)
    assert sdnotify.watchdog_interval() == 10.0
    monkeypatch.setenv("WATCHDOG_PID", str(os.getpid()))
    assert sdnotify.watchdog_interval() == 10.0


def test_sdnotify_watchdog_interval_other_pid_or_unset(monkeypatch):
    monkeypatch.setenv("WATCHDOG_USEC", "10000000")
    monkeypatch.setenv("WATCHDOG_PID", str(os.getpid() + 1))
    assert sdnotify.watchdog_interval() is None
    monkeypatch.delenv("WATCHDOG_PID")
    monkeypatch.setenv("WATCHDOG_USEC", "junk")
    assert sdnotify.watchdog_interval() is None
    monkeypatch.delenv("WATCHDOG_USEC")
    assert sdnotify.watchdog_interval() is None
