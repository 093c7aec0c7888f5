"""The leader's declarations (dichiarazioni): the token set, which tokens are true, the canonical call.

Only the leader of a trick may declare, only about the suit he leads, together with the lead
(the tokens follow the card in the play action: ``"3d busso"``). The engine accepts a token only
when it is **truthful** (T16 forbids any other sign); a false one is refused with the reason.

Notation (rules table): ``S`` = the leader's cards of the led suit just before the lead, the led
card included; ``n = |S|``.

=====================  ======  ==========================================================
token                  id      truthful when
=====================  ======  ==========================================================
``busso``              D1      S holds the 3 and n >= 3
``ribusso``            D3      S holds the 2 and n >= 3
``liscio_busso``       D5      S holds the Ace and n = 3 (asso terzo)
``voglio_25``          D6      S holds the Ace and n >= 4
``migliore``           D7      n >= 3, the Ace and exactly one of 3, 2
``voglio_3``           D7      ``migliore`` and the 3 is the missing one
``voglio_2``           D7      ``migliore`` and the 2 is the missing one
``voglio=<card>``      D7b     U = the suit's unplayed cards, T1 > T2 > T3 its three highest:
                               n >= 3, S holds exactly two of them, the missing one is T1 or
                               T2 and it is ``<card>`` (e.g. ``voglio=Rd``)
``piombo_pezzo``       D9      S = {3, 2} (mi piombo un pezzo)
``volo``               D10     n = 1 (volo, sola carta, piombo)
``voglio_asso``        D11     S holds the 3 and the 2, not the Ace, n >= 3
``liscio=<k>``         DX1     n = k >= 2 and S holds none of 3, 2, A, R (secondo liscio...)
``re=<k>``             DX2     S holds the King and n = k >= 2 (re terzo: ``re=3``)
``tre=<k>``            DX3     S holds the 3 and n = k >= 2 (tre sesto: ``tre=6``)
``due=<k>``            DX3     S holds the 2 and n = k >= 2 (due quinto: ``due=5``)
``asso=<k>``           DX3     S holds the Ace and n = k >= 2
``piombi=<m>``         DP      first trick only: the leader has exactly m >= 1 void suits
=====================  ======  ==========================================================

Several tokens may go with one lead when each is true (``"Ad liscio_busso asso=3"``); a token
may not be repeated. k = 1 is not a DX call: a single card is ``volo``.

**Token order.** The tokens of an action are written in one canonical order, the order of the
table above (:data:`TOKEN_NAMES`: ``busso`` first, ``piombi=<m>`` last): ``"4d re=4 piombi=1"``,
never ``"4d piombi=1 re=4"`` (refused, naming the canonical spelling). Numbers are plain ASCII
digits without leading zeros. :func:`suit_combinations` lists every combination of true tokens
(every non-empty subset, by size, then in token order), which the engine lists as legal actions.

**Canonical call** (what the computer players say): the first true call in this order, using
the "canonical also needs" column of the rules table -- ``volo``, ``piombo_pezzo``,
``voglio_asso``, ``voglio_3`` / ``voglio_2``, ``voglio=<card>`` (only when D7 is not true),
``liscio_busso`` (no 3, no 2), ``voglio_25`` (no 3, no 2), ``ribusso`` (no 3, no A), ``busso``
(no 2, no A), ``tre=k`` / ``due=k`` / ``asso=k`` (the named card is the highest of S), ``re=k``
(the King is the highest of S), ``liscio=k``. Every suit holding has exactly one such call. On
the first trick, ``piombi=<m>`` is appended when the leader has void suits. The canonical
declaration is the tokens joined by one space (``"busso"``, ``"tre=2 piombi=1"``).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Final

from pyapp.cards import ITALIAN_SUITS, Card
from pyapp.core import IllegalAction, parse_int, read_int
from pyapp.errors import SuitRef
from pyapp.tressette import ACE, CODES, INDEX, KING, STRENGTH, THREE, TWO

if TYPE_CHECKING:
    from pyapp.tressette.rules import TressetteState

SIMPLE_TOKENS: Final[dict[str, str]] = {
    "busso": "D1",
    "ribusso": "D3",
    "liscio_busso": "D5",
    "voglio_25": "D6",
    "migliore": "D7",
    "voglio_3": "D7",
    "voglio_2": "D7",
    "piombo_pezzo": "D9",
    "volo": "D10",
    "voglio_asso": "D11",
}
"""Tokens without a value, with the clause id of the rules table."""

VALUE_TOKENS: Final[dict[str, str]] = {
    "voglio": "D7b",
    "liscio": "DX1",
    "re": "DX2",
    "tre": "DX3",
    "due": "DX3",
    "asso": "DX3",
    "piombi": "DP",
}
"""Tokens written ``name=value``, with the clause id of the rules table."""

TOKEN_NAMES: Final[tuple[str, ...]] = (*SIMPLE_TOKENS, *VALUE_TOKENS)
"""Every token name in the canonical order of an action's tokens."""

