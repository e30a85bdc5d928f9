"""Cities, routes and off-map boxes of the first draft of the Kings of Rome map.

Each city: id, printed name, longitude, latitude, peoples (the star's colour first; an
Oscan city belongs to both the Osci and the Etruscans, L144-147), symbol (``star`` for the
cities of the four Curiae's peoples and the independent ones, ``etruscan``, ``greek``,
``samnite``, ``gallic`` for the cities that come into play with their war chit, L202-210),
major (printed in a larger font, §7.5), port (L147-149), the set-up garrison of T5 with its
lines, and a pinned hex where the text gives one. ``build_map.py`` places the others on the
hex nearest their position and writes ``../data/cities.yaml``.
"""

from __future__ import annotations

T5 = "L437-L455, L510-L515 (T5)"

# (id, name, lon, lat, peoples, symbol, major, port, garrison, pinned hex, note)
CITIES = [
    # -- Rome and the Latins (grey) --
    ("roma", "Roma", 12.484, 41.892, ["latini"], "star", True, False, 3, None,
     "Rome: a value-3 garrison (L429-431); the hex next to the King's start 3906 (L425), see MAP.md"),
    ("ostia", "Ostia", 12.29, 41.755, ["latini"], "star", False, True, 0, None,
     "Roman from the start: the Roman fleets are placed there (L1705-1709), an Etruscan target (L2002-2003)"),
    ("alba-longa", "Alba Longa", 12.65, 41.75, ["latini"], "star", True, False, 3, None, T5),
    ("aricia", "Aricia", 12.67, 41.72, ["latini"], "star", False, False, 1, None, T5),
    ("bovillae", "Bovillae", 12.62, 41.76, ["latini"], "star", False, False, 1, None, T5),
    ("collatia", "Collatia", 12.72, 41.93, ["latini"], "star", False, False, 1, None, T5),
    ("lanuvium", "Lanuvium", 12.70, 41.675, ["latini"], "star", False, False, 1, None, T5),
    ("lavinium", "Lavinium", 12.47, 41.66, ["latini"], "star", False, False, 1, None, T5),
    ("gabii", "Gabii", 12.72, 41.87, ["latini"], "star", False, False, 2, None, T5),
    ("praeneste", "Praeneste", 12.89, 41.84, ["latini"], "star", True, False, 2, None, T5),
    ("tibur", "Tibur", 12.80, 41.96, ["latini"], "star", True, False, 2, None, T5),
    ("fidenae", "Fidenae", 12.51, 41.98, ["latini"], "star", False, False, 2, None, T5 + " ('Fidene')"),
    ("tusculum", "Tusculum", 12.71, 41.80, ["latini"], "star", True, False, 2, None, T5),
    ("ardea", "Ardea", 12.54, 41.61, ["latini"], "star", False, False, 0, None, "Rutulian town of Latium"),
    # -- Sabines (yellow) --
    ("cures", "Cures", 12.62, 42.22, ["sabini"], "star", True, False, 1, None, T5),
    ("interamna-nahars", "Interamna Nahars", 12.65, 42.56, ["sabini"], "star", False, False, 1, None, T5 + " ('Interamnia Nahars')"),
    ("nomentum", "Nomentum", 12.64, 42.06, ["sabini"], "star", False, False, 1, None, T5),
    ("reate", "Reate", 12.86, 42.40, ["sabini"], "star", True, False, 1, None, T5),
    ("amiternum", "Amiternum", 13.30, 42.40, ["sabini"], "star", False, False, 0, None, "Sabine town of the upper Aternus"),
    ("trebula", "Trebula Mutuesca", 12.86, 42.26, ["sabini"], "star", False, False, 0, None, "Sabine town"),
    ("nursia", "Nursia", 13.09, 42.79, ["sabini"], "star", False, False, 0, None, "Sabine town of the high valleys"),
    # -- Volsci (violet) --
    ("anagnia", "Anagnia", 13.16, 41.74, ["volsci"], "star", False, False, 1, None, T5),
    ("satricum", "Satricum", 12.77, 41.52, ["volsci"], "star", False, False, 1, None, T5),
    ("ferentinum", "Ferentinum", 13.26, 41.69, ["volsci"], "star", False, False, 1, None, T5),
    ("antium", "Antium", 12.63, 41.45, ["volsci"], "star", True, True, 1, None, T5 + "; a port, an Etruscan target (L1969, L2003)"),
    ("artena", "Artena", 12.91, 41.74, ["volsci"], "star", False, False, 1, None, T5),
    ("velitrae", "Velitrae", 12.78, 41.69, ["volsci"], "star", True, False, 2, None, T5 + " ('Velatri (Volsca)')"),
    ("tarracina", "Tarracina", 13.25, 41.29, ["volsci"], "star", False, True, 0, None, "Anxur, the Volscian port"),
    ("circeii", "Circeii", 13.09, 41.24, ["volsci"], "star", False, False, 0, None, "Volscian town on the Circaean cape"),
    ("pometia", "Suessa Pometia", 12.96, 41.55, ["volsci"], "star", False, False, 0, None, "Volscian town of the Pomptine plain"),
    ("privernum", "Privernum", 13.19, 41.47, ["volsci"], "star", False, False, 0, None, "Volscian town"),
    ("frusino", "Frusino", 13.35, 41.64, ["volsci"], "star", False, False, 0, None, "Volscian-Hernican town of the Trerus valley"),
    ("fregellae", "Fregellae", 13.53, 41.55, ["volsci"], "star", False, False, 0, None, "Volscian town on the Liris"),
    ("sora", "Sora", 13.61, 41.72, ["volsci"], "star", False, False, 0, None, "Volscian town on the upper Liris"),
    ("casinum", "Casinum", 13.83, 41.49, ["volsci"], "star", False, False, 0, None, "Volscian town"),
    ("atina", "Atina", 13.80, 41.62, ["volsci"], "star", False, False, 0, None, "Volscian town"),
    # -- Etruscans, green star (Rasna) --
    ("veii", "Veii", 12.40, 42.02, ["etrusci"], "star", True, False, 3, None, T5 + " ('Veio')"),
    ("tarquinii", "Tarquinii", 11.76, 42.25, ["etrusci"], "star", True, True, 3, None, T5 + " ('Tarquinia'); its port Graviscae"),
    ("caere", "Caere", 12.10, 42.00, ["etrusci"], "star", True, False, 2, None, T5),
    ("falerii", "Falerii", 12.41, 42.29, ["etrusci"], "star", False, False, 2, "4508", T5 + "; hex 4508 (L1821-1822)"),
    ("nepete", "Nepete", 12.35, 42.23, ["etrusci"], "star", False, False, 1, None, T5),
    ("sutrium", "Sutrium", 12.22, 42.24, ["etrusci"], "star", False, False, 1, None, T5),
    ("pyrgi", "Pyrgi", 11.96, 41.99, ["etrusci"], "star", False, True, 1, None, T5 + " ('Pyrgus'), the port of Caere"),
    ("capena", "Capena", 12.54, 42.14, ["capenates"], "star", False, False, 0, "4309",
     "hex 4309 (L1839-1840); the Capenates, neither Latin nor Etruscan (L1841-1842)"),
    # -- Etruscan cities that come into play with the Etruscan wars (L207-210) --
    ("vetulonia", "Vetulonia", 10.97, 42.86, ["etrusci"], "etruscan", False, False, 0, None,
     "the third Etruscan expedition leaves from it without ships (L1915-1916, L1954-1955): not a port"),
    ("cosa", "Cosa", 11.29, 42.41, ["etrusci"], "etruscan", False, True, 0, None, "the port of the second Etruscan expedition (L1911-1912)"),
    ("vulci", "Vulci", 11.63, 42.42, ["etrusci"], "etruscan", False, False, 0, None, "Etruscan city"),
    ("volsinii", "Volsinii", 11.99, 42.72, ["etrusci"], "etruscan", True, False, 0, None, "Etruscan city, the shrine of the League"),
    ("clusium", "Clusium", 11.95, 43.02, ["etrusci"], "etruscan", True, False, 0, None, "Etruscan city, Porsenna's"),
    ("perusia", "Perusia", 12.39, 43.11, ["etrusci"], "etruscan", True, False, 0, None, "Etruscan city; the Umbrian war ends when it is Romanized (L2079-2081)"),
    ("rusellae", "Rusellae", 11.16, 42.83, ["etrusci"], "etruscan", False, False, 0, None, "Etruscan city"),
    ("cortona", "Cortona", 11.99, 43.27, ["etrusci"], "etruscan", False, False, 0, None, "Etruscan city"),
    ("arretium", "Arretium", 11.88, 43.46, ["etrusci"], "etruscan", False, False, 0, None, "Etruscan city"),
    ("capua", "Capua", 14.21, 41.08, ["etrusci", "osci"], "etruscan", True, False, 0, None,
     "head of the Etruscan League in Campania (L144-147)"),
    # -- Oscan cities: Osci and Etruscans both (L144-147) --
    ("caieta", "Caieta", 13.57, 41.21, ["osci", "etrusci"], "star", False, True, 0, None,
     "'the Oscan port of Kaieta', the first Etruscan expedition's port (L1910-1911)"),
    ("cales", "Cales", 14.12, 41.21, ["osci", "etrusci"], "star", False, False, 0, None, "Ausonian (Oscan) town"),
    ("suessa", "Suessa Aurunca", 13.93, 41.24, ["osci", "etrusci"], "star", False, False, 0, None, "Auruncan (Oscan) town"),
    ("nola", "Nola", 14.53, 40.93, ["osci", "etrusci"], "star", False, False, 0, None, "Oscan town of Campania"),
    ("nuceria", "Nuceria", 14.67, 40.75, ["osci", "etrusci"], "star", False, False, 0, None, "Oscan town of Campania"),
    # -- Greeks --
    ("cumae", "Cumae", 14.05, 40.85, ["graeci"], "greek", True, True, 0, None, "the Greek port of Aristodemus (L2028-2030)"),
    ("neapolis", "Neapolis", 14.25, 40.84, ["graeci"], "greek", False, True, 0, None, "Greek city of the bay"),
    # -- Samnites --
    ("rufrium", "Rufrium", 14.07, 41.38, ["samnites"], "samnite", False, False, 0, "2716", "hex 2716 (L1857)"),
    ("allifae", "Allifae", 14.33, 41.33, ["samnites"], "samnite", False, False, 0, None, "Samnite town"),
    ("aesernia", "Aesernia", 14.23, 41.59, ["samnites"], "samnite", False, False, 0, None, "Samnite town"),
    ("bovianum", "Bovianum", 14.47, 41.49, ["samnites"], "samnite", False, False, 0, None, "Samnite town, the Pentrian capital"),
    ("venafrum", "Venafrum", 14.04, 41.48, ["samnites"], "samnite", False, False, 0, None, "Samnite town"),
    ("aufidena", "Aufidena", 14.16, 41.73, ["samnites"], "samnite", False, False, 0, None, "Samnite town"),
    # -- Gauls --
    ("sena-gallica", "Sena Gallica", 13.22, 43.71, ["galli"], "gallic", False, True, 0, "5324", "hex 5324 (L1922)"),
    ("ariminum", "Ariminum", 12.57, 44.06, ["galli"], "gallic", False, True, 0, None, "the other Gallic town for the Gallic surplus (L1935-1936)"),
    # -- Umbrians --
    ("iguvium", "Iguvium", 12.58, 43.35, ["umbri"], "star", False, False, 0, None, "Umbrian town"),
    ("tuder", "Tuder", 12.41, 42.78, ["umbri"], "star", False, False, 0, None, "Umbrian town"),
    ("ameria", "Ameria", 12.42, 42.55, ["umbri"], "star", False, False, 0, None, "Umbrian town"),
    ("spoletium", "Spoletium", 12.74, 42.74, ["umbri"], "star", False, False, 0, None, "Umbrian town"),
    ("camerinum", "Camerinum", 13.07, 43.13, ["umbri"], "star", False, False, 0, None, "Umbrian town"),
    # -- Picentes --
    ("asculum", "Asculum", 13.58, 42.85, ["piceni"], "star", True, False, 0, None, "the Picene city the Gauls march through (L1955)"),
    ("firmum", "Firmum", 13.72, 43.16, ["piceni"], "star", False, False, 0, None, "Picene town"),
    ("ancona", "Ancona", 13.51, 43.62, ["piceni"], "star", False, True, 0, None, "Picene harbour"),
    # -- Aequi --
    ("carsioli", "Carsioli", 13.05, 42.10, ["aequi"], "star", False, False, 0, None, "Aequian town of the upper Anio"),
]

