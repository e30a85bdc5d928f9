import warnings

import pytest
from django.core.management import call_command


def test_openapi_schema_renders_without_warnings(tmp_path, capsys):
    """drf-spectacular reports every problem as a warning; --fail-on-warn turns them
    into a failure (the cookiecutter-django check)."""
    out = tmp_path / "schema.yaml"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        call_command("spectacular", "--file", str(out), "--fail-on-warn", "--validate")
    captured = capsys.readouterr()
    assert "Warning" not in captured.err, captured.err
    text = out.read_text()
    for path in (
        "/api/v1/health/",
        "/api/v1/rulesets/",
        "/api/v1/games/",
        "/api/v1/games/{game_id}/",
        "/api/v1/games/{game_id}/join/",
        "/api/v1/games/{game_id}/orders/",
        "/api/v1/games/{game_id}/events/",
        "/api/v1/games/{game_id}/steps/{number}/",
    ):
        assert path in text


@pytest.mark.django_db
def test_schema_and_swagger_ui_are_served(client):
    assert client.get("/api/schema/").status_code == 200
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    assert b"swagger" in docs.content.lower()


@pytest.mark.django_db
def test_swagger_ui_loads_nothing_from_another_host(client):
    """The docs page's scripts and styles are our own static files, not a CDN's."""
    import re

    page = client.get("/api/docs/").content.decode()
    assets = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert any("swagger-ui" in a for a in assets), assets
    assert not [a for a in assets if a.startswith(("http:", "https:", "//"))], assets
    bundle = next(a for a in assets if a.endswith("swagger-ui-bundle.js"))
    assert client.get(bundle).status_code == 200


# -- the order sets in the schema (issue 16, item 4) ------------------------------------


@pytest.fixture(scope="module")
def openapi_document():
    """The schema document as served, with the order sets' components."""
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)


def _validator(document, component: str):
    """A JSON Schema 2020-12 validator for a component of the document (its $refs
    resolved inside the document), as a client generator would read it."""
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    registry = Registry().with_resource("urn:cursus-api", Resource.from_contents(document, default_specification=DRAFT202012))
    return Draft202012Validator({"$ref": f"urn:cursus-api#/components/schemas/{component}"}, registry=registry)


def _real_order_sets(slug: str, steps: int = 60):
    """(kind, order set) of a real game of the ruleset: each prompt's default orders and a
    random legal answer, over the first steps of a seeded self-play game."""
    import random

    from rules.dice import HmacDice
    from rules.registry import get_ruleset
    from rules.selfplay import game_seed, random_orders

    rs = get_ruleset(slug)
    rng, key = random.Random(7), game_seed(7)
    state = rs.setup(rs.scenarios()[0]["id"], {}, HmacDice(key, 0))
    for step in range(1, steps):
        prompts = rs.prompts(state)
        if not prompts:
            break
        subs = {}
        for prompt in prompts:
            orders = random_orders(rs, state, prompt, rng)
            yield prompt.kind, prompt.default_orders
            yield prompt.kind, orders
            subs[prompt.role] = prompt.default_orders if rs.validate(state, prompt.role, orders) else orders
        state, _events = rs.resolve(state, subs, HmacDice(key, step))


def test_the_schema_is_openapi_3_1_and_every_reference_resolves(openapi_document):
    import json
    from pathlib import Path

    import drf_spectacular
    from jsonschema import Draft202012Validator

    assert openapi_document["openapi"].startswith("3.1")
    meta = json.loads((Path(drf_spectacular.__file__).parent / "validation" / "openapi_3_1_schema.json").read_text())
    Draft202012Validator(meta).validate(json.loads(json.dumps(openapi_document, default=str)))
    schemas = openapi_document["components"]["schemas"]

    def refs(node):
        if isinstance(node, dict):
            if isinstance(node.get("$ref"), str):
                yield node["$ref"]
            for value in node.values():
                yield from refs(value)
        elif isinstance(node, list):
            for value in node:
                yield from refs(value)

    found = list(refs(openapi_document))
    assert "#/components/schemas/OrderSet" in found
    for ref in found:
        assert ref.startswith("#/components/schemas/") and ref.rsplit("/", 1)[1] in schemas, ref


def test_each_ruleset_and_prompt_kind_has_its_order_set_component(openapi_document):
    from games.api.order_schemas import component_name
    from rules.registry import all_rulesets

    schemas = openapi_document["components"]["schemas"]
    union = schemas["OrderSet"]
    members = {ref["$ref"].rsplit("/", 1)[1] for ref in union["anyOf"]}
    for rs in all_rulesets():
        for kind in rs.prompt_kinds():
            name = component_name(rs.slug, kind)
            assert name in members and union["x-order-sets"][f"{rs.slug}:{kind}"] == name
            component = schemas[name]
            assert component["x-ruleset"] == rs.slug and component["x-prompt-kind"] == kind
            assert component["additionalProperties"] is False
            assert component["properties"] == rs.order_schema(kind)["properties"]
    # the submission and the prompts point at the union, not at a free object
    submit = schemas["OrderSubmitInputRequest"]["properties"]["orders"]
    assert {"$ref": "#/components/schemas/OrderSet"} in submit.get("allOf", [submit])
    prompt = schemas["Prompt"]["properties"]["default_orders"]
    assert {"$ref": "#/components/schemas/OrderSet"} in prompt.get("allOf", [prompt])


@pytest.mark.parametrize("slug", ["semper-victor", "tetrarchia", "kings-of-rome"])
def test_the_schema_takes_real_order_sets_and_refuses_wrong_ones(openapi_document, slug):
    union = openapi_document["components"]["schemas"]["OrderSet"]
    anyone = _validator(openapi_document, "OrderSet")
    kinds = set()
    for kind, orders in _real_order_sets(slug):
        own = _validator(openapi_document, union["x-order-sets"][f"{slug}:{kind}"])
        assert not list(own.iter_errors(orders)), (kind, orders)
        assert anyone.is_valid(orders), (kind, orders)
        kinds.add(kind)
    assert len(kinds) >= 2, kinds
    for wrong in ([], "pass", 3, {"bogus": 1}, {"moves": "north"}, {"moves": [{"path": 3}]}, {"reactions": "always"}, {"retreat": []}):
        assert not anyone.is_valid(wrong), wrong


def test_a_component_refuses_the_order_set_of_another_kind(openapi_document):
    """Each member is closed: an answer to a retreat is no SMC order set, and an SMC order
    set no retreat (which must name where to go)."""
    union = openapi_document["components"]["schemas"]["OrderSet"]
    retreat = _validator(openapi_document, union["x-order-sets"]["semper-victor:retreat"])
    smc = _validator(openapi_document, union["x-order-sets"]["semper-victor:smc"])
    assert retreat.is_valid({"retreat": ["oriens-5"]}) and not smc.is_valid({"retreat": ["oriens-5"]})
    assert smc.is_valid({"moves": [], "naval": []}) and not retreat.is_valid({"moves": [], "naval": []})
