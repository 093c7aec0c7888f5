"""Whole recorded games that lessons start from (records in the notation of ``docs/notation.md``).

Each constant is a record as ``python3 -m pyapp check`` reads it; lessons turn them into positions
with :func:`pyapp.lessons.positions.record_position` (the lesson checker replays them).
"""

from __future__ import annotations

TRESSETTE_PARTITA = """\
Game: tressette
Option: first_lead=mano
Option: match=best_of_three
Option: review=tournament
Option: target=31
Event: Circolo, lezione: la partita a 31

* draw 6c Rc
* shuffle 2b 5c 2s Fs 7s 7b 3c 6c Rs Cs 3s Ac 4c 5b 3d Rc Fb As Ad Rb 4s 4d 6b Cd 2c Fc 7c Fd 4b 5s 3b Cc Cb 2d 5d 6d Rd Ab 6s 7d
S nocut
N 4s ribusso
W 5s
S 3s
E 6s
S 3d voglio_asso
E 6d
N Cd
W Fd
S 3b busso
E Fb
N 2b
W 4b
S 2d due=2
E 7d
N 4d
W 6c
S 4c liscio_busso
E Rc
N 5c
W Fc
E Ad asso=2
N 6b
W Cs
S 5d
E Ab asso=2
N 7s
W 7b
S 5b
E Rb volo
N Fs
W Rs
S Cb
E Rd volo
N 2c
W 3c
S Cc
E As volo
N 2s
W 7c
S Ac
* shuffle 5d 4s 7b 4b 5s Fc Fs Cb 7d Rs 4d Ac As 6s 2c 6c 7c 3s 2b 2s 3d 2d Cd Cs Fd Rb 5c Ab Rd 5b 4c 7s 3c 3b Fb Cc Ad Rc 6b 6d
E nocut
W 3d voglio_asso piombi=1
S 7d
E 4d
N 6d
W 2d ribusso
S Rd
E As
N Ad
W 5d liscio=3
S 5c
E 4c
N 6c
W 4s liscio=3
S Fs
E 6s
N 2s
N 3s volo
W 5s
S Rs
E 7s
N 7c re=3
W 4b
S Fc
E Ac
E 3c piombo_pezzo
N Cc
W Fd
S 5b
E 3b tre=2
N 6b
W 7b
S Cb
E 2c volo
N Rc
W Cd
S Rb
E Fb volo
N 2b
W Cs
S Ab
* shuffle 7c Cs 2s 6c 6s Ab 7s 7b Rb 4b Fc 4c 5d 4s 5b Rs 3s 3d 2c 2d Ad 2b Rd 6d Ac 3b Fd Rc Cc 5s Cd 5c 4d 7d Cb 3c 6b As Fb Fs
N nocut
S 6d liscio_busso
E Fd
N 4d
W 2d
W 3d volo
S Rd
E Ab
N 5d
W 3c piombo_pezzo
S 6c
E Cc
N 4c
W 3s voglio_2
S 6s
E 5s
N 4s
W 2c volo
S 7c
E Rc
N 5c
W Fs voglio=2s
S 2s
E 7s
N Fc
S Ad volo
E 4b
N Cd
W 6b
S Ac volo
E 7b
N Cb
W Fb
S Cs volo
E Rb
N 5b
W As
W Rs volo
S 2b
E 3b
N 7d
* shuffle Fs 5d 7c As 6c 7b 3c Rc Fd Cd 6b 5b 4b 2b 7s 6d Fc Cs 2d Rb 3s 4c 7d 5c 4d Cc Rd Ab 3b 6s 2c Fb Rs 3d 4s Ad 2s Ac Cb 5s
W nocut
E 3s voglio_2 piombi=1
N 6s
W Rs
S 5s
E 4c liscio=4
N 3c
W 2c
S Ac
N 3b voglio_2
W 4b
S Cb
E 4d
N Rc re=2
W 4s
S Fc
E 5c
N Cc volo
W 5b
S Ad
E 6c
N Fd re=3
W 3d
S 6d
E 5d
W 2b ribusso
S Rb
E As
N 7b
W 6b liscio=2
S Cs
E 7d
N Ab
N Cd re=2
W 7s
S 2d
E 7c
S 2s volo
E Fs
N Rd
W Fb
* shuffle 2c Rb 5s Rc Rd 4d Cb 2s Ac Ad 6d 4b 5d Fs Fc Cc 4s 7c Rs 7b Cd 3s 2d 6s Fb 7d 5b 4c As Fd 3b 6b 5c 3d 2b 7s Cs 6c 3c Ab
S nocut
N 3s busso
W 2s
S Fs
E 4s
N Cd ribusso
W 4d
S 5d
E 6c
N Rd due=2
W 7d
S 6d
E 7c
N Rc due=2
W 4c
S 5c
E 3c
E 7s voglio=As
N 5s
W As
S 4b
W Fd asso=2
S 3d
E 7b
N 2d
S 3b voglio_asso
E Ab
N Fb
W 5b
S 2b due=2
E Cc
N Rb
W Cb
S Fc volo
E Cs
N 2c
W Ac
N 6s volo
W Ad
S 6b
E Rs
* shuffle Rc 5c Cb 6d 2c Fc 4d 5b Rd Fd Cs Ad 4s 2b 4b 5d 3s 2d Rs 5s 3d 6c 3c Fb Cd Rb 6b 6s 3b 7d 7c 7s As Ab Cc 2s Ac 7b 4c Fs
E nocut
W 3d busso piombi=1
S 4d
E Ad
N 5d
W 3c voglio_asso
S Fc
E Cc
N 4c
W 2c voglio=Ac
S 5b
E 7c
N Ac
W 5c re=3
S 6s
E 4s
N 5s
W 6d liscio=2
S 7d
E 4b
N 2d
N 3s voglio_asso
W 6c
S Fd
E 7s
N 2s voglio=As
W Fb
S Rb
E Cs
N Fs re=2
W Cd
S 6b
E As
E 2b due=2
N 7b
W Cb
S 3b
S Rd volo
E Ab
N Rs
W Rc
"""
"""The first partita of a match, hand by hand, until North-South win it 35 to 31 (T14)."""
