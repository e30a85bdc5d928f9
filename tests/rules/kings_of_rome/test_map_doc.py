"""rules/kings_of_rome/MAP.md against the data files (DECISIONS A-01): every count its
"Counts" table gives is what ``data/*.yaml`` hold, and every count this test knows is in the
table; every pinned hex MAP.md lists is the one the data give, with the line the rulebook
prints it on; the T7 readings it lists are those of ``data/tables.yaml``."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from rules.kings_of_rome.data import data
from rules.kings_of_rome.options import OPTIONS

MAP_MD = Path(__file__).resolve().parents[3] / "rules" / "kings_of_rome" / "MAP.md"
ROW = re.compile(r"^\| `([a-z0-9_.:-]+)` \| ([0-9]+) \|", re.M)


def counts() -> dict[str, int]:
    """What MAP.md's Counts table states, computed from the data."""
    d = data()
    m = d.map
    terrain = Counter(m.terrain.values())
    cities = list(d.cities.values())
    out = {
        "hexes": len(m.terrain),
        "hexes.clear": terrain["clear"], "hexes.rough": terrain["rough"], "hexes.forest": terrain["forest"],
        "hexes.lake": terrain["lake"], "hexes.coast": terrain["coast"], "hexes.sea": terrain["sea"],
        "rivers.major": sum(1 for r in m.rivers if r.get("major")),
        "rivers.minor": sum(1 for r in m.rivers if not r.get("major")),
        "hexsides.major": len(m.major_sides), "hexsides.minor": len(m.minor_sides),
        "roads": sum(1 for r in m.roads if r["kind"] == "road"),
        "tracks": sum(1 for r in m.roads if r["kind"] == "track"),
        "fords": len(m.fords),
        "boxes": len(m.boxes),
        "boxes.pinned": sum(1 for b in m.boxes.values() if b.get("status") == "pinned"),
        "cities": len(cities),
        "cities.pinned": sum(1 for c in cities if c["status"] == "pinned"),
        "cities.reconstructed": sum(1 for c in cities if c["status"] == "reconstructed"),
        "cities.major": sum(1 for c in cities if c["major"]),
        "cities.port": sum(1 for c in cities if c["port"]),
        "cities.garrisoned": sum(1 for c in cities if c["garrison"]),
        "garrison.points": sum(c["garrison"] for c in cities),
        "curiae": len(d.curiae),
        "gentes": len(d.gentes),
        "leaders": len(d.leaders),
        "leaders.named": sum(1 for r in d.leaders.values() if r["status"] == "pinned"),
        "units.double": sum(1 for u in d.units.values() if u["kind"] == "double"),
        "units.double.cav": sum(1 for u in d.units.values() if u["kind"] == "double" and u["arm"] == "cav"),
        "units.invader": sum(1 for u in d.units.values() if u["kind"] == "invader"),
        "ships": len(d.ships),
        "ships.pinned": sum(1 for s in d.ships.values() if s["status"] == "pinned"),
        "chits.garrison": len(d.garrisons),
        "chits.other": len(d.chits),
    }
    for symbol, n in Counter(c["symbol"] for c in cities).items():
        out[f"cities.symbol.{symbol}"] = n
    for people, n in Counter(c["peoples"][0] for c in cities).items():
        out[f"cities.people.{people}"] = n
    return out


def text() -> str:
    return MAP_MD.read_text(encoding="utf-8")


def test_map_md_counts_are_the_data_files_counts():
    stated = {key: int(n) for key, n in ROW.findall(text())}
    have = counts()
    assert stated, "MAP.md has no Counts table"
    wrong = {k: (v, have.get(k)) for k, v in stated.items() if have.get(k) != v}
    assert not wrong, f"MAP.md says (left), the data hold (right): {wrong}"
    missing = sorted(set(have) - set(stated))
    assert not missing, f"counts MAP.md does not give: {missing}"
    assert sum(v for k, v in have.items() if k.startswith("cities.people.")) == have["cities"]
    assert have["cities.pinned"] + have["cities.reconstructed"] == have["cities"]
    assert sum(have[f"hexes.{t}"] for t in ("clear", "rough", "forest", "lake", "coast", "sea")) == have["hexes"]


def test_the_pinned_hexes_map_md_lists_are_the_data_with_their_lines():
    d = data()
    rulebook = next((p / "shared" / "rulebooks" / "kings-of-rome-multiplayer.fr.txt"
                     for p in Path(__file__).resolve().parents if (p / "shared" / "rulebooks").exists()), None)
    lines = rulebook.read_text(encoding="utf-8").splitlines() if rulebook else None
    rows = re.findall(r"^\| (\d{4}) \| ([^|]+) \| L(\d+) \|", text(), re.M)
    assert len(rows) == 7, rows
    for hex_, what, line in rows:
        what = what.strip()
        if what.startswith("city "):
            assert d.cities[what.split()[1]]["hex"] == hex_, what
            assert d.cities[what.split()[1]]["status"] == "pinned"
        elif what.startswith("box "):
            assert d.map.boxes[what.split()[1]]["entry"] == hex_, what
        else:
            assert what.startswith("the King's start") and d.tables and hex_ in d.map.neighbours(d.rome)
        if lines is not None:
            assert hex_ in lines[int(line) - 1], (hex_, line)


def test_t7_readings_and_option_are_those_of_the_tables():
    d = data()
    t7 = d.tables["secret_name"]
    body = text()
    assert f"rows {t7['unreadable'][0]}-{t7['unreadable'][-1]}" in body
    option = next(o for o in OPTIONS if o["id"] == "secret_name_table")
    assert set(option["choices"]) == set(t7["readings"])
    for reading, results in t7["readings"].items():
        row = re.search(rf"^\| `{reading}` \|(.*)\|$", body, re.M)
        assert row, reading
        cells = [c.strip() for c in row.group(1).split("|")]
        assert cells[:11] == [results[n] for n in range(2, 13)], (reading, cells)
