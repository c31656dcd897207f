"""The players' rules pages: every rule the engines cite has its anchor, and citations link to it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.template import Context, Template
from django.utils.safestring import mark_safe

from games.rule_citations import RULES_TITLES, cited_anchors
from tests.games.factories import SCRIPT, play

pytestmark = pytest.mark.django_db

ENGINE = Path(__file__).resolve().parents[2] / "engine"
PACKAGES = {"acquire": "acquire", "railroad-barons": "railroad_barons", "1861": "t1861"}
# Anything that looks like a citation in either reference's numbering, to catch a form the filter misses.
CITATION_LIKE = re.compile(r"\b[RD]\d+\b|\bP-\d+(?:\.\d)?\b|\bD-\d+\b|#\d+")


def engine_sentences(title_id: str) -> list[str]:
    """The string literals of a title's engine (refusals, prompt help, log lines), docstrings left out."""
    sentences = []
    for path in sorted((ENGINE / PACKAGES[title_id]).glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef) and node.body
                      and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
        sentences += [node.value for node in ast.walk(tree)
                      if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]
    return sentences


@pytest.mark.parametrize("title_id", RULES_TITLES)
def test_every_rule_the_engine_cites_has_its_anchor_and_number_on_the_rules_page(client, title_id):
    sentences = engine_sentences(title_id)
    for sentence in sentences:
        assert len(cited_anchors(sentence, title_id)) == len(CITATION_LIKE.findall(sentence)), sentence
    cited = {anchor for sentence in sentences for anchor in cited_anchors(sentence, title_id)}
    assert len(cited) >= 10  # the engines cite plenty; an empty set means the search is broken
    html = client.get(f"/games/rules/{title_id}/").content.decode()
    for anchor in sorted(cited):
        shown = f"#{anchor[1:]}" if anchor.startswith("B") else anchor
        assert f'<li id="{anchor}"><span class="pill">{shown}</span>' in html, anchor


def test_the_citations_the_refusals_use_are_among_those_checked():
    assert {"R36", "R41", "R23", "D5"} <= {a for s in engine_sentences("acquire") for a in cited_anchors(s, "acquire")}
    rb = {a for s in engine_sentences("railroad-barons") for a in cited_anchors(s, "railroad-barons")}
    assert {"P-1.2", "P-5.2", "D-05", "D-19", "B39", "B26"} <= rb


def render(text, title_id: str) -> str:
    template = Template("{% load rules_tags %}{{ text|rule_links:title }}")
    return template.render(Context({"text": text, "title": title_id}))


def test_the_filter_escapes_the_text_and_links_each_citation():
    html = render("<script>alert(1)</script> Bob's & (R36) and R41.", "acquire")
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt; Bob&#x27;s &amp; (" in html
    assert '(<a href="/games/rules/acquire/#R36" class="rule-ref">R36</a>) and ' in html
    assert '<a href="/games/rules/acquire/#R41" class="rule-ref">R41</a>.' in html
    assert "5D" in render("5D and 12A", "acquire") and "<a" not in render("5D and 12A", "acquire")


def test_the_filter_links_the_railroad_barons_forms():
    html = render("Refused (b.4 #24, #26; P-6, D-19).", "railroad-barons")
    page = "/games/rules/railroad-barons/"
    assert html == (f'Refused (<a href="{page}#B24" class="rule-ref">b.4 #24</a>, '
                    f'<a href="{page}#B26" class="rule-ref">#26</a>; <a href="{page}#P-6" class="rule-ref">P-6</a>, '
                    f'<a href="{page}#D-19" class="rule-ref">D-19</a>).')
    assert "<a" not in render("R36 is an Acquire number", "railroad-barons")


def test_every_1861_section_the_engine_cites_links_to_that_section_on_its_rules_page(client):
    cited = {anchor for sentence in engine_sentences("1861") for anchor in cited_anchors(sentence, "1861")}
    assert {"s6", "s10", "s12", "s14", "s15"} <= cited
    html = client.get("/games/rules/1861/").content.decode()
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)  # each anchor leads to one place
    for anchor in sorted(cited):
        assert f'id="{anchor}"' in html, anchor
    html = render("MB has no train and must buy one (rules 12.10).", "1861")
    assert html == ('MB has no train and must buy one '
                    '(<a href="/games/rules/1861/#s12" class="rule-ref">rules 12.10</a>).')


def test_the_filter_keeps_safe_text_and_links_nothing_for_a_title_without_rules():
    linked = '<em><a href="/games/rules/acquire/#R36" class="rule-ref">R36</a></em>'
    assert render(mark_safe("<em>R36</em>"), "acquire") == linked
    assert render("<b>R36</b>", "chess") == "&lt;b&gt;R36&lt;/b&gt;"


def test_the_rules_pages_are_public_and_show_the_engines_tables(client):
    acquire = client.get("/games/rules/acquire/")
    assert acquire.status_code == 200 and "How to play Acquire" in acquire.content.decode()
    table = acquire.content.decode().split('id="price-table"')[1].split("</table>")[0]
    assert "<th scope=\"row\">41 or more</th><td class=\"num\">$1,000</td><td class=\"num\">$10,000</td>" in table
    assert "$12,000" in table and "Imperial / Continental" in table
    barons = client.get("/games/rules/railroad-barons/").content.decode()
    assert 'id="reconstruction-note"' in barons and "level 6, $720, $175" in barons
    assert "$40, $45, $50" in barons and "Marley, Scrooge &amp; Cratchit" in barons
    assert client.get("/games/rules/chess/").status_code == 404
    assert client.post("/games/rules/acquire/").status_code == 405


def test_the_game_and_history_pages_link_the_rules_page(client, game, players):
    client.force_login(players[0])
    assert 'href="/games/rules/acquire/" id="rules-link"' in client.get(f"/games/{game.pk}/").content.decode()
    assert 'href="/games/rules/acquire/" id="rules-link"' in client.get(f"/games/{game.pk}/history/").content.decode()


def test_a_refusal_on_the_game_page_links_the_rule_it_cites(client, game, players):
    play(game, SCRIPT[:2])
    client.force_login(players[0])
    response = client.post(f"/games/{game.pk}/move/",
                           {"expected_version": 2, "type": "buy_shares", "f.shares.tower": "4"})
    error = response.content.decode().split('id="move-error"')[1].split(">", 1)[1].split("</div>")[0]
    assert response.status_code == 400
    assert error == ('At most 3 shares may be bought in a turn, not 4 '
                     '(<a href="/games/rules/acquire/#R36" class="rule-ref">R36</a>).')


def test_prompt_help_and_the_log_link_their_rules(client, game, players):
    play(game, SCRIPT[:1])  # ann founds a chain: the form's help cites R17; the log cites R8
    client.force_login(players[0])
    html = client.get(f"/games/{game.pk}/").content.decode()
    prompt = html.split('id="prompt"')[1]
    help_text = 'You receive one share free (<a href="/games/rules/acquire/#R17" class="rule-ref">R17</a>).'
    assert f'<p class="help">{help_text}' in prompt
    log = html.split('id="log"')[1].split("</ol>")[0]
    assert '<a href="/games/rules/acquire/#R8" class="rule-ref">R8</a>' in log