_NAME_ORDER: Final[dict[str, int]] = {name: i for i, name in enumerate(TOKEN_NAMES)}

_DX3_RANK: Final = {"tre": THREE, "due": TWO, "asso": ACE}
_SUIT_BY_STRENGTH: Final = tuple(
    tuple(sorted(range(s * 10, s * 10 + 10), key=lambda c: -STRENGTH[c])) for s in range(4)
)


def clause_of(token: str) -> str | None:
    """The rules clause id (``"D1"``...) of a declaration token, ``None`` for an unknown one."""
    name, _, _ = token.partition("=")
    if "=" in token:
        return VALUE_TOKENS.get(name)
    return SIMPLE_TOKENS.get(name)


def token_order(token: str) -> tuple[int, str]:
    """Sort key putting tokens in canonical order (:data:`TOKEN_NAMES`, then by value)."""
    name, _, value = token.partition("=")
    return _NAME_ORDER.get(name, len(_NAME_ORDER)), value


def parse_token(text: str) -> str:
    """The canonical spelling of the declaration token ``text``, or raise :class:`IllegalAction`.

    Lenient on numbers only (``re=04`` and ``re=４`` mean ``re=4``); the caller compares the
    canonical action with what was written and refuses any difference.
    """
    name, eq, value = text.partition("=")
    if not eq:
        if name in SIMPLE_TOKENS:
            return text
        raise IllegalAction("tressette.decl_unknown", token=text)
    if name not in VALUE_TOKENS:
        raise IllegalAction("tressette.decl_unknown", token=text)
    if name == "voglio":
        if value in INDEX:
            return text
        raise IllegalAction("tressette.decl_bad_value", token=text)
    k = read_int(value)
    if k is None or k < 1 or (name != "piombi" and not 2 <= k <= 10):
        raise IllegalAction("tressette.decl_bad_value", token=text)
    return f"{name}={k}"


