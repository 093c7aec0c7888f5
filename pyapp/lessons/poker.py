"""The Poker curriculum."""

LESSONS = ()
