"""The Poker all'italiana curriculum: rules P1-P18 of the club's regulation.

Seven lessons: the Italian ranking, the deck by number of players, uscita/pot/resto, the opening
requirement, pot-limit amounts, the draw and side pots. Seats are numbered 1..n, play goes to the
left (1 -> 2 -> ...). Positions are deals built with :func:`~pyapp.poker.deals.poker_deal`
and :func:`~pyapp.poker.deals.poker_shuffle`, played on.
"""

from __future__ import annotations

from pyapp.lessons.model import (
    Act,
    Ask,
    Choice,
    Explain,
    Lesson,
    Number,
    PickHand,
    PlayOn,
    T,
    actions,
    amount,
    discards,
    verb,
)
from pyapp.poker.deals import poker_deal, poker_shuffle

# -- lesson 1: the Italian ranking ------------------------------------------------------------------------

JACKS = poker_deal({"1": "Jh Jd 9c 7s 6h", "2": "Qs Qc Qd 8h 6d"}, dealer="5", seat="1")

RANKING = Lesson(
    id="poker-ranking",
    game="poker",
    title=T("I punti del poker all'italiana", "The Italian ranking of hands"),
    summary=T(
        "Dalla scala reale alla carta alta: il colore batte il full, l'Asso è anche basso, i semi spareggiano.",
        "From the straight flush to the high card: the flush beats the full house, the ace is also low, suits "
        "break ties.",
    ),
    steps=(
        Explain(
            T(
                "Dal punto più alto: scala reale (cinque carte in fila dello stesso seme), poker, colore (cinque "
                "carte dello stesso seme), full (tris più coppia), scala, tris, doppia coppia, coppia, carta alta. "
                "Col mazzo corto il colore è più raro del full, e quindi vale di più.",
                "From the top: straight flush (five cards in a row of one suit), four of a kind, flush (five "
                "cards of one suit), full house (three of a kind and a pair), straight, three of a kind, two "
                "pair, pair, high card. With the short deck a flush is rarer than a full house, so it ranks "
                "higher.",
            ),
            cards=("Kh", "Th", "8h", "7h", "6h"),
        ),
        Ask(
            T("Quale mano vince?", "Which hand wins?"),
            PickHand(("Kh Th 8h 7h 6h", "Qs Qd Qc 9s 9d")),
            right=T("Il colore batte il full.", "The flush beats the full house."),
        ),
        Explain(
            T(
                "L'Asso è la carta più alta, ma vale anche sotto la carta più bassa del mazzo: con 36 carte la "
                "scala più piccola è Asso, 6, 7, 8, 9. Non si gira l'angolo: Donna, Re, Asso, 6, 7 non è scala.",
                "The Ace is the highest card, but it also counts below the lowest card of the deck: with 36 cards "
                "the smallest straight is Ace, 6, 7, 8, 9. There is no going round the corner: Queen, King, Ace, "
                "6, 7 is no straight.",
            ),
            cards=("Ah", "6c", "7d", "8s", "9h"),
        ),
        Ask(
            T("Quale mano vince?", "Which hand wins?"),
            PickHand(("Ah 6c 7d 8s 9h", "Tc Ts Td 7h 6s")),
            right=T(
                "Asso, 6, 7, 8, 9 è una scala, e la scala batte il tris.",
                "Ace, 6, 7, 8, 9 is a straight, and a straight beats three of a kind.",
            ),
        ),
        Ask(
            T("E tra queste due scale?", "And between these two straights?"),
            PickHand(("As 6d 7c 8h 9c", "7s 8d 9s Ts Jh")),
            right=T(
                "Quella col Fante in cima è più alta: nella scala minima l'Asso conta come la carta più bassa.",
                "The one topped by the Jack is higher: in the smallest straight the Ace counts as the lowest card.",
            ),
        ),
        Explain(
            T(
                "Nel poker all'italiana il piatto non si divide mai: a parità di punto decide il seme della carta "
                "che conta (la più alta, o la migliore della coppia): cuori, poi quadri, fiori e picche — «Come "
                "Quando Fuori Piove».",
                "In Italian poker the pot is never split: between equal hands the suit of the deciding card (the "
                "highest, or the best of the pair) decides: hearts, then diamonds, clubs and spades — “Come "
                "Quando Fuori Piove”.",
            ),
        ),
        Ask(
            T(
                "Due mani con una coppia di Re e le stesse carte di contorno: quale vince?",
                "Two hands, each a pair of Kings with side cards of the same ranks: which one wins?",
            ),
            PickHand(("Kc Ks 9c 8d 7h", "Kh Kd 9s 8c 7d")),
            right=T(
                "Il Re di cuori è il migliore delle due coppie: vince la seconda.",
                "The King of hearts is the best card of the two pairs: the second hand wins.",
            ),
        ),
        PlayOn(
            T(
                "Ora gioca una mano: hai una coppia di Fanti e parli per primo.",
                "Now play a hand: you hold a pair of Jacks and speak first.",
            ),
            JACKS,
        ),
    ),
)

