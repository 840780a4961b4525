"""The lighting benchmark runs and compares real work (shape only: no timing asserted here)."""

from benchmarks import bench_lighting


def test_bench_rows_have_the_shared_shape():
    rows = bench_lighting.run(quick=True)
    assert [r["name"] for r in rows] == ["lighting.frame.comparable", "lighting.frame.masters_night"]
    for r in rows:
        assert {"name", "unit", "median", "peer_name", "peer_median", "ratio", "goal", "ok"} <= set(r)
        assert r["median"] > 0 and r["peer_median"] > 0
        assert abs(r["ratio"] - r["median"] / r["peer_median"]) < 0.01


def test_peer_animations_really_draw_into_the_fake_strip():
    strip = bench_lighting.FakeStrip(4)
    strip[1] = (1, 2, 3)
    strip[2:4] = [(4, 5, 6), (7, 8, 9)]
    assert [strip[i] for i in range(4)] == [(0, 0, 0), (1, 2, 3), (4, 5, 6), (7, 8, 9)]
    board = bench_lighting.FakeStrip(89)
    frame = bench_lighting._peer_frame_fn(board)
    for k in range(30):
        frame(k / 30)
    lit = {i for i in range(81) if board[i] != (0, 0, 0)}
    assert any(i < 27 for i in lit) or any(i >= 54 for i in lit)  # pulses / rainbows drew
    assert all(board[i] == (0, 0, 0) for i in range(81, 89))  # nothing outside the nine subsets
