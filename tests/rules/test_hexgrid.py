"""The shared axial hex geometry: cells, labels, neighbours and straight lines."""

from __future__ import annotations

from rules.hexgrid import DIRECTIONS, ROWS_44, ROWS_51, board, touching


def test_rows_give_the_two_board_shapes():
    small, large = board(ROWS_44), board(ROWS_51)
    assert small.size == 44 and large.size == 51
    assert board(ROWS_44) is small  # built once


def test_labels_are_place_in_row_letter_and_row_number_in_reading_order():
    grid = board(ROWS_44)
    assert grid.labels[:5] == ("a1", "b1", "c1", "d1", "e1")
    assert grid.label(grid.index((0, 0))) == "d4"
    assert grid.find(" D4 ") == grid.index((0, 0))
    assert grid.find("i4") is None and grid.find("a8") is None


def test_neighbours_follow_the_six_axial_directions():
    grid = board(ROWS_44)
    centre = grid.index((0, 0))
    expected = {grid.index((dq, dr)) for dq, dr in DIRECTIONS}
    assert set(grid.neighbours[centre]) == expected
    corner = grid.find("a4")
    assert corner is not None
    assert sorted(grid.label(n) for n in grid.neighbours[corner]) == ["a3", "a5", "b4"]


def test_rays_run_in_straight_lines_to_the_edge():
    grid = board(ROWS_44)
    start = grid.find("c4")
    assert start is not None
    east = DIRECTIONS.index((1, 0))
    north_east = DIRECTIONS.index((1, -1))
    assert [grid.label(i) for i in grid.rays[start][east]] == ["d4", "e4", "f4", "g4", "h4"]
    assert [grid.label(i) for i in grid.rays[start][north_east]] == ["c3", "c2", "c1"]
    assert all(
        grid.step[start][d] == (ray[0] if ray else -1) for d, ray in enumerate(grid.rays[start])
    )


def test_a_straight_n_hex_group_touches_2n_plus_4_hexes():
    """games.md: a 2-hex island touches 8 hexes, a straight 3-hex island 10."""
    small, large = board(ROWS_44), board(ROWS_51)
    assert len(touching(small, [small.index((0, 0)), small.index((1, 0))])) == 8
    island = [large.index((q, 0)) for q in range(3)]
    assert len(touching(large, island)) == 10