# -- lesson 2: the deck and the number of players -----------------------------------------------------------

DECK = Lesson(
    id="poker-deck",
    game="poker",
    title=T("Il mazzo secondo i giocatori", "The deck by number of players"),
    summary=T(
        "In quattro dal 7, in cinque dal 6, in sei dal 5: quante carte, e la scala minima che cambia.",
        "Four players from the 7, five from the 6, six from the 5: how many cards, and the smallest straight.",
    ),
    steps=(
        Explain(
            T(
                "Si gioca col mazzo francese accorciato: la carta più bassa è 11 meno il numero dei giocatori. "
                "In quattro si gioca dal 7 all'Asso, in cinque dal 6, in sei dal 5. Il tavolo normale è da cinque.",
                "The French deck is shortened: the lowest card is 11 minus the number of players. Four players "
                "use 7 to Ace, five use 6 to Ace, six use 5 to Ace. The usual table has five.",
            ),
            cards=("7h", "8h", "9h", "Th", "Jh", "Qh", "Kh", "Ah"),
        ),
        Ask(
            T(
                "Quante carte ha il mazzo a un tavolo da quattro?",
                "How many cards are in the deck at a table of four?",
            ),
            Number("deck_size", ("4",)),
            wrong=T("Dal 7 all'Asso sono 8 carte per seme.", "From 7 to Ace there are 8 cards per suit."),
        ),
        Ask(
            T("E a un tavolo da sei?", "And at a table of six?"),
            Number("deck_size", ("6",)),
            wrong=T("Dal 5 all'Asso sono 10 carte per seme.", "From 5 to Ace there are 10 cards per suit."),
        ),
        Ask(
            T("E nel tavolo normale da cinque?", "And at the usual table of five?"),
            Number("deck_size", ("5",)),
            wrong=T("Dal 6 all'Asso sono 9 carte per seme.", "From 6 to Ace there are 9 cards per suit."),
        ),
        Explain(
            T(
                "Cambia anche la scala più piccola: in quattro è Asso, 7, 8, 9, 10; in sei è Asso, 5, 6, 7, 8.",
                "The smallest straight changes too: with four players it is Ace, 7, 8, 9, 10; with six it is "
                "Ace, 5, 6, 7, 8.",
            ),
            cards=("Ac", "7d", "8h", "9s", "Tc"),
        ),
        Ask(
            T("A un tavolo da quattro, quale mano vince?", "At a table of four, which hand wins?"),
            PickHand(("Ac 7d 8h 9s Tc", "Kh Kd Ks 8c 7c"), 4),
            right=T(
                "Asso, 7, 8, 9, 10 è la scala minima del mazzo da 32: batte il tris.",
                "Ace, 7, 8, 9, 10 is the smallest straight of the 32-card deck: it beats three of a kind.",
            ),
        ),
    ),
)

