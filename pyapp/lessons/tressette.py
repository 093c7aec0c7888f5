"""The Tressette curriculum (rules T1-T17 and the declarations D1-DP of the club's rulebook)."""

from __future__ import annotations

from pyapp.lessons.model import (
    Act,
    Ask,
    Explain,
    Lesson,
    Number,
    PickCard,
    PlayOn,
    T,
    wins_trick,
)
from pyapp.lessons.positions import tressette_deal

# -- lesson 1: cards, ranks and thirds ------------------------------------------------------------

DEAL1 = tressette_deal(
    {
        "S": "Ac 2s Rs 5s 3d 7d Cb 4b 6c Fd",
        "E": "2c Cs 3c 4d Ab 7s 6b Fc 5b Rd",
        "N": "Rc 4s Ad 2d 3s 6d 7c Fb 3b Cd",
        "W": "5c 6s 4c Cc As Fs 2b Rb 5d 7b",
    },
    dealer="E",
)
TRICK1 = DEAL1.then("Rc", "5c", "Ac", "2c")
TRICK2 = TRICK1.then("Cs", "4s", "6s")

CARDS = Lesson(
    id="tressette-cards",
    game="tressette",
    title=T("Le carte, l'ordine di presa e i terzi", "Cards, trick order and thirds"),
    summary=T(
        "Il mazzo da 40, quale carta prende e quanto vale ogni carta.",
        "The 40-card deck, which card takes a trick and what each card is worth.",
    ),
    steps=(
        Explain(
            T(
                "Si gioca con le 40 carte napoletane: quattro semi (denari, coppe, spade e bastoni) e dieci "
                "carte per seme: Asso, Due, Tre, Quattro, Cinque, Sei, Sette, Fante, Cavallo e Re.",
                "Tressette is played with the 40 Neapolitan cards: four suits (coins, cups, swords and clubs) "
                "and ten cards in each suit: Ace, Two, Three, Four, Five, Six, Seven, Jack, Knight and King.",
            ),
            cards=("Ad", "Ac", "As", "Ab"),
        ),
        Explain(
            T(
                "In presa le carte non vanno per numero: la più forte è il Tre, poi il Due, l'Asso, il Re, "
                "il Cavallo, il Fante e infine 7, 6, 5 e 4. Non ci sono briscole.",
                "In a trick the cards do not go by number: the Three is the strongest, then the Two, the "
                "Ace, the King, the Knight, the Jack and last 7, 6, 5 and 4. There are no trumps.",
            ),
            cards=("3d", "2d", "Ad", "Rd", "Cd", "Fd", "7d", "6d", "5d", "4d"),
        ),
        Ask(
            T(
                "Nord è uscito con il Re di coppe e tutti hanno risposto a coppe. Quale carta prende?",
                "North led the King of cups and everybody followed with a cup. Which card takes the trick?",
            ),
            PickCard("trick_winner"),
            TRICK1,
            right=T(
                "Il Due batte l'Asso e il Re: solo il Tre è più forte, e nessuno l'ha giocato.",
                "The Two beats the Ace and the King: only the Three is stronger, and nobody played it.",
            ),
        ),
        Explain(
            T(
                "I punti si contano a terzi: l'Asso vale 3 terzi, cioè un punto intero; Tre, Due, Re, "
                "Cavallo e Fante valgono un terzo ciascuno; 7, 6, 5 e 4 non valgono niente.",
                "Points are counted in thirds: the Ace is worth 3 thirds, a whole point; the Three, Two, "
                "King, Knight and Jack are worth a third each; 7, 6, 5 and 4 are worth nothing.",
            ),
            cards=("Ad", "3d", "2d", "Rd", "Cd", "Fd", "7d"),
        ),
        Ask(
            T(
                "Quanti punti interi valgono queste carte? I terzi che avanzano non contano.",
                "How many whole points are these cards worth? Leftover thirds do not count.",
            ),
            Number("card_points", cards=("Ac", "3c", "Rd", "Fs", "7b", "2b")),
            wrong=T(
                "Asso 3 terzi, Tre 1, Re 1, Fante 1, Sette 0, Due 1: 7 terzi, cioè 2 punti e un terzo che si perde.",
                "Ace 3 thirds, Three 1, King 1, Jack 1, Seven 0, Two 1: 7 thirds, that is 2 points and a "
                "third that is lost.",
            ),
        ),
        Ask(
            T(
                "Est è uscito con il Cavallo di spade. Prendi tu la presa: quale carta giochi?",
                "East led the Knight of swords. Take the trick yourself: which card do you play?",
            ),
            Act(wins_trick()),
            TRICK2,
            right=T(
                "Il Due e il Re battono il Cavallo: vanno bene tutti e due.",
                "The Two and the King both beat the Knight: either one is right.",
            ),
        ),
        PlayOn(
            T(
                "Chi prende esce alla presa seguente. Adesso gioca tu il resto della mano con il tuo "
                "compagno Nord contro Est e Ovest.",
                "Whoever takes a trick leads to the next one. Now play the rest of the hand with your "
                "partner North against East and West.",
            ),
            TRICK2.then("Rs"),
        ),
    ),
)

LESSONS = (CARDS,)
