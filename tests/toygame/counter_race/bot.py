"""Counter Race's bot: a random allowed move (what `companion play --bot` and the samples play)."""


def choose(game, state, rng) -> dict:
    """One of the enabled actions' commands, drawn from the seeded `rng`."""
    return dict(rng.choice([a for a in game.actions(state) if a.enabled]).command)