# -- lesson 3: uscita, pot and resto --------------------------------------------------------------------------

POT = Lesson(
    id="poker-pot",
    game="poker",
    title=T("Uscita, piatto e resto", "Uscita, pot and stack (resto)"),
    summary=T(
        "Cosa si mette nel piatto prima di dare le carte, e quante fiches si possono giocare.",
        "What goes into the pot before the deal, and how many chips you may play.",
    ),
    steps=(
        Explain(
            T(
                "Prima di dare le carte ognuno mette l'«uscita» (1 fiche) nel piatto, e il mazziere ne mette una "
                "in più. Senza piatto completo non si danno le carte.",
                "Before the deal everybody puts his “uscita” (1 chip) into the pot, and the dealer one more. "
                "No cards are dealt until the pot is complete.",
            ),
            JACKS,
            show="table",
        ),
        Ask(
            T(
                "Cinque giocatori, uscita 1, il mazziere ne mette una in più. Quanto c'è nel piatto?",
                "Five players, uscita 1, the dealer adds one more. How much is in the pot?",
            ),
            Number("pot"),
            JACKS,
            wrong=T(
                "Cinque uscite da 1 fanno 5, più quella del mazziere.",
                "Five uscite of 1 make 5, plus the dealer's one.",
            ),
        ),
        Ask(
            T(
                "Un tavolo da quattro con uscita 2, e il mazziere ne aggiunge 2. Quanto c'è nel piatto?",
                "A table of four with uscita 2, and the dealer adds 2. How much is in the pot?",
            ),
            Number("pot"),
            poker_deal({}, dealer="4", seat="1", options={"players": 4, "ante": 2, "dealer_ante": 2}),
            wrong=T(
                "Quattro uscite da 2 fanno 8, più le 2 del mazziere.",
                "Four uscite of 2 make 8, plus the dealer's 2.",
            ),
        ),
        Explain(
            T(
                "Ognuno gioca col suo «resto», le fiches che ha davanti, comprate a «passate». Il resto deve "
                "essere almeno pari al piatto; si aumenta solo tra una mano e l'altra. Non si può perdere più "
                "del proprio resto: chi ha messo tutto è «all'altezza».",
                "Each plays with his stack, the “resto”: the chips in front of him, bought in “passate”. The "
                "stack must be at least the pot; it may be increased only between hands. You can never lose more "
                "than your stack: whoever has put in everything is “all'altezza” (all-in).",
            ),
        ),
        PlayOn(T("Gioca una mano.", "Play a hand."), JACKS),
    ),
)

# -- lesson 4: the opening requirement ----------------------------------------------------------------------

TENS = poker_deal({"1": "Th Td 9c 7s 6h"}, dealer="5", seat="1")
PASSED = poker_deal({"2": "Ah Kd 9c 7s 6h"}, dealer="5", seat="1").then(
    "pass", "pass", "pass", "pass", "pass"
)
QUEENS_NEEDED = PASSED.then(poker_shuffle({"2": "Jh Jd 9c 7s 6h"}, dealer="1"), "nocut").seen_by("2")

