"""The Tressette curriculum: rules T1-T17 and the declarations D1-DP of the club's rulebook.

Six lessons, from the cards to playing with a partner. Positions are real records: deals built
with :func:`~pyapp.tressette.deals.tressette_deal` and played on, or recorded games
(:mod:`pyapp.tressette.lesson_records`). ``python3 -m pyapp lessons --check`` proves them.
"""

from __future__ import annotations

from dataclasses import replace

from pyapp.lessons.model import (
    Act,
    Ask,
    Choice,
    Explain,
    Lesson,
    Multi,
    Number,
    PickCard,
    PlayOn,
    T,
    all_of,
    any_of,
    cards,
    declares,
    plays_suit,
    wins_trick,
)
from pyapp.lessons.positions import record_position
from pyapp.tressette.deals import tressette_deal
from pyapp.tressette.lesson_records import TRESSETTE_PARTITA

# -- lesson 1: cards, ranks and thirds ------------------------------------------------------------

DEAL1 = tressette_deal(
    "S: Ac 2s Rs 5s 3d 7d Cb 4b 6c Fd | E: 2c Cs 3c 4d Ab 7s 6b Fc 5b Rd | N: Rc 4s Ad 2d 3s 6d 7c Fb 3b Cd | W: 5c 6s 4c Cc As Fs 2b Rb 5d 7b",
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


# -- lesson 2: answering the suit and taking tricks --------------------------------------------------

DEAL2 = tressette_deal(
    "S: 4b 6b Cb 3c 2c 7c Ad 5d 4d Cd | W: Rb 7b Ab Fc 5c 3s 4s Cs 6d 7d | N: 3b 2b Fb Ac Rc Cc As 6s 3d Rd | E: 5b 4c 6c 2d Fd 2s Fs 5s 7s Rs",
    dealer="N",
)
FOLLOW_A = DEAL2.then("Rb")
FOLLOW_B = FOLLOW_A.then("4b", "5b", "3b", "6s", "3s")
FOLLOW_C = FOLLOW_B.then("5d", "7s", "5c")

FOLLOWING = Lesson(
    id="tressette-following",
    game="tressette",
    title=T("Rispondere al seme e prendere", "Following suit and taking tricks"),
    summary=T(
        "Quando si deve rispondere, quando si può scartare, come si prende di sicuro.",
        "When you must follow suit, when you may discard, how to take a trick for sure.",
    ),
    steps=(
        Explain(
            T(
                "Chi è di mano esce con la carta che vuole. Gli altri, uno dopo l'altro verso destra, devono "
                "rispondere allo stesso seme se ce l'hanno; chi non ce l'ha gioca una carta qualsiasi. Prende la "
                "carta più alta del seme di uscita, e chi prende esce alla presa dopo.",
                "The leader plays any card. The others, one after the other to the right, must follow with the "
                "same suit if they have it; whoever has none plays any card. The highest card of the suit led "
                "takes the trick, and whoever takes it leads to the next one.",
            ),
            DEAL2,
            show="hand",
        ),
        Ask(
            T(
                "Ovest esce con il Re di bastoni. Il tuo compagno Nord giocherà per ultimo: rispondi a bastoni "
                "senza regalare punti agli avversari.",
                "West leads the King of clubs. Your partner North plays last: follow with a club without "
                "giving points away to the opponents.",
            ),
            Act(cards("4b", "6b")),
            FOLLOW_A,
            right=T(
                "Il 4 e il 6 non valgono niente: vanno bene tutti e due. Il Cavallo non batte il Re: se "
                "Nord non prende, sarebbe un terzo di punto regalato.",
                "The 4 and the 6 are worth nothing: either is right. The Knight cannot beat the King: unless "
                "North takes, it would be a third of a point given away.",
            ),
            wrong=T(
                "Il Cavallo non batte il Re: se Nord non prende, lo regaleresti. Ricorda che devi rispondere a "
                "bastoni.",
                "The Knight does not beat the King: unless North takes, you would give it away. Remember you "
                "must follow with a club.",
            ),
        ),
        Ask(
            T(
                "Nord ha preso e ora esce di spade. Tu non hai spade: puoi giocare qualsiasi carta. Ovest ha "
                "già messo il Tre, che nessuno può battere: scarta una carta che non vale punti.",
                "North took the trick and now leads a sword. You have no swords: you may play any card. West "
                "has already played the Three, which nobody can beat: discard a card worth no points.",
            ),
            Act(cards("6b", "7c", "5d", "4d")),
            FOLLOW_B,
            right=T(
                "Giusto: sei, sette, cinque e quattro non valgono niente, e la presa è già persa.",
                "Right: sixes, sevens, fives and fours are worth nothing, and the trick is lost anyway.",
            ),
            wrong=T(
                "La presa va a Ovest comunque: con una figura, un Due o un Asso gli regaleresti dei punti.",
                "West takes the trick anyway: a court card, a Two or an Ace would give him points.",
            ),
        ),
        Ask(
            T(
                "Ovest esce con il 5 di coppe. Prendi la presa in modo che nessuno possa superarti.",
                "West leads the 5 of cups. Take the trick so that nobody can beat you.",
            ),
            Act(cards("3c", "2c")),
            FOLLOW_C,
            right=T(
                "Il Tre è la carta più alta; e siccome il Tre ce l'hai tu, anche il Due non lo può battere "
                "nessuno. Sono carte «uguali»: vanno bene tutte e due.",
                "The Three is the highest card; and since you hold the Three, nobody can beat the Two either. "
                "They are “equal” cards: either is right.",
            ),
            wrong=T(
                "Il 7 per ora tiene la presa, ma Est o Nord possono superarlo con una carta più alta.",
                "The 7 holds the trick for now, but East or North may beat it with a higher card.",
            ),
        ),
        PlayOn(
            T(
                "Hai preso: tocca a te uscire. Gioca il resto della mano.",
                "You took the trick: your lead. Play the rest of the hand.",
            ),
            FOLLOW_C.then("2c", "4c", "Cc"),
        ),
    ),
)

# -- lesson 3: counting a hand to 11 -------------------------------------------------------------------

PLAYED_HAND = DEAL1.then(
    *"3s tre=2|6s|Rs|7s|3b tre=2|7b|Cb|5b|6d voglio_3|5d|3d|4d|2s due=2|Cs|4s|Fs|7d liscio=2|Rd|Ad|4c|"
    "2d due=2|5c|Fd|6b|7c re=2|Cc|6c|Fc|As volo|5s|Ab|Fb|2b due=2|4b|2c|Rc|Rb volo|Ac|3c|Cd".split("|")
)
NS_CARDS = tuple("3s 6s Rs 7s 3b 7b Cb 5b 6d 5d 3d 4d 2s Cs 4s Fs 7d Rd Ad 4c 2d 5c Fd 6b".split())
"""The cards North-South took in PLAYED_HAND (the lesson checker finds the same points)."""

COUNTING = Lesson(
    id="tressette-counting",
    game="tressette",
    title=T("Contare la mano: 11 punti", "Counting a hand: 11 points"),
    summary=T(
        "Terzi, punti interi, l'ultima presa e il cappotto.",
        "Thirds, whole points, the last trick and the cappotto.",
    ),
    steps=(
        Explain(
            T(
                "In ogni mano ci sono 11 punti. I quattro Assi fanno 4 punti; Tre, Due, Re, Cavalli e Fanti sono "
                "20 carte da un terzo, cioè 6 punti e 2 terzi; l'ultima presa vale un punto. In tutto 35 terzi: "
                "ogni coppia divide i suoi terzi per 3 e i terzi che avanzano si perdono, così la mano vale "
                "sempre 11.",
                "Every hand is worth 11 points. The four Aces make 4 points; Threes, Twos, Kings, Knights and "
                "Jacks are 20 cards of a third each, that is 6 points and 2 thirds; the last trick is worth a "
                "point. 35 thirds in all: each pair divides its thirds by 3 and the leftover thirds are lost, so "
                "a hand is always worth 11.",
            ),
            cards=("Ad", "Ac", "As", "Ab"),
        ),
        Ask(
            T("Quanti punti valgono queste carte?", "How many points are these cards worth?"),
            Number("card_points", cards=("Ad", "Ac", "3s", "2s", "Rb", "Cb", "Fb")),
            wrong=T(
                "Due Assi fanno 6 terzi, le altre cinque carte 5 terzi: 11 terzi, cioè 3 punti (2 terzi avanzano).",
                "Two Aces make 6 thirds, the other five cards 5 thirds: 11 thirds, that is 3 points (2 thirds "
                "are left over).",
            ),
        ),
        Ask(
            T(
                "Queste carte sono state prese insieme all'ultima presa. Quanti punti valgono?",
                "These cards were taken together with the last trick. How many points are they worth?",
            ),
            Number("card_points", ("last",), ("As", "2d", "Fc", "Cc", "7b")),
            wrong=T(
                "Asso 3 terzi, Due, Fante e Cavallo uno ciascuno, il 7 niente: 6 terzi; l'ultima presa ne "
                "aggiunge 3. In tutto 9 terzi, 3 punti.",
                "Ace 3 thirds, Two, Jack and Knight one each, the 7 nothing: 6 thirds; the last trick adds 3. "
                "9 thirds in all, 3 points.",
            ),
        ),
        Ask(
            T(
                "La mano della prima lezione è finita: ecco tutte le carte prese dalla tua coppia (l'ultima "
                "presa l'ha fatta Ovest). Quanti punti avete fatto?",
                "The hand of the first lesson is over: here are all the cards your pair took (West took the last "
                "trick). How many points did you make?",
            ),
            Number("hand_points", ("NS",), NS_CARDS),
            PLAYED_HAND,
            wrong=T(
                "Contate 14 terzi: un Asso (3) e 11 carte da un terzo. 14 diviso 3 fa 4, con 2 terzi persi.",
                "You count 14 thirds: an Ace (3) and 11 cards of a third. 14 divided by 3 is 4, with 2 thirds "
                "lost.",
            ),
        ),
        Ask(
            T(
                "E gli avversari, che hanno fatto anche l'ultima presa, quanti punti hanno fatto?",
                "And the opponents, who also took the last trick: how many points did they make?",
            ),
            Number("hand_points", ("EW",)),
            PLAYED_HAND,
            right=T(
                "4 più 7 fa 11: ogni mano vale 11 punti, i terzi avanzati si perdono.",
                "4 plus 7 makes 11: every hand is worth 11 points, leftover thirds are lost.",
            ),
            wrong=T(
                "Hanno 18 terzi di carte e 3 dell'ultima presa: 21 terzi, 7 punti.",
                "They have 18 thirds in cards and 3 for the last trick: 21 thirds, 7 points.",
            ),
        ),
        Explain(
            T(
                "Se una coppia fa tutti gli 11 punti è «cappotto»: in questo torneo si annota come statistica e "
                "non dà punti in più.",
                "When a pair makes all 11 points it is a “cappotto”: in this tournament it is noted as a "
                "statistic and gives no extra points.",
            ),
            PLAYED_HAND,
            show="trick",
        ),
        PlayOn(
            T(
                "Gioca di nuovo questa mano dall'inizio e guarda quanti punti fa la tua coppia.",
                "Play this hand again from the start and see how many points your pair makes.",
            ),
            DEAL1,
        ),
    ),
)

# -- lesson 4: the partita to 31 and the best of three ----------------------------------------------------

PARTITA_END = record_position(TRESSETTE_PARTITA, "S")
"""The first partita of a recorded match, to its last card (North-South win 35 to 31)."""
_LAST_SHUFFLE = max(i for i, a in enumerate(PARTITA_END.history) if a.startswith("shuffle "))
LAST_HAND = replace(PARTITA_END, history=PARTITA_END.history[: _LAST_SHUFFLE + 2])
"""The same match just before the first card of the partita's last hand (29 to 26)."""

PARTITA = Lesson(
    id="tressette-partita",
    game="tressette",
    title=T("La partita a 31 e la bella di tre", "The partita to 31 and the best of three"),
    summary=T(
        "Quando si vince una partita, anche se tutte e due le coppie passano 31, e come si vince l'incontro.",
        "When a partita is won, even if both pairs pass 31, and how the match is won.",
    ),
    steps=(
        Explain(
            T(
                "I punti di ogni mano si sommano. La partita si controlla solo a mano finita: se una coppia ha "
                "31 punti o più, vince la partita la coppia con più punti, anche se tutte e due hanno passato "
                "31. Se i totali sono pari si gioca un'altra mano. Non si può «chiamarsi fuori» a metà mano.",
                "The points of each hand add up. The partita is checked only when a hand is over: if a pair has "
                "31 points or more, the pair with more points wins the partita, even if both have passed 31. "
                "With equal totals another hand is played. Nobody may “call out” in the middle of a hand.",
            ),
        ),
        Explain(
            T(
                "Ecco l'ultima mano di una partita vera: la tua coppia ha 29 punti, gli avversari 26. Chi arriva "
                "a 31 per primo non vince per forza: conta il totale a fine mano.",
                "Here is the last hand of a real partita: your pair has 29 points, the opponents 26. Reaching 31 "
                "first does not win by itself: the totals at the end of the hand count.",
            ),
            LAST_HAND,
            show="table",
        ),
        Ask(
            T(
                "Dopo cinque mani siete 29 a 26. Qualcuno ha già vinto la partita?",
                "After five hands it is 29 to 26. Has anybody won the partita yet?",
            ),
            Choice(("NS", "EW", "none"), "partita_winner"),
            LAST_HAND,
            right=T(
                "Nessuno è arrivato a 31: si gioca un'altra mano.",
                "Nobody has reached 31: another hand is played.",
            ),
            wrong=T(
                "Si vince solo arrivando ad almeno 31 punti.", "A partita is won only with 31 points or more."
            ),
        ),
        Ask(
            T(
                "La mano è finita: voi avete fatto 6 punti, gli avversari 5. Chi ha vinto la partita?",
                "The hand is over: you made 6 points, the opponents 5. Who won the partita?",
            ),
            Choice(("NS", "EW", "none"), "partita_winner"),
            PARTITA_END,
            right=T(
                "35 a 31: tutte e due le coppie hanno passato 31, vince chi ha di più.",
                "35 to 31: both pairs passed 31, the higher total wins.",
            ),
            wrong=T(
                "Si guarda il totale a fine mano: voi 29 + 6 = 35, loro 26 + 5 = 31.",
                "Look at the totals at the end of the hand: you 29 + 6 = 35, they 26 + 5 = 31.",
            ),
        ),
        Explain(
            T(
                "L'incontro è al meglio delle tre partite: ogni partita vinta vale un punto in classifica e "
                "chi vince due partite vince l'incontro (la terza non si gioca). Alla partita dopo si riparte "
                "da zero.",
                "A match is the best of three partite: each partita won is worth a standings point, and whoever "
                "wins two partite wins the match (the third is not played). Each new partita starts from zero.",
            ),
        ),
        PlayOn(
            T(
                "Gioca tu l'ultima mano della partita, da 29 a 26.",
                "Play the last hand of the partita yourself, from 29 to 26.",
            ),
            LAST_HAND,
        ),
    ),
)

# -- lesson 5: the declarations ---------------------------------------------------------------------------

DEAL5 = tressette_deal(
    "S: 3s 6s 4s Rb 7b 5b 4d Ac 2c 7c | W: 4b 3b 2b Ab 3c 5c 6c 5s 7s 3d | E: 6b Cb Fc Cc Rc As 2s Fs Ad 2d | N: 5d 6d 7d Fd Cd Rd 4c Cs Rs Fb",
    dealer="N",
)
LEAD5 = DEAL5.then("4b", "Rb", "6b", "Fb")

DECLARATIONS = Lesson(
    id="tressette-declarations",
    game="tressette",
    title=T("Le dichiarazioni", "The declarations"),
    summary=T(
        "Busso, volo, liscio, voglio il tre e le altre: solo chi esce, solo sul seme giocato, solo se è vero.",
        "Busso, volo, liscio, “I want the three” and the rest: only the leader, only about the suit led, only "
        "when true.",
    ),
    steps=(
        Explain(
            T(
                "Solo chi esce può dichiarare, e solo sul seme della carta che gioca, insieme all'uscita "
                "(prima che l'avversario risponda), mai su richiesta del compagno. Dichiarare è facoltativo, ma si dice solo il vero: ogni altro segno al compagno è vietato e "
                "costa 3 punti e la ripetizione della mano. Questo torneo non ha buongioco, napoletana né "
                "chiamata fuori.",
                "Only the leader may declare, only about the suit of the card led, together with the lead "
                "(before the next player answers), never at his partner's request. Declaring is optional, but only the truth may be said: any other sign to the partner is "
                "forbidden and costs 3 points and a replay of the hand. This tournament has no buongioco, no "
                "napoletana and no calling out.",
            ),
            LEAD5,
            show="hand",
        ),
        Explain(
            T(
                "Le più comuni: «busso» (ho il Tre, almeno terzo), «ribusso» (ho il Due, almeno terzo), «volo» "
                "(è l'unica carta del seme), «secondo, terzo… liscio» (nessuna tra Tre, Due, Asso e Re), «re "
                "terzo», «tre quarto» e simili, che dicono la carta più alta e quante ne hai. Nel gioco di casa "
                "busso, striscio e volo si fanno anche a gesti: si bussa sul tavolo, si striscia la carta (lo "
                "«striscio», cioè il liscio), la si lascia volare. In questo torneo si dicono solo a parole: "
                "ogni gesto è un segno vietato.",
                "The most common: “busso” (I hold the Three, at least third), “ribusso” (I hold the Two, at "
                "least third), “volo” (it is my only card of the suit), “second, third… plain” (none of Three, "
                "Two, Ace and King), “King third”, “Three fourth” and the like, naming the top card and how "
                "many you hold. At home busso, striscio and volo are also made with gestures: knocking on the "
                "table, dragging the card (the “striscio”, that is the liscio), letting it fly. In this "
                "tournament they are said in words only: any gesture is a forbidden sign.",
            ),
            LEAD5,
            show="hand",
        ),
        Ask(
            T(
                "Hai Tre, 6 e 4 di spade. Esci a spade e bussa.",
                "You hold the Three, 6 and 4 of swords. Lead a sword and declare “busso”.",
            ),
            Act(all_of(plays_suit("s"), declares("busso"))),
            LEAD5,
            right=T(
                "Il compagno sa che hai il Tre: se può, prende e ti ritorna il seme.",
                "Your partner knows you hold the Three: if he can, he takes and returns the suit to you.",
            ),
            wrong=T(
                "Busso si dice solo con il Tre del seme che giochi, almeno terzo.",
                "Busso is said only with the Three of the suit you lead, at least third.",
            ),
        ),
        Ask(
            T(
                "Il 4 di denari è la tua unica carta di denari. Esci con quello e dichiaralo.",
                "The 4 of coins is your only coin. Lead it and declare so.",
            ),
            Act(all_of(cards("4d"), declares("volo"))),
            LEAD5,
            right=T(
                "«Volo»: il compagno sa che a denari non ti può più ritornare.",
                "“Volo”: your partner knows you cannot follow coins any more.",
            ),
        ),
        Ask(
            T(
                "Esci con il 7 di bastoni (ti restano 7 e 5 di bastoni). Quali dichiarazioni sono vere?",
                "You lead the 7 of clubs (you hold the 7 and 5 of clubs). Which declarations are true?",
            ),
            Multi(("liscio=2", "re=2", "volo", "busso", "ribusso"), "true_declarations", ("7b",)),
            LEAD5,
            right=T(
                "Due carte senza Tre, Due, Asso né Re: «secondo liscio».",
                "Two cards without Three, Two, Ace or King: “second, plain”.",
            ),
        ),
        Explain(
            T(
                "Con le carte alte: «liscio e busso» (asso terzo), «voglio il 25» (asso almeno quarto), "
                "«migliore» o «voglio il 3 / il 2» quando hai l'Asso e solo una tra Tre e Due, almeno terzo, "
                "«voglio l'asso» con Tre e Due senza l'Asso, almeno terzo, «mi piombo un pezzo» con Tre e Due "
                "soli. Alla prima presa chi esce può dire anche quanti semi "
                "gli mancano («piombi»). Più avanti nella mano «voglio» vale anche per le carte ancora in gioco: "
                "se delle tre carte più alte non ancora uscite ne hai due, almeno terzo, puoi chiedere quella "
                "che manca, purché non sia la più bassa delle tre (per esempio, usciti Tre e Due, con Asso, "
                "Cavallo e un'altra carta chiedi il Re).",
                "With the top cards: “liscio e busso” (ace third), “voglio il 25” (ace at least fourth), "
                "“migliore” or “I want the 3 / the 2” when you hold the Ace and only one of Three and Two, at "
                "least third, “I want the ace” with Three and Two but no Ace, at least third, “mi piombo un "
                "pezzo” with Three and Two alone. On the first trick the "
                "leader may also say how many suits he lacks (“piombi”). Later in the hand “voglio” also works "
                "with the cards still in play: if you hold two of the three highest cards not yet played, at "
                "least third, you may ask for the missing one, unless it is the lowest of the three (say, with "
                "the Three and the Two gone, holding the Ace, the Knight and one more, you ask for the King).",
            ),
        ),
        Ask(
            T(
                "A coppe hai Asso, Due e 7. Esci a coppe chiedendo al compagno la carta che ti manca.",
                "In cups you hold the Ace, Two and 7. Lead a cup asking your partner for the card you lack.",
            ),
            Act(all_of(plays_suit("c"), any_of(declares("voglio_3"), declares("voglio=3c")))),
            LEAD5,
            right=T(
                "«Voglio il 3»: se il compagno ha il Tre lo gioca, e le tue carte alte diventano padrone.",
                "“I want the 3”: if your partner has the Three he plays it, and your high cards take over.",
            ),
            wrong=T(
                "Hai l'Asso e il Due ma non il Tre: la carta che ti manca si chiede con «voglio il 3» (o "
                "chiamando il Tre di coppe). «Migliore» chiede la carta più alta senza nominarla.",
                "You hold the Ace and the Two but not the Three: you ask for the missing card with “voglio il "
                "3” (or by calling the Three of cups). “Migliore” asks for the top card without naming it.",
            ),
        ),
        PlayOn(
            T(
                "Gioca la mano: quando esci, il tavolo ti propone solo le dichiarazioni vere.",
                "Play the hand: when you lead, the table offers only the true declarations.",
            ),
            LEAD5,
        ),
    ),
)

# -- lesson 6: leading and playing with your partner -------------------------------------------------------

DEAL6 = tressette_deal(
    "N: 5c 3c 7c Rs Cs 4s 6d Fd Cb 2b | W: 4c Fc 6s 7s 3d 4d Rd Ab 6b 7b | S: Ac 2c 6c 3s 2s 5s Ad 5d 4b Fb | E: Cc Rc As Fs 2d 7d Cd 3b 5b Rb",
    dealer="E",
)
BUSSO = DEAL6.then("5c busso", "4c")
RETURN = BUSSO.then("2c", "Cc")

PARTNER = Lesson(
    id="tressette-partner",
    game="tressette",
    title=T("Uscire e giocare col compagno", "Leading and playing with your partner"),
    summary=T(
        "Rispondere al busso del compagno, ritornargli il seme, caricare le sue prese.",
        "Answering your partner's busso, returning his suit, loading his tricks.",
    ),
    steps=(
        Explain(
            T(
                "Si gioca in coppia: i punti presi dal compagno sono anche tuoi. Le dichiarazioni servono a "
                "questo: dire al compagno dove sono le carte buone, perché ti aiuti a farle valere.",
                "You play as a pair: the points your partner takes are yours too. That is what declarations "
                "are for: telling your partner where the good cards are, so that he helps you make them count.",
            ),
            DEAL6,
            show="hand",
        ),
        Ask(
            T(
                "Il tuo compagno Nord esce con il 5 di coppe e bussa: ha il Tre. Ovest risponde col 4. Prendi "
                "con una carta che Est non può battere.",
                "Your partner North leads the 5 of cups and says “busso”: he holds the Three. West plays the "
                "4. Take with a card East cannot beat.",
            ),
            Act(cards("2c", "Ac")),
            BUSSO,
            right=T(
                "Il Tre ce l'ha il compagno e il Due ce l'hai tu: né il Due né l'Asso possono essere battuti.",
                "Your partner holds the Three and you hold the Two: neither the Two nor the Ace can be beaten.",
            ),
            wrong=T(
                "Con il 6 Est può superarti e prendere. Il Tre è del compagno: le tue carte alte sono sicure.",
                "With the 6 East can beat you and take. The Three is your partner's: your high cards are safe.",
            ),
        ),
        Ask(
            T(
                "Hai preso. Ora ritorna al compagno il seme che ha bussato.",
                "You took the trick. Now return the suit your partner knocked in.",
            ),
            Act(plays_suit("c")),
            RETURN,
            right=T(
                "Con il 6 il Tre del compagno prende; anche l'Asso va bene, perché nessun avversario ha Tre o "
                "Due di coppe.",
                "With the 6 your partner's Three takes; the Ace is fine too, since no opponent holds the Three "
                "or the Two of cups.",
            ),
            wrong=T(
                "Il compagno ha bussato a coppe: aspetta che tu gli ritorni quel seme.",
                "Your partner knocked in cups: he expects you to return that suit.",
            ),
        ),
        Explain(
            T(
                "Quando la presa è sicura per il compagno, «caricala»: mettici sopra un Asso o una figura. "
                "Quando la prendono gli avversari, «lisciala»: gioca una carta che non vale niente. E quando il "
                "compagno vola su un seme, non ritornarglielo: non ne ha più.",
                "When a trick is safe for your partner, “load” it: put an Ace or a court card on it. When the "
                "opponents take it, play low: a card worth nothing. And when your partner says “volo” in a "
                "suit, do not return it: he has no more.",
            ),
            RETURN,
            show="table",
        ),
        PlayOn(
            T("Gioca il resto della mano insieme a Nord.", "Play the rest of the hand together with North."),
            RETURN,
        ),
    ),
)

LESSONS = (CARDS, FOLLOWING, COUNTING, PARTITA, DECLARATIONS, PARTNER)
"""The Tressette lessons in teaching order."""
