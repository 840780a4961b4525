"""The contract a game keeps, as one test module a plugin runs against itself.

    pip install -e ./my-game            # the plugin's own distribution, beside the companion
    NIGHTWATCH_GAMES=my-game pytest --pyargs companion.testing

`test_contract.py` plays every selected game (`NIGHTWATCH_GAMES`, comma-separated ids; unset: every
installed game) with its own bot mixed with random enabled actions, and checks what every reader of
the companion relies on. Nothing else is asked of a game: no file names, no module layout (its
events may live anywhere in its package: `GamePlugin.event_classes` finds them), no parameter on
its actions. What it checks, in order:

1. the catalog finds it: its entry point names a `companion.games.GamePlugin` subclass whose `id`
   matches, with a title and an order, and `companion.plugins.verify` passes (engine and bot load,
   the engine has the game API and the same id);
2. random legal play reaches an end within 3000 commands, and every state survives a JSON round trip;
3. replaying the journaled commands gives the live game back;
4. the canonical form of a command is a fixed point and applies like the raw command;
5. a refused command raises RuleViolation or CommandError and changes nothing;
6. every enabled action that needs nothing more is accepted; every action's parameters (if it has
   any) take every value they allow and refuse values outside;
7. the game API (players, current player, phase, step, outcome) agrees with the state JSON (`view`);
8. the same mistake gets the same error in every game (second setup, unknown verb or parameter,
   a command the step does not take, a command after the end);
9. a seed plays the same game twice; GameSetUp comes first, GameOver last with the outcome; a setup
   outside the data's player range is refused;
10. the readers' answers: `result` names winners who are players and says one sentence, in English
    and German without a placeholder left; `headline`, `stage` and `board_lines` give words;
    every event it emits has a narration line (its `narration()` or the shared ones) that reads as
    words (no Python values, no raw keys).

`contract.py` holds the machinery (a game played to its end, setups, the bot mixed with random
actions) and `params.py` the values tried for an action's parameters; the repo's own test suite
(tests/rules/test_contract.py) runs this module over the shipped games with their own expectations
on top.
"""
