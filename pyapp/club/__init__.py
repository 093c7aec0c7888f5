"""The club around the games: tournaments (Tressette, Boston) and the poker evening (serata).

Every club event is a record of entries (:mod:`pyapp.club.record`), as a game is a record of
actions; the rules for each event live beside its game and are checked on every entry.
"""
