"""Boston engine tests (rules B1-B13, worked example, invariants, perft, checker, bots)."""
