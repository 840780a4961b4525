"""Counter Race's bot: a random allowed move (what `companion play --bot` and the samples play)."""


def choose(game, state, rng) -> dict:
    """An action drawn from the seeded `rng`, each number it still takes drawn from its range."""
    action = rng.choice(game.actions(state))
    return {**action.command, **{p.name: rng.randint(p.low, p.high) for p in action.params}}
