"""Nosferatu rules engine: `NosferatuGame` implements `companion.rules.base.Game`.

Pure: no I/O, no clock. The only randomness is the Clock pile: a reveal with no `card` draws from
`random.Random(f"{seed}:{draws}")`, which gives Dawn with chance 1/(cards left), exactly like turning
the top card of a freshly shuffled pile, and keeps nothing secret in the state.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Callable, Mapping

from companion.errors import CommandError, RuleViolation
from companion.rules import args
from companion.rules.base import Action, Event
from companion.rules.nosferatu import commands as cmd
from companion.rules.nosferatu import events as ev
from companion.rules.nosferatu.board import board_view
from companion.rules.nosferatu.moves import actions_for
from companion.rules.nosferatu.state import (
    Card, Character, Outcome, Rules, State, Step, from_json, to_json,
)
from companion.rules.parsing import to_command

# The phase transition table: which verbs each step accepts (adjust works in every live step).
TRANSITIONS: dict[Step, frozenset[str]] = {
    Step.GIVE_STAKE: frozenset({"give_stake", "adjust"}),
    Step.TURN: frozenset({"play", "adjust"}),
    Step.CLOCK: frozenset({"reveal", "adjust"}),
    Step.RESOLVE: frozenset({"bite", "add_night", "cast", "resolved", "adjust"}),
    Step.STAKE: frozenset({"stake", "spare", "adjust"}),
    Step.OVER: frozenset(),
}


class NosferatuGame:
    """The Nosferatu companion: Clock pile, round flow, stake, bites and rituals."""

    id = "nosferatu"
    title = "Nosferatu"

    def __init__(self, rules: Rules):
        """Keep the fixed rules (numbers and Ritual cards)."""
        self.rules = rules

    # -- the Game protocol -------------------------------------------------------------------

    def setup(self, command: Mapping[str, Any]) -> tuple[State, list[Event]]:
        """Seats, Renfield and a Clock pile of one Night per player plus Dawn."""
        c = self._setup_fields(command)
        players = tuple(c["names"])
        state = State(
            seed=c["seed"], draws=0, players=players, renfield=c["renfield"],
            bites_to_win=c["bites_to_win"], chooser=c["renfield"], nights=len(players),
            bites=(0,) * len(players), known=(None,) * len(players),
        )
        return state, [ev.GameStarted(players, c["renfield"], len(players), c["bites_to_win"])]

    def apply(self, state: State, command: Mapping[str, Any]) -> tuple[State, list[Event]]:
        """New state and events, or RuleViolation/CommandError with nothing changed."""
        parsed = cmd.parse(command)
        verb = command["cmd"]
        if state.step is Step.OVER:
            raise RuleViolation("game-over", f"the game is over ({state.outcome.value})")
        if verb not in TRANSITIONS[state.step]:
            raise RuleViolation("round-flow", f"{verb} is not possible during step {state.step.value}")
        handler: Callable = getattr(self, f"_do_{verb}")
        new, events = handler(state, parsed)
        return self._check_end(new, events)

    def canonical(self, state: State | None, command: Mapping[str, Any]) -> dict[str, Any]:
        """The command with defaults made explicit (the drawn Clock card, the player on turn)."""
        if command.get("cmd") == "setup" or state is None:
            return {"cmd": "setup", "game": self.id, **self._setup_fields(command)}
        parsed = cmd.parse(command)
        if isinstance(parsed, cmd.Reveal) and parsed.card is None and state.step is Step.CLOCK:
            parsed = cmd.Reveal(_draw(state).value)
        if isinstance(parsed, cmd.Play) and parsed.player is None:
            parsed = cmd.Play(state.current)
        return to_command(command["cmd"], parsed)

    def actions(self, state: State) -> list[Action]:
        """What may be done now, for the screen and the buttons (disabled ones say why)."""
        return actions_for(self.rules, state)

    def to_json(self, state: State) -> dict[str, Any]:
        """The documented state JSON, with the `board` lighting view."""
        return to_json(state, self.rules, board_view(state))

    def from_json(self, data: Mapping[str, Any]) -> State:
        """Inverse of `to_json`."""
        return from_json(data)

    def outcome(self, state: State) -> str | None:
        """None while the game runs, else hunters-stake/hunters-rituals/evil-bites/evil-stake."""
        return state.outcome.value if state.outcome else None

    # -- setup ---------------------------------------------------------------------------------

    def _setup_fields(self, command: Mapping[str, Any]) -> dict[str, Any]:
        """Validated setup parameters with every default filled in."""
        args.refuse_unknown(command, ("cmd", "game", "players", "seed", "names", "renfield", "bites_to_win"),
                            "setup")
        args.same_game(command, self.id)
        names = args.seat_names(command, self.rules.min_players, self.rules.max_players, "Nosferatu")
        n = len(names)
        renfield = command.get("renfield", names[0])
        if renfield not in names:
            raise CommandError(f"setup: renfield {renfield!r} is not one of the names")
        seed = command.get("seed", 0)
        bites = command.get("bites_to_win", self.rules.bites_needed(n))
        if not args.is_int(seed) or not args.is_int(bites) or bites < 1:
            raise CommandError("setup: seed and bites_to_win must be whole numbers (bites >= 1)")
        return {"players": n, "seed": seed, "names": list(names), "renfield": renfield,
                "bites_to_win": bites}

    # -- handlers, one per verb ------------------------------------------------------------------

    def _do_give_stake(self, s: State, c: cmd.GiveStake) -> tuple[State, list[Event]]:
        """Start a round with `to` holding the stake; the Clock is shuffled."""
        self._player(s, c.to, "give_stake")
        if c.to == s.holder:
            raise RuleViolation("stake", f"the stake must go to another player than {c.to}")
        first = s.holder is None
        new = replace(
            s, round=s.round if first else s.round + 1, step=Step.TURN, holder=c.to, chooser="",
            order=_order(s, c.to), played=0, revealed=(), ended_by=None,
            round_bites=0, round_nights=0, round_ritual=None,
        )
        return new, [ev.StakeGiven(c.to, s.chooser, new.round), ev.ClockShuffled(s.nights)]

    def _do_play(self, s: State, c: cmd.Play) -> tuple[State, list[Event]]:
        """The player on turn gave Renfield a card; the Clock card comes next."""
        if c.player is not None and c.player != s.current:
            raise RuleViolation("turn-order", f"it is {s.current}'s turn, not {c.player}'s")
        return replace(s, played=s.played + 1, step=Step.CLOCK), [ev.TurnPlayed(s.current)]

    def _do_reveal(self, s: State, c: cmd.Reveal) -> tuple[State, list[Event]]:
        """Turn over a Clock card: Dawn ends the round, Night lets the next player play."""
        card = _draw(s) if c.card is None else _card(c.card)
        if card is Card.NIGHT and s.nights_left == 0:
            raise RuleViolation("clock", "no Night card is left in the Clock pile: it must be Dawn")
        new = replace(s, draws=s.draws + 1, revealed=s.revealed + (card,))
        events: list[Event] = [ev.ClockRevealed(card.value, new.nights_left)]
        if card is Card.DAWN or new.played == len(new.order):
            new = replace(new, step=Step.RESOLVE, ended_by=card)
            events.append(ev.RoundEnded(s.round, card.value))
        else:
            new = replace(new, step=Step.TURN)
        return new, events

    def _do_bite(self, s: State, c: cmd.Bite) -> tuple[State, list[Event]]:
        """Lay one of the round's Bite cards in front of a player (never Renfield)."""
        self._player(s, c.player, "bite")
        self._room_for_cards(s, 1)
        new = s.with_seat(c.player, bites=s.bites_of(c.player) + 1)
        new = replace(new, round_bites=s.round_bites + 1)
        return new, [ev.Bitten(c.player, new.bites_of(c.player), sum(new.bites))]

    def _do_add_night(self, s: State, c: cmd.AddNight) -> tuple[State, list[Event]]:
        """Night cards given to Renfield join the Clock pile."""
        if c.n < 1:
            raise CommandError("add_night: n must be at least 1")
        self._room_for_cards(s, c.n)
        new = replace(s, nights=s.nights + c.n, round_nights=s.round_nights + c.n)
        return new, [ev.NightAdded(c.n, new.nights)]

    def _do_cast(self, s: State, c: cmd.Cast) -> tuple[State, list[Event]]:
        """All cards given were Incantations: the holder's chosen Ritual takes effect."""
        ritual = self.rules.ritual(c.ritual)
        if ritual is None:
            raise CommandError(f"cast: unknown ritual {c.ritual!r}")
        if c.ritual in s.rituals_used:
            raise RuleViolation("ritual", f"{ritual.name} has already been cast")
        if s.any_card_used:
            raise RuleViolation("ritual", "a Ritual needs every card given this round to be an Incantation")
        new, character = self._ritual_effect(s, ritual.effect, c)
        new = replace(new, rituals_used=s.rituals_used + (c.ritual,), round_ritual=c.ritual)
        return new, [ev.RitualCast(c.ritual, ritual.name, ritual.effect, c.target, character, new.nights)]

    def _do_resolved(self, s: State, c: cmd.Resolved) -> tuple[State, list[Event]]:
        """Cards applied: at Dawn the holder may use the stake, else Renfield passes it on."""
        events: list[Event] = [ev.RoundResolved(s.round)]
        if s.ended_by is Card.DAWN:
            return replace(s, step=Step.STAKE), events
        return replace(s, step=Step.GIVE_STAKE, chooser=s.renfield), events

    def _do_stake(self, s: State, c: cmd.Stake) -> tuple[State, list[Event]]:
        """The holder kills `target`: the Vampire means Hunters win, a Hunter means Evil wins."""
        if s.known_of(s.holder) is Character.VAMPIRE:
            raise RuleViolation("stake", "the Vampire may hold the stake but never use it")
        self._player(s, c.target, "stake")
        if c.target == s.holder:
            raise RuleViolation("stake", "the holder cannot use the stake on himself")
        character = self._character(s, c.target, c.character, "stake")
        new = s.with_seat(c.target, known=character)
        outcome = Outcome.HUNTERS_STAKE if character is Character.VAMPIRE else Outcome.EVIL_STAKE
        return replace(new, outcome=outcome), [ev.StakeUsed(s.holder, c.target, character.value)]

    def _do_spare(self, s: State, c: cmd.Spare) -> tuple[State, list[Event]]:
        """No kill this Dawn: the holder chooses the next holder."""
        return replace(s, step=Step.GIVE_STAKE, chooser=s.holder), [ev.StakeSpared(s.holder)]

    def _do_adjust(self, s: State, c: cmd.Adjust) -> tuple[State, list[Event]]:
        """Set Clock nights, bites, rituals cast or the holder to what is on the table."""
        changes: dict[str, Any] = {}
        new = s
        if c.nights is not None:
            if c.nights < 0:
                raise CommandError("adjust: nights cannot be negative")
            new, changes["nights"] = replace(new, nights=c.nights), c.nights
        for name, n in (c.bites or {}).items():
            self._player(s, name, "adjust")
            if n < 0:
                raise CommandError("adjust: bites cannot be negative")
            new = new.with_seat(name, bites=n)
            changes.setdefault("bites", {})[name] = n
        if c.rituals is not None:
            unknown = [r for r in c.rituals if self.rules.ritual(r) is None]
            if unknown or len(set(c.rituals)) != len(c.rituals):
                raise CommandError(f"adjust: rituals must be different known keys, got {list(c.rituals)}")
            new, changes["rituals"] = replace(new, rituals_used=tuple(c.rituals)), list(c.rituals)
        if c.holder is not None:
            self._player(s, c.holder, "adjust")
            new, changes["holder"] = replace(new, holder=c.holder), c.holder
        if not changes:
            raise CommandError("adjust: say what to set (nights, bites, rituals or holder)")
        return new, [ev.Adjusted(changes)]

    # -- helpers ---------------------------------------------------------------------------------

    def _check_end(self, s: State, events: list[Event]) -> tuple[State, list[Event]]:
        """Set the outcome when bites or rituals reach their goal (or a stake ended it)."""
        outcome = s.outcome
        if outcome is None and sum(s.bites) >= s.bites_to_win:
            outcome = Outcome.EVIL_BITES
        if outcome is None and len(s.rituals_used) >= self.rules.rituals_to_win:
            outcome = Outcome.HUNTERS_RITUALS
        if outcome is None:
            return s, events
        return replace(s, outcome=outcome, step=Step.OVER), events + [ev.GameOver(outcome.value)]

    def _player(self, s: State, name: str, rule: str) -> None:
        """Refuse names that are not a seat, and Renfield (who never holds, is bitten or staked)."""
        if name not in s.players:
            raise CommandError(f"{rule}: no player called {name!r}")
        if name == s.renfield:
            raise RuleViolation(rule, f"{name} is Renfield")

    def _room_for_cards(self, s: State, n: int) -> None:
        """Bites and Nights come from the cards given this round, and never with a Ritual."""
        if s.round_ritual:
            raise RuleViolation("cards", "a Ritual was cast: every card given was an Incantation")
        left = s.cards_unused
        if n > left:
            raise RuleViolation("cards", f"only {s.played} cards were given this round "
                                         f"({left} not yet used for Bites or Nights)")

    def _ritual_effect(self, s: State, effect: str, c: cmd.Cast) -> tuple[State, str | None]:
        """Apply what the engine tracks of a Ritual's effect."""
        if effect == "remove-night":
            return replace(s, nights=max(0, s.nights - 1)), None
        if effect == "table" and c.target is None:
            return s, None
        if c.target is None:
            raise CommandError(f"cast: {c.ritual} needs a target player")
        self._player(s, c.target, "ritual")
        if effect != "reveal":
            return s, None
        character = self._character(s, c.target, c.character, "ritual")
        return s.with_seat(c.target, known=character), character.value

    def _character(self, s: State, name: str, given: str | None, rule: str) -> Character:
        """The character of `name`: known, or as the table saw it; refuse contradictions."""
        known = s.known_of(name)
        seen = _character(given) if given is not None else known
        if seen is None:
            raise CommandError(f"{rule}: say which character card {name} has (vampire or hunter)")
        if known is not None and seen is not known:
            raise RuleViolation(rule, f"{name}'s card is already known to be {known.value}")
        others = [p for p, k in zip(s.players, s.known) if k is Character.VAMPIRE and p != name]
        if seen is Character.VAMPIRE and others:
            raise RuleViolation(rule, f"there is one Vampire and it is {others[0]}")
        suspects = [p for p, k in zip(s.players, s.known)
                    if p not in (s.renfield, name) and k is not Character.HUNTER]
        if seen is Character.HUNTER and not suspects:
            raise RuleViolation(rule, f"every other card is a Hunter: {name} is the Vampire")
        return seen


def _draw(s: State) -> Card:
    """The next Clock card from the seeded RNG: Dawn with chance 1/(cards left)."""
    rng = random.Random(f"{s.seed}:{s.draws}")
    return Card.DAWN if rng.randrange(s.nights_left + 1) == 0 else Card.NIGHT


def _order(s: State, first: str) -> tuple[str, ...]:
    """Clockwise turn order starting with `first`, without Renfield."""
    i = s.players.index(first)
    seats = s.players[i:] + s.players[:i]
    return tuple(p for p in seats if p != s.renfield)


def _card(value: str) -> Card:
    """A Clock card from its JSON name."""
    try:
        return Card(value)
    except ValueError:
        raise CommandError(f"reveal: card must be night or dawn, got {value!r}") from None


def _character(value: str) -> Character:
    """A character from its JSON name."""
    try:
        return Character(value)
    except ValueError:
        raise CommandError(f"character must be vampire or hunter, got {value!r}") from None
