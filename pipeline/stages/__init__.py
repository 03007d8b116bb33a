"""Background pipeline stages: one module each, all with the signature ``run(ctx) -> None``
(``pipeline/stage_context.py``); ``registry.py`` lists them in the order they run."""
