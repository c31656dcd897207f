"""Random input to the move endpoints never gives a 5xx, and changes nothing unless a move was applied."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from accounts.models import ApiToken
from games.models import Action, Game
from tests.games.factories import SCRIPT, play, started_game

pytestmark = pytest.mark.django_db

FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30),
    st.sampled_from(["2A", "9I", "tower", "luxor", "place_tile", "buy_shares", "found_chain", "dispose_shares",
                     "declare_end", "", "\x00", "13Z"]),
)
json_values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                           st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                           max_leaves=12)
actions = st.one_of(
    json_values,
    st.fixed_dictionaries({"type": st.sampled_from(["place_tile", "found_chain", "buy_shares", "dispose_shares",
                                                    "choose_survivor", "declare_end", "nope"])},
                          optional={"tile": json_values, "chain": json_values, "shares": json_values,
                                    "sell": json_values, "trade": json_values}),
)
versions = st.one_of(st.integers(min_value=-5, max_value=10), st.integers(), json_values)
form_keys = st.sampled_from(["expected_version", "type", "quick", "f.tile", "f.chain", "f.shares.tower",
                             "f.shares.luxor", "f.sell", "f.trade", "csrfmiddlewaretoken", "f.x"])
form_values = st.one_of(st.text(max_size=40), st.integers().map(str), st.sampled_from(["0", "3", "2A", "tower", ""]))


@pytest.fixture
def merger_game(players):
    """A game waiting on a dispose_shares prompt (ann's), the richest prompt to fuzz."""
    return play(started_game(players), SCRIPT[:8])


def snapshot_of(game: Game) -> tuple[int, int]:
    game.refresh_from_db()
    return game.version, Action.objects.filter(game=game).count()


def test_fuzz_the_api_move_endpoint(client, merger_game, players):
    key = ApiToken.issue(players[0], "fuzz")[1]

    @FUZZ
    @given(body=st.one_of(st.fixed_dictionaries({"action": actions, "expected_version": versions}),
                          json_values, st.binary(max_size=60)))
    def run(body):
        before = snapshot_of(merger_game)
        data = body if isinstance(body, bytes) else json.dumps(body)
        response = client.post(f"/api/games/{merger_game.pk}/actions", data, content_type="application/json",
                               HTTP_AUTHORIZATION=f"Bearer {key}")
        assert response.status_code < 500, response.content
        assert "error" in response.json() or response.status_code == 200
        if response.status_code != 200:
            assert snapshot_of(merger_game) == before

    run()


def test_fuzz_the_web_move_endpoint(client, merger_game, players):
    client.force_login(players[0])

    @FUZZ
    @given(data=st.dictionaries(form_keys, form_values, max_size=6))
    def run(data):
        before = snapshot_of(merger_game)
        response = client.post(f"/games/{merger_game.pk}/move/", data)
        assert response.status_code < 500
        if response.status_code != 302:
            assert snapshot_of(merger_game) == before

    run()


def test_fuzz_the_web_move_endpoint_at_the_right_version(client, merger_game, players):
    """With the version right, the random fields reach the prompt reader and the engine."""
    client.force_login(players[0])

    @FUZZ
    @given(data=st.dictionaries(form_keys.filter(lambda k: k != "expected_version"), form_values, max_size=5))
    def run(data):
        before = snapshot_of(merger_game)
        response = client.post(f"/games/{merger_game.pk}/move/", {**data, "expected_version": before[0]})
        assert response.status_code < 500
        if response.status_code != 302:
            assert snapshot_of(merger_game) == before

    run()


def test_fuzz_game_ids_and_steps(client, merger_game):
    @FUZZ
    @given(path=st.text(max_size=20), step=st.text(max_size=10))
    def run(path, step):
        for url in (f"/games/{path}/", f"/games/{merger_game.pk}/history/"):
            assert client.get(url, {"step": step}).status_code < 500

    run()


# ---- The site's other forms: new game, import, a game's mail settings -----------------------

FORMS_FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
nasty_text = st.one_of(
    st.text(max_size=40), st.integers().map(str), st.integers(min_value=10**18, max_value=10**30).map(str),
    st.sampled_from(["", "\x00", "a\x00b", "\u202e", "[" * 5000, "{" * 3000, '{"tile_bag": ["\\u0000"]}',
                     '{"open_holdings": "\\u0000"}', "null", "[]", '{"tile_bag": 7}', "1e400", "-0"]),
)
deep_json = st.integers(min_value=1, max_value=20_000).map(lambda depth: "[" * depth + "]" * depth)


def test_fuzz_the_new_game_form(client, players):
    client.force_login(players[0])
    keys = st.sampled_from(["title", "name", "seat_count", "invitations", "seat_order_mode", "time_limit",
                            "custom_hours", "advanced_options", "opt_acquire_open_holdings"])
    base = {"title": "acquire", "seat_count": "3", "seat_order_mode": "random", "time_limit": "none"}

    @FORMS_FUZZ
    @given(data=st.dictionaries(keys, st.one_of(nasty_text, deep_json), max_size=5))
    def run(data):
        games = Game.objects.count()
        response = client.post("/games/new/", {**base, **data})
        assert response.status_code < 500
        if response.status_code != 302:
            assert Game.objects.count() == games

    run()


def record_mutations(record: dict) -> st.SearchStrategy:
    """Records that differ from a good one in one field, and arbitrary JSON."""
    fields = {
        "seed": st.one_of(st.integers(), st.integers(min_value=2**62, max_value=2**200), json_values),
        "players": st.one_of(st.lists(st.text(max_size=12), max_size=7), json_values),
        "options": st.one_of(json_values, st.dictionaries(st.text(max_size=10), json_values, max_size=3)),
        "actions": st.one_of(json_values, st.lists(st.fixed_dictionaries({"seat": json_values, "action": actions}),
                                                   max_size=3)),
        "title": st.one_of(st.text(max_size=10), st.sampled_from(["acquire", "railroad-barons"])),
    }
    one_field = st.sampled_from(sorted(fields)).flatmap(
        lambda name: fields[name].map(lambda value: json.dumps({**record, name: value})))
    return st.one_of(one_field, json_values.map(json.dumps), nasty_text, deep_json)


def test_fuzz_the_import_form(client, merger_game, players):
    from games import services

    client.force_login(players[1])
    record = services.record_for(merger_game)

    @FORMS_FUZZ
    @given(text=record_mutations(record))
    def run(text):
        response = client.post("/games/import/", {"record": text})
        assert response.status_code < 500

    run()


def test_fuzz_a_games_mail_settings(client, merger_game, players):
    client.force_login(players[0])  # the creator: every setting is open to her
    keys = st.sampled_from(["op", "stream", "enabled", "kind", "order", "day", "quiet_start", "quiet_end",
                            "policy", "reminder_hours", "vacation_days", "limit", "company", "next"])
    ops = st.sampled_from(["stream", "order", "cancel_order", "vacation", "quiet", "rules", "resume", "x"])

    @FORMS_FUZZ
    @given(op=ops, data=st.dictionaries(keys, nasty_text, max_size=5), policy=st.sampled_from(["pause", "default"]))
    def run(op, data, policy):
        response = client.post(f"/mail/games/{merger_game.pk}/", {"policy": policy, **data, "op": op})
        assert response.status_code < 500

    run()
