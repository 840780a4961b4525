"""Cards read by sight: the recogniser (recognise.py), the grid by colour (grid.py), the taught faces
(store.py), what the CLI and the camera reader ask (service.py), and a deck of our own with photos of
it (synth.py) for tests and `make bench`. Needs the `[camera]` extra (OpenCV, NumPy)."""
