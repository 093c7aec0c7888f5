"""The Boston curriculum: rules B1-B13 of the club's rulebook (French Boston, Boston de Nantes).

Six lessons, from the deal and the Boston card to defending against a contract. Seats N E S W,
play clockwise (N -> E -> S -> W). Positions are deals built with
:func:`~pyapp.boston.deals.boston_deal`, bid and played on.
"""

from __future__ import annotations

from pyapp.boston.deals import boston_deal
from pyapp.lessons.model import (
    Act,
    Ask,
    Explain,
    Lesson,
    Multi,
    Number,
    PickCard,
    PlayOn,
    T,
    actions,
    all_of,
    any_legal,
    loses_trick,
    side_wins_trick,
    wins_trick,
)

BIDS = ("passo", "chiedo", "accetto", "solo")

# -- lesson 1: the deal, the turned trump and the Boston --------------------------------------------------

DEAL_CLUBS = boston_deal(
    "S: Jd As Kc Qc 9c 7h 5h 4h Ah 8d 6d 3s 2s | E: Ac Jc 7c 6c Kh Qh Ks Qs Kd Qd 9d 7d Tc",
    dealer="E",
    trump="Tc",
)
DEAL_DIAMONDS = boston_deal(
    "S: Jd Jh Ad Kd 9d Ac 8c 7c Ah 6h As Ks 2s | E: Qd Td 8d 7d Kc Qc Jc Qh Th Qs Js Ts 5d",
    dealer="E",
    trump="5d",
)

# S void in spades; W's only trump is the Boston (clubs are trump): B3 in action
DEAL_TRUMPS = boston_deal(
    "S: Ac Kc Qc 9c 8c Ah Kh Qh 2h Ad Kd Qd 2c | W: Jd 9h 8h 7h 6h 5h 4h 3h 9s 8s 7s 6s 5s | N: As Ks Qs Td 9d 8d 7d 6d 5d 4d 3d 2d Jh | E: Jc 7c 6c 5c 4c 3c Th Js Ts 4s 3s 2s Tc",
    dealer="E",
    trump="Tc",
)
SOLO_LEAD = DEAL_TRUMPS.then("solo", "Ac")
BOSTON_TRICK = SOLO_LEAD.then("Jd", "2d", "3c")
RUFF = BOSTON_TRICK.then("9s", "As", "2s")

DEAL = Lesson(
    id="boston-deal",
    game="boston",
    title=T("Il mazzo, l'atout girato e il Boston", "The deal, the turned trump and the Boston"),
    summary=T(
        "Carte francesi da 52, la distribuzione 3-3-3-4, la carta girata che fa l'atout, il fante che vale più di tutti.",
        "52 French cards, the 3-3-3-4 deal, the turned card that makes trumps, the jack above them all.",
    ),
    steps=(
        Explain(
            T(
                "Si gioca in quattro, ognuno per sé, con 52 carte francesi: l'Asso è la più alta, poi Re, Donna, "
                "Fante, 10 e giù fino al 2. Il mazziere dà 13 carte a testa, 3, 3, 3 e 4 alla volta, verso "
                "sinistra; la sua ultima carta resta scoperta: il suo seme è l'atout (la briscola) della mano.",
                "Four play, each for himself, with 52 French cards: the Ace is highest, then King, Queen, Jack, "
                "10 and down to the 2. The dealer gives 13 cards each, 3, 3, 3 and 4 at a time, to the left; "
                "his last card stays face up: its suit is trumps for the hand.",
            ),
            DEAL_CLUBS,
            show="table",
        ),
        Explain(
            T(
                "Il «Boston» è il Fante di quadri, la carta più alta di tutte: batte anche l'Asso di atout. "
                "Quando l'atout è quadri, il Boston diventa il Fante di cuori. Il Boston fa parte dell'atout: "
                "conta come atout per rispondere e per tagliare.",
                "The “Boston” is the Jack of diamonds, the highest card of all: it beats even the Ace of trumps. "
                "When diamonds are trumps, the Boston is the Jack of hearts instead. The Boston belongs to the "
                "trump suit: it counts as a trump for following and for trumping.",
            ),
            cards=("Jd", "Jh"),
        ),
        Ask(
            T(
                "L'atout è fiori. Qual è il Boston nella tua mano?",
                "Clubs are trumps. Which card of your hand is the Boston?",
            ),
            PickCard("boston_card"),
            DEAL_CLUBS,
            right=T(
                "Il Fante di quadri: con atout fiori, è lui il Boston.",
                "The Jack of diamonds: with clubs trumps, it is the Boston.",
            ),
        ),
        Ask(
            T(
                "Questa volta la carta girata è di quadri. Quale carta è il Boston?",
                "This time the turned card is a diamond. Which card is the Boston?",
            ),
            PickCard("boston_card"),
            DEAL_DIAMONDS,
            right=T(
                "Con atout quadri il Boston è il Fante di cuori; il Fante di quadri è un atout normale, tra la "
                "Donna e il 10.",
                "With diamonds trumps the Boston is the Jack of hearts; the Jack of diamonds is an ordinary trump, "
                "between the Queen and the 10.",
            ),
        ),
        Ask(
            T(
                "Hai dichiarato SOLO e sei uscito con l'Asso di fiori, l'atout. Quale carta prende la presa?",
                "You bid SOLO and led the Ace of clubs, the trump. Which card takes the trick?",
            ),
            PickCard("trick_winner"),
            BOSTON_TRICK,
            right=T(
                "Il Boston di Ovest batte anche l'Asso di atout.",
                "West's Boston beats even the Ace of trumps.",
            ),
        ),
        PlayOn(
            T(
                "Dichiara e gioca questa mano: sei il primo a parlare.",
                "Bid and play this hand: you speak first.",
            ),
            DEAL_CLUBS,
        ),
    ),
)

