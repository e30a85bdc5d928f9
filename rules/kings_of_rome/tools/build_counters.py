"""Write the first draft of ``data/units.yaml``: the double-sided military counters.

    python -m rules.kings_of_rome.tools.build_counters

The rulebook gives no counter manifest (digest §5.2): only that each military counter has
a Roman face (census class I-V and a Virtus, L191-199; the Equites are always class I,
L1347-1348) and a back of another people with the city it belongs to (L254-256), and how
many go into the cup each turn (T1, T2: 30 + 10 + 10 + 10, plus 13 drawn for the Roman
set-up, L427-431, and 5 Roman cavalry at turn 16, L410-411, and the Magistri's units from
the general stock, L866-870). This script deals a mix that fits those numbers; the file
is the source of truth afterwards (an owner of the game corrects it by hand).
"""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data"

# Roman faces: 64 infantry (classes I-V) and 20 Equites
INFANTRY = [("I", 8), ("II", 10), ("III", 14), ("IV", 16), ("V", 16)]
ROMAN_VIRTUS = {"I": 4, "II": 3, "III": 3, "IV": 2, "V": 2}
EQUITES_VIRTUS = 3
CAVALRY = 20

# backs: the four Curiae's peoples, each counter naming a city of T5 (weighted by its
# set-up garrison) and a Virtus
BACKS = {
    "latini": (["alba-longa", "praeneste", "tibur", "tusculum", "gabii", "fidenae", "aricia", "lanuvium",
                "lavinium", "bovillae", "collatia"], 26),
    "etrusci": (["veii", "tarquinii", "caere", "falerii", "veii", "tarquinii", "nepete", "sutrium", "pyrgi"], 24),
    "volsci": (["velitrae", "antium", "anagnia", "satricum", "ferentinum", "artena"], 18),
    "sabini": (["cures", "reate", "nomentum", "interamna-nahars"], 16),
}
BACK_VIRTUS = {"latini": (2, 3), "etrusci": (3, 2), "volsci": (3, 3), "sabini": (2, 3)}


def build() -> list[dict]:
    fronts = []
    for klass, n in INFANTRY:
        fronts += [("inf", klass, ROMAN_VIRTUS[klass])] * n
    fronts += [("cav", "I", EQUITES_VIRTUS)] * CAVALRY
    backs = []
    for people, (cities, n) in BACKS.items():
        for i in range(n):
            backs.append((people, cities[i % len(cities)], BACK_VIRTUS[people][i % 2]))
    # interleave so that every class meets every people (a deterministic deal)
    backs.sort(key=lambda b: (hash_key(b[1]), b[0]))
    out = []
    for i, (front, back) in enumerate(zip(fronts, _spread(backs, len(fronts)))):
        arm, klass, virtus = front
        people, city, bvirtus = back
        out.append({"id": f"u{i + 1:02d}", "arm": arm, "class": klass, "virtus": virtus,
                    "back": {"people": people, "city": city, "virtus": bvirtus + (1 if arm == "cav" and bvirtus < 3 else 0)}})
    return out


def hash_key(text: str) -> int:
    return sum((i + 1) * ord(c) for i, c in enumerate(text)) % 97


def _spread(items, n):
    step = 37  # coprime with 84: every front class gets a mix of backs
    return [items[(i * step) % len(items)] for i in range(n)]


HEADER = """\
# Kings of Rome: the double-sided military counters (84). Checked on load by
# rules/kings_of_rome/data.py. RECONSTRUCTED: the rulebook prints no counter manifest.
#
# Pinned facts (tests/rules/kings_of_rome/test_counter_clues.py): a Roman face with a census
# class I-V and a Virtus (L191-199); the Equites are class I (L1347-1348); a back of another
# people naming its city (L254-256) and carrying "Captivi" (L305-315); the back peoples are
# those of the garrison colours, Rasna, Volsci, Latins, Sabines (L517-522); enough counters
# for the cup (30 + 10 + 10 + 10, L318-320, L395-407), the Roman set-up (2 x (4 infantry +
# 1 cavalry) + 3 infantry, L427-431), 5 Roman cavalry at turn 16 (L410-411) and the
# Magistri's units from the general stock (L866-870).
# Reconstructed: the mix (64 infantry, 20 cavalry; classes 8/10/14/16/16), the Virtus of
# each class (I 4, II-III 3, IV-V 2; Equites 3), the backs (Latins 26, Etruscans 24, Volsci
# 18, Sabines 16) and their Virtus (2 or 3; cavalry backs at least 3).
#
#   arm  inf | cav      class  I..V (Roman face)      virtus  Roman face
#   back {people, city, virtus}: the non-Roman face
"""


def main() -> int:
    units = build()
    with open(DATA / "units.yaml", "w", encoding="utf-8") as fh:
        fh.write(HEADER + "\nunits:\n")
        for u in units:
            b = u["back"]
            fh.write(f'  - {{id: {u["id"]}, arm: {u["arm"]}, class: "{u["class"]}", virtus: {u["virtus"]}, '
                     f'back: {{people: {b["people"]}, city: {b["city"]}, virtus: {b["virtus"]}}}}}\n')
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
