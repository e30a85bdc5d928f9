"""Ultimus Romanorum's plug-in of the Imperator engine (``rules/imperator/plugin.py``): the
facts in which this title differs from its siblings, each with its rulebook line
(``../shared/rulebooks/ultimus-romanorum.fr.txt``)."""

from __future__ import annotations

from rules.imperator import emperors as family_emperors
from rules.imperator.plugin import Title, register_title
from rules.ultimus_romanorum import battles, movement, phases, position, stratagems
from rules.ultimus_romanorum import choices as ur_choices
from rules.ultimus_romanorum import computer as ur_computer
from rules.ultimus_romanorum import emperors as ur_emperors
from rules.ultimus_romanorum import events as ur_events
from rules.ultimus_romanorum import messages  # noqa: F401 - registers UR's problem codes
from rules.ultimus_romanorum import orders as ur_orders
from rules.ultimus_romanorum import review as ur_review
from rules.ultimus_romanorum.halves import BARBARE, ROMAIN, titled as ur_titled


class UltimusRomanorumTitle(Title):
    slug = "ultimus-romanorum"
    sides = (ROMAIN, BARBARE)  # UR 0.5 (L38-44)

    # -- 1.3 combat units --------------------------------------------------------------------
    #: limitanei, comitatenses, palatini, buccellarii (UR 1.3.1, L96-104)
    roman_categories = ("LI", "CO", "PA", "BU")
    default_category = "CO"

    def unit_pm(self, category: str) -> int:
        """UR 1.3.2 (L109-112; A12): 3 PM, the palatini and buccellarii 4."""
        return 4 if category in ("PA", "BU") else 3

    # -- 3.5, 3.6 emperors ---------------------------------------------------------------------
    def titled(self, state: dict, pid: str) -> str | None:
        return ur_titled(state, pid)

    # -- 4 peoples ---------------------------------------------------------------------------
    def on_pax_romana_face(self, state: dict, people: str) -> bool:
        """UR 4.2.2 (L591-593): a people at peace keeps its leaders on their Pax Romana face
        (or marker), out of play for the SMC count (L161-162)."""
        return state["peoples"].get(people, {}).get("status") == "peace"

    # -- 7 movement, 4.2.4 stacking, 4.3 -----------------------------------------------------
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

    # -- 8 battles -----------------------------------------------------------------------------
    battle_vp = battles.BATTLE_VP
    legitimate_titles = battles.LEGITIMATE_TITLES
    die_modifiers = staticmethod(battles.die_modifiers)
    fixed_row = staticmethod(battles.fixed_row)
    die_counters = staticmethod(battles.die_counters)
    chosen_die = staticmethod(battles.chosen_die)
    battle_record = staticmethod(battles.battle_record)
    after_battle = staticmethod(battles.after_battle)
    after_deaths = staticmethod(battles.after_deaths)
    gone_when_eliminated = staticmethod(battles.gone_when_eliminated)
    after_smc = staticmethod(battles.after_smc)
    sides_after_moves = staticmethod(battles.sides_after_moves)
    sides_after_fight = staticmethod(battles.sides_after_fight)

    # -- 6 stratagems ------------------------------------------------------------------------
    battle_triggers = battles.BATTLE_TRIGGERS
    stratagem_markers = stratagems.MARKERS
    uprising_eligible = staticmethod(stratagems.uprising_eligible)
    stratagem_problems = staticmethod(stratagems.problems)
    apply_stratagem = staticmethod(stratagems.apply)
    stratagem_candidates = staticmethod(stratagems.candidates)

    # -- 2 the sequence ----------------------------------------------------------------------
    new_state = staticmethod(phases.new_state)
    phase_kinds = ("patrices",)

    def ask_pending(self, world, state: dict, dice, events: list) -> bool:
        """3.5.2: a successor (or the Honorius case's usurper) to pick."""
        return family_emperors.ask_choice(world, state, dice, events)

    death_candidate = staticmethod(ur_emperors.is_historical)
    choice_options = staticmethod(ur_emperors.choice_options)
    apply_choice = staticmethod(ur_emperors.apply_choice)
    choice_prompt = staticmethod(ur_emperors.choice_prompt)
    roles_without_standing = ur_emperors.ROLES_WITHOUT_STANDING

    def after_draw(self, world, state: dict, dice, events: list) -> None:
        """Nothing more in A: the fleeing Augustus's counter came in F (3.6.6)."""

    initiative_cp = staticmethod(phases.initiative_cp)
    initiative_plays = staticmethod(phases.initiative_plays)
    phase_c_start = staticmethod(phases.phase_c_start)
    geostrategy_choices = staticmethod(phases.geostrategy_choices)
    geostrategy_answer = staticmethod(phases.geostrategy_answer)
    geostrategy_public = staticmethod(phases.geostrategy_public)
    pax_romana_applies = staticmethod(phases.pax_romana_applies)
    pax_romana_watch = staticmethod(phases.pax_romana_watch)
    smc_total = staticmethod(phases.smc_total)
    #: the events table of D (L1470-1548)
    event_table = ur_events.TABLE
    d_stage = staticmethod(phases.d_stage)
    administration_prompts = staticmethod(phases.administration_prompts)
    reinforcements = staticmethod(phases.reinforcements)
    answer = staticmethod(phases.answer)
    start_of_smc = staticmethod(phases.start_of_smc)
    review_f1_to_f4 = staticmethod(phases.review_f1_to_f4)
    end_of_game = staticmethod(phases.end_of_game)
    projected_points = staticmethod(ur_computer.projected_points)

    # -- order sets, prompts, the text notation ------------------------------------------------
    kind_fields = ur_orders.KIND_FIELDS
    reaction_keys = ur_orders.REACTION_KEYS
    name_prefixes = ur_orders.NAME_PREFIXES
    prompt_titles = ur_orders.PROMPT_TITLES
    schema_fields = ur_orders.SCHEMA_FIELDS
    reaction_schemas = ur_orders.REACTION_SCHEMAS
    play_schema_fields = ur_orders.PLAY_SCHEMA_FIELDS
    play_keywords = ur_orders.PLAY_KEYWORDS
    validate_orders = staticmethod(ur_orders.validate)
    validate_reaction = staticmethod(ur_orders.validate_reaction)
    default_orders = staticmethod(ur_orders.default_orders)
    prompt_options = staticmethod(ur_orders.prompt_options)
    play_bare_field = staticmethod(ur_orders.play_bare_field)
    play_defaults = staticmethod(ur_orders.play_defaults)
    parse_line = staticmethod(ur_orders.parse_line)
    format_lines = staticmethod(ur_orders.format_lines)

    # -- the questions of a prompt -------------------------------------------------------------
    choice_builders = ur_choices.BUILDERS
    geostrategy_summary = ur_choices.GEOSTRATEGY_SUMMARY
    geostrategy_pass_label = ur_choices.GEOSTRATEGY_PASS
    successor_roles = ur_choices.SUCCESSOR_ROLES
    succession_ref = ur_choices.SUCCESSION_REF
    geostrategy_questions = staticmethod(ur_choices.geostrategy_questions)
    review_questions = staticmethod(ur_choices.review_questions)
    standing_questions = staticmethod(ur_choices.standing_questions)

    # -- F: the owner's choices --------------------------------------------------------------
    review_choices = staticmethod(ur_review.choices)
    review_defaults = staticmethod(ur_review.defaults)
    review_problems = staticmethod(ur_review.problems)
    review_apply = staticmethod(ur_review.apply)

    # -- adjudicator cases ---------------------------------------------------------------------
    clear_titles = staticmethod(position.clear_titles)
    position_before_pieces = staticmethod(position.before_pieces)
    position_after_pieces = staticmethod(position.after_pieces)
    give_position_title = staticmethod(position.give_title)
    position_keys = position.POSITION_KEYS
    piece_keys = position.PIECE_KEYS
    side_at = staticmethod(phases.side_at)


TITLE = register_title(UltimusRomanorumTitle())
