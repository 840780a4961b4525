"""MastersGame: the Game protocol for Masters of the Night.

Dispatch is a transition table: each step lists the verbs it accepts (plus the corrections and
effects accepted at any time while the game runs); each verb has one handler (handlers.py), and
canon.py fills in what the journal must store of a command for an exact replay.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.masters.rules import actions as menu
from companion.games.masters.rules import combat, flow
from companion.games.masters.rules import commands as C
from companion.games.masters.rules.canon import FILLS
from companion.games.masters.rules.data import MastersData
from companion.games.masters.rules.handlers import HANDLERS
from companion.games.masters.rules.setup import setup as setup_state
from companion.games.masters.rules.snapshot import from_json, to_json
from companion.games.masters.rules.state import DeckMode, MastersState, Step, evolve
from companion.rules.base import Action, Engine, Player, seated

NIGHT = frozenset(
    {
        C.Move,
        C.Expose,
        C.Fight,
        C.Recruit,
        C.DistrictEffect,
        C.BloodAbility,
        C.Hunt,
        C.ExchangeRelics,
        C.WildHunt,
        C.DarkAbility,
        C.Sigillate,
        C.Ritual,
        C.EndTurn,
        C.PlaceRelic,
        C.UseRelic,
        C.AbilityCard,
    }
)
# step -> commands it accepts (the phase/step transition table)
STEPS: dict[Step, frozenset[type]] = {
    Step.DAY_EFFECTS: frozenset({C.ResolveDayEffect, C.Draw}),
    Step.PLACE_AGENTS: frozenset({C.PlaceAgents}),
    Step.CARD_EFFECT: frozenset({C.ResolveCard, C.AttachCard, C.DayCombat}),
    Step.HUNT: frozenset({C.DayCombat}),
    Step.TURN: NIGHT,
    # Laszlo's abilities work in any fight; relics in a fight by night (combat.check_* say who may)
    Step.COMBAT: frozenset(
        {C.Sacrifice, C.UseDie, C.HandOver, C.EndCombat, C.BloodAbility, C.DarkAbility, C.UseRelic}
    ),
    Step.OVER: frozenset(),
}
# effects and corrections the table may enter whenever the game runs
ANYTIME = frozenset(
    {
        C.Adjust,
        C.SetAp,
        C.Veil,
        C.GiveRelic,
        C.DiscardRelic,
        C.AddAgents,
        C.MoveAgents,
        C.RemoveAgents,
        C.Replace,
        C.AddMinions,
        C.Expose,
        C.DiscardCard,
        C.Reroll,
    }
)


SAMPLE_SEATING = ("Imre", "Mila", "Laszlo")  # the vampires a sample or demo game seats first


class MastersGame(Engine):
    """Masters of the Night: fixed data in, immutable states out."""

    id = "masters"
    DATA = MastersData
    COMMANDS = C.COMMANDS
    STEPS = STEPS
    ANYTIME = ANYTIME

    def example_setup(self, players: int | None = None, seed: int = 1) -> dict[str, Any]:
        """`players` vampires (default: two) in the sample seating (those of the data, Imre and Mila
        first), easy, `seed`."""
        have = [v.name for v in self.data.vampires]
        seating = [n for n in SAMPLE_SEATING if n in have] + [n for n in have if n not in SAMPLE_SEATING]
        names = seating[: self.table_size(players)]
        return {"cmd": "setup", "game": self.id, "vampires": names, "difficulty": "easy", "seed": seed}

    # -- the Game protocol ---------------------------------------------------------------------------
    def start(self, cmd: C.Setup) -> tuple[MastersState, list]:
        """The first state from a parsed setup command."""
        return setup_state(self.data, cmd)

    def settle(self, s: MastersState, ev: list) -> MastersState:
        """A fight ends when its fighter is drained; the day and night steps move on by themselves."""
        if s.combat is not None and s.outcome is None:
            s = combat.settle(s, ev)  # an ability or a correction may have drained the fighter
        if s.outcome is None:
            s = flow.settle(self.data, s, ev)
        return s

    def legal_actions(self, state: MastersState) -> list[Action]:
        """What may be done now, enabled or greyed out with the reason, with the values still to choose."""
        return menu.actions(self.data, state)

    def state_json(self, state: MastersState) -> dict[str, Any]:
        """The documented JSON object (its lighting scene reads districts, vampires and veil from it)."""
        return to_json(self.data, state)

    def from_json(self, data: Mapping[str, Any]) -> MastersState:
        """The state back from its JSON object."""
        return from_json(data)

    # -- the game API --------------------------------------------------------------------------------
    def players(self, state: MastersState) -> tuple[Player, ...]:
        """The vampires in seating order, each in its own colour; a drained one is out of play."""
        return seated(state.order, (v.name for v in state.vampires if v.drained), own_colours=True)

    def whose_turn(self, state: MastersState) -> str | None:
        """The fighter in a fight, the turn vampire at night; by day the city moves (nobody's turn)."""
        if state.combat is not None and state.outcome is None:
            return state.combat.fighter
        return state.turn if state.step is Step.TURN else None

    def phase(self, state: MastersState) -> str:
        """day, night or over."""
        return state.phase.value

    def where(self, s: MastersState) -> str:
        """Phase and step, for a refusal."""
        return f"{s.phase.value} / {s.step.value}"

    def canonical_setup(self, cmd: C.Setup) -> dict[str, Any]:
        """Setup with the layout, deck order, relic order, reserve, first dice, who goes short and the
        rules version written out."""
        s, _ = setup_state(self.data, cmd)
        return evolve(
            cmd,
            districts=tuple((d.pos, d.key) for d in s.districts),
            leading=s.leading,
            cards=s.deck if s.deck_mode is DeckMode.DIGITAL else cmd.cards,
            relics=s.relic_deck,
            reserve_agents=s.reserve.agents,
            dice=s.dice,
            short_agents=s.short_agents,
            # version 1 is a journal's setup as it was stored (no version written): keep it so
            rules_version=cmd.rules_version if s.rules_version == 1 else s.rules_version,
        ).to_dict()


MastersGame.HANDLERS = HANDLERS
MastersGame.FILLS = FILLS
