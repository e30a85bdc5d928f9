"""Serializers shared by several API views (the problem document, a game's detail)."""

from rest_framework import serializers


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


class PromptSerializer(serializers.Serializer):
    step = serializers.IntegerField()
    kind = serializers.CharField()
    key = serializers.CharField()
    title = MessageSerializer(allow_null=True)
    options = serializers.JSONField()
    default_orders = serializers.JSONField()
    deadline = serializers.DateTimeField()


class ReceiptSerializer(serializers.Serializer):
    step = serializers.IntegerField()
    receipt = serializers.CharField()
    submitted_at = serializers.DateTimeField()
    source = serializers.CharField()


class OpenStepSerializer(serializers.Serializer):
    step = serializers.IntegerField()
    deadline = serializers.DateTimeField()
    roles = serializers.ListField(child=serializers.CharField())


class GameDetailSerializer(serializers.Serializer):
    """A game as one player (or an observer, ``role`` null) may see it."""

    id = serializers.IntegerField()
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
    dice_commitment = serializers.CharField()
    dice_seed_revealed = serializers.CharField(allow_null=True, help_text="The dice seed (hex), once the game is over.")
    dice_entropies = serializers.ListField(
        child=serializers.CharField(), allow_null=True, help_text="The seats' entropies in seat order, once the game is over."
    )
    outcome = serializers.JSONField(allow_null=True)
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
