"""The table app's screens, input mapping and sound (pygame-ce).

Only this package (and the HAL's simulator drawing) imports pygame. Entry points:
`companion.ui.table.TableUI` (the screens), `companion.ui.input_map` (keys, mouse and touch to
virtual buttons), `companion.ui.sound` (synthesised cues) and `python -m companion.ui.screenshots`.
Nothing is imported here, so `import companion.ui.model` stays free of pygame.
"""
