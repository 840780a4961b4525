"""What lasts: the SQLite journal, its recovery, and the session that applies and records commands."""
