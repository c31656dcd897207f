"""No page or API response shows a seat's tiles to anyone else, nor closed holdings.

Every tile name labels a board cell, so pages are checked without their SVG drawings;
a tile still in a hand or the bag is never on the board, so it must appear nowhere else.
"""

from __future__ import annotations

import re

import pytest

import engine.core as engine
from accounts.models import ApiToken
from games import queries, services
from games.models import Action, Game, Snapshot
from notifications.gameplay import events_since_last_move
from tests.games.factories import SCRIPT, TILE_BAG, play, started_game
from tests.games.pages import mentions_tile, without_svg

pytestmark = pytest.mark.django_db

STEPS = [0, 3, 7, 9, len(SCRIPT)]


def secret_tiles(game, seat):
    """Tiles the viewer at ``seat`` (None: nobody) must not see: other hands and the bag."""
    state = Snapshot.objects.get(game=game).state
    hidden = set(state["bag"])
    for index, hand in enumerate(state["hands"]):
        if index != seat:
            hidden |= set(hand)
    return hidden


def own_tiles(game, seat):
    return set(Snapshot.objects.get(game=game).state["hands"][seat])


def assert_hidden(text, hidden, where):
    leaked = sorted(tile for tile in hidden if mentions_tile(text, tile))
    assert not leaked, f"{where} shows hidden tiles {leaked}"


@pytest.mark.parametrize("steps", STEPS)
def test_each_seats_pages_show_only_their_own_tiles(client, players, dee, steps):
    game = play(started_game(players), SCRIPT[:steps])
    viewers = [(seat, user) for seat, user in enumerate(players)] + [(None, dee), (None, None)]
    for seat, user in viewers:
        test_client = type(client)()
        if user:
            test_client.force_login(user)
        for url in (f"/games/{game.pk}/", f"/games/{game.pk}/history/", f"/games/{game.pk}/history/?step=1", "/"):
            html = without_svg(test_client.get(url).content.decode())
            assert_hidden(html, secret_tiles(game, seat), f"{url} for seat {seat}")
        if seat is not None:
            page = without_svg(test_client.get(f"/games/{game.pk}/").content.decode())
            assert all(mentions_tile(page, tile) for tile in own_tiles(game, seat))


@pytest.mark.parametrize("steps", STEPS)
def test_each_seats_api_view_shows_only_their_own_tiles(client, players, dee, steps):
    game = play(started_game(players), SCRIPT[:steps])
    for seat, user in [*enumerate(players), (None, dee)]:
        key = ApiToken.issue(user, "t")[1]
        text = client.get(f"/api/games/{game.pk}", HTTP_AUTHORIZATION=f"Bearer {key}").content.decode()
        assert_hidden(text, secret_tiles(game, seat), f"API for seat {seat}")
        listing = client.get("/api/games", HTTP_AUTHORIZATION=f"Bearer {key}").content.decode()
        assert_hidden(listing, secret_tiles(game, seat), "API list")


def test_the_seed_of_a_running_game_is_not_published(client, players):
    game = play(started_game(players, options={"tile_bag": TILE_BAG}, seed=424242), SCRIPT[:1])
    key = ApiToken.issue(players[0], "t")[1]
    for text in (client.get(f"/games/{game.pk}/").content.decode(),
                 client.get(f"/games/{game.pk}/history/").content.decode(),
                 client.get(f"/api/games/{game.pk}", HTTP_AUTHORIZATION=f"Bearer {key}").content.decode(),
                 client.get(f"/games/{game.pk}/record.json").content.decode()):
        assert "424242" not in text


def test_closed_holdings_are_hidden_from_other_seats_and_spectators(client, players):
    game = play(started_game(players, options={"tile_bag": TILE_BAG, "open_holdings": False}), SCRIPT[:6])
    state = engine.from_json(Snapshot.objects.get(game=game).state)
    assert engine.view(state, 0)["players"][0]["cash"] == 5600  # ann sees her own
    bob = type(client)()
    bob.force_login(players[1])
    page = bob.get(f"/games/{game.pk}/").content.decode()
    ann_row = page.split('id="players"')[1].split("<td>ann")[1].split("</tr>")[0]
    assert "hidden" in ann_row and "$" not in ann_row
    key = ApiToken.issue(players[1], "t")[1]
    view = client.get(f"/api/games/{game.pk}", HTTP_AUTHORIZATION=f"Bearer {key}").json()["view"]
    assert "cash" not in view["players"][0] and "shares" not in view["players"][0]
    assert view["players"][1]["cash"] == 5600  # his own
    history = client.get(f"/games/{game.pk}/history/").content.decode()
    assert 'aria-label="Net worth"' not in history and "closed holdings" in history
    players_table = history.split('id="players"')[1].split("</table>")[0]
    assert "$" not in players_table


