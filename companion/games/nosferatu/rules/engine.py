"""Nosferatu rules engine: `NosferatuGame`, built on the shared `companion.rules.base.Engine`.

Pure: no I/O, no clock. The only randomness is the Clock pile: a reveal with no `card` draws from
`random.Random(f"{seed}:{draws}")`, which gives Dawn with chance 1/(cards left), exactly like turning
the top card of a freshly shuffled pile, and keeps nothing secret in the state.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from companion.errors import N_, CommandError, RuleViolation
from companion.games.nosferatu.rules import commands as C
from companion.games.nosferatu.rules import events as E
from companion.games.nosferatu.rules.board import board_phase, board_view
from companion.games.nosferatu.rules.moves import actions_for
from companion.games.nosferatu.rules.state import (
    Card,
    Character,
    Outcome,
    Ritual,
    Rules,
    State,
    Step,
    from_json,
    to_json,
)
from companion.rules.base import Action, Engine, Event, GameOver, StateJson
from companion.rules.commands import seat_names
from companion.rules.seats import renaming

# The phase transition table: which commands each step accepts (adjust works in every live step).
STEPS: dict[Step, frozenset[type]] = {
    Step.GIVE_STAKE: frozenset({C.GiveStake}),
    Step.TURN: frozenset({C.Play}),
    Step.CLOCK: frozenset({C.Reveal}),
    Step.RESOLVE: frozenset({C.Bite, C.AddNight, C.Cast, C.Resolved}),
    Step.STAKE: frozenset({C.Stake, C.Spare}),
    Step.OVER: frozenset(),
}


class NosferatuGame(Engine):
    """The Nosferatu companion: Clock pile, round flow, stake, bites and rituals."""

    id = "nosferatu"
    DATA = Rules
    COMMANDS = C.COMMANDS
    STEPS = STEPS
    ANYTIME = frozenset({C.Adjust, C.Rename})
    JSON = StateJson(to_json, from_json, board_view)

    def start(self, c: C.Setup) -> tuple[State, list[Event]]:
        """Seats, Renfield and a Clock pile of one Night per player plus Dawn (the box's other Night
        cards go into the Library)."""
        players = tuple(c.names)
        state = State(
            seed=c.seed,
            draws=0,
            players=players,
            renfield=c.renfield,
            bites_to_win=c.bites_to_win,
            chooser=c.renfield,
            nights=len(players),
            bites=(0,) * len(players),
            known=(None,) * len(players),
            night_cards=c.night_cards,
        )
        return state, [E.GameSetUp(players, c.renfield, len(players), c.bites_to_win)]

    def settle(self, s: State, events: list[Event]) -> State:
        """The game ends when bites or rituals reach their goal (or a stake ended it)."""
        return _check_end(self.data, s, events)

    def legal_actions(self, state: State) -> list[Action]:
        """What may be done now, for the screen and the buttons (disabled ones say why)."""
        return actions_for(self.data, state)

    # -- the game API ----------------------------------------------------------------------------
    def whose_turn(self, state: State) -> str | None:
        """Who must act: the one passing the stake, the player on turn (also while the Clock card is
        turned), Renfield resolving the round's cards, the holder deciding on the stake."""
        who = {
            Step.GIVE_STAKE: state.chooser,
            Step.TURN: state.current,
            Step.CLOCK: state.current,
            Step.RESOLVE: state.renfield,
            Step.STAKE: state.holder,
        }.get(state.step)
        return who or None

    def phase(self, state: State) -> str:
        """dusk while the stake changes hands, night while the Clock holds, day after Dawn, over."""
        return board_phase(state)

    def filled(self, c: C.Setup) -> C.Setup:
        """The setup checked, with every default filled in."""
        rules = self.data
        names = seat_names(c.players, c.names, rules.min_players, rules.max_players, "Nosferatu")
        renfield = c.renfield if c.renfield is not None else names[0]
        if renfield not in names:
            raise CommandError(N_("setup: renfield {renfield!r} is not one of the names"), renfield=renfield)
        bites = c.bites_to_win if c.bites_to_win is not None else rules.bites_needed(len(names))
        if bites < 1:
            raise CommandError(N_("setup: seed and bites_to_win must be whole numbers (bites >= 1)"))
        night_cards = c.night_cards
        if night_cards is None and not _journaled_before_night_cards(c):
            night_cards = rules.night_cards
        if night_cards is not None and night_cards < len(names):
            raise RuleViolation(
                "night cards",
                N_("a Clock for {n} players needs {n} Night cards, not {night_cards}"),
                n=len(names),
                night_cards=night_cards,
            )
        return replace(
            c,
            players=len(names),
            names=tuple(names),
            renfield=renfield,
            bites_to_win=bites,
            night_cards=night_cards,
        )