# -- routes: main roads (half a MP a hex) and tracks (1 MP a hex whatever the terrain), L174-175, L1133-1135
ROUTES = [
    ("via-ostiensis", "Via Ostiensis", "road", ["roma", "ostia"]),
    ("via-salaria", "Via Salaria", "road", ["roma", "fidenae", "reate", "amiternum", "asculum"]),
    ("via-tusculana", "Via Tusculana", "road", ["roma", "tusculum", "anagnia", "ferentinum", "frusino", "fregellae", "casinum", "venafrum", "cales", "capua"]),
    ("via-praenestina", "Via Praenestina", "road", ["roma", "gabii", "praeneste"]),
    ("via-tiburtina", "Via Tiburtina", "road", ["roma", "collatia", "tibur", "carsioli"]),
    ("via-nomentana", "Via Nomentana", "road", ["roma", "nomentum", "cures"]),
    ("via-albana", "Via Albana", "road", ["roma", "bovillae", "alba-longa", "aricia", "lanuvium", "velitrae"]),
    ("via-campana", "Via Caeretana", "road", ["roma", "caere", "pyrgi", "tarquinii", "vulci", "cosa"]),
    ("via-veientana", "Via Veientana", "road", ["roma", "veii", "sutrium", "volsinii", "clusium"]),
    ("via-amerina", "Via Amerina", "road", ["veii", "nepete", "falerii", "ameria", "tuder", "perusia"]),
    ("via-tiberina", "Via Tiberina", "road", ["roma", "capena", "falerii"]),
    # tracks
    ("t-lavinium", None, "track", ["ostia", "lavinium", "ardea", "antium"]),
    ("t-satricum", None, "track", ["lanuvium", "satricum", "antium"]),
    ("t-pometia", None, "track", ["velitrae", "pometia", "privernum", "tarracina", "caieta", "suessa", "cumae", "neapolis", "nuceria"]),
    ("t-circeii", None, "track", ["tarracina", "circeii"]),
    ("t-artena", None, "track", ["tusculum", "artena", "anagnia"]),
    ("t-praeneste", None, "track", ["tibur", "praeneste", "artena", "velitrae"]),
    ("t-hernici", None, "track", ["ferentinum", "privernum"]),
    ("t-liris", None, "track", ["frusino", "sora", "atina", "casinum"]),
    ("t-samnium", None, "track", ["atina", "aufidena", "aesernia", "bovianum", "allifae", "rufrium", "venafrum"]),
    ("t-rufrium", None, "track", ["rufrium", "cales"]),
    ("t-campania", None, "track", ["capua", "nola", "nuceria"]),
    ("t-capua-cumae", None, "track", ["capua", "cumae"]),
    ("t-capua-suessa", None, "track", ["cales", "suessa"]),
    ("t-sabini", None, "track", ["cures", "trebula", "reate", "interamna-nahars", "spoletium", "nursia", "amiternum"]),
    ("t-capena", None, "track", ["veii", "capena", "nomentum"]),
    ("t-fidenae", None, "track", ["fidenae", "nomentum", "tibur"]),
    ("t-caere", None, "track", ["caere", "veii"]),
    ("t-sutrium", None, "track", ["caere", "sutrium", "nepete"]),
    ("t-etruria", None, "track", ["tarquinii", "volsinii", "tuder"]),
    ("t-vulci", None, "track", ["vulci", "volsinii"]),
    ("t-coast", None, "track", ["cosa", "rusellae", "vetulonia"]),
    ("t-rusellae", None, "track", ["rusellae", "clusium", "cortona", "arretium"]),
    ("t-cortona", None, "track", ["cortona", "perusia", "iguvium", "ariminum"]),
    ("t-umbria", None, "track", ["perusia", "spoletium", "interamna-nahars", "ameria"]),
    ("t-camerinum", None, "track", ["spoletium", "camerinum", "sena-gallica"]),
    ("t-picenum", None, "track", ["sena-gallica", "ancona", "firmum", "asculum"]),
    ("t-iguvium", None, "track", ["iguvium", "sena-gallica"]),
    ("t-aequi", None, "track", ["carsioli", "amiternum"]),
    ("t-aequi-sora", None, "track", ["carsioli", "sora"]),
    ("t-falerii", None, "track", ["falerii", "cures"]),
    ("t-sutrium-falerii", None, "track", ["sutrium", "falerii"]),
]

