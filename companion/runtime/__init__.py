"""The running table's plumbing: screen, stop signals, input sources, systemd notify, start guard."""
