"""Config, shipped and taught game data: reading, validating and writing the TOML files."""
