"""Boston messages (keys ``boston.*``): refusals of the rules engine, bids, contracts, phases."""

from __future__ import annotations

_SUITS_IT: dict[str, str] = {"c": "fiori", "d": "quadri", "h": "cuori", "s": "picche"}
_SUITS_EN: dict[str, str] = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}

IT: dict[str, str] = {
    "boston.name": "Boston",
    "boston.not_your_turn": "Non è il tuo turno: tocca a {player}.",
    "boston.wait_deal": "Aspetta: {player} deve ancora mescolare e dare le carte.",
    "boston.game_over": "La partita è finita: sono state giocate le quattro mani.",
    "boston.unknown_action": "Mossa non riconosciuta: «{action}».",
    "boston.not_in_hand": "Non hai in mano la carta {card}.",
    "boston.not_chance": "Il mazzo è già stato distribuito: ora tocca ai giocatori.",
    "boston.expect_lot": "Prima si sorteggia il mazziere («dealer N», «dealer E», ...).",
    "boston.bad_lot": "«{text}» non è un posto: scegli N, E, S oppure W.",
    "boston.lot_done": "Il mazziere è già stato sorteggiato.",
    "boston.expect_shuffle": "Ora {player} deve mescolare e dare le carte («shuffle» con le 52 carte).",
    "boston.shuffle_bad_card": "Nel mazzo mescolato «{text}» non è una carta francese.",
    "boston.shuffle_duplicate": "Nel mazzo mescolato la carta {card} compare due volte.",
    "boston.shuffle_count": "Il mazzo mescolato deve avere 52 carte, non {count}.",
    "boston.bid_first": "Prima si dichiara: PASSO, CHIEDO, ACCETTO o SOLO.",
    "boston.bidding_over": "La dichiarazione è chiusa: ora si gioca una carta.",
    "boston.chiedo_twice": "{player} ha già detto CHIEDO: non si può chiedere una seconda volta.",
    "boston.accetto_without_chiedo": "Si può dire ACCETTO solo dopo che qualcuno ha detto CHIEDO.",
    "boston.accetto_twice": "{player} ha già accettato: ACCETTO si dice una volta sola.",
    "boston.bid.passo": "Passo",
    "boston.bid.chiedo": "Chiedo",
    "boston.bid.accetto": "Accetto",
    "boston.bid.solo": "Solo",
    "boston.contract.chiedo": "{player} chiede: 5 prese da solo",
    "boston.contract.accetto": "{player} e {partner} in coppia: 8 prese insieme",
    "boston.contract.solo": "{player} gioca SOLO: 8 prese contro tutti",
    "boston.redeal": "Tutti hanno passato: lo stesso mazziere ridà le carte.",
    "boston.phase.lot": "Sorteggio del mazziere",
    "boston.phase.deal": "Distribuzione",
    "boston.phase.bidding": "Dichiarazione",
    "boston.phase.play": "Gioco della carta",
    "boston.phase.hand_over": "Mano finita",
    "boston.phase.game_over": "Partita finita",
    "boston.trump": "Atout: {suit}",
    "boston.boston_card": "Boston: {card}",
    "boston.made": "Contratto fatto",
    "boston.failed": "Contratto perso",
    "boston.mani": "Mani",
    "boston.points": "Punti",
}

EN: dict[str, str] = {
    "boston.name": "Boston",
    "boston.not_your_turn": "It is not your turn: {player} is to play.",
    "boston.wait_deal": "Wait: {player} has yet to shuffle and deal.",
    "boston.game_over": "The game is over: all four hands have been played.",
    "boston.unknown_action": "Unrecognised move: \u201c{action}\u201d.",
    "boston.not_in_hand": "You do not hold the {card}.",
    "boston.not_chance": "The cards have been dealt already: it is the players' turn.",
    "boston.expect_lot": "First the dealer is drawn by lot (\u201cdealer N\u201d, \u201cdealer E\u201d, ...).",
    "boston.bad_lot": "\u201c{text}\u201d is not a seat: choose N, E, S or W.",
    "boston.lot_done": "The dealer has been drawn already.",
    "boston.expect_shuffle": "{player} is now to shuffle and deal (\u201cshuffle\u201d with the 52 cards).",
    "boston.shuffle_bad_card": "In the shuffled deck \u201c{text}\u201d is not a French card.",
    "boston.shuffle_duplicate": "In the shuffled deck the {card} appears twice.",
    "boston.shuffle_count": "The shuffled deck must have 52 cards, not {count}.",
    "boston.bid_first": "Bid first: PASSO, CHIEDO, ACCETTO or SOLO.",
    "boston.bidding_over": "The bidding is over: play a card now.",
    "boston.chiedo_twice": "{player} has already said CHIEDO: there is no second CHIEDO.",
    "boston.accetto_without_chiedo": "ACCETTO can be said only after someone has said CHIEDO.",
    "boston.accetto_twice": "{player} has already accepted: ACCETTO is said only once.",
    "boston.bid.passo": "Pass",
    "boston.bid.chiedo": "Ask (chiedo)",
    "boston.bid.accetto": "Accept (accetto)",
    "boston.bid.solo": "Solo",
    "boston.contract.chiedo": "{player} asks: 5 tricks alone",
    "boston.contract.accetto": "{player} and {partner} as a pair: 8 tricks together",
    "boston.contract.solo": "{player} plays SOLO: 8 tricks against all",
    "boston.redeal": "Everyone passed: the same dealer deals again.",
    "boston.phase.lot": "Drawing the dealer",
    "boston.phase.deal": "Dealing",
    "boston.phase.bidding": "Bidding",
    "boston.phase.play": "Card play",
    "boston.phase.hand_over": "Hand over",
    "boston.phase.game_over": "Game over",
    "boston.trump": "Trump: {suit}",
    "boston.boston_card": "Boston: {card}",
    "boston.made": "Contract made",
    "boston.failed": "Contract failed",
    "boston.mani": "Mani (tricks over or under)",
    "boston.points": "Points",
}

for _letter, _suit in _SUITS_IT.items():
    IT[f"boston.must_follow.{_letter}"] = f"Devi rispondere a {_suit}: hai ancora carte di {_suit}."
    IT[f"boston.must_follow_trump.{_letter}"] = (
        f"Si gioca atout ({_suit}) e tu ne hai ancora: devi rispondere ad atout."
    )
    IT[f"boston.must_play_boston.{_letter}"] = (
        f"Si gioca atout ({_suit}) e il Boston, {{boston}}, conta come atout: è il tuo unico atout, "
        "devi giocarlo."
    )
    IT[f"boston.boston_is_trump.{_letter}"] = (
        f"Il Boston, {{boston}}, conta come atout e non come {_suit}: hai carte di {_suit}, devi giocare una di quelle."
    )
    IT[f"boston.suit.{_letter}"] = _suit
for _letter, _suit in _SUITS_EN.items():
    EN[f"boston.must_follow.{_letter}"] = f"You must follow suit: you still hold {_suit}."
    EN[f"boston.must_follow_trump.{_letter}"] = (
        f"Trumps ({_suit}) were led and you still hold one: follow with a trump."
    )
    EN[f"boston.must_play_boston.{_letter}"] = (
        f"Trumps ({_suit}) were led and the Boston, the {{boston}}, counts as a trump: it is your only "
        "trump, so you must play it."
    )
    EN[f"boston.boston_is_trump.{_letter}"] = (
        f"The Boston, the {{boston}}, counts as a trump, not as one of the {_suit}: you hold {_suit}, "
        "play one of them."
    )
    EN[f"boston.suit.{_letter}"] = _suit
del _letter, _suit
