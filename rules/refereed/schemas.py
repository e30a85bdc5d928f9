"""The shapes of a refereed game's order sets (Ruleset.order_schema) and its notation help."""

from __future__ import annotations

from rules.base import json_copy
from rules.refereed.engine import MAX_TEXT

_TEXT = {"type": "string", "maxLength": MAX_TEXT}
_NAME = {"type": "string", "minLength": 1, "maxLength": 100}
_SHORT = {"type": "string", "maxLength": 200}
_INT = {"type": "integer", "minimum": -100000, "maximum": 100000}
_FORCE = {"type": "object", "additionalProperties": False, "required": ["strength"],
          "properties": {"strength": {"type": "integer", "minimum": 0, "maximum": 100000},
                         "quality": {"type": ["integer", "string"], "maxLength": 12},
                         "bt": {"type": "integer", "minimum": -100, "maximum": 100}}}
_ROLL = {"type": "object", "additionalProperties": False,
         "properties": {"dice": {"type": "string", "maxLength": 60}, "table": _NAME, "combat": _NAME,
                        "key": _NAME, "column": _NAME, "year": _INT, "modifier": _INT,
                        "attacker": _FORCE, "defender": _FORCE,
                        "modifiers": {"type": "array", "items": _NAME, "maxItems": 20},
                        "extra": _INT, "reason": _SHORT, "private": {"type": "boolean"}}}
_TEXTS = {"type": "object", "additionalProperties": _TEXT, "maxProperties": 20}
_SCORES = {"type": "object", "maxProperties": 60,
           "additionalProperties": {"type": ["integer", "string"], "maxLength": 60}}
_ATTACHMENT = {"type": "object", "additionalProperties": False, "required": ["id"],
               "properties": {"id": _NAME, "name": _SHORT, "size": {"type": "integer", "minimum": 0},
                              "content_type": _SHORT}}

SCHEMAS = {
    "orders": {
        "title": "Refereed orders", "type": "object", "additionalProperties": False, "required": ["text"],
        "description": "A seat's sealed orders: free text, and attachments stored by the platform.",
        "properties": {"text": _TEXT, "attachments": {"type": "array", "items": _ATTACHMENT, "maxItems": 5}},
    },
    "referee": {
        "title": "Refereed referee", "type": "object", "additionalProperties": False,
        "description": "The game master's work on a turn: rolls, tables attached, a correction, the result published.",
        "properties": {
            "rolls": {"type": "array", "items": _ROLL, "maxItems": 50},
            "attach": {"type": "array", "items": _NAME, "maxItems": 50},
            "public": _TEXT, "private": _TEXTS, "scores": _SCORES,
            "reveal": {"anyOf": [{"const": "all"}, {"type": "array", "items": _NAME, "maxItems": 200}]},
            "publish": {"type": "boolean"},
            "tables": {"type": "array", "maxItems": 20,
                       "description": "the master's own tables (cursus-table/1 mappings), joined by the platform from "
                                      "his uploads; a client does not write it",
                       "items": {"type": "object", "additionalProperties": False, "required": ["id", "sha256", "table"],
                                 "properties": {"id": _NAME, "sha256": {"type": "string", "maxLength": 64},
                                                "table": {"type": "object", "additionalProperties": {}}}}},
            "correct": {"type": "object", "additionalProperties": False, "required": ["turn", "note"],
                        "properties": {"turn": {"type": "integer", "minimum": 1}, "note": {"type": "string", "maxLength": 2000},
                                       "public": _TEXT, "private": _TEXTS, "scores": _SCORES}},
            "end": {"type": "object", "additionalProperties": False, "required": ["winner"],
                    "properties": {"winner": {"type": ["string", "null"], "maxLength": 100},
                                   "note": {"type": "string", "maxLength": 2000}}},
        },
    },
}


def order_schema(kind: str) -> dict:
    return json_copy(SCHEMAS[kind])


def notation_help() -> list[dict]:
    def line(syntax, example, en, fr):
        return {"syntax": syntax, "example": example, "explain": {"en": en, "fr": fr}}

    return [
        {"title": {"en": "A seat's orders", "fr": "Les ordres d'une place"},
         "orders": [line("<free text>", "Caesar marches on Ariminum with two Legio.",
                         "Your whole text is your order set, sealed: only the master reads it.",
                         "Tout votre texte est votre jeu d'ordres, scellé : seul le maître du jeu le lit.")]},
        {"title": {"en": "The game master: dice", "fr": "Le maître du jeu : les dés"},
         "orders": [
             line("roll [private] <dice>[: reason]", "roll 2d6+1: desertion",
                  "Rolls a dice expression (a d10 reads 0-9); private: kept to you until you reveal it.",
                  "Lance une expression de dés (un d10 se lit 0-9) ; private : gardé pour vous jusqu'à ce que vous le révéliez."),
             line("roll [private] table <table> [for <row>] [year <n>] [column <c>] [modifier <n>][: reason]",
                  "roll table alea-iacta-est/events: events",
                  "Rolls on an attached table and records the row hit (for a death test: the leader and the year).",
                  "Lance sur une table jointe et note la ligne obtenue (pour un test de mort : le chef et l'année)."),
             line("combat [private] <table> <strength>/<quality>/<BT> vs <strength>/<quality>/<BT> [modifiers b,f] [extra n][: reason]",
                  "combat alea-iacta-est/combat 55/3/2 vs 37/3/1 modifiers f: Pharsalus",
                  "Fights on a combat table: the column from the forces, the roll and the result.",
                  "Combat sur une table : la colonne d'après les forces, le jet et le résultat."),
             line("attach <game or table>", "attach alea-iacta-est",
                  "Attaches tables of the library to this game.", "Joint des tables de la bibliothèque à cette partie."),
         ]},
        {"title": {"en": "The game master: the result", "fr": "Le maître du jeu : le résultat"},
         "orders": [
             line("public: <text>", "public: Caesar crosses the Rubicon.", "The text everyone reads (one line a paragraph).",
                  "Le texte que tout le monde lit (une ligne par paragraphe)."),
             line("private <seat>: <text>", "private cesarien: Pompeius has left Rome.", "A text for one seat only.",
                  "Un texte pour une seule place."),
             line("score <name> = <value>", "score italia = CÉSARIEN", "Sets a value of the scoreboard.",
                  "Fixe une valeur du tableau des scores."),
             line("reveal all | reveal <roll> ...", "reveal all", "Shows the turn's private rolls to everyone.",
                  "Montre à tous les jets privés du tour."),
             line("publish", "publish", "Publishes the result; the next turn's orders open.",
                  "Publie le résultat ; les ordres du tour suivant s'ouvrent."),
             line("correct <turn>: <note>", "correct 1: the legion was at Ariminum",
                  "Corrects a published turn (then correct public: ..., correct private <seat>: ..., correct score <name> = <value>); everyone reads the note.",
                  "Corrige un tour publié (puis correct public: ..., correct private <place>: ..., correct score <nom> = <valeur>) ; tout le monde lit la note."),
             line("end <seat or draw>: <why>", "end cesarien: Caesar holds Roma",
                  "With publish: ends the game.", "Avec publish : termine la partie."),
         ]},
    ]
