"""The Masters example scenario (tests/scenarios/masters.jsonl) through `companion play`, with --narrate,
and the refused line that says where the game stood."""

import json
import re

import pytest

from companion.cli.play import main
from tests.rules import SCENARIOS, scenario

MASTERS = str(SCENARIOS / "masters.jsonl")


def test_masters_example_scenario_plays_to_its_documented_end(capsys):
    """The README's example game: blue-gray split, the leader's pick of who goes short, Laszlo's Fury
    in a fight, a die by its face, a hunt. It plays through `companion play` to round 3."""
    assert main(["--script", MASTERS, "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert (state["round"], state["step"], state["veil"], state["leading"]) == (3, "day-effects", 5, "Laszlo")
    d = state["districts"]
    assert (d["A2"]["agents_hidden"], d["C3"]["agents_hidden"], d["B1"]["agents_hidden"]) == (
        1,
        1,
        0,
    )  # the leader's pick
    laszlo = state["vampires"]["Laszlo"]
    assert (laszlo["district"], laszlo["kills"], laszlo["blood"]) == ("B1", 1, 3)
    assert state["dice_used"] == [2] and d["A1"]["minions"] == 3


def test_masters_scenario_uses_the_leader_choice_and_die_values():
    """The scenario shows the new parameters, so readers learn them from it."""
    lines = scenario("masters")
    assert any(c["cmd"] == "place_agents" and "agents_to" in c for c in lines)
    assert any(c["cmd"] == "use_die" and "value" in c for c in lines)


def test_play_narrate_tells_what_each_command_did_and_the_legal_moves(capsys):
    """--narrate: each line's command, then its card and grid, agents placed, fight results and veil
    changes; at the end where the game stands and the moves open now."""
    assert main(["--script", MASTERS, "--narrate"]) == 0
    out = capsys.readouterr().out
    # what it did in the players' words: cards by name, districts by the names lying there (B1 the
    # Police Station, A3 the Hospital, B2 the Cathedral in this layout), never "I-04" or "B1"
    assert "2: draw card=I-04" in out  # (the command as the script has it)
    assert "Event card of act I: Night Patrol; red: Police Station; blue-gray: Hospital, Cathedral." in out
    assert "1 agent arrives in Police Station." in out
    assert "1 could not be placed in Police Station" in out and "The veil goes from 6 to 5" in out
    assert "Night combat in Police Station: Laszlo against 1 agent(s)." in out
    assert "Laszlo uses a 3: agent removed" in out
    assert "Combat in Police Station over: 0 agent(s) left; Laszlo +1." in out
    told = [line for line in out.splitlines() if line.startswith("    ")]
    assert [line for line in told if re.search(r"\b[A-C][1-3]\b|\bI-\d\d\b", line)] == []
    tail = out[out.index("Now: ") :]
    assert tail.startswith("Now: round 3, day / day district effects, Veil: 5")
    assert "Legal moves:" in tail and "Draw the event card" in tail and "draw + card" in tail
    assert out.index("Legal moves:") < out.index("game masters, round 3")  # then the usual summary


def test_play_narrate_with_json_keeps_stdout_the_state(capsys):
    """With --json the state JSON is still alone on stdout; the narration goes to stderr."""
    assert main(["--script", MASTERS, "--json", "--narrate"]) == 0
    cap = capsys.readouterr()
    assert json.loads(cap.out)["game"] == "masters" and "Legal moves:" in cap.err


@pytest.mark.parametrize("game", [p.stem for p in sorted(SCENARIOS.glob("*.jsonl"))])
def test_play_narrate_works_for_every_game(game, capsys):
    """Every shipped scenario (one per shipped game) narrates line by line and ends with where the game stands."""
    assert main(["--script", str(SCENARIOS / f"{game}.jsonl"), "--narrate"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1: setup game=" + game) and "\nNow: " in out and "2: " in out


def test_refused_line_says_the_step_and_whose_turn(tmp_path, capsys):
    """A refused command names its line, the rule, and the step and vampire the game was at."""
    lines = (SCENARIOS / "masters.jsonl").read_text().splitlines()[:5] + [
        '{"cmd": "recruit"}'
    ]  # after a move: 1 AP left
    script = tmp_path / "bad.jsonl"
    script.write_text("\n".join(lines) + "\n")
    assert main(["--script", str(script)]) == 1
    err = capsys.readouterr().err
    assert f"{script}:6: refused 'recruit' by rule recruit: 2 AP needed" in err
    assert "(at round 1, night / turns, Laszlo's turn, Veil: 6)" in err
