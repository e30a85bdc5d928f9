"""Semper Victor's plug-in of the Imperator engine (``rules/imperator/plugin.py``): the
facts in which this title differs from its siblings, each with its rulebook line
(``../shared/rulebooks/semper-victor.fr.md``)."""

from __future__ import annotations

from rules.imperator import emperors
from rules.imperator import events as year_events
from rules.imperator import state as st
from rules.imperator.plays import held
from rules.imperator.plugin import Title, register_title
from rules.imperator.titles import is_historical_roman
from rules.semper_victor import deployment
from rules.semper_victor import battles, movement, phases, stratagems
from rules.semper_victor import choices as sv_choices
from rules.semper_victor import computer as sv_computer
from rules.semper_victor import orders as sv_orders
from rules.semper_victor import review as sv_review
from rules.semper_victor import emperors as sv_emperors
from rules.semper_victor import events as sv_events
from rules.semper_victor import position


class SemperVictorTitle(Title):
    slug = "semper-victor"
    sides = ("PRIMUS", "SECONDUS")  # SV 0.5

    # -- 1.3 combat units --------------------------------------------------------------------
    #: the Roman unit categories (SV 1.3.1): comitatenses, pseudo-comitatenses, ripenses
    roman_categories = ("CO", "PC", "RI")
    #: a unit record without a category (an adjudicator case's inline unit) is a CO
    default_category = "CO"

    def unit_pm(self, category: str) -> int:
        """SV 1.3.2 (L105): 3 PM, the comitatenses 4."""
        return 4 if category == "CO" else 3

    # -- 3.5, 3.6 emperors ---------------------------------------------------------------------
    def titled(self, state: dict, pid: str) -> str | None:
        """'augustus', 'caesar', 'usurpateur' or None (SV 3.5, 3.6)."""
        t = state["titles"]
        for side in self.sides:
            if pid in t["augusti"].get(side, []):
                return "augustus"
            if pid in t["caesars"].get(side, []):
                return "caesar"
            if pid in t["usurpers"].get(side, []):
                return "usurpateur"
        if pid in (t.get("primus_augustus"), t.get("secundus_augustus")):
            return "augustus"
        return None

    # -- 4 peoples ---------------------------------------------------------------------------
    def on_pax_romana_face(self, state: dict, people: str) -> bool:
        """A non-Roman leader is on his Pax Romana face unless his people is at war (SV 2.D
        note, L140)."""
        return state["peoples"].get(people, {}).get("status") != "war"

    # -- 7 movement, 4.2.4 stacking, 4.3 (rules/semper_victor/movement.py) -------------------
    people_active = staticmethod(movement.people_active)
    can_fight = staticmethod(movement.can_fight)
    command = staticmethod(movement.command)
    entry_kind = staticmethod(movement.entry_kind)
    unit_entry = staticmethod(movement.unit_entry)
    people_step = staticmethod(movement.people_step)
    stacking_key = staticmethod(movement.stacking_key)
    stacking_clash = staticmethod(movement.stacking_clash)
    rebels_matter = staticmethod(movement.rebels_matter)
    rebel_key = staticmethod(movement.rebel_key)
    rebels_clash = staticmethod(movement.rebels_clash)
    commands = staticmethod(movement.commands)

    # -- 8 battles, the SMC (rules/semper_victor/battles.py) --------------------------------
    battle_vp = battles.BATTLE_VP
    legitimate_titles = battles.LEGITIMATE_TITLES
    die_modifiers = staticmethod(battles.die_modifiers)
    fixed_row = staticmethod(battles.fixed_row)
    chosen_die = staticmethod(battles.chosen_die)
    battle_record = staticmethod(battles.battle_record)
    after_battle = staticmethod(battles.after_battle)
    after_deaths = staticmethod(battles.after_deaths)
    gone_when_eliminated = staticmethod(battles.gone_when_eliminated)
    after_smc = staticmethod(battles.after_smc)
    sides_after_moves = staticmethod(battles.sides_after_moves)
    sides_after_fight = staticmethod(battles.sides_after_moves)

    def die_counters(self, ctx, zone: str, attacker: str, al: list, dl: list, events: list) -> list:
        """No counter adds to the die in Semper Victor."""
        return []

    # -- 6 stratagems (rules/semper_victor/stratagems.py) -------------------------------------
    #: counters that fire in a battle, not when played (plays.py)
    battle_triggers = stratagems.BATTLE_TRIGGERS
    #: counters that stay on the map when played
    stratagem_markers = stratagems.MARKERS
    uprising_eligible = staticmethod(stratagems.uprising_eligible)
    stratagem_problems = staticmethod(stratagems.problems)
    apply_stratagem = staticmethod(stratagems.apply)
    stratagem_candidates = staticmethod(stratagems.candidates)

    # -- 2 the sequence ----------------------------------------------------------------------
    new_state = staticmethod(phases.new_state)
    #: the kinds of phase prompt this title adds to the family's (answered by ``answer``)
    phase_kinds = ("deploy", "nominations", "veto")
    #: SV 3.3.2 (L231-235): the limitanei placed by their owners (rules/semper_victor/deployment.py)
    opening = staticmethod(deployment.open_deployment)

    def ask_pending(self, world, state: dict, dice, events: list) -> bool:
        """SV 3.3.2: the limitanei to deploy at the start; SV 3.5.2: a successor to pick."""
        return deployment.ask(world, state) or emperors.ask_choice(world, state, dice, events)

    # -- 3.5 emperors: deaths and successions (rules/semper_victor/emperors.py) ---------------
    death_candidate = staticmethod(is_historical_roman)
    choice_options = staticmethod(sv_emperors.choice_options)
    apply_choice = staticmethod(sv_emperors.apply_choice)
    choice_prompt = staticmethod(sv_emperors.choice_prompt)
    roles_without_standing = sv_emperors.ROLES_WITHOUT_STANDING

    def after_draw(self, world, state: dict, dice, events: list) -> None:
        """Nothing more in A (SV 2.A)."""

    def initiative_cp(self, world, state: dict) -> int | None:
        """SV 2.B (L118): PRIMUS wins below the CP of his Primus Augustus."""
        primus = state["titles"]["primus_augustus"]
        return st.leader_def(world, state, primus)["cp"] if primus in state["pieces"] else 0

    def initiative_plays(self, world, state: dict, side: str, reversing: bool) -> list[dict]:
        """SV 6.2 (L603): the loser of the roll may reverse it with an Initiative counter;
        nothing answers a reversal."""
        if reversing:
            return []
        return [{"stratagem": "initiative"}] if held(state, side, "initiative") else []

    def phase_c_start(self, world, state: dict, dice, events: list) -> None:
        phases.leader_entries(world, state, dice, events)
        phases.war_entry_draw(world, state, dice, events)

    geostrategy_choices = staticmethod(phases.geostrategy_choices)
    geostrategy_answer = staticmethod(phases.geostrategy_answer)

    def geostrategy_public(self, choices: dict) -> bool:
        """Constantinople and placements are asked even of a player who passes (A74)."""
        return "constantinople" in choices or "place" in choices

    pax_romana_applies = staticmethod(phases.pax_romana_applies)
    pax_romana_watch = staticmethod(phases.pax_romana_watch)
    smc_total = staticmethod(phases.smc_total)

    #: the events table of D (SV 2.D, L142; A23): number -> (en, fr, effect)
    event_table = sv_events.TABLE

    def d_stage(self, state: dict) -> dict:
        return {"year": state["year"], "queue": ["PRIMUS", "SECONDUS"], "vetoes": [], "vetoed": []}

    administration_prompts = staticmethod(phases.administration_prompts)
    reinforcements = staticmethod(phases.reinforcements)
    answer = staticmethod(phases.answer)

    def start_of_smc(self, world, state: dict, side: str, events: list) -> None:
        year_events.forced_march(world, state, side, events)  # event 6 (A75)

    review_f1_to_f4 = staticmethod(phases.review_f1_to_f4)
    end_of_game = staticmethod(phases.end_of_game)
    projected_points = staticmethod(sv_computer.projected_points)  # computer players (docs/computer.md)

    # -- order sets, prompts, the text notation (rules/semper_victor/orders.py) ------------
    kind_fields = sv_orders.KIND_FIELDS
    reaction_keys = sv_orders.REACTION_KEYS
    name_prefixes = sv_orders.NAME_PREFIXES
    prompt_titles = sv_orders.PROMPT_TITLES
    schema_fields = sv_orders.SCHEMA_FIELDS
    reaction_schemas = sv_orders.REACTION_SCHEMAS
    play_schema_fields: dict = {}
    play_keywords: dict = {}
    validate_orders = staticmethod(sv_orders.validate)
    validate_reaction = staticmethod(sv_orders.validate_reaction)
    default_orders = staticmethod(sv_orders.default_orders)
    prompt_options = staticmethod(sv_orders.prompt_options)
    play_bare_field = staticmethod(sv_orders.play_bare_field)
    play_defaults = staticmethod(sv_orders.play_defaults)
    parse_line = staticmethod(sv_orders.parse_line)
    format_lines = staticmethod(sv_orders.format_lines)

    # -- the questions of a prompt (rules/semper_victor/choices.py) --------------------------
    choice_builders = sv_choices.BUILDERS
    geostrategy_summary = sv_choices.GEOSTRATEGY_SUMMARY
    geostrategy_pass_label = sv_choices.GEOSTRATEGY_PASS
    successor_roles = sv_choices.SUCCESSOR_ROLES
    succession_ref = sv_choices.SUCCESSION_REF
    geostrategy_questions = staticmethod(sv_choices.geostrategy_questions)
    review_questions = staticmethod(sv_choices.review_questions)
    standing_questions = staticmethod(sv_choices.standing_questions)

    # -- F: the owner's choices (rules/semper_victor/review.py) -----------------------------
    review_choices = staticmethod(sv_review.choices)
    review_defaults = staticmethod(sv_review.defaults)
    review_problems = staticmethod(sv_review.problems)
    review_apply = staticmethod(sv_review.apply)

    # -- adjudicator cases (rules/imperator/position.py) ----------------------------------
    clear_titles = staticmethod(position.clear_titles)
    position_before_pieces = staticmethod(position.before_pieces)
    position_after_pieces = staticmethod(position.after_pieces)
    give_position_title = staticmethod(position.give_title)
    position_keys = position.POSITION_KEYS
    #: piece fields a position may set besides the family's
    piece_keys = ()
    #: the side of a Roman piece placed without one (SV 3.7.2)
    side_at = staticmethod(phases._side_at)


TITLE = register_title(SemperVictorTitle())
