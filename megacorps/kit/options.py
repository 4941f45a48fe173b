"""Game options, read the same way by every game: a pydantic model of the game's own, built from
a dict (a form, a table's JSON, the tournament's `--option`) with one clear error."""
from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel, ValidationError

Model = TypeVar("Model", bound=BaseModel)


def parse_options(model: type[Model], options: "Model | dict | None", default: Model | None = None) -> Model:
    """`options` as a `model` value (None: `default`, or the model's defaults). Raises ValueError
    naming the bad or unknown option and listing the options there are. Errors a validator raises
    as another ValueError subclass (a bad data file given as an option) pass through as they are."""
    if options is None:
        return default if default is not None else model()
    if isinstance(options, model):
        return options
    if not isinstance(options, dict):
        raise ValueError(f"options must be a dict or {model.__name__}, not {type(options).__name__}")
    try:
        return model.model_validate(options)
    except ValidationError as err:
        first = err.errors()[0]
        cause = first.get("ctx", {}).get("error")
        if isinstance(cause, ValueError) and type(cause) is not ValueError:
            raise cause from None
        where = ".".join(str(p) for p in first["loc"])
        raise ValueError(f"option {where}: {first['msg']} (the options are {', '.join(model.model_fields)})") from None
