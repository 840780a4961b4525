"""Sound cues: synthesis, mixer formats, silent fallback, engine event -> cue mapping."""

import pygame
import pytest

from companion.ui.sound import Cue, Sounds, cue_for_event, cues_for_events, synth, to_mixer_bytes


@pytest.mark.parametrize("cue", list(Cue))
def test_synth_cue_is_short_audible_and_not_clipped(cue):
    samples = synth(cue, 8000)
    assert 0.01 < len(samples) / 8000 < 2.0
    assert max(abs(s) for s in samples) > 2000
    assert max(abs(s) for s in samples) < 32767


def test_synth_is_deterministic_even_with_noise():
    assert synth(Cue.COMBAT, 8000) == synth(Cue.COMBAT, 8000)


def test_cues_differ():
    assert len({bytes(synth(c, 4000)) for c in Cue}) == len(Cue)


def test_to_mixer_bytes_formats():
    s = synth(Cue.CLICK, 8000)
    assert len(to_mixer_bytes(s, -16, 1)) == 2 * len(s)
    assert len(to_mixer_bytes(s, -16, 2)) == 4 * len(s)
    assert len(to_mixer_bytes(s, 8, 1)) == len(s)
    assert len(to_mixer_bytes(s, 32, 2)) == 8 * len(s)
    with pytest.raises(ValueError):
        to_mixer_bytes(s, 24, 1)


def test_sounds_play_with_dummy_driver_and_respect_mute_and_volume():
    with Sounds(volume=0.5) as snd:
        assert snd.available, snd.why
        assert snd.play(Cue.DAY_BELL) and snd.play("click")
        assert not snd.play("no-such-cue")
        snd.apply({"mute": True})
        assert not snd.play(Cue.DAY_BELL)
        snd.apply({"mute": False, "volume": 0.0})
        assert not snd.play(Cue.DAY_BELL)


def test_sounds_without_an_audio_device_are_silent(monkeypatch):
    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-driver")
    snd = Sounds()
    assert not snd.open()
    assert "sound not available" in snd.why
    assert snd.play(Cue.VICTORY) is False
    snd.close()
    snd.close()


def test_cue_for_engine_events():
    assert cue_for_event({"event": "round_began", "round": 2, "leading": "Mila"}) is Cue.DAY_BELL
    assert cue_for_event({"event": "night_began", "round": 2}) is Cue.NIGHTFALL
    assert cue_for_event({"event": "agents_placed", "district": "B2", "n": 2, "exposed": False}) is Cue.AGENTS
    assert cue_for_event({"event": "veil_changed", "old": 4, "new": 3, "why": "x"}) is Cue.VEIL_DROP
    assert cue_for_event({"event": "veil_changed", "old": 3, "new": 4, "why": "recruit"}) is None
    assert cue_for_event({"event": "combat_started", "district": "C1"}) is Cue.COMBAT
    assert cue_for_event({"event": "vampire_drained", "vampire": "Imre"}) is Cue.DRAINED
    assert cue_for_event({"event": "game_over", "outcome": "victory"}) is Cue.VICTORY
    assert cue_for_event({"event": "game_over", "outcome": "defeat-deck"}) is Cue.DEFEAT
    assert cue_for_event({"event": "blood_changed", "vampire": "Imre"}) is None


def test_cues_for_events_dedupes_and_lets_the_end_win():
    placed = {"event": "agents_placed", "district": "A1", "n": 1, "exposed": False}
    drop = {"event": "veil_changed", "old": 2, "new": 1, "why": ""}
    assert cues_for_events([placed, placed, drop]) == ["agents_arrive", "veil_drop"]
    assert cues_for_events([placed, drop, {"event": "game_over", "outcome": "defeat-veil"}]) == ["defeat"]
    assert cues_for_events([]) == []


def test_night_ambience_loops_and_stops_and_follows_mute():
    from companion.ui.sound import Sounds

    s = Sounds(0.5, mute=False)
    if not s.open():  # no mixer at all on this machine: ambience is simply off
        assert s.ambience(True) is False
        return
    try:
        assert s.ambience(True) is True and s._ambience is not None
        assert s.ambience(True) is True  # already playing: not a second loop
        assert s.ambience(False) is False and s._ambience is None
        s.apply({"mute": True})
        assert s.ambience(True) is False
    finally:
        s.close()