# -- lesson 2: PASSO, CHIEDO, ACCETTO, SOLO -----------------------------------------------------------------

DEAL_BIDS = boston_deal(
    "S: Ah Kh Qh Jh 9h Ac Kc 8s 7s 6d 5d 4d 3c | E: Th 8h 7h Jd As Ks Qs Ad Kd 9c 8c 2s 3s | W: 6h 5h 4h 3h Qc Jc Tc Js Ts 9s Qd Td 9d | N: 7c 6c 5c 4c 2c 6s 5s 4s 8d 7d 3d 2d 2h",
    dealer="N",
    trump="2h",
)
AFTER_CHIEDO = DEAL_BIDS.then("chiedo")

BIDDING = Lesson(
    id="boston-bidding",
    game="boston",
    title=T("PASSO, CHIEDO, ACCETTO, SOLO", "PASSO, CHIEDO, ACCETTO, SOLO"),
    summary=T(
        "Come si dichiara: chi parla, quando si può accettare, quando la dichiarazione finisce.",
        "How the bidding goes: who speaks, when you may accept, when it ends.",
    ),
    steps=(
        Explain(
            T(
                "Parla per primo chi sta alla sinistra del mazziere, poi gli altri verso sinistra. Si dice PASSO "
                "(non gioco), CHIEDO (mi impegno a fare 5 prese da solo contro gli altri tre) o SOLO (8 prese da "
                "solo). SOLO si può dire quando tocca a te e chiude subito la dichiarazione.",
                "The player on the dealer's left speaks first, then the others to the left. You say PASSO (I do "
                "not play), CHIEDO (I undertake 5 tricks alone against the other three) or SOLO (8 tricks alone). "
                "SOLO may be said on your turn and ends the bidding at once.",
            ),
            DEAL_BIDS,
            show="table",
        ),
        Ask(
            T(
                "Est ha detto PASSO e tocca a te. Quali dichiarazioni puoi fare adesso?",
                "East said PASSO and it is your turn. Which calls may you make now?",
            ),
            Multi(BIDS, "legal_calls"),
            DEAL_BIDS.then("passo"),
            right=T(
                "ACCETTO si può dire solo dopo un CHIEDO: per ora nessuno ha chiesto.",
                "ACCETTO may be said only after a CHIEDO: nobody has asked yet.",
            ),
        ),
        Ask(
            T(
                "Questa volta Est ha detto CHIEDO. Hai cinque cuori (l'atout) con Asso, Re e Donna: unisciti a "
                "lui per fare 8 prese insieme.",
                "This time East said CHIEDO. You hold five hearts (trumps) with Ace, King and Queen: join him to "
                "take 8 tricks together.",
            ),
            Act(actions("accetto")),
            AFTER_CHIEDO,
            right=T(
                "Con ACCETTO tu ed Est siete una coppia per questa mano: 8 prese in due.",
                "With ACCETTO you and East are a pair for this hand: 8 tricks between you.",
            ),
            wrong=T(
                "Con PASSO Est resterebbe solo per 5 prese; con SOLO dovresti farne 8 da solo contro tutti.",
                "With PASSO East would be alone for 5 tricks; with SOLO you would need 8 alone against all.",
            ),
        ),
        Ask(
            T(
                "Est ha chiesto e Sud ha accettato. Ora parla Ovest: quali dichiarazioni può fare?",
                "East asked and South accepted. Now West speaks: which calls may he make?",
            ),
            Multi(BIDS, "legal_calls"),
            AFTER_CHIEDO.then("accetto").seen_by("W"),
            right=T(
                "Non c'è un secondo CHIEDO né un secondo ACCETTO: resta PASSO, oppure SOLO, che batte la coppia.",
                "There is no second CHIEDO nor a second ACCETTO: PASSO is left, or SOLO, which overrides the pair.",
            ),
        ),
        Explain(
            T(
                "Dopo un CHIEDO la dichiarazione fa il giro fino a chi sta prima di chi ha chiesto: parlano di "
                "nuovo anche quelli che avevano passato. Se nessuno accetta, chi ha chiesto gioca da solo per 5 "
                "prese. Se tutti e quattro dicono PASSO, lo stesso mazziere ridà le carte e la mano non conta.",
                "After a CHIEDO the bidding goes round up to the player before the asker: those who passed speak "
                "again too. If nobody accepts, the asker plays alone for 5 tricks. If all four say PASSO, the same "
                "dealer deals again and the hand does not count.",
            ),
            AFTER_CHIEDO,
            show="table",
        ),
        PlayOn(
            T(
                "Est ha chiesto: decidi tu e gioca la mano.",
                "East has asked: make your call and play the hand.",
            ),
            AFTER_CHIEDO,
        ),
    ),
)