def _journaled_before_night_cards(c: C.Setup) -> bool:
    """True for a setup as the journal stored it before Night cards were counted: every value written
    out (players, names, renfield, bites_to_win) and no `night_cards`. Such a game replays as it was
    played, without the count; a new game's canonical setup always names its `night_cards`."""
    return c.night_cards is None and None not in (c.players, c.names, c.renfield, c.bites_to_win)


def _fill_reveal(rules: Rules, s: State, c: C.Reveal) -> C.Reveal:
    """The Clock card the RNG draws, written out."""
    return C.Reveal(_draw(s).value) if c.card is None and s.step is Step.CLOCK else c


def _fill_play(rules: Rules, s: State, c: C.Play) -> C.Play:
    """The player on turn, written out."""
    return C.Play(s.current) if c.player is None else c


# -- handlers, one per command ---------------------------------------------------------------------


def _give_stake(rules: Rules, s: State, c: C.GiveStake, events: list[Event]) -> State:
    """Start a round with `to` holding the stake; the Clock is shuffled."""
    _player(s, c.to, "give_stake")
    if c.to == s.holder:
        raise RuleViolation("stake", N_("the stake must go to another player than {to}"), to=c.to)
    first = s.holder is None
    new = replace(
        s,
        round=s.round if first else s.round + 1,
        step=Step.TURN,
        holder=c.to,
        chooser="",
        order=_order(s, c.to),
        played=0,
        revealed=(),
        ended_by=None,
        round_bites=0,
        round_nights=0,
        round_ritual=None,
    )
    events += [E.StakeGiven(c.to, s.chooser, new.round), E.ClockShuffled(s.nights)]
    return new


def _play(rules: Rules, s: State, c: C.Play, events: list[Event]) -> State:
    """The player on turn gave Renfield a card; the Clock card comes next."""
    if c.player is not None and c.player != s.current:
        raise RuleViolation(
            "turn-order", N_("it is {current}'s turn, not {player}'s"), current=s.current, player=c.player
        )
    events += [E.TurnPlayed(s.current)]
    return replace(s, played=s.played + 1, step=Step.CLOCK)


def _reveal(rules: Rules, s: State, c: C.Reveal, events: list[Event]) -> State:
    """Turn over a Clock card: Dawn ends the round, Night lets the next player play."""
    card = _draw(s) if c.card is None else _card(c.card)
    if card is Card.NIGHT and s.nights_left == 0:
        raise RuleViolation("clock", N_("no Night card is left in the Clock pile: it must be Dawn"))
    new = replace(s, draws=s.draws + 1, revealed=s.revealed + (card,))
    events.append(E.ClockRevealed(card.value, new.nights_left))
    if card is Card.DAWN or new.played == len(new.order):
        new = replace(new, step=Step.RESOLVE, ended_by=card)
        events.append(E.RoundEnded(s.round, card.value))
    else:
        new = replace(new, step=Step.TURN)
    return new


def _bite(rules: Rules, s: State, c: C.Bite, events: list[Event]) -> State:
    """Lay one of the round's Bite cards in front of a player (never Renfield)."""
    _player(s, c.player, "bite")
    _room_for_cards(s, 1)
    new = s.with_seat(c.player, bites=s.bites_of(c.player) + 1)
    new = replace(new, round_bites=s.round_bites + 1)
    events += [E.Bitten(c.player, new.bites_of(c.player), sum(new.bites))]
    return new


def _add_night(rules: Rules, s: State, c: C.AddNight, events: list[Event]) -> State:
    """Night cards given to Renfield join the Clock pile."""
    if c.n < 1:
        raise CommandError(N_("add_night: n must be at least 1"))
    _room_for_cards(s, c.n)
    _nights_outside(s, c.n)
    new = replace(s, nights=s.nights + c.n, round_nights=s.round_nights + c.n)
    events += [E.NightAdded(c.n, new.nights)]
    return new