OPENING = Lesson(
    id="poker-opening",
    game="poker",
    title=T("L'apertura: fanti, donne, re", "Opening: jacks, queens, kings"),
    summary=T(
        "Si apre solo con la coppia di fanti o meglio; se nessuno apre si sale a donne e a re.",
        "You open only with a pair of jacks or better; if nobody opens it rises to queens and kings.",
    ),
    steps=(
        Explain(
            T(
                "Date le carte, parla per primo chi sta alla sinistra del mazziere: ognuno apre o passa. Si apre "
                "solo con «l'apertura»: una coppia di fanti o un punto migliore. Chi apre dovrà sempre mostrare "
                "l'apertura alla fine.",
                "After the deal, the player on the dealer's left speaks first: each opens or passes. You may open "
                "only with “the opening”: a pair of jacks or a better hand. Whoever opens must always show his "
                "openers at the end.",
            ),
            JACKS,
            show="table",
        ),
        Ask(
            T(
                "Hai una coppia di Fanti e parli per primo: apri.",
                "You hold a pair of Jacks and speak first: open.",
            ),
            Act(verb("open")),
            JACKS,
            right=T(
                "Con la coppia di Fanti hai l'apertura; qualunque cifra fino al piatto va bene.",
                "A pair of Jacks is the opening; any amount up to the pot is fine.",
            ),
            wrong=T(
                "Con la coppia di Fanti puoi aprire: è l'apertura minima.",
                "A pair of Jacks may open: it is the minimum.",
            ),
        ),
        Ask(
            T(
                "Questa volta hai una coppia di 10. Cosa fai?",
                "This time you hold a pair of 10s. What do you do?",
            ),
            Act(actions("pass")),
            TENS,
            right=T(
                "La coppia di 10 non basta per aprire: passi.",
                "A pair of 10s is not enough to open: you pass.",
            ),
        ),
        Ask(
            T(
                "Nessuno ha aperto: il piatto resta e si ridanno le carte. Con che cosa si apre la mano dopo?",
                "Nobody opened: the pot stays and the cards are dealt again. What opens the next hand?",
            ),
            Choice(("J", "Q", "K"), "requirement"),
            PASSED,
            wrong=T(
                "Quando nessuno apre, l'apertura della mano dopo sale di un gradino: da fanti a donne.",
                "When nobody opens, the next hand's opening requirement goes one step up: from jacks to "
                "queens.",
            ),
            right=T(
                "Si sale di un gradino: donne. Se nessuno apre ancora, re; poi si resta a re finché un piatto è "
                "vinto, e si torna a fanti.",
                "One step up: queens. If again nobody opens, kings; it stays at kings until a pot is won, then it "
                "goes back to jacks.",
            ),
        ),
        Ask(
            T(
                "Nella mano dopo hai una coppia di Fanti e parli per primo. Cosa fai?",
                "In the next hand you hold a pair of Jacks and speak first. What do you do?",
            ),
            Act(actions("pass")),
            QUEENS_NEEDED,
            right=T(
                "Ora servono le donne: con i Fanti si passa.", "Now queens are needed: with Jacks you pass."
            ),
        ),
        Explain(
            T(
                "Se dopo il cambio tutti dicono «parola» (nessuno punta), non c'è confronto: il piatto passa alla "
                "mano dopo, che si apre a re.",
                "If after the draw everybody checks (nobody bets), there is no showdown: the pot goes on to the "
                "next hand, which opens at kings.",
            ),
        ),
        PlayOn(T("Gioca la mano con la coppia di Fanti.", "Play the hand with the pair of Jacks."), JACKS),
    ),
)

# -- lesson 5: pot-limit amounts --------------------------------------------------------------------------------

OPENED = JACKS.then("open 6").seen_by("2")