# -- lesson 3: the contract and the tricks it needs -------------------------------------------------------

PAIR = AFTER_CHIEDO.then("accetto", "passo", "passo")

CONTRACT = Lesson(
    id="boston-contract",
    game="boston",
    title=T("Il contratto e le prese che servono", "The contract and the tricks it needs"),
    summary=T(
        "CHIEDO da solo 5 prese, la coppia di ACCETTO 8 insieme, SOLO 8 da solo.",
        "CHIEDO alone 5 tricks, the ACCETTO pair 8 together, SOLO 8 alone.",
    ),
    steps=(
        Explain(
            T(
                "Finita la dichiarazione c'è un contratto: CHIEDO senza ACCETTO (5 prese da solo), CHIEDO e "
                "ACCETTO (8 prese in coppia) o SOLO (8 prese da solo). Un SOLO detto dopo batte la coppia. Si "
                "giocano sempre tutte le 13 prese, perché contano anche quelle in più o in meno.",
                "When the bidding ends there is a contract: CHIEDO without ACCETTO (5 tricks alone), CHIEDO and "
                "ACCETTO (8 tricks as a pair) or SOLO (8 tricks alone). A later SOLO overrides the pair. All 13 "
                "tricks are always played, because tricks over or under count too.",
            ),
        ),
        Ask(
            T(
                "Est ha chiesto, tu hai accettato, gli altri hanno passato. Quante prese dovete fare insieme?",
                "East asked, you accepted, the others passed. How many tricks must you take together?",
            ),
            Number("contract_needed"),
            PAIR,
            wrong=T(
                "CHIEDO e ACCETTO formano una coppia: servono 8 prese in due.",
                "CHIEDO and ACCETTO make a pair: 8 tricks between the two.",
            ),
        ),
        Ask(
            T(
                "Est ha chiesto e nessuno ha accettato. Quante prese deve fare da solo?",
                "East asked and nobody accepted. How many tricks must he take alone?",
            ),
            Number("contract_needed"),
            AFTER_CHIEDO.then("passo", "passo", "passo"),
            wrong=T(
                "Chi chiede e resta senza compagno gioca da solo per 5 prese.",
                "An asker left without a partner plays alone for 5 tricks.",
            ),
        ),
        Ask(
            T(
                "Est ha passato e tu hai detto SOLO. Quante prese ti servono?",
                "East passed and you said SOLO. How many tricks do you need?",
            ),
            Number("contract_needed"),
            DEAL_BIDS.then("passo", "solo"),
            wrong=T(
                "SOLO vuol dire 8 prese da solo contro tutti e tre.",
                "SOLO means 8 tricks alone against all three.",
            ),
        ),
        Explain(
            T(
                "Con il contratto in coppia, tu ed Est giocate insieme contro Ovest e Nord: contano le prese di "
                "tutti e due. Esce sempre il giocatore alla sinistra del mazziere, qualunque sia il contratto.",
                "With the pair's contract, you and East play together against West and North: the tricks of "
                "both count. The player on the dealer's left always leads first, whatever the contract.",
            ),
            PAIR,
            show="table",
        ),
        PlayOn(
            T(
                "Gioca la mano in coppia con Est: servono 8 prese.",
                "Play the hand as East's partner: you need 8 tricks.",
            ),
            PAIR,
        ),
    ),
)