def test_the_log_hides_other_seats_draws(client, players):
    game = play(started_game(players), SCRIPT[:3])
    ann, bob = type(client)(), type(client)()
    ann.force_login(players[0])
    bob.force_login(players[1])
    assert "ann drew 10E." in ann.get(f"/games/{game.pk}/").content.decode()
    bob_page = bob.get(f"/games/{game.pk}/").content.decode()
    assert "ann drew a tile." in bob_page and "10E" not in without_svg(bob_page)
    assert client.get(f"/games/{game.pk}/record.json").status_code == 403


LOG = re.compile(r'<ol class="log" id="log"[^>]*>(.*?)</ol>', re.S)
CLOSED = {"tile_bag": TILE_BAG, "open_holdings": False}


def log_lines(html):
    """The log's lines as a reader sees them, without the action numbers."""
    items = re.findall(r"<li[^>]*>(.*?)</li>", LOG.search(html).group(1), re.S)
    return [re.sub(r"<span class=\"seq\">.*?</span>|<[^>]+>", "", item).strip() for item in items]


def rebuilt_cash(lines, names):
    """Each player's cash as the log tells it: $6,000, less what they paid, plus bonuses and sales."""
    cash = dict.fromkeys(names, 6000)
    for line in lines:
        name = line.split(" ", 1)[0]
        for verb, sign in (("bought", -1), ("sold", 1), ("receives", 1)):
            paid = re.search(rf" {verb}\b[^$]*\$([\d,]+)", line)
            if name in cash and paid:
                cash[name] += sign * int(paid.group(1).replace(",", ""))
    return cash


def real_cash(game):
    state = Snapshot.objects.get(game=game).state
    return dict(zip(state["players"], state["cash"], strict=True))


def test_the_public_log_of_a_closed_game_cannot_rebuild_anyones_cash(client, players):
    game = play(started_game(players, options=CLOSED), SCRIPT[:6])
    cy_mail = [event["text"] for event in events_since_last_move(game, 2)]  # cy is asked to move now
    play(game, SCRIPT[6:])
    names, cash = ["ann", "bob", "cy"], real_cash(game)
    assert cash["ann"] != 6000 and cash["bob"] != 6000  # both bought; ann also sold
    public = [cy_mail, log_lines(client.get(f"/games/{game.pk}/").content.decode()),
              log_lines(client.get(f"/games/{game.pk}/history/").content.decode())]
    for lines in public:
        rebuilt = rebuilt_cash(lines, names)
        assert rebuilt["ann"] != 5600 and rebuilt["bob"] != 5600, lines  # their cash after buying
        assert rebuilt["ann"] != cash["ann"] and rebuilt["bob"] != cash["bob"], lines
        assert not any(re.search(r"\d+ (Tower|Luxor) shares?\b", line) for line in lines), lines
        assert "ann bought shares." in lines and "bob bought shares." in lines


def test_each_seat_of_a_closed_game_reads_its_own_purchases_and_disposals(client, players):
    game = play(started_game(players, options=CLOSED), SCRIPT)
    cash = real_cash(game)
    for seat, name in enumerate(["ann", "bob"]):
        reader = type(client)()
        reader.force_login(players[seat])
        lines = log_lines(reader.get(f"/games/{game.pk}/").content.decode())
        assert rebuilt_cash(lines, [name])[name] == cash[name]
        mailed = [event["text"] for event in events_since_last_move(game, seat)]
        assert not [line for line in mailed if line not in lines]
    ann = type(client)()
    ann.force_login(players[0])
    lines = log_lines(ann.get(f"/games/{game.pk}/").content.decode())
    assert "ann sold 1 Tower share for $200 and traded 2 Tower for 1 Luxor share." in lines
    assert "bob bought shares." in lines and not any(line.startswith("bob kept") for line in lines)


