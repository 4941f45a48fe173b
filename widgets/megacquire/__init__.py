"""The MEGAcquire pages' pieces (the engine, megacorps.megacquire, never imports them)."""
