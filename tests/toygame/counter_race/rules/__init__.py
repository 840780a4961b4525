"""Counter Race's pure rules: the engine (engine.py) and its events (events.py)."""