def _void_count(hand: list[int] | tuple[int, ...]) -> int:
    suits = {c // 10 for c in hand}
    return 4 - len(suits)


_TOP: dict[tuple[int, int], tuple[int, ...]] = {}


def _top_three(suit: int, played_ranks: int) -> tuple[int, ...]:
    """The (up to) three strongest unplayed cards of ``suit`` (``played_ranks``: bit per rank)."""
    key = (suit, played_ranks)
    top = _TOP.get(key)
    if top is None:
        top = _TOP[key] = tuple(c for c in _SUIT_BY_STRENGTH[suit] if not played_ranks >> (c % 10) & 1)[:3]
    return top


def _d7b_missing(ranks: set[int] | int, suit: int, played: int) -> int | None:
    """The card index D7b lets the leader ask for, or ``None`` when D7b is not true.

    ``ranks``: the rank indices the leader holds in ``suit``, as a set or a bit mask.
    """
    mask = ranks if isinstance(ranks, int) else sum(1 << r for r in ranks)
    if mask.bit_count() < 3:
        return None
    top = _top_three(suit, played >> (suit * 10) & 1023)
    if len(top) < 3:
        return None
    held = [bool(mask >> (c % 10) & 1) for c in top]
    if sum(held) != 2:
        return None
    missing = top[held.index(False)]
    return missing if missing != top[2] else None


def refusal(
    hand: list[int] | tuple[int, ...], card: int, played: int, first_trick: bool, token: str
) -> IllegalAction | None:
    """Why ``token`` is not a true declaration for leading ``card`` from ``hand`` (``None``: true).

    ``played`` is the bit set of the cards already played this hand; ``first_trick`` whether the
    lead is the first of the hand (only then may ``piombi`` be declared).
    """
    suit = card // 10
    ranks = {c % 10 for c in hand if c // 10 == suit}
    n = len(ranks)
    sref = SuitRef(ITALIAN_SUITS[suit])
    name, eq, value = token.partition("=")
    if not eq:
        if name not in SIMPLE_TOKENS:
            return IllegalAction("tressette.decl_unknown", token=token)
        has3, has2, hasA = THREE in ranks, TWO in ranks, ACE in ranks
        if name == "busso":
            ok = has3 and n >= 3
        elif name == "ribusso":
            ok = has2 and n >= 3
        elif name == "liscio_busso":
            ok = hasA and n == 3
        elif name == "voglio_25":
            ok = hasA and n >= 4
        elif name in ("migliore", "voglio_3", "voglio_2"):
            ok = n >= 3 and hasA and has3 != has2
            if ok and name == "voglio_3":
                ok = not has3
            elif ok and name == "voglio_2":
                ok = not has2
        elif name == "piombo_pezzo":
            ok = ranks == {THREE, TWO}
        elif name == "volo":
            ok = n == 1
        else:  # voglio_asso
            ok = has3 and has2 and not hasA and n >= 3
        if ok:
            return None
        return IllegalAction(f"tressette.decl_false.{name}", suit=sref, n=n)
    if name not in VALUE_TOKENS:
        return IllegalAction("tressette.decl_unknown", token=token)
    if name == "voglio":
        wanted = INDEX.get(value)
        if wanted is None:
            return IllegalAction("tressette.decl_bad_value", token=token)
        if wanted // 10 != suit:
            return IllegalAction("tressette.decl_false.voglio_suit", suit=sref, token=token)
        missing = _d7b_missing(ranks, suit, played)
        if missing == wanted:
            return None
        if missing is None:
            return IllegalAction("tressette.decl_false.voglio", suit=sref, token=token)
        return IllegalAction("tressette.decl_false.voglio_other", suit=sref, token=token)
    parsed = parse_int(value)
    if parsed is None or parsed == 0:
        return IllegalAction("tressette.decl_bad_value", token=token)
    k = parsed
    if name == "piombi":
        if not first_trick:
            return IllegalAction("tressette.decl_piombi_first_trick")
        voids = _void_count(hand)
        if k >= 1 and k == voids:
            return None
        return IllegalAction("tressette.decl_false.piombi", m=k, voids=voids)
    if k < 2 or k > 10:
        return IllegalAction("tressette.decl_bad_value", token=token)
    if n != k:
        return IllegalAction("tressette.decl_false.count", token=token, suit=sref, n=n, k=k)
    if name == "liscio":
        ok = not ranks & {THREE, TWO, ACE, KING}
    elif name == "re":
        ok = KING in ranks
    else:
        ok = _DX3_RANK[name] in ranks
    if ok:
        return None
    return IllegalAction(f"tressette.decl_false.{name}", token=token, suit=sref, n=n)


def truthful_tokens(
    hand: list[int] | tuple[int, ...], card: int, played: int, first_trick: bool
) -> list[str]:
    """Every single token that is true for leading ``card`` from ``hand`` (see :func:`refusal`),
    in canonical order."""
    suit, mask, missing, piombi = lead_key(hand, card, played, first_trick)
    return list(suit_tokens(suit, mask, missing, piombi))


def lead_key(
    hand: list[int] | tuple[int, ...], card: int, played: int, first_trick: bool
) -> tuple[int, int, int, int]:
    """What the truth of a declaration depends on: (suit, rank mask held, D7b card or -1, piombi).

    ``piombi`` is the number of void suits on the first trick (``0`` otherwise).
    """
    suit = card // 10
    mask = 0
    suits = 0
    for c in hand:
        suits |= 1 << (c // 10)
        if c // 10 == suit:
            mask |= 1 << (c % 10)
    missing = _d7b_missing(mask, suit, played) if mask.bit_count() >= 3 else None
    piombi = 4 - suits.bit_count() if first_trick else 0
    return suit, mask, -1 if missing is None else missing, piombi


def lead_keys(
    hand: list[int] | tuple[int, ...], played: int, first_trick: bool
) -> list[tuple[int, int, int, int]]:
    """:func:`lead_key` for each suit 0..3 at once (one pass over the hand)."""
    masks = [0, 0, 0, 0]
    for c in hand:
        masks[c // 10] |= 1 << (c % 10)
    return suit_keys(masks, played, first_trick)


def suit_keys(masks: list[int], played: int, first_trick: bool) -> list[tuple[int, int, int, int]]:
    """:func:`lead_keys` from the leader's rank mask in each suit (``masks[suit]``)."""
    piombi = masks.count(0) if first_trick else 0
    out = []
    for suit in range(4):
        mask = masks[suit]
        missing = -1
        if _AT_LEAST_THREE[mask]:
            key = mask << 10 | played >> (suit * 10) & 1023
            memo = _MISSING[suit]
            found = memo.get(key)
            if found is None:
                d7b = _d7b_missing(mask, suit, played)
                found = memo[key] = -1 if d7b is None else d7b
            missing = found
        out.append((suit, mask, missing, piombi))
    return out


_AT_LEAST_THREE: Final[tuple[bool, ...]] = tuple(m.bit_count() >= 3 for m in range(1024))
_MISSING: tuple[dict[int, int], ...] = ({}, {}, {}, {})
"""Memo of :func:`_d7b_missing` per suit, by rank mask held << 10 | rank mask played."""


_TOKENS: dict[tuple[int, int, int, int], tuple[str, ...]] = {}
_COMBOS: dict[tuple[int, int, int, int], tuple[str, ...]] = {}


def suit_tokens(suit: int, mask: int, missing: int, piombi: int) -> tuple[str, ...]:
    """The true tokens (canonical order) for a lead of ``suit`` holding the ranks in ``mask``.

    ``missing``: the card D7b may call (``-1``: none); ``piombi``: void suits on the first trick
    (``0``: none or not the first trick). Memoised: a pure function of its arguments.
    """
    key = (suit, mask, missing, piombi)
    found = _TOKENS.get(key)
    if found is not None:
        return found
    n = mask.bit_count()
    has3, has2, hasA, hasK = (bool(mask >> r & 1) for r in (THREE, TWO, ACE, KING))
    out: list[str] = []
    if has3 and n >= 3:
        out.append("busso")
    if has2 and n >= 3:
        out.append("ribusso")
    if hasA and n == 3:
        out.append("liscio_busso")
    if hasA and n >= 4:
        out.append("voglio_25")
    if n >= 3 and hasA and has3 != has2:
        out.append("migliore")
        out.append("voglio_3" if has2 else "voglio_2")
    if mask == (1 << THREE | 1 << TWO):
        out.append("piombo_pezzo")
    if n == 1:
        out.append("volo")
    if has3 and has2 and not hasA and n >= 3:
        out.append("voglio_asso")
    if missing >= 0:
        out.append(f"voglio={CODES[missing]}")
    if n >= 2:
        if not (has3 or has2 or hasA or hasK):
            out.append(f"liscio={n}")
        if hasK:
            out.append(f"re={n}")
        if has3:
            out.append(f"tre={n}")
        if has2:
            out.append(f"due={n}")
        if hasA:
            out.append(f"asso={n}")
    if piombi:
        out.append(f"piombi={piombi}")
    found = _TOKENS[key] = tuple(out)
    return found


def suit_combinations(suit: int, mask: int, missing: int, piombi: int) -> tuple[str, ...]:
    """Every declaration (non-empty combination of true tokens) for such a lead, canonical order.

    Combinations come by size, then in the order of :func:`itertools.combinations` over the
    tokens in canonical order; each is the tokens joined by one space. Memoised.
    """
    key = (suit, mask, missing, piombi)
    found = _COMBOS.get(key)
    if found is None:
        tokens = suit_tokens(suit, mask, missing, piombi)
        found = _COMBOS[key] = tuple(
            " ".join(combo) for size in range(1, len(tokens) + 1) for combo in combinations(tokens, size)
        )
    return found


def canonical_tokens(
    hand: list[int] | tuple[int, ...], card: int, played: int, first_trick: bool
) -> list[str]:
    """The canonical (most specific) call for leading ``card`` from ``hand``, as a token list."""
    suit = card // 10
    ranks = {c % 10 for c in hand if c // 10 == suit}
    n = len(ranks)
    has3, has2, hasA = THREE in ranks, TWO in ranks, ACE in ranks
    call: str
    missing = _d7b_missing(ranks, suit, played)
    if n == 1:
        call = "volo"
    elif ranks == {THREE, TWO}:
        call = "piombo_pezzo"
    elif has3 and has2 and not hasA and n >= 3:
        call = "voglio_asso"
    elif n >= 3 and hasA and has3 != has2:
        call = "voglio_3" if has2 else "voglio_2"
    elif missing is not None:
        call = f"voglio={CODES[missing]}"
    elif hasA and not has3 and not has2 and n >= 3:
        call = "liscio_busso" if n == 3 else "voglio_25"
    elif has2 and not has3 and not hasA and n >= 3:
        call = "ribusso"
    elif has3 and not has2 and not hasA and n >= 3:
        call = "busso"
    elif has3:
        call = f"tre={n}"
    elif has2:
        call = f"due={n}"
    elif hasA:
        call = f"asso={n}"
    elif KING in ranks:
        call = f"re={n}"
    else:
        call = f"liscio={n}"
    tokens = [call]
    voids = _void_count(hand)
    if first_trick and voids:
        tokens.append(f"piombi={voids}")
    return tokens


def _lead_context(state: TressetteState, card: int | str) -> tuple[list[int], int, int, bool] | None:
    """(leader's hand, card index, played set, first trick) when ``card`` may be led now."""
    idx = INDEX.get(card) if isinstance(card, str) else int(card)
    if idx is None:
        idx = INDEX.get(str(card))
    ctx = state.lead_context()
    if ctx is None or idx is None:
        return None
    hand, played, first_trick = ctx
    if idx not in hand:
        return None
    return hand, idx, played, first_trick


def _card_key(card: object) -> int | str:
    """A card given as a code, a :class:`~pyapp.cards.Card` or an index, as a code or an index."""
    if isinstance(card, Card):
        return card.code
    if isinstance(card, (int, str)):
        return card
    raise TypeError(f"not a card: {card!r}")


def truthful_declarations(state: TressetteState, card: object) -> list[str]:
    """The true declaration tokens the player to lead may add to leading ``card`` (``[]`` if none).

    ``card`` is a code (``"3d"``), a :class:`~pyapp.cards.Card` or an index. Outside a lead, or
    for a card not in the leader's hand, the list is empty.
    """
    key = _card_key(card)
    ctx = _lead_context(state, key)
    return [] if ctx is None else truthful_tokens(*ctx)


def canonical_declaration(state: TressetteState, card: object) -> str | None:
    """The canonical call (tokens joined by spaces) for leading ``card`` now, ``None`` off a lead."""
    key = _card_key(card)
    ctx = _lead_context(state, key)
    return None if ctx is None else " ".join(canonical_tokens(*ctx))


def declaration_text(token: str, lang: str = "it") -> str:
    """A declaration token as players say it (``"re=3"`` -> ``"Re terzo"``, ``"voglio=Ad"`` -> ...)."""
    from pyapp.cards import Card
    from pyapp.core import card_name
    from pyapp.i18n import t

    name, eq, value = token.partition("=")
    if not eq:
        return t(f"tressette.call.{name}", lang)
    if name == "voglio":
        return t("tressette.call.voglio", lang, card=card_name(Card.parse(value), lang))
    if name == "piombi":
        return t("tressette.call.piombi", lang, m=value)
    text = t(f"tressette.call.{name}", lang, ord=t(f"tressette.ord.{value}", lang))
    return text[:1].upper() + text[1:]
