"""The data loader refuses broken files with a clear message, and the shipped data is
consistent (provenance on every record, lon/lat for drawing)."""

from __future__ import annotations

import copy

import pytest

from rules.tetrarchia import data
from rules.tetrarchia.data import DataError


@pytest.fixture(scope="module")
def raw_board():
    return data.read_yaml(data.DATA_DIR / "board.yaml")


def test_shipped_files_load():
    assert len(data.board().provinces) == 48
    assert list(data.emperors()) == ["diocletian", "galerius", "constantius", "maximian"]
    assert data.tables()["pi_per_turn"] == 6


def test_every_record_says_pinned_or_reconstructed(raw_board):
    for key in ("regions", "seas", "provinces", "links"):
        for record in raw_board[key]:
            assert record["status"] in ("pinned", "reconstructed")
            assert record["ref"].strip()


def test_pinned_records_cite_a_line(raw_board):
    for key in ("provinces", "links"):
        for record in raw_board[key]:
            if record["status"] == "pinned":
                assert "L" in record["ref"], record


def test_every_province_has_a_centre_in_the_mediterranean_world(raw_board):
    for p in raw_board["provinces"]:
        assert -12 <= p["lon"] <= 45 and 25 <= p["lat"] <= 56, p["id"]


def _broken(raw_board, mutate):
    raw = copy.deepcopy(raw_board)
    mutate(raw)
    with pytest.raises(DataError) as exc:
        data.build_board(raw)
    return str(exc.value)


def test_missing_province_is_reported(raw_board):
    msg = _broken(raw_board, lambda r: r["provinces"].pop(3))
    assert "carthaginiensis" in msg and "not a province" in msg


def test_unknown_link_end_is_reported(raw_board):
    msg = _broken(raw_board, lambda r: r["links"].append({"a": "roma", "b": "atlantis", "kind": "normal",
                                                          "status": "reconstructed", "ref": "x"}))
    assert "atlantis" in msg


def test_bad_link_kind_is_reported(raw_board):
    def mutate(r):
        r["links"][0]["kind"] = "river"
    assert "kind must be normal or broken" in _broken(raw_board, mutate)


def test_missing_provenance_is_reported(raw_board):
    def mutate(r):
        del r["provinces"][0]["status"]
    assert "status" in _broken(raw_board, mutate)


def test_arrow_without_link_is_reported(raw_board):
    def mutate(r):
        for p in r["provinces"]:
            if p["id"] == "narbonensis":
                p["next"] = "roma"
    assert "follows no link" in _broken(raw_board, mutate)


def test_duplicate_number_is_reported(raw_board):
    def mutate(r):
        for p in r["provinces"]:
            if p["id"] == "baetica":
                p["number"] = 1
    assert "numbers" in _broken(raw_board, mutate)


def test_tables_are_checked():
    raw = copy.deepcopy(data.read_yaml(data.DATA_DIR / "tables.yaml"))
    raw["difficulty"]["discs"] = [6, 4, 3]
    with pytest.raises(DataError, match="more emperor discs"):
        data.build_tables(raw)


def test_emperor_order_is_checked():
    raw = copy.deepcopy(data.read_yaml(data.DATA_DIR / "emperors.yaml"))
    raw["emperors"].reverse()
    with pytest.raises(DataError, match="order of play"):
        data.build_emperors(raw)
