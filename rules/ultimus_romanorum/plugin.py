"""Ultimus Romanorum's plug-in of the Imperator engine (``rules/imperator/plugin.py``): the
facts in which this title differs from its siblings, each with its rulebook line
(``../shared/rulebooks/ultimus-romanorum.fr.txt``). The hooks are bound by module below
(``plug``): each module of this package answers the questions of one chapter."""

from __future__ import annotations

from rules.imperator import emperors as family_emperors
from rules.imperator.plugin import Title, plug, register_title
from rules.ultimus_romanorum import battles, movement, phases, position, stratagems
from rules.ultimus_romanorum import choices as ur_choices
from rules.ultimus_romanorum import computer as ur_computer
from rules.ultimus_romanorum import emperors as ur_emperors
from rules.ultimus_romanorum import events as ur_events
from rules.ultimus_romanorum import messages  # noqa: F401 - registers UR's problem codes
from rules.ultimus_romanorum import narration as ur_narration
from rules.ultimus_romanorum import orders as ur_orders
from rules.ultimus_romanorum import review as ur_review
from rules.ultimus_romanorum.halves import BARBARE, ROMAIN, guard_of, may_embark as ur_may_embark, rallies as ur_rallies
from rules.ultimus_romanorum.halves import titled as ur_titled


class UltimusRomanorumTitle(Title):
    slug = "ultimus-romanorum"
    sides = (ROMAIN, BARBARE)  # UR 0.5 (L38-44)
    #: limitanei, comitatenses, palatini, buccellarii (UR 1.3.1, L96-104); an inline unit is a CO
    roman_categories, default_category = ("LI", "CO", "PA", "BU"), "CO"
    phase_kinds = ("patrices",)  # D4, 3.5.1

    def unit_pm(self, category: str) -> int:
        """UR 1.3.2 (L109-112; A12): 3 PM, the palatini and buccellarii 4."""
        return 4 if category in ("PA", "BU") else 3

    def titled(self, state: dict, pid: str) -> str | None:
        """3.5, 3.6: 'augustus', 'patrice', 'usurpateur' or None."""
        return ur_titled(state, pid)

    def on_pax_romana_face(self, state: dict, people: str) -> bool:
        """UR 4.2.2 (L591-593): a people at peace keeps its leaders on their Pax Romana face
        (or marker), out of play for the SMC count (L161-162)."""
        return state["peoples"].get(people, {}).get("status") == "peace"

    def ask_pending(self, world, state: dict, dice, events: list) -> bool:
        """3.5.2: a successor (or the Honorius case's usurper) to pick."""
        return family_emperors.ask_choice(world, state, dice, events)

    def after_draw(self, world, state: dict, dice, events: list) -> None:
        """Nothing more in A: the fleeing Augustus's counter came in F (3.6.6)."""


# 7 movement, 4.2.4 stacking, 4.3 command
plug(UltimusRomanorumTitle, movement, "people_active", "can_fight", "command", "entry_kind", "unit_entry", "people_step",
     "stacking_key", "stacking_clash", "rebels_matter", "rebel_key", "rebels_clash", "commands", "stop_problems",
     "free_pm", "move_problems")
# 8 battles and 6's battle counters
plug(UltimusRomanorumTitle, battles, "die_modifiers", "fixed_row", "die_counters", "chosen_die", "battle_record",
     "after_battle", "after_deaths", "gone_when_eliminated", "after_smc", "sides_after_moves", "sides_after_fight",
     "before_evasion", "weighty_leader", battle_vp=battles.BATTLE_VP, legitimate_titles=battles.LEGITIMATE_TITLES,
     battle_triggers=battles.BATTLE_TRIGGERS)
# 6 stratagems
plug(UltimusRomanorumTitle, stratagems, "uprising_eligible", stratagem_markers=stratagems.MARKERS,
     hooks={"stratagem_problems": stratagems.problems, "apply_stratagem": stratagems.apply,
            "stratagem_candidates": stratagems.candidates})
# 2 the sequence A-F
plug(UltimusRomanorumTitle, phases, "new_state", "initiative_cp", "initiative_plays", "phase_c_start", "geostrategy_choices",
     "geostrategy_answer", "geostrategy_public", "pax_romana_applies", "pax_romana_watch", "smc_total", "d_stage",
     "administration_prompts", "reinforcements", "answer", "start_of_smc", "review_f1_to_f4", "end_of_game",
     hooks={"side_at": phases.side_at, "eased_rivers": ur_events.eased_rivers}, event_table=ur_events.TABLE)
# 3.5 deaths and successions
plug(UltimusRomanorumTitle, ur_emperors, "choice_options", "apply_choice", "choice_prompt",
     hooks={"death_candidate": ur_emperors.is_historical, "rallies": ur_rallies, "may_embark": ur_may_embark,
            "bound_leader": guard_of},
     roles_without_standing=ur_emperors.ROLES_WITHOUT_STANDING)
# order sets, prompts and the text notation
plug(UltimusRomanorumTitle, None, hooks={
    "validate_orders": ur_orders.validate, "validate_reaction": ur_orders.validate_reaction,
    "default_orders": ur_orders.default_orders, "prompt_options": ur_orders.prompt_options,
    "play_bare_field": ur_orders.play_bare_field, "play_defaults": ur_orders.play_defaults,
    "parse_line": ur_orders.parse_line, "format_lines": ur_orders.format_lines},
    kind_fields=ur_orders.KIND_FIELDS, reaction_keys=ur_orders.REACTION_KEYS, name_prefixes=ur_orders.NAME_PREFIXES,
    prompt_titles=ur_orders.PROMPT_TITLES, schema_fields=ur_orders.SCHEMA_FIELDS,
    reaction_schemas=ur_orders.REACTION_SCHEMAS, play_schema_fields=ur_orders.PLAY_SCHEMA_FIELDS,
    play_keywords=ur_orders.PLAY_KEYWORDS)
# the questions of a prompt, the log
plug(UltimusRomanorumTitle, ur_choices, "geostrategy_questions", "review_questions", "standing_questions",
     choice_builders=ur_choices.BUILDERS, geostrategy_summary=ur_choices.GEOSTRATEGY_SUMMARY,
     geostrategy_pass_label=ur_choices.GEOSTRATEGY_PASS, successor_roles=ur_choices.SUCCESSOR_ROLES,
     succession_ref=ur_choices.SUCCESSION_REF, narrators=ur_narration.NARRATORS)
# F: the owner's choices (the family's only); computer players; adjudicator positions
plug(UltimusRomanorumTitle, None, hooks={
    "review_choices": ur_review.choices, "review_defaults": ur_review.defaults, "review_problems": ur_review.problems,
    "review_apply": ur_review.apply, "projected_points": ur_computer.projected_points,
    "clear_titles": position.clear_titles, "position_before_pieces": position.before_pieces,
    "position_after_pieces": position.after_pieces, "give_position_title": position.give_title},
    position_keys=position.POSITION_KEYS, piece_keys=position.PIECE_KEYS)

TITLE = register_title(UltimusRomanorumTitle())
