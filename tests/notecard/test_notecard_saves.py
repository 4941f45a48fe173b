"""Saved games: a save loads back to the same game; a damaged or edited save is refused with the
entry named, and loading never half-succeeds."""
from __future__ import annotations

import base64
import json
import zlib

import pytest
from notecardtools import jeff_card, maraya_card

from megacorps import notecard as nc
from megacorps.notecard.saves import _digest, seal, unseal


def saved(options=None) -> str:
    game = nc.new_game(["Maraya", "Jeff"], seed=5, options=options)
    game.apply(maraya_card())
    game.apply(jeff_card())
    game.apply(nc.Allocate("Jeff", invest={"Industry 1": 4}))
    return game.to_json()


def edited(text: str, change) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def reseal(text: str, change) -> str:
    """Edit the sealed part and fix its digest, as a careful cheat would."""
    data = json.loads(text)
    content = unseal(text)
    change(content)
    data["sealed"] = seal(content)
    data["digest"] = _digest(data["sealed"])
    return json.dumps(data)


@pytest.mark.parametrize("options", [None, {"variable_yield": True, "variable_industries": True}])
def test_a_save_loads_back_to_the_same_game(options):
    text = saved(options)
    game = nc.Game.from_json(text)
    assert game.deciders == ["Maraya"] and game.quarter == 2
    assert game.to_json() == text
    assert json.loads(text)["money"] == game.scores()
    if options is None:
        assert game.scores() == {"Maraya": 12, "Jeff": 21}


@pytest.mark.parametrize("text, entry", [
    ("not json", "not valid JSON"),
    ('{"format": "megacorps-save"}', "entry format"),
    (edited(saved(), lambda d: d.pop("digest")), "entry digest"),
    (edited(saved(), lambda d: d.update(version=7)), "entry version"),
    (edited(saved(), lambda d: d.update(sealed=d["sealed"][:-8] + "AAAAAAA=")), "entry sealed: the sealed game data was damaged or edited"),
    (edited(saved(), lambda d: d["money"].update(Maraya=500)), "entry money.Maraya: the save says 500 but its note cards give 12"),
    (edited(saved(), lambda d: d.update(quarter=9)), "entry quarter"),
    (reseal(saved(), lambda c: c["actions"][1]["invest"].update({"Industry 1": 300})), "entry sealed.actions[1]: Jeff's note card is refused"),
    (reseal(saved(), lambda c: c["actions"].append({"kind": "bribe"})), "entry sealed.actions[3]: not a note card"),
    (reseal(saved(), lambda c: c["start"]["money"].update(Jeff=-4)), "entry sealed.start.money.Jeff"),
    (reseal(saved(), lambda c: c["start"].update(players=["Maraya", "Maraya"])), "entry sealed.start.players"),
    (reseal(saved(), lambda c: c["start"].update(cheat=1)), "entry sealed.start.cheat"),
])
def test_bad_saves_are_refused_naming_the_entry(text, entry):
    with pytest.raises(nc.BadSaveFile) as err:
        nc.Game.from_json(text)
    assert entry in str(err.value)


def test_a_stacked_yield_deck_is_refused():
    text = saved({"variable_yield": True})
    bad = reseal(text, lambda c: c["start"]["stacks"]["Industry 1"].update(draw=[5] * 15))
    with pytest.raises(nc.BadSaveFile, match="stacks.Industry 1: a yield stack holds exactly"):
        nc.Game.from_json(bad)


def test_a_save_is_sealed_not_readable_at_a_glance():
    game = nc.new_game(["Maraya", "Jeff"], seed=5)
    game.apply(nc.Allocate("Maraya", invest={"Industry 2": 7}))
    text = game.to_json()
    assert "Industry 2" not in text and "seed" not in text
    sealed = json.loads(zlib.decompress(base64.b64decode(json.loads(text)["sealed"])))
    assert sealed["actions"][0]["invest"] == {"Industry 2": 7}


def test_a_sealed_part_that_would_inflate_past_the_limit_is_refused_without_unpacking_it():
    """A "zip bomb": 64 MB of one byte, compressed to about 64 KB, with a correct digest. The reader
    inflates at most MAX_SEALED_BYTES (8 MB): the file is refused, naming the entry, and loading
    never holds the whole bomb in memory."""
    import tracemalloc
    packer = zlib.compressobj(9)
    chunk = b" " * (1024 * 1024)
    bomb = b"".join(packer.compress(chunk) for _ in range(64)) + packer.flush()
    data = json.loads(saved())
    data["sealed"] = base64.b64encode(bomb).decode("ascii")
    data["digest"] = _digest(data["sealed"])
    text = json.dumps(data)
    tracemalloc.start()
    try:
        with pytest.raises(nc.BadSaveFile) as err:
            nc.Game.from_json(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "entry sealed" in str(err.value) and "more than 8 MB" in str(err.value)
    assert peak < 24 * 1024 * 1024, f"loading held {peak / 1024 / 1024:.0f} MB"


def test_a_save_text_over_the_size_limit_is_refused_before_it_is_parsed():
    with pytest.raises(nc.BadSaveFile, match="at most 2 MB"):
        nc.Game.from_json(" " * (3 * 1024 * 1024))


def test_a_save_from_before_the_deadlock_option_still_loads():
    """Saves written before `deadlock_quarters` existed (with the old default industry limit) load,
    the missing option taking its default."""
    game = nc.new_game(["Maraya", "Jeff"], seed=1, last_quarter=12, variable_industries=True)
    game.apply(nc.Allocate("Maraya", invest={"Industry 4": 3}))
    game.apply(nc.Allocate("Jeff"))
    data, content = json.loads(game.to_json()), unseal(game.to_json())
    for options in (data["options"], content["start"]["options"]):
        del options["deadlock_quarters"]
        options["max_industries"] = 6
    data["sealed"] = seal(content)
    data["digest"] = _digest(data["sealed"])
    again = nc.Game.from_json(json.dumps(data))
    assert again.quarter == 2 and again.money("Maraya") == 15 and again.options.max_industries == 6
    data["options"]["last_quarter"] = 13
    with pytest.raises(nc.BadSaveFile, match="entry players/options"):
        nc.Game.from_json(json.dumps(data))