LIMIT = Lesson(
    id="poker-limit",
    game="poker",
    title=T("Puntare a limite di piatto", "Pot-limit betting"),
    summary=T(
        "Nessuna puntata supera il piatto; un rilancio aggiunge al massimo il piatto dopo aver visto.",
        "No bet exceeds the pot; a raise adds at most the pot after your call.",
    ),
    steps=(
        Explain(
            T(
                "Si punta «a limite di piatto»: chi apre mette al massimo quanto c'è nel piatto (di solito apre "
                "proprio per il piatto); chi rilancia prima vede, poi aggiunge al massimo il piatto com'è dopo "
                "aver visto.",
                "Betting is “pot-limit”: the opener puts in at most what is in the pot (he usually opens for "
                "exactly the pot); a raiser first calls, then adds at most the pot as it is after his call.",
            ),
            JACKS,
            show="table",
        ),
        Ask(
            T("Apri per la cifra più alta che puoi.", "Open for the largest amount you may."),
            Act(amount("open", "max")),
            JACKS,
            right=T("Il piatto è 6: si apre al massimo per 6.", "The pot is 6: you may open for 6 at most."),
        ),
        Ask(
            T(
                "Il giocatore 1 ha aperto per 6. Tocca a te: di quanto puoi rilanciare al massimo, oltre ai 6 per "
                "vedere?",
                "Player 1 opened for 6. Your turn: by how much may you raise at most, on top of the 6 to call?",
            ),
            Number("max_amount", ("raise",)),
            OPENED,
            wrong=T(
                "Nel piatto ci sono 6 di uscite e 6 dell'apertura; vedendo ne metti altri 6: 18. Puoi rilanciare di 18.",
                "The pot holds 6 of uscite and 6 of the opening; your call adds 6 more: 18. You may raise by 18.",
            ),
        ),
        Ask(
            T("Allora rilancia del massimo.", "Then raise by the most you may."),
            Act(amount("raise", "max")),
            OPENED,
        ),
        PlayOn(T("Gioca la mano dal rilancio in poi.", "Play the hand from the raise on."), OPENED),
    ),
)

# -- lesson 6: the draw -----------------------------------------------------------------------------------------

DRAW_DEAL = poker_deal(
    {"1": "Qd Qs 9c 7d 6s", "2": "Ah 9h 7h 6h Kc"}, dealer="1", seat="2", stub="Th Qc 8s 7c"
).then("pass", "pass", "pass", "pass", "open 6", "call", "fold", "fold", "fold")
OPENER_DRAWS = DRAW_DEAL.then("draw Kc").seen_by("1")

DRAW = Lesson(
    id="poker-draw",
    game="poker",
    title=T("Il cambio", "The draw"),
    summary=T(
        "Quante carte cambiare, chi cambia per primo, e l'apertura che si può scartare.",
        "How many cards to change, who changes first, and openers that may be split.",
    ),
    steps=(
        Explain(
            T(
                "Dopo le puntate chi è rimasto cambia da 0 a 4 carte, a partire da sinistra del mazziere. Chi "
                "non cambia è «servito»; chi ne cambia 4 ne riceve 3 subito e la quarta dopo tutti gli altri.",
                "After the betting those still in change 0 to 4 cards, starting from the dealer's left. Who "
                "changes none is “servito” (stands pat); who changes 4 gets 3 at once and the fourth after "
                "everybody else.",
            ),
            DRAW_DEAL,
            show="table",
        ),
        Ask(
            T(
                "Hai quattro cuori: cambia una carta per cercare il colore.",
                "You hold four hearts: change one card to look for the flush.",
            ),
            Act(discards("Kc")),
            DRAW_DEAL,
            right=T("Si scarta la carta che non è di cuori.", "You discard the card that is not a heart."),
            wrong=T(
                "Tieni le quattro cuori e cambia l'altra.", "Keep the four hearts and change the other card."
            ),
        ),
        Ask(
            T(
                "Ora sei il giocatore 1: hai aperto con la coppia di Donne. Cambia le carte che non servono.",
                "Now you are player 1: you opened with the pair of Queens. Change the cards you do not need.",
            ),
            Act(discards("9c 7d 6s")),
            OPENER_DRAWS,
            right=T("Tieni la coppia e cambi le altre tre.", "You keep the pair and change the other three."),
            wrong=T(
                "Tieni la coppia di Donne e cambia le altre tre carte.",
                "Keep the pair of Queens and change the other three.",
            ),
        ),
        Explain(
            T(
                "Chi ha aperto può anche scartare una carta dell'apertura (per esempio per tentare colore o "
                "scala): quelle carte si tengono da parte e si mostrano alla fine, per provare che l'apertura "
                "c'era.",
                "The opener may also discard a card of his openers (say, to try for a flush or a straight): those "
                "cards are kept aside and shown at the end, to prove the opening was there.",
            ),
        ),
        PlayOn(T("Cambia e gioca il resto della mano.", "Draw and play the rest of the hand."), OPENER_DRAWS),
    ),
)

