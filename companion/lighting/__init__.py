"""Lighting: pure effects, scenes, a compositor with transitions and overlays, and the output stage.

- `effects`: effect functions `(params, t, n) -> pixels`, their parameter records, `EFFECTS`,
  `Look` and `look(name, **params)`;
- `compositor`: `Entry` (a look a light moved to), `Overlay`, `compose(...)` -> frame;
- `scenes`: one module per game, `plan(view)` and `react(event, view, t)`;
- `controller`: `LightingController` with `update(view, events, t)` and `render(t)`;
- `output`: `OutputStage` (gamma, brightness, night floor, current limiter);
- `patterns`: the status light's looks.

A frame is `dict[logical light, tuple[(r, g, b), ...]]`. Nothing in this package reads a clock,
imports hardware or UI libraries, or uses the global random.
"""