# -- lesson 4: following, trumping and the Boston --------------------------------------------------------

PLAY = Lesson(
    id="boston-play",
    game="boston",
    title=T("Rispondere, tagliare e il Boston", "Following, trumping and the Boston"),
    summary=T(
        "Si risponde al seme, non si è obbligati a superare né a tagliare; il Boston va giocato quando è l'ultimo atout.",
        "You must follow suit but need not overtake nor trump; the Boston must be played when it is your last trump.",
    ),
    steps=(
        Explain(
            T(
                "Si risponde al seme di uscita se lo si ha; non c'è obbligo di superare. Chi non ha il seme può "
                "tagliare con un atout o scartare un'altra carta: non è obbligato a tagliare. Prende il Boston; "
                "se non c'è, l'atout più alto; altrimenti la carta più alta del seme di uscita.",
                "You follow the suit led if you have it; you need not overtake. Whoever lacks the suit may trump "
                "or discard another card: trumping is not compulsory. The Boston takes the trick; without it, the "
                "highest trump; otherwise the highest card of the suit led.",
            ),
            SOLO_LEAD.seen_by("W"),
            show="table",
        ),
        Ask(
            T(
                "Sei Ovest. Sud gioca SOLO ed esce con l'Asso di fiori, l'atout. Non hai fiori, ma hai il Boston. "
                "Cosa giochi?",
                "You are West. South plays SOLO and leads the Ace of clubs, the trump. You have no clubs, but you "
                "hold the Boston. What do you play?",
            ),
            Act(any_legal()),
            SOLO_LEAD.seen_by("W"),
            right=T(
                "Il Boston è un atout: quando esce atout ed è il tuo unico atout, devi giocarlo. E prende!",
                "The Boston is a trump: when trumps are led and it is your only trump, you must play it. And it "
                "takes the trick!",
            ),
        ),
        Ask(
            T(
                "Ovest esce con il 9 di picche e Nord prende con l'Asso. Tu non hai picche: prendi la presa.",
                "West leads the 9 of spades and North plays the Ace. You have no spades: take the trick.",
            ),
            Act(wins_trick()),
            RUFF,
            right=T(
                "Qualunque atout batte l'Asso di picche, e dopo di te non gioca nessuno: vanno bene tutti.",
                "Any trump beats the Ace of spades, and nobody plays after you: every one of them is right.",
            ),
            wrong=T(
                "Senza picche puoi tagliare con un atout (fiori): una carta di un altro seme non prende.",
                "Without spades you may trump with a club: a card of another suit cannot take the trick.",
            ),
        ),
        PlayOn(
            T(
                "Hai tagliato: ora esci tu. Gioca il resto del SOLO.",
                "You trumped: now you lead. Play the rest of the SOLO.",
            ),
            RUFF.then("2c"),
        ),
    ),
)

