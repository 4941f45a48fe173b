"""Saved games and actions as data (megacorps/saves.py, actions.py): a save loads as the same
game from every position, and a broken or tampered save is refused naming the bad entry."""
from __future__ import annotations

import json

import pytest

import megacorps as mc
from megacorps import saves
from enginetools import THREE


def a_save() -> str:
    game = mc.new_game(THREE, seed=4)
    bots = {c: mc.bots.RandomBot(i) for i, c in enumerate(THREE)}
    for _ in range(30):
        corp = game.deciders[0]
        game.apply(bots[corp].choose(game, corp))
    return game.to_json()


def resealed(text: str, edit) -> str:
    data = json.loads(text)
    content = saves.unseal(text)
    edit(content)
    data["sealed"] = saves.seal(content)
    return json.dumps(data)


def test_a_good_save_loads():
    text = a_save()
    assert mc.Game.from_json(text).to_json() == text


@pytest.mark.parametrize("make, entry", [
    (lambda t: t[: len(t) // 2], "not valid JSON"),
    (lambda t: "[1, 2, 3]", "entry format"),
    (lambda t: json.dumps({**json.loads(t), "format": "chess-pgn"}), "entry format"),
    (lambda t: json.dumps({k: v for k, v in json.loads(t).items() if k != "round"}), "entry round"),
    (lambda t: json.dumps({**json.loads(t), "version": 99}), "entry version"),
    (lambda t: json.dumps({**json.loads(t), "sealed": "not*base64!"}), "entry sealed"),
    (lambda t: json.dumps({**json.loads(t), "sealed": json.loads(t)["sealed"][:-12]}), "entry sealed"),
    (lambda t: json.dumps({**json.loads(t), "sealed": saves.seal({"board": {}})}), "entry sealed."),
    (lambda t: resealed(t, lambda c: c["actions"].append({"type": "pass", "corp": "Windoze"})),
     "entry actions[30]"),
    (lambda t: resealed(t, lambda c: c["actions"].insert(3, {"type": "veto", "corp": "Mokia"})),
     "entry actions[3]"),
    (lambda t: resealed(t, lambda c: c["actions"].insert(0, {"type": "teleport", "corp": "Mokia"})),
     "entry actions[0]"),
    (lambda t: resealed(t, lambda c: c["actions"][5].update(surprise=1)), "entry actions[5]"),
    (lambda t: resealed(t, lambda c: c["start"]["money"].update(Mokia=-5)), "entry sealed.start"),
    (lambda t: resealed(t, lambda c: c["start"]["hands"]["Mokia"].append("Joker")), "entry sealed.start"),
    (lambda t: resealed(t, lambda c: c["start"]["companies"].update({"Atlantis/Oil": "unowned"})),
     "entry sealed.start"),
    (lambda t: resealed(t, lambda c: c["board"]["countries"][0].update(defense=-3)), "entry sealed.board"),
    (lambda t: resealed(t, lambda c: c["setup_log"][0].update(colour=1)), "entry sealed.setup_log[0]"),
    (lambda t: resealed(t, lambda c: c["setup_log"][0].pop("text")), "entry sealed.setup_log[0]"),
    (lambda t: resealed(t, lambda c: c["start"].update(to_act=["Zed"])), "entry sealed.start: to_act"),
    (lambda t: resealed(t, lambda c: c["start"].update(active="Zed")), "entry sealed.start: active"),
    (lambda t: resealed(t, lambda c: c["start"].update(paid="Zed")), "entry sealed.start: paid"),
    (lambda t: resealed(t, lambda c: c["start"]["controllers"].update(Japan="Zed")),
     "entry sealed.start: controllers.Japan"),
    (lambda t: resealed(t, lambda c: c["start"]["controllers"].update(Switzerland="Mokia")),
     "entry sealed.start: controllers: 'Switzerland'"),
    (lambda t: resealed(t, lambda c: c["start"]["governments"].pop("Japan")), "entry sealed.start: governments"),
    (lambda t: resealed(t, lambda c: c["deck"]["cards"][0].update(effect="explode")), "entry sealed.board/deck"),
])
def test_a_broken_save_is_refused_naming_the_entry(make, entry):
    with pytest.raises(mc.BadSaveFile) as info:
        mc.Game.from_json(make(a_save()))
    assert entry in str(info.value)
    assert isinstance(info.value, ValueError)


def test_an_illegal_action_in_a_save_names_the_rule_it_breaks():
    text = resealed(a_save(), lambda c: c["actions"].insert(
        0, {"type": "buy", "corp": c["start"]["to_act"][0], "company": "Open Source Software/Software"}))
    with pytest.raises(mc.BadSaveFile, match=r"entry actions\[0\]: .*Syndicalized"):
        mc.Game.from_json(text)



EVERY_KIND = [
    mc.PickCompany("Mokia", "Japan/Media"), mc.BuyCompany("Mokia", "Japan/Media"),
    mc.PayoutIndustry("Mokia", "Oil"), mc.Intervene("Mokia", "Japan/Media"),
    mc.BuyMercenaries("Mokia", 2, True), mc.LaunchWar("Mokia", "Japan"), mc.Pass("Mokia"),
    mc.Permit("Mokia"), mc.Veto("Mokia"), mc.OfferMercenaries("Mokia", 1, 3), mc.Accept("Mokia"),
    mc.Decline("Mokia"), mc.SupportWar("Mokia", "defender", 2), mc.StayOut("Mokia"), mc.Bid("Mokia", 5),
    mc.Vote("Mokia", "Globbo"), mc.PlayCard("Mokia", "Boom", "Oil"), mc.PlayCard("Mokia", "L-5"),
    mc.NoCard("Mokia"),
    mc.OfferTrade("Mokia", to="Globbo", give=mc.Bundle(money=1, companies=("Japan/Media",), cards=("Boom", "Boom")),
                  take=mc.Bundle(countries=("Japan",), mercenaries=2)),
    mc.LeaveGame("Mokia"),
]


def test_every_kind_of_action_survives_its_json_form():
    assert {a.kind for a in EVERY_KIND} == set(mc.actions.ACTION_TYPES)
    for action in EVERY_KIND:
        data = json.loads(json.dumps(mc.action_to_dict(action)))
        back = mc.action_from_dict(data)
        assert back == action and hash(back) == hash(action) and str(back) == str(action)
        assert str(action).startswith("Mokia ")


@pytest.mark.parametrize("data, fragment", [
    ({"type": "teleport", "corp": "Mokia"}, "unknown action type"),
    ({"type": "bid", "corp": "Mokia", "amount": "lots"}, "bid: amount"),
    ({"type": "pass", "corp": "Mokia", "extra": 1}, "unexpected field"),
    (["pass", "Mokia"], "must be an object"),
])
def test_a_bad_action_in_json_form_is_refused_with_a_reason(data, fragment):
    with pytest.raises(ValueError, match=fragment):
        mc.action_from_dict(data)


def test_a_scenario_with_cards_in_play_saves_and_loads():
    game = mc.scenario(THREE, in_play=["Clone Soldiers", "L-5"], hands={"Globbo": ["Boom"]},
                       companies={"L-5/Nanotech": "Mokia"}, governments={"India": "Wikisyndicalism"},
                       paid="Globbo", round=5, mercenaries={"Mokia": 3})
    game.apply(mc.PlayCard("Globbo", "Boom", "Nanotech"))
    loaded = mc.Game.from_json(game.to_json())
    assert loaded == game
    assert loaded.state.in_play == ["Clone Soldiers"] and loaded.government("India") == "Wikisyndicalism"
    assert loaded.round == 5 and loaded.money("Mokia") == game.money("Mokia") == 40 + 3  # 5 competitors
