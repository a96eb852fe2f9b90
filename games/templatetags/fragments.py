"""Parts of public pages rendered once and then served from the cache.

- ``{% public_board game board %}`` … ``{% endpublic_board %}``: the game page's scoreboard.
  Fans polling a live game all see the same board, so it is rendered once per state of the
  game: the key holds the board's fingerprint (the game's revision, which every write to its
  log, its void or its reopening changes, with its play count and last play) and the game
  fields the board shows. Scorers and organisers (who see correction links and buttons)
  always get a fresh render.
- ``{% cached_fragment key %}`` … ``{% endcached_fragment %}``: anything whose cache key
  the view computed (it must name everything the fragment shows, e.g. ``standings_key``).

Nothing user-specific (a CSRF token, a name) may be inside either.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django import template
from django.template.base import FilterExpression, NodeList, Parser, Token

from games.kinds import kind as game_kind
from games.models import Game
from games.plumbing import safe_cache
from games.scoring import corrections
from games.scoring.board import options_digest

register = template.Library()


def is_public_view(game: Game, user: Any) -> bool:
    """Whether ``user`` sees the board everybody sees (no correction rights over it)."""
    if not game_kind(game.kind).public_board_cached:
        return False
    if not getattr(user, "is_authenticated", False):
        return True
    return not corrections.may_correct(game=game, user=user)


def board_key(game: Game, fingerprint: str) -> str:
    shown = repr(
        (
            game.kind,
            list(game.sides),
            game.voided_at,
            game.void_reason,
            options_digest(game.options),
        )
    )
    digest = hashlib.blake2b(shown.encode(), digest_size=8).hexdigest()
    return f"public-board:{game.pk}:{fingerprint}:{digest}"


class PublicBoardNode(template.Node):
    def __init__(self, nodelist: NodeList, game: FilterExpression, board: FilterExpression):
        self.nodelist, self.game, self.board = nodelist, game, board

    def render(self, context: template.Context) -> str:
        game = self.game.resolve(context)
        if not is_public_view(game, context.get("user")):
            return self.nodelist.render(context)
        key = board_key(game, self.board.resolve(context).fingerprint)
        # The win-probability figure shown with the board changes when its table is built.
        win = context.get("win")
        if win is not None:
            key = f"{key}:{win.marker}"
        return _cached(key, self.nodelist, context)


def _cached(key: str, nodelist: NodeList, context: template.Context) -> str:
    html = safe_cache.get(key, str)
    if html is None:
        html = nodelist.render(context)
        safe_cache.put(key, html)
    return html


@register.tag("public_board")
def public_board(parser: Parser, token: Token) -> PublicBoardNode:
    bits = token.split_contents()
    if len(bits) != 3:
        raise template.TemplateSyntaxError("usage: {% public_board game board %}")
    nodelist = parser.parse(("endpublic_board",))
    parser.delete_first_token()
    return PublicBoardNode(nodelist, parser.compile_filter(bits[1]), parser.compile_filter(bits[2]))


class CachedFragmentNode(template.Node):
    def __init__(self, nodelist: NodeList, key: FilterExpression):
        self.nodelist, self.key = nodelist, key

    def render(self, context: template.Context) -> str:
        return _cached(f"fragment:{self.key.resolve(context)}", self.nodelist, context)


@register.tag("cached_fragment")
def cached_fragment(parser: Parser, token: Token) -> CachedFragmentNode:
    bits = token.split_contents()
    if len(bits) != 2:
        raise template.TemplateSyntaxError("usage: {% cached_fragment key %}")
    nodelist = parser.parse(("endcached_fragment",))
    parser.delete_first_token()
    return CachedFragmentNode(nodelist, parser.compile_filter(bits[1]))