# -- lesson 5: the scoring table and the mani -------------------------------------------------------------

PLAYED_CHIEDO = boston_deal(
    "S: Ah Kh Qh Th 9h As Ks Ac Kc 4d 3d 2d 5c | W: 8h 7h Qs Js 9s Qc Jc Tc Ad Kd Qd 6c 2s | N: 6h 5h Ts 8s 7s 9c 8c Td 9d 8d 7d 6d 3s | E: 4h 3h 6s 5s 4s 7c 4c 3c 2c 5d Jd Jh 2h",
    dealer="E",
    trump="2h",
)
SCORED = PLAYED_CHIEDO.then(
    "chiedo",
    "passo",
    "passo",
    "passo",
    *(
        "Ac 6c 8c 2c As 2s 3s 4s Kc Tc 9c 3c Ks 9s 7s 5s 2d Qd 6d 5d Ad 7d 4c 3d Kd 8d 6s 4d Qc 8s 7c 5c "
        "Qs Ts 2h 9h Ah 7h 5h Jd Jh Qh 8h 6h Kh Jc 9d 3h Th Js Td 4h"
    ).split(),
)

SCORING = Lesson(
    id="boston-scoring",
    game="boston",
    title=T("La tabella dei punti e le mani", "The scoring table and the mani"),
    summary=T(
        "Quanto vale ogni contratto fatto o perso, e le «mani» che spareggiano.",
        "What each contract is worth, made or failed, and the “mani” that break ties.",
    ),
    steps=(
        Explain(
            T(
                "CHIEDO da solo: fatto, +6 a chi chiede e −2 a ciascun avversario; perso, −12 e +4. ACCETTO: "
                "fatto, +3 a ciascuno della coppia e −3 agli altri; perso, −6 e +6. SOLO: fatto, +12 e −4; perso, "
                "−24 e +8. La somma fa sempre zero.",
                "CHIEDO alone: made, +6 to the asker and −2 to each opponent; failed, −12 and +4. ACCETTO: made, "
                "+3 to each of the pair and −3 to the others; failed, −6 and +6. SOLO: made, +12 and −4; failed, "
                "−24 and +8. The sum is always zero.",
            ),
        ),
        Ask(
            T(
                "Hai chiesto, nessuno ha accettato e hai fatto 8 prese. Quanti punti prendi?",
                "You asked, nobody accepted and you took 8 tricks. How many points do you score?",
            ),
            Number("hand_points", ("S",)),
            SCORED,
            wrong=T(
                "CHIEDO fatto da solo: +6 a chi chiede. Le prese in più non cambiano i punti: contano "
                "come mani.",
                "A CHIEDO made alone: +6 to the asker. The extra tricks do not change the points: they "
                "count as mani.",
            ),
        ),
        Ask(
            T("E quanti punti prende Ovest?", "And how many points does West score?"),
            Number("hand_points", ("W",)),
            SCORED,
            wrong=T(
                "Ogni avversario di un CHIEDO fatto paga 2 punti: scrivi un numero negativo.",
                "Each opponent of a CHIEDO made pays 2 points: write a negative number.",
            ),
        ),
        Explain(
            T(
                "Le «mani» contano le prese in più o in meno rispetto a quelle che servivano: chi ha il contratto "
                "prende la differenza, ogni avversario la stessa con il segno opposto. A fine partita spareggiano "
                "chi ha gli stessi punti.",
                "The “mani” count the tricks over or under those needed: the contract side gets the difference, "
                "each opponent the same with the opposite sign. At the end of the game they break ties on points.",
            ),
            SCORED,
            show="trick",
        ),
        Ask(
            T("Quante mani hai fatto tu?", "How many mani did you make?"),
            Number("hand_mani", ("S",)),
            SCORED,
            wrong=T(
                "Ne servivano 5 e ne hai fatte 8: la differenza sono le tue mani.",
                "You needed 5 and took 8: the difference is your mani.",
            ),
        ),
        Ask(
            T("E quante mani ha Est?", "And how many mani has East?"),
            Number("hand_mani", ("E",)),
            SCORED,
            wrong=T(
                "Ogni avversario prende le mani del contratto con il segno opposto: 8 − 5 = 3, quindi −3.",
                "Each opponent gets the contract's mani with the opposite sign: 8 − 5 = 3, so −3.",
            ),
        ),
        Explain(
            T(
                "La partita dura quattro mani contate, così che tutti facciano le carte una volta. Vince chi ha "
                "più punti; a parità di punti decidono le mani; se anche queste sono pari, il posto è condiviso.",
                "A game is four counted hands, so that everybody deals once. Most points wins; equal points are "
                "decided by the mani; if these are equal too, the place is shared.",
            ),
        ),
        PlayOn(
            T("Gioca tu questa mano dalla dichiarazione.", "Play this hand yourself, from the bidding."),
            PLAYED_CHIEDO,
        ),
    ),
)

