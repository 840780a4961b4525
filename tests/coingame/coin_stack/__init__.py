"""Coin Stack, as the companion sees it: its GamePlugin. Everything else is the companion's defaults:
the generic screen, the basic light scene, a random bot, the result read from the state's `winners`."""

from companion.errors import N_
from companion.games import GamePlugin


class CoinStack(GamePlugin):
    """Two players lay one or two coins on a stack in turn; whoever lays the last coin wins."""

    id = "coin-stack"
    title = "Coin Stack"
    order = 70
    blurb = N_("lay one or two coins in turn; whoever lays the last coin wins")

    def engine_class(self):
        from coin_stack.engine import CoinStackGame

        return CoinStackGame

    def bot(self):
        from coin_stack import engine

        return engine

    def words(self):
        from coin_stack import words

        return words

    def narration(self):
        from coin_stack.words import LINES

        return LINES