def test_an_open_game_logs_every_purchase_for_everyone(client, players):
    game = play(started_game(players), SCRIPT)
    lines = log_lines(client.get(f"/games/{game.pk}/").content.decode())
    assert rebuilt_cash(lines, ["ann", "bob", "cy"]) == real_cash(game)


def test_lines_stored_before_sealing_are_sealed_as_they_are_read(players):
    """A closed game's Actions written before the engine kept purchases private never reach other seats."""
    game = started_game(players, options=CLOSED)
    bought = engine.Event("ann bought 2 Tower shares for $400.", kind="buy",
                          data={"seat": 0, "shares": {"tower": 2}, "cost": 400})
    Action.objects.create(game=game, seq=1, seat=0, payload={"type": "buy_shares", "shares": {"tower": 2}},
                          events=[bought.to_json()], source="web")
    Game.objects.filter(pk=game.pk).update(version=1)
    game.refresh_from_db()
    assert queries.recent_log(game, None)[0]["lines"] == ["ann bought shares."]
    assert [event["text"] for event in events_since_last_move(game, 1)][-1] == "ann bought shares."
    assert queries.recent_log(game, 0)[0]["lines"] == ["ann bought 2 Tower shares for $400."]


def test_every_seat_of_a_new_1861_game_sees_what_a_spectator_sees(client, players, dee):
    """1861 hides nothing beyond what its rules make public (docs/titles/1861.md): each seat's engine
    view, API view and board are the spectator's, read the one way every title's are; its running
    record and seed stay unpublished like any title's."""
    from engine.core.rng import seeded_rng

    game = started_game(players, title="1861", options={}, seed=424242)
    rng, rules = seeded_rng(9, "hidden-1861"), engine.get_title("1861")
    for _ in range(120):  # the private auction and into the first stock round, with minors bought
        game.refresh_from_db()
        state = engine.from_json(Snapshot.objects.get(game=game).state)
        seat = engine.prompts(state)[0].seat
        assert services.submit_move(game.pk, seat, rules.random_action(state, seat, rng), game.version, "web").applied
    state = engine.from_json(Snapshot.objects.get(game=game).state)
    public = engine.view(state, None)

    def but_you(view: dict) -> dict:  # a seat's view names the seat it is for, and differs in nothing else
        return {key: value for key, value in view.items() if key != "you"}

    assert public["players"] and public["you"] is None
    for seat in range(len(players)):
        assert engine.view(state, seat)["you"] == seat and but_you(engine.view(state, seat)) == but_you(public)

    def board(html: str) -> str:  # the board partial; its script's nonce is the request's own
        part = html[html.index('<section class="area-board">'):html.index("</section>", html.index('id="trains"'))]
        return re.sub(r'nonce="[^"]+"', "", part)

    spectator = client.get(f"/games/{game.pk}/").content.decode()
    dee_key = ApiToken.issue(dee, "t")[1]
    api_public = but_you(client.get(f"/api/games/{game.pk}", HTTP_AUTHORIZATION=f"Bearer {dee_key}").json()["view"])
    for user in players:
        seated = type(client)()
        seated.force_login(user)
        assert board(seated.get(f"/games/{game.pk}/").content.decode()) == board(spectator)
        key = ApiToken.issue(user, "t")[1]
        api_seat = client.get(f"/api/games/{game.pk}", HTTP_AUTHORIZATION=f"Bearer {key}").json()["view"]
        assert but_you(api_seat) == api_public
    key = ApiToken.issue(players[0], "t")[1]
    for text in (spectator, client.get(f"/games/{game.pk}/history/").content.decode(),
                 client.get(f"/api/games/{game.pk}", HTTP_AUTHORIZATION=f"Bearer {key}").content.decode()):
        assert "424242" not in text
    assert client.get(f"/games/{game.pk}/record.json").status_code == 403


def test_a_closed_holdings_game_says_so_before_anyone_takes_a_seat(client, players):
    """A walk's open game page (and the lobby's link to it) said nothing of closed holdings to a joiner."""
    from games import services

    game = services.create_game(players[0], "acquire", 3, options={"open_holdings": False})
    note = "Holdings are closed in this game: each player sees only their own cash and shares until the game ends."
    assert note in client.get(f"/games/{game.pk}/").content.decode()
    assert note not in client.get(f"/games/{started_game(players).pk}/").content.decode()