# -- lesson 7: side pots when a player is all'altezza ---------------------------------------------------------

FIRST_HAND = poker_deal(
    {"1": "Jh Jd 9c 7s 6h", "2": "Qs Qc Qd 8h 6d"},
    dealer="5",
    seat="1",
    stub="Js 8c 7d",
    options={"passata": 20},
).then("open 6", "call", "fold", "fold", "fold", "draw 6h", "serve", "bet 4", "call", "show", "show")
SHORT = FIRST_HAND.then(
    poker_shuffle(
        {"1": "Ah As Kd Kc 7h", "2": "Ks Kh 9d 9s 8c", "3": "Qh Qd Tc Th 6s"}, dealer="1", stub="Ad 6c"
    ),
    "nocut",
    "pass",
    "pass",
    "pass",
    "pass",
    "open 6",
    "call",
    "call",
    "fold",
    "fold",
    "draw 8c",
    "draw 6s",
    "serve",
)
SIDE_POT = SHORT.then("bet 1", "raise 10", "call")

ALL_IN = Lesson(
    id="poker-allin",
    game="poker",
    title=T("All'altezza: il piatto laterale", "All-in: the side pot"),
    summary=T(
        "Chi ha messo tutto il resto può vincere solo la parte di piatto che ha coperto.",
        "A player who has put in his whole resto can win only the part of the pot he matched.",
    ),
    steps=(
        Explain(
            T(
                "Hai perso una mano e ti resta poco. Nella mano dopo apri con Assi e Re e ti resta una fiche: "
                "quando la punti sei «all'altezza», non hai più niente da mettere.",
                "You lost a hand and have little left. In the next hand you open with Aces and Kings and have 1 "
                "chip left: when you bet it you are “all'altezza”, with nothing more to put in.",
            ),
            SHORT,
            show="table",
        ),
        Explain(
            T(
                "Gli altri due continuano a puntare tra loro: le loro fiches in più formano un «piatto laterale» "
                "che tu non puoi vincere. Tu concorri solo al piatto principale, fatto di quanto hai messo tu "
                "e di altrettanto da ciascun altro.",
                "The other two keep betting between them: their extra chips form a “side pot” you cannot win. "
                "You compete only for the main pot, made of what you put in and as much from each of the others.",
            ),
            SIDE_POT,
            show="table",
        ),
        Ask(
            T(
                "Quanto c'è nel piatto principale, l'unico che puoi vincere?",
                "How much is in the main pot, the only one you can win?",
            ),
            Number("side_pot", ("0",)),
            SIDE_POT,
            wrong=T(
                "Uscite 5 e mazziere 1, poi 6 e 1 da ciascuno di voi tre: 6 + 21 = 27.",
                "Uscite 5 and the dealer's 1, then 6 and 1 from each of you three: 6 + 21 = 27.",
            ),
        ),
        Ask(
            T("E quanto c'è nel piatto laterale?", "And how much is in the side pot?"),
            Number("side_pot", ("1",)),
            SIDE_POT,
            wrong=T(
                "Il rilancio di 10, visto: 10 da ciascuno dei due.",
                "The raise of 10, called: 10 from each of the two.",
            ),
        ),
        PlayOn(
            T(
                "Si mostrano le carte: guarda chi vince ciascun piatto.",
                "The hands are shown: see who wins each pot.",
            ),
            SIDE_POT,
        ),
    ),
)

LESSONS = (RANKING, DECK, POT, OPENING, LIMIT, DRAW, ALL_IN)
"""The Poker lessons in teaching order."""
