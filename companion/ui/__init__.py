"""The table app's screens, input mapping and sound (pygame-ce).

Only this package (and the HAL's simulator drawing) imports pygame. Entry points:
`companion.ui.table.TableUI` (the screens), `companion.ui.input_map` (keys, mouse and touch to
virtual buttons), `companion.ui.sound` (synthesised cues), `companion.ui.icons` (token pictures, countdown ring,
veil bar), `companion.ui.story` / `chart` (the evening's story) and `companion screenshots`.
Nothing is imported here, so `import companion.ui.model` stays free of pygame.
"""
