"""The Boston curriculum."""

LESSONS = ()
