"""Armata Strigoi: the blood-point keeper and Strigoi mover behind the shared Game contract.

The companion tracks what the rules define generically (Altar and Inferno, wounds and the third
wound, the Strigoi tokens and teleports, the attack marker and the extra turn, the Supreme Strigoi
and the crumbling platforms). What only the board shows (who a Strigoi can see, monster fights)
is entered by the table as commands.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Mapping

from companion.errors import CommandError, RuleViolation
from companion.rules import args
from companion.rules.base import Action, Event
from companion.rules.strigoi import adjust, awards, encounter, events as ev, menu, rules
from companion.rules.strigoi.board import board_view
from companion.rules.strigoi.data import StrigoiData
from companion.rules.strigoi.fortress import STAY, rotate
from companion.rules.strigoi.state import (Card, Stat, State, Step, Vampire, Wolf, state_from_json,
                                           state_to_json)

VERBS = ("setup", "initiative", "encounter", "blood", "reward", "lose_blood", "wound", "heal",
         "attack_strigoi", "strigoi_move", "strigoi_attack", "end_turn", "curse", "rotate", "adjust")
TOKEN_KEYS = ("strigoi", "bonus", "count")
LOSS_REASONS = ("crushed", "ladder", "center", "other")
IN_TURN = (Step.TURN, Step.STRIGOI)


class StrigoiGame:
    """The Game object for `strigoi` (see docs/strigoi.md)."""

    id = "strigoi"
    title = "Armata Strigoi"

    def __init__(self, data: StrigoiData):
        """Keep the fortress and Strigoi data."""
        self.data = data

    # ---- the contract ----------------------------------------------------------------------
    def setup(self, command: Mapping[str, Any]) -> tuple[State, list[Event]]:
        """A new game from `{"cmd": "setup", "game": "strigoi", "players": N, "seed": S, ...}`."""
        c = self.canonical(None, command)
        n = c["players"]
        state = State(
            seed=c["seed"], wolves=tuple(Wolf(name) for name in c["powerwolves"]),
            strigoi=(Vampire("master"), Vampire("apprentice")),
            stats=tuple((k, Stat(**v)) for k, v in c["stats"].items()),
            attack_need=self.data.attack_needs[n], defeat_need=self.data.defeat_needs[n],
            start=tuple(c["start"].items()), rings=tuple(c["rings"].items()),
            ladders=tuple(tuple(e) for e in c["ladders"]),
            tokens=tuple((t["strigoi"], t["bonus"], t["count"]) for t in c["tokens"]),
            examples=tuple(c["examples"]), one_encounter=c["one_encounter"])
        state = replace(state, bag=rules.shuffled_bag(state.tokens, c["seed"], 0))
        return state, [ev.GameSetUp(tuple(c["powerwolves"]), c["start"], state.ladders)]

    def apply(self, state: State, command: Mapping[str, Any]) -> tuple[State, list[Event]]:
        """New state and events; RuleViolation/CommandError and nothing changes."""
        c = self.canonical(state, command)
        if c["cmd"] == "setup":
            raise RuleViolation("setup", "the game is already set up")
        if state.outcome:
            raise RuleViolation("over", f"the game is over ({state.outcome}); only undo can change it")
        return getattr(self, "_" + c["cmd"])(state, c)

    def canonical(self, state: State | None, command: Mapping[str, Any]) -> dict[str, Any]:
        """The command checked, with every default made explicit (what the journal stores)."""
        verb = args.verb_of(command, VERBS, self.id)
        if verb == "setup":
            return self._canonical_setup(command)
        if state is None:
            raise CommandError(f"{verb}: set the game up first")
        return getattr(self, "_canonical_" + verb, args.verb_only)(state, command)

    def actions(self, state: State) -> list[Action]:
        """What may be done now, disabled ones with the reason."""
        return menu.actions(self, state)

    def to_json(self, state: State) -> dict[str, Any]:
        """The documented state JSON with the `board` view for the lights."""
        return state_to_json(state, board_view(self.data, state))

    def from_json(self, data: Mapping[str, Any]) -> State:
        """Inverse of `to_json`."""
        return state_from_json(data)

    def outcome(self, state: State) -> str | None:
        """None while the assault goes on; "victory" or "defeat" at the end."""
        return state.outcome

    # ---- command checks ----------------------------------------------------------------------
    def _canonical_setup(self, command: Mapping[str, Any]) -> dict[str, Any]:
        """Check the setup; fill in the pack, Strigoi starts, ladders, rings and card values."""
        d = self.data
        args.same_game(command, self.id)
        n = args.integer(command, "players")
        if not d.min_players <= n <= d.max_players:
            raise RuleViolation("players", f"Armata Strigoi is for {d.min_players}..{d.max_players}"
                                           f" players, not {n}")
        seed = args.integer(command, "seed", 0)
        wolves = args.text_list(command, "powerwolves") or d.powerwolves[:n]
        if len(wolves) != n or len(set(wolves)) != n:
            raise CommandError(f"setup: `powerwolves` must be {n} different names")
        return {"cmd": "setup", "game": self.id, "players": n, "seed": seed,
                "powerwolves": list(wolves), "start": self._start(command, seed),
                "ladders": self._ladders(command, n), "rings": self._rings(command),
                "stats": self._stats(command), "tokens": self._tokens(command),
                "examples": self._examples(command),
                # a game journaled before one encounter per turn was enforced replays as recorded
                "one_encounter": args.boolean(command, "one_encounter",
                                              not _journaled_before_tokens(command))}

    def _start(self, command: Mapping[str, Any], seed: int) -> dict[str, str]:
        """Which marked platform each Strigoi starts on (random from the seed unless given)."""
        raw = command.get("start")
        if raw is None:
            rooms = list(self.data.marked)
            random.Random(f"strigoi-start-{seed}").shuffle(rooms)
            return {"master": rooms[0], "apprentice": rooms[1]}
        if not isinstance(raw, Mapping) or set(raw) != {"master", "apprentice"}:
            raise CommandError("setup: `start` must give a room for master and apprentice")
        platforms = [r.id for r in self.data.fortress.rooms.values() if r.platform]
        if any(room not in platforms for room in raw.values()) or raw["master"] == raw["apprentice"]:
            raise CommandError(f"setup: `start` needs two different platform rooms of {platforms}")
        return {"master": raw["master"], "apprentice": raw["apprentice"]}

    def _ladders(self, command: Mapping[str, Any], n: int) -> list[list[str]]:
        """One ladder per player on an outer edge, away from the Strigoi's starting rooms."""
        raw = command.get("ladders")
        f = self.data.fortress
        if raw is None:
            free = [e for e in self.data.ladders if e[0] not in self.data.marked]
            return [list(e) for e in free[:n]]
        if not isinstance(raw, list) or len(raw) != n:
            raise CommandError(f"setup: `ladders` must list {n} [room, direction] edges")
        seen = set()
        for edge in raw:
            if not f.outer_edge(edge) or tuple(edge) in seen:
                raise CommandError(f"setup: ladder {edge!r} is not a free outer edge [room, direction]")
            seen.add(tuple(edge))
        return [list(e) for e in raw]

    def _rings(self, command: Mapping[str, Any]) -> dict[str, str]:
        """Each room's book letters clockwise from north (data defaults, setup overrides)."""
        rings = {rid: r.ring for rid, r in self.data.fortress.rooms.items()}
        raw = command.get("rings", {})
        if not isinstance(raw, Mapping):
            raise CommandError("setup: `rings` must map rooms to six letters")
        for rid, ring in raw.items():
            if rid not in rings or not isinstance(ring, str) or sorted(ring) != sorted(self.data.letters):
                raise CommandError(f"setup: ring of {rid!r} must be the letters {self.data.letters}"
                                   " in some order")
            rings[rid] = ring
        return rings

    def _stats(self, command: Mapping[str, Any]) -> dict[str, dict[str, int]]:
        """The Strigoi card values (data defaults; setup `stats` overrides single numbers)."""
        out = {k: {"existence": s.existence, "damage": s.damage, "strength": s.strength}
               for k, s in self.data.stats.items()}
        raw = command.get("stats", {})
        if not isinstance(raw, Mapping):
            raise CommandError("setup: `stats` must map master/apprentice/supreme to values")
        for sid, values in raw.items():
            if sid not in out or not isinstance(values, Mapping) or not set(values) <= set(out[sid]):
                raise CommandError(f"setup: bad stats for {sid!r}")
            for key in values:
                out[sid][key] = args.integer(values, key, lo=0 if key == "damage" else 1, hi=99)
        return out

    def _tokens(self, command: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The Strigoi Action token mix: the setup's, else the box's (taught, or the example mix).

        A setup journaled before the mix was recorded (it has `stats`, `rings` and `ladders` but no
        `tokens`) used the shipped example mix: it keeps it, so old games replay unchanged."""
        raw = command.get("tokens")
        if raw is None:
            mix = self.data.example_tokens if _journaled_before_tokens(command) else self.data.tokens
            return [{"strigoi": t.strigoi, "bonus": t.bonus, "count": t.count} for t in mix]
        if not isinstance(raw, list) or not raw:
            raise CommandError("setup: `tokens` must list {strigoi, bonus, count}")
        out = []
        for t in raw:
            if not isinstance(t, Mapping) or set(t) != set(TOKEN_KEYS) or \
                    t["strigoi"] not in ("master", "apprentice"):
                raise CommandError("setup: each token is {strigoi: master|apprentice, bonus, count}")
            out.append({"strigoi": t["strigoi"], "bonus": args.integer(t, "bonus", lo=0, hi=9),
                        "count": args.integer(t, "count", lo=1, hi=20)})
        if {t["strigoi"] for t in out} != {"master", "apprentice"}:
            raise CommandError("setup: both the master and the apprentice need tokens")
        return out

    def _examples(self, command: Mapping[str, Any]) -> list[str]:
        """Which values of this game are still the shipped examples (shown as a banner): the parts
        the box data leaves unverified and the setup does not give."""
        raw = command.get("examples")
        if raw is not None:
            if not isinstance(raw, list) or not set(raw) <= set(self.data.examples_all):
                raise CommandError(f"setup: `examples` lists parts of {self.data.examples_all}")
            return [p for p in self.data.examples_all if p in raw]
        stats = command.get("stats") if isinstance(command.get("stats"), Mapping) else {}
        given = {sid for sid, v in stats.items() if isinstance(v, Mapping) and len(v) == 3}
        given |= {"tokens"} if "tokens" in command else set()  # a part counts once fully given
        out = [p for p in self.data.examples if p not in given]
        if _journaled_before_tokens(command) and not self.data.verified and "tokens" not in out:
            out.append("tokens")  # such a game plays with the shipped example mix
        return out

    def _canonical_initiative(self, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
        """Every Powerwolf's card: initiative number and direction letter (or X)."""
        raw = command.get("cards")
        names = [w.name for w in state.wolves]
        if not isinstance(raw, Mapping) or set(raw) != set(names):
            raise CommandError(f"initiative: `cards` must give a card for each of {', '.join(names)}")
        cards = {}
        for name in names:
            card = raw[name]
            if not isinstance(card, Mapping):
                raise CommandError(f"initiative: card of {name} must be {{initiative, letter}}")
            letter = card.get("letter")
            if letter not in tuple(self.data.letters) + (STAY,):
                raise CommandError(f"initiative: {name}'s letter must be one of {self.data.letters} or X")
            cards[name] = {"initiative": args.integer(card, "initiative", lo=0, hi=999), "letter": letter}
        return {"cmd": "initiative", "cards": cards}

    def _canonical_encounter(self, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
        """`encounter`: colour, result, blood icon, reward (see encounter.py)."""
        return encounter.canonical_encounter(state, command)

    def _canonical_blood(self, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
        """`blood`, with the encounter's colour if given."""
        return encounter.canonical_blood(state, command)

    def _canonical_reward(self, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
        """`reward`: Reward cards drawn outside an encounter."""
        return encounter.canonical_reward(state, command)

    def _canonical_lose_blood(self, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
        """`lose_blood` with its reason."""
        reason = command.get("reason", "other")
        if reason not in LOSS_REASONS:
            raise CommandError(f"lose_blood: reason must be one of {', '.join(LOSS_REASONS)}")
        return {"cmd": "lose_blood", "reason": reason}

    def _canonical_wound(self, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
        """`wound` a Powerwolf by n (a Double Wound is n=2)."""
        return {"cmd": "wound", "wolf": self._wolf(state, command),
                "n": args.integer(command, "n", 1, 1, 9)}

    def _canonical_heal(self, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
        """`heal` a Powerwolf by n."""
        return {"cmd": "heal", "wolf": self._wolf(state, command),
                "n": args.integer(command, "n", 1, 1, 9)}

    def _canonical_attack_strigoi(self, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
        """`attack_strigoi`: which Strigoi, by whom (default: active or counterattacking), wounds."""
        _in_turn(state, "attack_strigoi")
        wolf = command.get("wolf", state.attacked if state.step is Step.STRIGOI else state.active)
        if wolf is None:
            raise RuleViolation("counterattack", "only a Powerwolf the Strigoi attacked may "
                                                 "counterattack now")
        sid = command.get("strigoi")
        if sid is None and len(state.in_play) == 1:
            sid = state.in_play[0]
        if sid not in ("master", "apprentice"):
            raise CommandError("attack_strigoi: name the `strigoi` (master or apprentice)")
        return {"cmd": "attack_strigoi", "strigoi": sid, "wolf": self._wolf(state, {"wolf": wolf}),
                "wounds": args.integer(command, "wounds", 1, 1, 9),
                "won": args.boolean(command, "won", True)}

    def _canonical_strigoi_move(self, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
        """`strigoi_move` with the table's token, or a draw from the seeded bag."""
        out = {"cmd": "strigoi_move"}
        if "token" in command:
            if command["token"] not in ("master", "apprentice"):
                raise CommandError("strigoi_move: token must be master or apprentice")
            out["token"] = command["token"]
            out["bonus"] = args.integer(command, "bonus", 0, 0, 9)
        return out

    def _canonical_strigoi_attack(self, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
        """`strigoi_attack`: whom the Strigoi hits, wounds prevented, on a platform's centre?"""
        return {"cmd": "strigoi_attack", "wolf": self._wolf(state, command),
                "prevented": args.integer(command, "prevented", 0, 0, 9),
                "center": args.boolean(command, "center", False)}

    def _canonical_curse(self, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
        """`curse`: the Powerwolves in the cursed room that did not protect themselves."""
        hit = args.text_list(command, "hit") or ()
        for name in hit:
            self._wolf(state, {"wolf": name})
        return {"cmd": "curse", "hit": sorted(set(hit))}

    def _canonical_rotate(self, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
        """`rotate` a platform clockwise by steps (negative: anticlockwise)."""
        room = args.text(command, "room")
        if room not in self.data.fortress.rooms:
            raise CommandError(f"rotate: no room {room!r}")
        return {"cmd": "rotate", "room": room, "steps": args.integer(command, "steps", 1, -5, 5)}

    def _canonical_adjust(self, state: State, command: Mapping[str, Any]) -> dict[str, Any]:
        """`adjust`: set counts to what is on the table (see docs/strigoi.md)."""
        return adjust.canonical_adjust(self, state, command)

    def _wolf(self, state: State, command: Mapping[str, Any]) -> str:
        """A Powerwolf named in the command."""
        name = command.get("wolf")
        if name not in [w.name for w in state.wolves]:
            raise CommandError(f"{command.get('cmd', 'command')}: no Powerwolf {name!r} in this game")
        return name

    # ---- command effects ---------------------------------------------------------------------
    def _initiative(self, state: State, c: dict) -> tuple[State, list[Event]]:
        """Cards face up: turn order by lowest initiative (ties: seating order)."""
        if state.step is not Step.INITIATIVE:
            raise RuleViolation("initiative", "the cards are already revealed this round")
        seats = [w.name for w in state.wolves]
        wolves = tuple(replace(w, card=Card(**c["cards"][w.name])) for w in state.wolves)
        order = tuple(sorted(seats, key=lambda n: (c["cards"][n]["initiative"], seats.index(n))))
        state = replace(state, wolves=wolves, order=order)
        state, events = rules.start_turn(state, 0)
        return state, [ev.CardsRevealed(state.round, order), *events]

    def _encounter(self, state: State, c: dict) -> tuple[State, list[Event]]:
        """The turn's one encounter: a red or grey token fought, lost, or a Monk set free."""
        return encounter.encounter(self.data, state, c)

    def _blood(self, state: State, c: dict) -> tuple[State, list[Event]]:
        """A monster's blood icon: the turn's encounter, one more blood point on the Altar."""
        return encounter.blood(self.data, state, c)

    def _reward(self, state: State, c: dict) -> tuple[State, list[Event]]:
        """Reward cards drawn outside an encounter."""
        return encounter.reward(state, c)

    def _lose_blood(self, state: State, c: dict) -> tuple[State, list[Event]]:
        """The pack loses a blood point (crushed on a platform, ladder, platform centre...)."""
        return rules.lose_blood(self.data, state, c["reason"])

    def _wound(self, state: State, c: dict) -> tuple[State, list[Event]]:
        """Wounds from a monster or a reckless weapon."""
        return rules.wound_wolf(self.data, state, c["wolf"], c["n"])

    def _heal(self, state: State, c: dict) -> tuple[State, list[Event]]:
        """Heal wounds (not below zero)."""
        wolf = state.wolf(c["wolf"])
        if wolf.wounds == 0:
            raise RuleViolation("heal", f"{wolf.name} has no wounds")
        healed = min(c["n"], wolf.wounds)
        new = replace(wolf, wounds=wolf.wounds - healed)
        return rules.set_wolf(state, new), [ev.Healed(new.name, healed, new.wounds)]

    def _attack_strigoi(self, state: State, c: dict) -> tuple[State, list[Event]]:
        """A Powerwolf's winning fight against a Strigoi (attack or counterattack)."""
        _in_turn(state, "attack_strigoi")
        if state.altar < state.attack_need:
            raise RuleViolation("altar", f"{state.attack_need} blood points on the Altar are needed "
                                         f"to attack a Strigoi; there are {state.altar}")
        if c["strigoi"] not in state.in_play:
            raise RuleViolation("strigoi", f"the {c['strigoi']} is not in the fortress")
        if state.step is Step.TURN and c["wolf"] != state.active:
            raise RuleViolation("turn", f"it is {state.active}'s turn")
        if state.step is Step.STRIGOI and c["wolf"] != state.attacked:
            raise RuleViolation("counterattack", "only the Powerwolf the Strigoi attacked may "
                                                 "counterattack now")
        if state.step is Step.STRIGOI and state.countered and state.one_encounter:
            raise RuleViolation("counterattack", f"{c['wolf']} has already struck back at this attack")
        if state.step is Step.TURN:
            encounter.check(state)  # phase 2b: the Strigoi instead of a Monster, one encounter
            state = replace(state, encounter="strigoi")
        else:
            state = replace(state, countered=True)
        if not c["won"]:
            return state, [ev.EncounterFought(c["wolf"], "strigoi", "lost", False, "none")]
        return rules.wound_strigoi(self.data, state, c["strigoi"], c["wolf"], c["wounds"])

    def _strigoi_move(self, state: State, c: dict) -> tuple[State, list[Event]]:
        """Flip a Strigoi Action token (or take the table's) and teleport that Strigoi."""
        if state.step is not Step.TURN:
            raise RuleViolation("strigoi_move", "the Strigoi move once, after the Powerwolf's fight")
        if not state.in_play:
            raise RuleViolation("strigoi_move", "the Strigoi enter the fortress in round 2")
        events: list[Event] = []
        if state.supreme:
            if "token" in c:
                raise RuleViolation("token", "the Supreme Strigoi moves without a token")
            sid, bonus = state.supreme, 0
        elif "token" in c:
            sid, bonus = c["token"], c["bonus"]
            events.append(ev.TokenRevealed(sid, bonus, "table"))
        else:
            state, (sid, bonus) = rules.draw_token(self.data, state)
            events.append(ev.TokenRevealed(sid, bonus, "bag"))
        letter = state.wolf(state.active).card.letter
        state, move, more = rules.move_strigoi(self.data, state, sid, letter)
        if state.outcome:
            return state, events + more
        state = replace(state, step=Step.STRIGOI, moved=sid if move.moved else None, bonus=bonus)
        return state, events + more

    def _strigoi_attack(self, state: State, c: dict) -> tuple[State, list[Event]]:
        """The teleported Strigoi hits the nearest Powerwolf it sees (the table says who)."""
        if state.step is not Step.STRIGOI or state.moved is None:
            raise RuleViolation("strigoi_attack", "only a Strigoi that just moved can attack")
        if state.attacked is not None:
            raise RuleViolation("strigoi_attack", "the Strigoi attacks only one Powerwolf")
        sid = state.moved
        full = state.stat(sid).damage + state.bonus
        taken = full if c["center"] else max(0, full - c["prevented"])
        state = replace(state, marker=True, attacked=c["wolf"])
        events: list[Event] = [ev.StrigoiAttacked(sid, c["wolf"], taken, full - taken, c["center"])]
        if c["center"]:
            state, more = rules.lose_blood(self.data, state, "center")
            events += more
        if taken and not state.outcome:
            state, more = awards.give(state, "all_you_can_bleed", c["wolf"], "first wounded by a Strigoi")
            events += more
            state, more = rules.wound_wolf(self.data, state, c["wolf"], taken)
            events += more
            if c["wolf"] != state.active and any(isinstance(e, ev.Fell) for e in more):
                state, more = awards.give(state, "evil_made_me", state.active,
                                          f"their card let the {sid} give {c['wolf']} a third wound")
                events += more
        return state, events

    def _end_turn(self, state: State, c: dict) -> tuple[State, list[Event]]:
        """The next Powerwolf's turn, or the end of the round (and perhaps the extra Strigoi turn)."""
        if state.step is Step.TURN and state.in_play:
            raise RuleViolation("strigoi_move", "the Strigoi must move before the turn ends")
        if state.step not in IN_TURN:
            raise RuleViolation("end_turn", f"no Powerwolf turn to end (step {state.step.value})")
        if state.turn + 1 < len(state.order):
            return rules.start_turn(state, state.turn + 1)
        return rules.end_round(self.data, state)

    def _curse(self, state: State, c: dict) -> tuple[State, list[Event]]:
        """The extra turn's curse: one wound to each Powerwolf in the room that did not protect."""
        if state.step is not Step.CURSE:
            raise RuleViolation("curse", "only in the extra Strigoi turn")
        sid = state.moved
        events: list[Event] = [ev.Cursed(sid, state.vampire(sid).room, tuple(c["hit"]))]
        if c["hit"]:  # struck at once: the lowest initiative counts as the first
            first = awards.first_in_order(state, c["hit"])
            state, more = awards.give(state, "all_you_can_bleed", first, "first wounded by a Strigoi")
            events += more
        for name in c["hit"]:
            state, more = rules.wound_wolf(self.data, state, name, 1)
            events += more
            if state.outcome:
                return state, events
        state, more = rules.new_round(self.data, state, extra=True)
        return state, events + more

    def _rotate(self, state: State, c: dict) -> tuple[State, list[Event]]:
        """Mechanics: turn a standing platform."""
        room = self.data.fortress.rooms[c["room"]]
        if not room.platform or room.id in state.collapsed:
            raise RuleViolation("rotate", f"no platform stands in {room.name}")
        rings = dict(state.rings)
        rings[room.id] = rotate(rings[room.id], c["steps"])
        state = replace(state, rings=tuple(rings.items()))
        return state, [ev.PlatformRotated(room.id, rings[room.id])]

    def _adjust(self, state: State, c: dict) -> tuple[State, list[Event]]:
        """Tables are always right: set the counts."""
        return adjust.apply_adjust(self, state, c)


def _in_turn(state: State, verb: str) -> None:
    """Refuse outside a Powerwolf's turn."""
    if state.step not in IN_TURN:
        raise RuleViolation(verb, "only during a Powerwolf's turn")


def _journaled_before_tokens(command: Mapping[str, Any]) -> bool:
    """A canonical setup written before the token mix was journaled: stats, rings, ladders, no tokens."""
    return "tokens" not in command and all(k in command for k in ("stats", "rings", "ladders"))
