"""Serializers shared by several API views (the problem document, a game's detail)."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.api.order_schemas import ORDER_SET_REF


@extend_schema_field(ORDER_SET_REF)
class OrderSetField(serializers.JSONField):
    """An order set (a JSON object): in the OpenAPI schema, the union of every ruleset's
    order set per prompt kind (games/api/order_schemas.py)."""


class MessageSerializer(serializers.Serializer):
    en = serializers.CharField()
    fr = serializers.CharField()


class OrderErrorSerializer(serializers.Serializer):
    code = serializers.CharField()
    path = serializers.CharField(allow_blank=True)
    message = MessageSerializer()


class ProblemSerializer(serializers.Serializer):
    """RFC 9457 problem details (served as application/problem+json)."""

    type = serializers.URLField()
    title = serializers.CharField()
    status = serializers.IntegerField()
    detail = serializers.CharField()
    instance = serializers.CharField()
    errors = OrderErrorSerializer(many=True, required=False)


class SeatSerializer(serializers.Serializer):
    role = serializers.CharField()
    player = serializers.CharField()
    missed_deadlines = serializers.IntegerField()
    status = serializers.CharField(help_text="playing, civil_disorder or forfeited")
    offered = serializers.BooleanField(help_text="abandoned and offered in the lobby to a substitute")
    stand_in = serializers.CharField(
        allow_null=True, required=False,
        help_text="the level of the computer player standing in for the seat's absent player (the missed-turn "
                  "ladder's computer rung, docs/deadlines.md) until they send orders again; null: none")
    computer = serializers.CharField(
        allow_null=True, required=False,
        help_text="the level of the computer player holding the seat (a practice game's, a seat its creator "
                  "filled); null: a person")


class ChoiceSerializer(serializers.Serializer):
    """One legal answer (rules/base.py ``Choice``)."""

    id = serializers.CharField()
    label = MessageSerializer()
    text = serializers.CharField(help_text="the line of the text notation this answer writes")
    orders = serializers.JSONField(help_text="the same answer as a fragment of the order set (fragments merge: dicts key by key, lists extended)")
    detail = MessageSerializer(allow_null=True)
    cost = serializers.IntegerField(allow_null=True)
    zones = serializers.ListField(child=serializers.CharField())
    pieces = serializers.ListField(child=serializers.CharField())
    group = MessageSerializer(allow_null=True, required=False, help_text="the kind of answer it is listed under (Move, Attack), when a question offers several")


class QuestionSerializer(serializers.Serializer):
    """One thing a prompt asks, with its legal answers (rules/base.py ``Question``)."""

    id = serializers.CharField()
    label = MessageSerializer()
    mode = serializers.ChoiceField(choices=["one", "many", "ranked", "sequence", "board"])
    choices = ChoiceSerializer(many=True)
    min = serializers.IntegerField()
    max = serializers.IntegerField(allow_null=True)
    help = MessageSerializer(allow_null=True)
    default = serializers.ListField(child=serializers.CharField())
    budget = serializers.JSONField(allow_null=True)


class PromptSerializer(serializers.Serializer):
    step = serializers.IntegerField()
    kind = serializers.CharField(help_text="the prompt kind: with the game's ruleset it names the order set's component (OrderSet's x-order-sets)")
    key = serializers.CharField()
    title = MessageSerializer(allow_null=True)
    options = serializers.JSONField()
    default_orders = OrderSetField(help_text="the order set used when nothing arrives by the deadline (its shape: the game's ruleset and this kind)")
    choices = QuestionSerializer(many=True, allow_null=True, help_text="the legal answers as questions, each answer with its order fragment and its notation line")
    context = serializers.JSONField(help_text="summary {en, fr} of the decision and the facts behind it (a battle's forces, strengths, odds column...)")
    deadline = serializers.DateTimeField()


class ReceiptSerializer(serializers.Serializer):
    step = serializers.IntegerField()
    receipt = serializers.CharField()
    submitted_at = serializers.DateTimeField()
    source = serializers.CharField()
    final = serializers.BooleanField(
        help_text="true once the step has every order set it awaits: it closes and is resolved, no change possible"
    )


class OpenStepSerializer(serializers.Serializer):
    step = serializers.IntegerField()
    deadline = serializers.DateTimeField()
    roles = serializers.ListField(child=serializers.CharField())


class OpenOrdersSerializer(serializers.Serializer):
    role = serializers.CharField()
    step = serializers.IntegerField()
    sent = serializers.BooleanField()
    submitted_at = serializers.DateTimeField(allow_null=True)
    text = serializers.CharField(help_text="the order set in the text notation")


class GameDetailSerializer(serializers.Serializer):
    """A game as one player (or an observer, ``role`` null) may see it."""

    id = serializers.IntegerField()
    name = serializers.CharField(help_text="What the game is called (its creator's choice, or the ruleset, scenario and seat holders).")
    ruleset = serializers.CharField()
    ruleset_version = serializers.CharField()
    scenario = serializers.CharField()
    options = serializers.JSONField()
    status = serializers.CharField()
    halted = serializers.JSONField(
        allow_null=True,
        help_text="Why the game cannot go on ({code, en, fr}), while the installed ruleset cannot continue its version; null otherwise.",
    )
    role = serializers.CharField(allow_null=True)
    seats = SeatSerializer(many=True)
    summary = serializers.JSONField()
    view = serializers.JSONField(help_text="ruleset.view(state, my role): what my seat may see.")
    open_steps = OpenStepSerializer(many=True)
    prompts = PromptSerializer(many=True)
    receipts = ReceiptSerializer(many=True)
    open_orders = OpenOrdersSerializer(
        many=True,
        help_text="the other seats' sealed order sets of the open step, for a role the ruleset lets read them as they come "
                  "(Ruleset.reads_open_orders: a game master); empty for everyone else",
    )
    dice_commitment = serializers.CharField()
    dice_seed_revealed = serializers.CharField(allow_null=True, help_text="The dice seed (hex), once the game is over.")
    dice_entropies = serializers.ListField(
        child=serializers.CharField(), allow_null=True, help_text="The seats' entropies in seat order, once the game is over."
    )
    outcome = serializers.JSONField(allow_null=True)
    draw_offer = serializers.ListField(child=serializers.CharField(), help_text="the seats that offered or accepted a draw")
    public = serializers.BooleanField(help_text="anyone may watch the game (docs/together.md)")
    practice = serializers.BooleanField(help_text="a practice game against the computer: never rated (docs/computer.md)")
    state_version = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)


class EventSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    step = serializers.IntegerField()
    type = serializers.CharField()
    data = serializers.JSONField()
    public = serializers.BooleanField()
    created_at = serializers.DateTimeField()