# -- off-map boxes and their entry arrows (L186-189): id, name, people, entry (lon, lat) or a pinned hex
BOXES = [
    ("box-aequi", "Aequi", "aequi", (13.20, 42.05), None, "the Aequi's start box (L1753-1754); its arrow reconstructed beyond Carsioli"),
    ("box-volsci", "Volsci", "volsci", None, "3311", "the Volsci's entry box, 'here 3311' (L1776-1778)"),
    ("box-piceni", "Piceni", "piceni", (13.45, 42.80), None, "the Picentes' box on the map (L1808-1810); its arrow reconstructed west of Asculum"),
    ("box-umbri", "Umbri", "umbri", None, "5915", "the Umbrians enter near the north edge, 5915 (L2068-2070)"),
    ("box-latini", "Latini", "latini", (12.98, 41.80), None, "the Latins' assembly zone (L518-519, L186-189), reconstructed beyond Praeneste"),
    ("box-sabini", "Sabini", "sabini", (13.00, 42.55), None, "the Sabines' assembly zone (L518-519), reconstructed beyond Reate"),
    ("box-etrusci", "Etrusci", "etrusci", (11.95, 42.45), None, "the Etruscans' assembly zone (L518-519), reconstructed beyond Tarquinii"),
    ("box-samnites", "Samnites", "samnites", (14.25, 41.45), None, "the Samnite reserve in its map area (L1865-1866), arrow at Rufrium's side"),
    ("box-galli", "Galli", "galli", (13.05, 43.75), None, "the Gallic reserve in its map area (L1933-1935)"),
    ("box-graeci", "Graeci", "graeci", (14.15, 40.90), None, "the Greek reserve in its map area (L2048-2049)"),
]
