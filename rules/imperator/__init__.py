"""The Imperator system: the shared engine of the SMC games (Semper Victor, and later
Ultimus Romanorum). A title supplies its data and options; see ``engine.py`` for the
contract and ``rules/semper_victor/README.md`` for the module map."""