def _cast(rules: Rules, s: State, c: C.Cast, events: list[Event]) -> State:
    """All cards given were Incantations: the holder's chosen Ritual takes effect."""
    ritual = rules.ritual(c.ritual)
    if ritual is None:
        raise CommandError(N_("cast: unknown ritual {ritual!r}"), ritual=c.ritual)
    if c.ritual in s.rituals_used:
        raise RuleViolation("ritual", N_("{name} has already been cast"), name=ritual.name)
    if s.any_card_used:
        raise RuleViolation("ritual", N_("a Ritual needs every card given this round to be an Incantation"))
    new, character = _ritual_effect(s, ritual, c)
    new = replace(new, rituals_used=s.rituals_used + (c.ritual,), round_ritual=c.ritual)
    events += [E.RitualCast(c.ritual, ritual.name, ritual.effect, c.target, character, new.nights)]
    return new


def _resolved(rules: Rules, s: State, c: C.Resolved, events: list[Event]) -> State:
    """Cards applied: at Dawn the holder may use the stake, else Renfield passes it on."""
    events.append(E.RoundResolved(s.round))
    if s.ended_by is Card.DAWN:
        return replace(s, step=Step.STAKE)
    return replace(s, step=Step.GIVE_STAKE, chooser=s.renfield)


def _stake(rules: Rules, s: State, c: C.Stake, events: list[Event]) -> State:
    """The holder kills `target`: the Vampire means Hunters win, a Hunter means Evil wins."""
    if s.known_of(s.holder) is Character.VAMPIRE:
        raise RuleViolation("stake", N_("the Vampire may hold the stake but never use it"))
    _player(s, c.target, "stake")
    if c.target == s.holder:
        raise RuleViolation("stake", N_("the holder cannot use the stake on himself"))
    character = _seen_character(s, c.target, c.character, "stake")
    new = s.with_seat(c.target, known=character)
    outcome = Outcome.HUNTERS_STAKE if character is Character.VAMPIRE else Outcome.EVIL_STAKE
    events += [E.StakeUsed(s.holder, c.target, character.value)]
    return replace(new, outcome=outcome)


def _spare(rules: Rules, s: State, c: C.Spare, events: list[Event]) -> State:
    """No kill this Dawn: the holder chooses the next holder."""
    events += [E.StakeSpared(s.holder)]
    return replace(s, step=Step.GIVE_STAKE, chooser=s.holder)


def _adjust(rules: Rules, s: State, c: C.Adjust, events: list[Event]) -> State:
    """Set Clock nights, bites, rituals cast or the holder to what is on the table."""
    changes: dict[str, Any] = {}
    new = s
    if c.nights is not None:
        if c.nights < 0:
            raise CommandError(N_("adjust: nights cannot be negative"))
        if s.night_cards is not None and c.nights > s.night_cards:
            raise RuleViolation(
                "night cards", N_("there are only {total} Night cards in the game"), total=s.night_cards
            )
        new, changes["nights"] = replace(new, nights=c.nights), c.nights
    for name, n in (c.bites or {}).items():
        _player(s, name, "adjust")
        if n < 0:
            raise CommandError(N_("adjust: bites cannot be negative"))
        new = new.with_seat(name, bites=n)
        changes.setdefault("bites", {})[name] = n
    if c.rituals is not None:
        unknown = [r for r in c.rituals if rules.ritual(r) is None]
        if unknown or len(set(c.rituals)) != len(c.rituals):
            raise CommandError(
                N_("adjust: rituals must be different known keys, got {values}"), values=list(c.rituals)
            )
        new, changes["rituals"] = replace(new, rituals_used=tuple(c.rituals)), list(c.rituals)
    if c.holder is not None:
        _player(s, c.holder, "adjust")
        new, changes["holder"] = replace(new, holder=c.holder), c.holder
    if not changes:
        raise CommandError(N_("adjust: say what to set (nights, bites, rituals or holder)"))
    events += [E.Adjusted(changes)]
    return new


# -- helpers ---------------------------------------------------------------------------------


def _check_end(rules: Rules, s: State, events: list[Event]) -> State:
    """Set the outcome when bites or rituals reach their goal (or a stake ended it)."""
    outcome = s.outcome
    if outcome is None and sum(s.bites) >= s.bites_to_win:
        outcome = Outcome.EVIL_BITES
    if outcome is None and len(s.rituals_used) >= rules.rituals_to_win:
        outcome = Outcome.HUNTERS_RITUALS
    if outcome is None:
        return s
    events.append(GameOver(outcome.value))
    return replace(s, outcome=outcome, step=Step.OVER)


