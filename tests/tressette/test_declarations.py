"""Declaration tests D1-DP: truthful calls accepted, false ones refused with the reason, canonical calls."""

from __future__ import annotations

import itertools
import random

import pytest

from pyapp.core import IllegalAction
from pyapp.tressette import CODES
from pyapp.tressette.declarations import (
    SIMPLE_TOKENS,
    canonical_declaration,
    clause_of,
    refusal,
    token_order,
    truthful_declarations,
)
from pyapp.tressette.rules import TressetteState

from .helpers import DRAW_E_DEALS, deal


def lead_state(north: str) -> TressetteState:
    """Dealer E, so N leads the first trick holding ``north`` (the other hands are filled in)."""
    return deal({"N": north})


def accepts(state: TressetteState, action: str) -> None:
    state.verify(action)
    card = action.split()[0]
    for token in action.split()[1:]:
        assert token in truthful_declarations(state, card), (token, truthful_declarations(state, card))


def refuses(state: TressetteState, action: str, key: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        state.verify(action)
    assert info.value.key == key, info.value.key
    return info.value


def test_D1_busso():
    s = lead_state("3d 5d 6d Ac 4c 5c As 4s 5s 6s")
    accepts(s, "5d busso")
    assert canonical_declaration(s, "5d") == "busso piombi=1"
    err = refuses(
        lead_state("3d 5d Ad Ac 4c 5c As 4s 5s 6s").clone(), "5d ribusso", "tressette.decl_false.ribusso"
    )
    assert "Due di denari" in err.message("it")
    refuses(lead_state("3d 5d 7c Ac 4c 5c As 4s 5s 6s"), "5d busso", "tressette.decl_false.busso")


def test_D1_busso_true_but_not_canonical_with_the_ace():
    s = lead_state("3d 5d Ad Ac 4c 5c As 4s 5s 4b")
    accepts(s, "5d busso")
    assert canonical_declaration(s, "5d") == "voglio_2"


def test_D3_ribusso():
    s = lead_state("2d 5d 6d Ac 4c 5c As 4s 5s 4b")
    accepts(s, "5d ribusso")
    assert canonical_declaration(s, "5d") == "ribusso"
    refuses(lead_state("2d 5d Ac 4c 5c 6c As 4s 5s 4b"), "5d ribusso", "tressette.decl_false.ribusso")


def test_D5_liscio_e_busso():
    s = lead_state("Ad 5d 6d Ac 4c 5c As 4s 5s 4b")
    accepts(s, "Ad liscio_busso")
    assert canonical_declaration(s, "Ad") == "liscio_busso"
    refuses(
        lead_state("Ad 5d 6d 7d 4c 5c As 4s 5s 4b"), "Ad liscio_busso", "tressette.decl_false.liscio_busso"
    )


def test_D6_voglio_il_25():
    s = lead_state("Ad 5d 6d 7d 4c 5c As 4s 5s 4b")
    accepts(s, "5d voglio_25")
    assert canonical_declaration(s, "5d") == "voglio_25"
    refuses(lead_state("Ad 5d 6d Ac 4c 5c As 4s 5s 4b"), "5d voglio_25", "tressette.decl_false.voglio_25")


def test_D7_migliore_voglio_il_3_voglio_il_2():
    s = lead_state("Ad 2d 5d Ac 4c 5c As 4s 5s 4b")
    accepts(s, "5d migliore")
    accepts(s, "5d voglio_3")
    refuses(s, "5d voglio_2", "tressette.decl_false.voglio_2")
    assert canonical_declaration(s, "5d") == "voglio_3"
    s2 = lead_state("Ad 3d 5d Ac 4c 5c As 4s 5s 4b")
    accepts(s2, "Ad voglio_2")
    assert canonical_declaration(s2, "Ad") == "voglio_2"
    both = lead_state("Ad 3d 2d 5d 4c 5c As 4s 5s 4b")  # both 3 and 2: not migliore
    refuses(both, "5d migliore", "tressette.decl_false.migliore")
    assert canonical_declaration(both, "5d") == "tre=4"
    refuses(lead_state("Ad 2d 4c 5c 6c 7c As 4s 5s 4b"), "2d voglio_3", "tressette.decl_false.voglio_3")


def _after_three_of_denari_played() -> TressetteState:
    """Trick 1: N Ac, W discards the 3 of denari, S 4c, E 7c; N wins and leads again."""
    s = deal(
        {
            "N": "Ac 3c 2c 2d Rd 5d 6d 4s 5s 6s",
            "W": "3d 7s Fs Cs Rs 4b 5b 6b 7b Fb",
            "S": "4c 5c 6c Ad 4d 7d As 2s 3s Ab",
        }
    )
    for card in ("Ac", "3d", "4c", "7c"):
        s.apply(card)
    assert s.seat_label(s.current_player()) == "N"
    return s


def test_D7b_naming_the_missing_card():
    s = _after_three_of_denari_played()  # denari still out, highest first: 2, A, R
    accepts(s, "5d voglio=Ad")
    assert "voglio=Ad" in truthful_declarations(s, "5d")
    assert canonical_declaration(s, "5d") == "voglio=Ad"
    refuses(s, "5d voglio=Cd", "tressette.decl_false.voglio_other")
    refuses(s, "5d voglio=As", "tressette.decl_false.voglio_suit")
    refuses(s, "5d voglio=Zz", "tressette.decl_bad_value")
    refuses(s, "5d migliore", "tressette.decl_false.migliore")
    fresh = lead_state("2d Rd 5d 6d 4s 5s 6s 4b 5b 6b")  # nothing played: 3, 2, A are the top three
    refuses(fresh, "5d voglio=Ad", "tressette.decl_false.voglio")


def test_D7b_missing_third_card_is_not_a_call():
    s = deal(
        {
            "N": "Ac 3c 2c 2d Ad 5d 6d 4s 5s 6s",
            "W": "3d 7s Fs Cs Rs 4b 5b 6b 7b Fb",
            "S": "4c 5c 6c Rd 4d 7d As 2s 3s Ab",
        }
    )
    for card in ("Ac", "3d", "4c", "7c"):
        s.apply(card)
    refuses(s, "5d voglio=Rd", "tressette.decl_false.voglio")  # 2 and A held, R is the third


def test_D9_mi_piombo_un_pezzo():
    s = lead_state("3d 2d Ac 4c 5c As 4s 5s 4b 5b")
    accepts(s, "3d piombo_pezzo")
    assert canonical_declaration(s, "3d") == "piombo_pezzo"
    refuses(
        lead_state("3d 2d 5d 4c 5c As 4s 5s 4b 5b"), "3d piombo_pezzo", "tressette.decl_false.piombo_pezzo"
    )


def test_D10_volo():
    s = lead_state("7d Ac 4c 5c As 4s 5s 4b 5b 6b")
    accepts(s, "7d volo")
    assert canonical_declaration(s, "7d") == "volo"
    err = refuses(lead_state("7d 6d 4c 5c As 4s 5s 4b 5b 6b"), "7d volo", "tressette.decl_false.volo")
    assert "2" in err.message("en")


def test_D11_voglio_asso():
    s = lead_state("3d 2d 5d 4c 5c As 4s 5s 4b 5b")
    accepts(s, "3d voglio_asso")
    assert canonical_declaration(s, "3d") == "voglio_asso"
    refuses(lead_state("3d 2d Ad 4c 5c As 4s 5s 4b 5b"), "3d voglio_asso", "tressette.decl_false.voglio_asso")


def test_DX1_secondo_terzo_liscio():
    s = lead_state("4d 5d 6d 4c 5c As 4s 5s 4b 5b")
    accepts(s, "4d liscio=3")
    assert canonical_declaration(s, "4d") == "liscio=3"
    refuses(s, "4d liscio=2", "tressette.decl_false.count")
    refuses(lead_state("Rd 5d 6d 4c 5c As 4s 5s 4b 5b"), "5d liscio=3", "tressette.decl_false.liscio")
    refuses(s, "4d liscio=1", "tressette.decl_bad_value")
    refuses(s, "4d liscio=x", "tressette.decl_bad_value")


def test_DX2_re_terzo():
    s = lead_state("Rd 5d 6d 4c 5c As 4s 5s 4b 5b")
    accepts(s, "Rd re=3")
    assert canonical_declaration(s, "Rd") == "re=3"
    refuses(lead_state("Cd 5d 6d 4c 5c As 4s 5s 4b 5b"), "5d re=3", "tressette.decl_false.re")
    ace_king = lead_state("Ad Rd 4c 5c 6c As 4s 5s 4b 5b")  # re secondo is true, asso secondo canonical
    accepts(ace_king, "Rd re=2")
    assert canonical_declaration(ace_king, "Rd") == "asso=2"


def test_DX3_due_quinto_tre_sesto():
    s = lead_state("2d 4d 5d 6d 7d 5c As 4s 5s 4b")
    accepts(s, "4d due=5")
    accepts(s, "4d ribusso due=5")  # several true calls together
    refuses(s, "4d tre=5", "tressette.decl_false.tre")
    refuses(s, "4d asso=5", "tressette.decl_false.asso")
    assert canonical_declaration(s, "4d") == "ribusso"
    tre = lead_state("3d 5d 4c 5c 6c As 4s 5s 4b 5b")
    assert canonical_declaration(tre, "3d") == "tre=2"
    assert canonical_declaration(lead_state("2d 5d 4c 5c 6c As 4s 5s 4b 5b"), "5d") == "due=2"


def test_DP_piombi_first_trick_only():
    s = lead_state("3d 2d 5d 4c 5c 6c 7c Fc Cc Rc")  # void in spade and bastoni
    accepts(s, "5d voglio_asso piombi=2")
    refuses(s, "5d piombi=1", "tressette.decl_false.piombi")
    refuses(s, "5d piombi=0", "tressette.decl_bad_value")
    assert canonical_declaration(s, "5d") == "voglio_asso piombi=2"
    s.apply("5d voglio_asso piombi=2")
    assert s.view(1)["declarations"] == [
        {"trick": 1, "seat": "N", "card": "5d", "calls": ["voglio_asso", "piombi=2"]}
    ]
    while s.view(None)["trick_number"] == 1:
        s.apply(s.legal_actions()[0])
    leader_card = s.legal_actions()[0]
    refuses(s, f"{leader_card} piombi=2", "tressette.decl_piombi_first_trick")


def test_declarations_only_by_the_leader_once_each():
    s = lead_state("3d 5d 6d Ac 4c 5c As 4s 5s 6s")
    refuses(s, "5d busso busso", "tressette.decl_repeated")
    s.apply("5d")
    follow = s.legal_actions()[0]
    refuses(s, f"{follow} volo", "tressette.decl_not_leader")
    assert truthful_declarations(s, follow) == [] and canonical_declaration(s, follow) is None


def test_declaration_clause_ids():
    assert [clause_of(t) for t in ("busso", "ribusso", "liscio_busso", "voglio_25", "migliore")] == [
        "D1",
        "D3",
        "D5",
        "D6",
        "D7",
    ]
    assert [clause_of(t) for t in ("voglio=Rd", "piombo_pezzo", "volo", "voglio_asso")] == [
        "D7b",
        "D9",
        "D10",
        "D11",
    ]
    assert [clause_of(t) for t in ("liscio=2", "re=3", "due=5", "piombi=1", "buongioco")] == [
        "DX1",
        "DX2",
        "DX3",
        "DP",
        None,
    ]


def test_every_holding_has_exactly_one_canonical_true_call():
    import itertools

    for n in range(1, 6):
        for ranks in itertools.combinations("A234567FCR", n):
            suit_cards = [r + "d" for r in ranks]
            fill = [c for c in "4c 5c 6c 7c Fc Cc Rc 4s 5s 6s".split()][: 10 - n]
            s = lead_state(" ".join(suit_cards + fill))
            canon = canonical_declaration(s, suit_cards[0])
            assert canon is not None
            first = canon.split()[0]
            assert first in truthful_declarations(s, suit_cards[0]), (ranks, canon)
            s.verify(f"{suit_cards[0]} {canon}")


# -- the contract: one spelling, every combination listed -------------------------------------------


def test_tokens_out_of_order_are_refused_naming_the_canonical_spelling():
    s = lead_state("4d 5d 6d Rd 4c 5c As 4s 5s 6s")  # re quarto, void in bastoni
    assert "4d re=4 piombi=1" in s.legal_actions() and s.can("4d re=4 piombi=1")
    assert "4d piombi=1 re=4" not in s.legal_actions() and not s.can("4d piombi=1 re=4")
    err = refuses(s, "4d piombi=1 re=4", "common.non_canonical")
    assert err.params["canonical"] == "4d re=4 piombi=1"
    assert "4d re=4 piombi=1" in err.message("it") and "4d re=4 piombi=1" in err.message("en")
    for spelled in (
        "4d re=04 piombi=1",
        "4d re=\uff14 piombi=1",
        "4d re=\u0664 piombi=1",
        "4d re=+4 piombi=1",
    ):
        assert refuses(s, spelled, "common.non_canonical").params["canonical"] == "4d re=4 piombi=1"
    for bad in ("4d re=\u2074 piombi=1", "4d re=-4 piombi=1", "4d re=4.0", "4d re= 4"):
        assert not s.can(bad) and refuses(s, bad, refused_key(s, bad)).key != "common.non_canonical"


def refused_key(state: TressetteState, action: str) -> str:
    try:
        state.verify(action)
    except IllegalAction as exc:
        return exc.key
    raise AssertionError(f"{action!r} was accepted")


CANDIDATES = (
    list(SIMPLE_TOKENS)
    + [f"voglio={code}" for code in CODES]
    + [f"{name}={k}" for name in ("liscio", "re", "tre", "due", "asso") for k in range(2, 11)]
    + [f"piombi={m}" for m in (1, 2, 3)]
)


def independent_leads(state: TressetteState) -> set[str]:
    """Every lead with every combination of true tokens, found by asking :func:`refusal` about
    every possible token (not the engine's own enumeration)."""
    ctx = state.lead_context()
    assert ctx is not None
    hand, played, first = ctx
    out = set()
    for card in hand:
        true = [tok for tok in CANDIDATES if refusal(hand, card, played, first, tok) is None]
        for size in range(len(true) + 1):
            for combo in itertools.combinations(true, size):
                out.add(" ".join([CODES[card], *combo]))
    return out


def test_legal_leads_are_every_truthful_combination_once():
    rng = random.Random(11)
    checked = 0
    for _ in range(40):
        s = TressetteState()
        s.apply(DRAW_E_DEALS)
        s.apply(s.chance_sample(rng))
        s.apply("nocut")
        for _trick in range(rng.randrange(4)):  # also later leads, after cards were played
            for _card in range(4):
                s.apply(rng.choice([a for a in s.legal_actions() if " " not in a]))
        legal = s.legal_actions()
        assert len(legal) == len(set(legal)) and set(legal) == independent_leads(s)
        # the documented order: cards in card order, each followed by its combinations by size
        cards = [a.split()[0] for a in legal]
        assert cards == sorted(cards, key=CODES.index)
        for card in set(cards):
            mine = [a.split()[1:] for a in legal if a.split()[0] == card]
            assert mine[0] == [] and [len(m) for m in mine] == sorted(len(m) for m in mine)
            for tokens in mine:
                assert tokens == sorted(tokens, key=token_order)
        checked += len(legal)
    assert checked > 500


def test_a_rich_holding_lists_every_combination():
    s = lead_state("3d 2d Ad Rd 5d 4c 5c 6c 7c Fc")  # void in spade and bastoni: piombi=2
    calls = truthful_declarations(s, "5d")
    assert calls == ["busso", "ribusso", "voglio_25", "re=5", "tre=5", "due=5", "asso=5", "piombi=2"]
    leads = [a for a in s.legal_actions() if a.split()[0] == "5d"]
    assert len(leads) == 2 ** len(calls) and leads[0] == "5d" and leads[-1] == "5d " + " ".join(calls)