# -- lesson 6: defending ----------------------------------------------------------------------------------

DEAL_DEFENCE = boston_deal(
    "N: Kh Qh Jh Th 9h Jd Ks Kc Qc Ac Ad Kd Qd | E: As 5s 4s 3s 2s 7h 6h 5h Jc Tc 9c 8c 2c | S: Ah 4h 2h Td 9d 8d 7d 6d 5d 4d 3d 2d 7c | W: Qs Js Ts 9s 8s 7s 6s 8h 6c 5c 4c 3c 3h",
    dealer="W",
    trump="3h",
)
SOLO_N = DEAL_DEFENCE.then("solo")

DEFENCE = Lesson(
    id="boston-defence",
    game="boston",
    title=T("Difendere", "Defending"),
    summary=T(
        "Contro un SOLO o un CHIEDO i tre avversari giocano insieme: non rubarsi le prese, batterlo quando si può.",
        "Against a SOLO or a CHIEDO the three opponents play together: do not steal each other's tricks, beat "
        "the contract when you can.",
    ),
    steps=(
        Explain(
            T(
                "Nord ha dichiarato SOLO: deve fare 8 prese. Tu, Est e Ovest difendete insieme: ve ne bastano "
                "6 per farlo perdere. Ogni presa di un difensore è buona per tutti.",
                "North bid SOLO: he needs 8 tricks. You, East and West defend together: 6 tricks are enough to "
                "beat him. Every trick a defender takes is good for all three.",
            ),
            SOLO_N,
            show="table",
        ),
        Ask(
            T(
                "Nord esce con il Re di picche ed Est lo batte con l'Asso. Tu non hai picche: cosa giochi?",
                "North leads the King of spades and East beats it with the Ace. You have no spades: what do you "
                "play?",
            ),
            Act(all_of(side_wins_trick(), loses_trick())),
            SOLO_N.then("Ks", "As"),
            right=T(
                "La presa è già di Est: scarti una carta inutile e tieni i tuoi atout per le prese di Nord.",
                "The trick is East's already: discard a useless card and keep your trumps for North's tricks.",
            ),
            wrong=T(
                "Tagliare la presa di un compagno di difesa spreca un atout: servirà contro Nord.",
                "Trumping a fellow defender's trick wastes a trump: you will need it against North.",
            ),
        ),
        Ask(
            T(
                "Un'altra volta Nord esce con il Re di cuori, l'atout, ed Est risponde basso. Fai in modo che la "
                "presa resti alla difesa.",
                "Another time North leads the King of hearts, the trump, and East plays low. Make sure the trick "
                "stays with the defence.",
            ),
            Act(side_wins_trick()),
            SOLO_N.then("Kh", "5h"),
            right=T(
                "Con l'Asso di atout prendi al Re: dopo di te gioca solo Ovest, che difende con te.",
                "With the Ace of trumps you beat the King: only West plays after you, and he defends with you.",
            ),
        ),
        PlayOn(
            T("Difendi contro il SOLO di Nord.", "Defend against North's SOLO."),
            SOLO_N,
        ),
    ),
)

LESSONS = (DEAL, BIDDING, CONTRACT, PLAY, SCORING, DEFENCE)
"""The Boston lessons in teaching order."""