def _player(s: State, name: str, rule: str) -> None:
    """Refuse names that are not a seat, and Renfield (who never holds, is bitten or staked)."""
    if name not in s.players:
        raise CommandError(N_("{verb}: no player called {name!r}"), verb=rule, name=name)
    if name == s.renfield:
        raise RuleViolation(rule, N_("{name} is Renfield"), name=name)


def _room_for_cards(s: State, n: int) -> None:
    """Bites and Nights come from the cards given this round, and never with a Ritual."""
    if s.round_ritual:
        raise RuleViolation("cards", N_("a Ritual was cast: every card given was an Incantation"))
    left = s.cards_unused
    if n > left:
        raise RuleViolation(
            "cards",
            N_("only {played} cards were given this round ({left} not yet used for Bites or Nights)"),
            played=s.played,
            left=left,
        )


def _nights_outside(s: State, n: int) -> None:
    """Night cards join the Clock only from outside it: the game has `night_cards` in all (a game
    journaled before they were counted has no limit)."""
    outside = s.nights_outside
    if outside is not None and n > outside:
        raise RuleViolation(
            "night cards",
            N_(
                "there are {total} Night cards in all and {clock} are in the Clock: "
                "at most {outside} can have reached Renfield"
            ),
            total=s.night_cards,
            clock=s.nights,
            outside=outside,
        )


def _ritual_effect(s: State, ritual: Ritual, c: C.Cast) -> tuple[State, str | None]:
    """Apply what the engine tracks of a Ritual's effect."""
    effect = ritual.effect
    if effect == "remove-night":
        # the Night card goes to the discard pile, so it leaves the Clock but stays in the game
        if s.night_cards is not None and s.nights == 0:
            raise RuleViolation(
                "night cards",
                N_("{name} discards a Night card from the Clock, and the Clock holds none"),
                name=ritual.name,
            )
        return replace(s, nights=max(0, s.nights - 1)), None
    if effect == "table" and c.target is None:
        return s, None
    if c.target is None:
        raise CommandError(N_("cast: {ritual} needs a target player"), ritual=c.ritual)
    _player(s, c.target, "ritual")
    if effect != "reveal":
        return s, None
    character = _seen_character(s, c.target, c.character, "ritual")
    return s.with_seat(c.target, known=character), character.value


def _seen_character(s: State, name: str, given: str | None, rule: str) -> Character:
    """The character of `name`: known, or as the table saw it; refuse contradictions."""
    known = s.known_of(name)
    seen = _character(given) if given is not None else known
    if seen is None:
        raise CommandError(
            N_("{verb}: say which character card {name} has (vampire or hunter)"), verb=rule, name=name
        )
    if known is not None and seen is not known:
        raise RuleViolation(
            rule, N_("{name}'s card is already known to be {value}"), name=name, value=known.value
        )
    others = [p for p, k in zip(s.players, s.known) if k is Character.VAMPIRE and p != name]
    if seen is Character.VAMPIRE and others:
        raise RuleViolation(rule, N_("there is one Vampire and it is {vampire}"), vampire=others[0])
    suspects = [
        p for p, k in zip(s.players, s.known) if p not in (s.renfield, name) and k is not Character.HUNTER
    ]
    if seen is Character.HUNTER and not suspects:
        raise RuleViolation(rule, N_("every other card is a Hunter: {name} is the Vampire"), name=name)
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
        raise CommandError(N_("reveal: card must be night or dawn, got {value!r}"), value=value) from None


def _character(value: str) -> Character:
    """A character from its JSON name."""
    try:
        return Character(value)
    except ValueError:
        raise CommandError(N_("character must be vampire or hunter, got {value!r}"), value=value) from None


NosferatuGame.HANDLERS = {
    C.GiveStake: _give_stake,
    C.Play: _play,
    C.Reveal: _reveal,
    C.Bite: _bite,
    C.AddNight: _add_night,
    C.Cast: _cast,
    C.Resolved: _resolved,
    C.Stake: _stake,
    C.Spare: _spare,
    C.Adjust: _adjust,
    C.Rename: renaming(("players", "renfield", "holder", "chooser", "order")),
}
NosferatuGame.FILLS = {C.Reveal: _fill_reveal, C.Play: _fill_play}
