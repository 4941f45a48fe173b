"""The kit's surface: checked apply leaving the game exactly as it was, malformed actions, saves
(round trip, tampering), hidden information (twins), determinism, undo, previews."""
import base64
import json
import random
import zlib

import pytest

from megacorps import tcg
from megacorps.errors import BadSaveFile, IllegalAction
from megacorps.tcg import Attack, Bid, Buy, Choose, Pass, PlayEvent, Produce, Sell, action_from_dict, action_to_dict
from tcgtools import card, pick, scen


def fingerprint(g) -> str:
    """Everything: the save, every view, and the whole internal state."""
    s = g.state
    cache, s.cache = s.cache, None
    inner = repr(s)
    s.cache = cache
    return "\n".join([g.to_json(), *(g.view(x).model_dump_json() for x in (None, *g.seats)), inner,
                      repr(g.prompt), repr(g.log)])


def random_game(seed: int, steps: int):
    g = tcg.new_game(["Ana", "Nick"], seed=seed, options={"decks": ["incarnes", "corporation"]})
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        acts = g.legal_actions(g.deciders[0])
        non_pass = [a for a in acts if not isinstance(a, Pass)]
        g.apply(rng.choice(non_pass) if non_pass and rng.random() < 0.6 else rng.choice(acts))
    return g


def test_game_info_and_seats():
    assert tcg.GAME_INFO["name"] == "tcg" and tcg.GAME_INFO["min_seats"] == 2
    with pytest.raises(ValueError, match="seats"):
        tcg.new_game(["Ana"])
    with pytest.raises(ValueError, match="same name"):
        tcg.new_game(["Ana", "Ana"])
    with pytest.raises(ValueError, match=r"option decks\[1\]"):
        tcg.new_game(["Ana", "Nick"], options={"decks": ["incarnes", "nope"]})
    with pytest.raises(ValueError, match="option accounting_order"):
        tcg.new_game(["Ana", "Nick"], options={"accounting_order": "sideways"})


@pytest.mark.parametrize("seed", range(4))
def test_illegal_actions_leave_the_game_byte_identical(seed):
    g = random_game(seed, 60)
    if g.is_over:
        return
    before = fingerprint(g)
    seat = g.deciders[0]
    other = g.state.other(seat)
    bad = [Pass(other) if other not in g.deciders else None, Choose(seat, "nonsense"), Bid(seat, 99),
           Produce(seat, 99999, "QI"), Buy(seat, "hand", 99999), Attack(seat, 1, 2, "QX"),
           PlayEvent(seat, 1, "card:1"), Pass("Mallory"), "pass", None]
    for action in bad:
        if action is None:
            continue
        with pytest.raises(IllegalAction) as err:
            g.apply(action)
        assert str(err.value)
        assert fingerprint(g) == before


@pytest.mark.parametrize("data,msg", [
    ({"type": "Fly", "seat": "Ana"}, "unknown action type"),
    ({"type": "Pass"}, "missing field 'seat'"),
    ({"type": "Pass", "seat": 3}, "wrong type"),
    ({"type": "Bid", "seat": "Ana", "amount": "9"}, "wrong type"),
    ({"type": "Attack", "seat": "Ana", "attacker": 1, "target": 2, "trait": "QC", "zone": [1, 2]}, "zone"),
    ({"type": "Pass", "seat": "Ana", "extra": 1}, "unknown field"),
    (["Pass"], "is a dict"),
])
def test_malformed_actions_are_refused_with_a_reason(data, msg):
    with pytest.raises(IllegalAction, match=msg):
        action_from_dict(data)


def test_every_legal_action_round_trips_through_a_dict():
    for seed in range(3):
        g = random_game(seed, 40)
        for seat in g.seats:
            for a in g.legal_actions(seat):
                assert action_from_dict(json.loads(json.dumps(action_to_dict(a)))) == a


@pytest.mark.parametrize("seed", range(3))
def test_determinism_and_the_save_round_trip(seed):
    g = random_game(seed, 150)
    again = tcg.new_game(["Ana", "Nick"], seed=seed, options={"decks": ["incarnes", "corporation"]})
    for a in g.actions:
        again.apply(a)
    assert fingerprint(again) == fingerprint(g)
    loaded = tcg.load_game(g.to_json())
    assert fingerprint(loaded) == fingerprint(g)
    assert loaded.legal_actions(loaded.deciders[0]) == g.legal_actions(g.deciders[0]) if not g.is_over else True


def test_a_scenario_game_saves_and_loads():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 5}, "hands": {"Ana": ["X7"]}})
    g.apply(Buy("Ana", "hand", card(g, "Incarnate Neonate", "hand")))
    pick(g, "Ana", "slot:Ana:0:1")
    assert fingerprint(tcg.load_game(g.to_json())) == fingerprint(g)


def _resealed(text: str, edit) -> str:
    raw = json.loads(text)
    content = json.loads(zlib.decompress(base64.b64decode(raw["sealed"])))
    edit(content)
    raw["sealed"] = base64.b64encode(zlib.compress(json.dumps(content).encode())).decode()
    import hashlib
    raw["digest"] = hashlib.sha256(raw["sealed"].encode()).hexdigest()
    return json.dumps(raw)


def test_tampered_saves_are_refused_naming_the_entry():
    g = random_game(1, 80)
    text = g.to_json()
    raw = json.loads(text)
    cases = []
    edited = dict(raw, money={**raw["money"], "Ana": raw["money"]["Ana"] + 5})
    cases.append((json.dumps(edited), "money.Ana"))
    cases.append((json.dumps(dict(raw, digest="0" * 64)), "entry sealed"))
    cases.append((text[: len(text) // 2], "not valid JSON"))
    cases.append((json.dumps(dict(raw, turn="x")), "entry turn"))
    cases.append((json.dumps(dict(raw, format="other")), "entry format"))
    cases.append((_resealed(text, lambda c: c["actions"].insert(0, {"type": "Pass", "seat": "Ana"})),
                  r"sealed.actions\[0\]"))
    cases.append((_resealed(text, lambda c: c["actions"].__setitem__(1, {"type": "Bid", "seat": "Nick", "amount": 77})),
                  r"sealed.actions\[1\]"))
    cases.append((_resealed(text, lambda c: c["options"].__setitem__("decks", ["x", "y"])), "sealed.options"))
    cases.append(("[" * 5000 + "]" * 5000, "nested|JSON"))
    bomb = base64.b64encode(zlib.compress(b"[" + b"0," * 15_000_000 + b"0]")).decode()
    import hashlib
    cases.append((json.dumps(dict(raw, sealed=bomb, digest=hashlib.sha256(bomb.encode()).hexdigest())), "too big once inflated"))
    cases.append((g.to_json("Ana"), "cannot be resumed"))
    for bad, msg in cases:
        with pytest.raises(BadSaveFile, match=msg):
            tcg.load_game(bad)


def _twins():
    """Two positions alike in everything Ana can see: Nick's hand and both decks' order differ."""
    base = {"active": "Ana", "phase": "buy", "money": {"Ana": 6, "Nick": 6},
            "hands": {"Ana": ["X7"]}, "networks": {"Nick": [{"id": "G5", "at": [0, 1]}]},
            "resources": {"Ana": ["RN1", "RN2"], "Nick": ["RN1", "RG1"]}}
    one = scen(dict(base, hands={"Ana": ["X7"], "Nick": ["G6", "N2"]}, mains={"Ana": ["I1"] * 3, "Nick": ["G1", "G13", "G2"]}), seed=1)
    two = scen(dict(base, hands={"Ana": ["X7"], "Nick": ["G13", "G9"]}, mains={"Ana": ["I1"] * 3, "Nick": ["G2", "G1", "G13"]}), seed=2)
    return one, two


def _seen_by(g, seat):
    v = g.view(seat).model_dump()
    return json.dumps(v, sort_keys=True), [str(a) for a in g.legal_actions(seat)], g.to_json(seat)


def test_hidden_information_twins_look_the_same_to_the_other_seat():
    one, two = _twins()
    assert _seen_by(one, "Ana") == _seen_by(two, "Ana")
    assert _seen_by(one, None) == _seen_by(two, None)
    assert _seen_by(one, "Nick") != _seen_by(two, "Nick")
    for g in (one, two):                              # the same public steps; Nick draws different cards
        g.apply(Buy("Ana", "hand", card(g, "Incarnate Neonate", "hand")))
        pick(g, "Ana", "slot:Ana:0:1")
        while g.state.active == "Ana" or g.state.phase in ("accounting", "reveal"):
            p = g.prompt
            g.apply(Pass(p.seats[0]) if p.kind == "priority" else Choose(p.seats[0], p.options[-1][0]))
    assert _seen_by(one, "Ana") == _seen_by(two, "Ana")
    assert [e.for_seat("Ana") for e in one.log] == [e.for_seat("Ana") for e in two.log]
    assert [e.for_seat("Nick") for e in one.log] != [e.for_seat("Nick") for e in two.log]


def test_a_search_is_seen_only_by_the_searcher_and_listed_in_name_order():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "pools": {"Ana": {"QC": 3}},
              "hands": {"Ana": ["X8"]}, "mains": {"Ana": ["X21", "X12", "I4", "I3"]}})
    g.apply(Buy("Ana", "hand", card(g, "Incarnate Hierarch", "hand")))
    pick(g, "Ana", "slot:Ana:0:1")
    assert g.view("Nick").prompt.options is None and g.view(None).prompt.options is None
    names = [lbl for _, lbl in g.view("Ana").prompt.options][:-1]
    assert names == sorted(names)
    assert g.public_text(Choose("Ana", g.prompt.options[0][0])) == "Ana makes a choice"


def test_bids_stay_secret_until_both_are_in():
    g = tcg.new_game(["Ana", "Nick"], seed=5)
    g.apply(Bid("Ana", 7))
    assert g.public_text(Bid("Nick", 4)) == "Nick makes a secret bid"
    assert "7" not in g.view("Nick").model_dump_json().split('"log"')[1]
    assert "7" not in "".join(e.for_seat("Nick") for e in g.log)
    assert "Ana bids 7" in [e.for_seat("Ana") for e in g.log]


def test_undo_the_last_action_only_while_nothing_was_revealed():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 6}, "hands": {"Ana": ["X7"]}})
    before = fingerprint(g)
    founder = g.state.players["Ana"].founder
    g.apply(Produce("Ana", founder, "QC"))
    assert g.can_undo("Ana") and not g.can_undo("Nick")
    with pytest.raises(IllegalAction):
        g.undo("Nick")
    assert g.undo("Ana") == Produce("Ana", founder, "QC")
    assert fingerprint(g) == before
    assert not g.can_undo("Ana")
    g = random_game(3, 5)
    draws = tcg.new_game(["Ana", "Nick"], seed=1)
    draws.apply(Bid("Ana", 1))
    assert draws.can_undo("Ana")
    draws.apply(Bid("Nick", 2))                     # the hands are dealt: nothing to take back
    assert not draws.can_undo("Nick")


def test_preview_describes_a_challenge_without_changing_anything():
    g = scen({"active": "Ana", "phase": "challenge", "founders": {"Nick": None},
              "networks": {"Ana": [{"id": "I1", "at": [0, 1]}],
                           "Nick": [{"id": "G1", "at": [0, 1]}, {"id": "G2", "at": [1, 1]}]}})
    before = fingerprint(g)
    text = g.preview(Attack("Ana", card(g, "Vat-Born Neonate"), card(g, "Gnost Acolyte"), "QI"))
    assert "takes 2 QI" in text and "is destroyed" in text and "Quorum Cleric" in text
    assert "Retaliation can deal up to 1 QI" in text and "would survive" in text
    assert fingerprint(g) == before
    with pytest.raises(IllegalAction):
        g.preview(Pass("Nick"))                       # not Nick's decision: refused like apply


def test_every_log_line_has_a_rule_reference():
    g = random_game(2, 200)
    assert g.log and all(e.rule and ("L" in e.rule) for e in g.log)


def test_refusals_say_why_in_game_terms():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 3, "Nick": 5}, "turns_done": {"Nick": 1},
              "hands": {"Ana": ["X8", "N8"]},
              "networks": {"Nick": [{"id": "G5", "at": [0, 1], "engaged": True}, {"id": "RN2", "at": [0, -1]}]}})
    cases = [
        (Buy("Ana", "hand", card(g, "Incarnate Hierarch", "hand")), "it costs 4M and Ana has 3M"),
        (Buy("Ana", "hand", card(g, "Market Panic", "hand")), "it is played, not bought"),
        (Buy("Ana", "network", card(g, "Veiled Pilgrim")), "before the end of Nick's second turn"),
        (Attack("Ana", g.state.players["Ana"].founder, card(g, "Veiled Pilgrim"), "QC"), "Challenge phase"),
        (Sell("Ana", g.state.players["Ana"].founder), "Divest phase"),
        (Produce("Ana", card(g, "Veiled Pilgrim"), "QI"), "not Ana's card"),
    ]
    for action, reason in cases:
        with pytest.raises(IllegalAction, match=reason):
            g.apply(action)
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "turns_done": {"Nick": 4},
              "networks": {"Nick": [{"id": "RN2", "at": [0, 1], "engaged": True}, {"id": "G5", "at": [0, -1]}]}})
    with pytest.raises(IllegalAction, match="LOYAL"):
        g.apply(Buy("Ana", "network", card(g, "Loyal Subscribers")))
    with pytest.raises(IllegalAction, match="not engaged"):
        g.apply(Buy("Ana", "network", card(g, "Veiled Pilgrim")))
    g = scen({"active": "Ana", "phase": "challenge", "networks": {"Ana": [{"id": "I1", "at": [0, 1]}],
                                                                 "Nick": [{"id": "I5", "at": [0, 1]}]}})
    with pytest.raises(IllegalAction, match="flies"):
        g.apply(Attack("Ana", card(g, "Vat-Born Neonate"), card(g, "Hornet Swarm"), "QC"))
    with pytest.raises(IllegalAction, match="has no QI"):
        g.apply(Attack("Ana", card(g, "Vat-Born Neonate"), card(g, "Hornet Swarm"), "QI"))


def test_determinism_across_processes():
    import os
    import subprocess
    import sys
    code = ("import hashlib, random\n"
            "from megacorps import tcg\n"
            "from megacorps.tcg import Pass\n"
            "g = tcg.new_game(['Ana', 'Nick'], seed=21, options={'decks': ['gnosts', 'corporation']})\n"
            "rng = random.Random(21)\n"
            "for _ in range(300):\n"
            "    if g.is_over: break\n"
            "    acts = g.legal_actions(g.deciders[0])\n"
            "    busy = [a for a in acts if not isinstance(a, Pass)]\n"
            "    g.apply(rng.choice(busy) if busy and rng.random() < 0.6 else rng.choice(acts))\n"
            "print(hashlib.sha256((g.to_json() + g.view(None).model_dump_json()).encode()).hexdigest())\n")
    outs = set()
    for hashseed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed)
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        outs.add(out.stdout.strip())
    assert len(outs) == 1 and len(next(iter(outs))) == 64



def test_a_refusal_never_lists_a_private_choice():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "pools": {"Ana": {"QC": 3}},
              "hands": {"Ana": ["X8"]}, "mains": {"Ana": ["X12", "I3"]}})
    g.apply(Buy("Ana", "hand", card(g, "Incarnate Hierarch", "hand")))
    pick(g, "Ana", "slot:Ana:0:1")
    with pytest.raises(IllegalAction) as err:
        g.apply(Choose("Ana", "card:99999"))
    assert "card:" not in str(err.value).replace("card:99999", "") and "Lineage" not in str(err.value)


def test_a_game_without_a_seed_still_saves_and_replays():
    g = tcg.new_game(["Ana", "Nick"])
    g.apply(Bid("Ana", 1)).apply(Bid("Nick", 2))
    assert isinstance(g.seed, int)
    assert fingerprint(tcg.load_game(g.to_json())) == fingerprint(g)


def test_garbage_actions_are_refused_cleanly():
    from hypothesis import given, settings, strategies as st
    from megacorps.tcg import Abrupt, Activate, Sell
    g = random_game(6, 70)
    if g.is_over:
        return
    before = fingerprint(g)
    seats = st.sampled_from(["Ana", "Nick", "Zed"])
    uids = st.integers(-2, 400)
    keys = st.one_of(st.none(), st.text(max_size=12), st.sampled_from(["card:1", "stack:1", "seat:Nick", "slot:Ana:0:1"]))
    traits = st.sampled_from(["QI", "QE", "QM", "QC", "QX", ""])
    actions = st.one_of(
        st.builds(Produce, seats, uids, traits), st.builds(Buy, seats, st.sampled_from(["hand", "market", "network", "reveal", "x"]), uids),
        st.builds(PlayEvent, seats, uids, keys, st.sampled_from(["hand", "market", "x"])),
        st.builds(Activate, seats, uids, st.integers(-3, 5), keys), st.builds(Abrupt, seats, uids),
        st.builds(Attack, seats, uids, uids, traits, st.one_of(st.none(), st.tuples(*[st.integers(-3, 3)] * 4))),
        st.builds(Sell, seats, uids), st.builds(Choose, seats, st.text(max_size=12)), st.builds(Bid, seats, st.integers(-5, 20)),
        st.builds(Pass, seats))

    @settings(max_examples=300, deadline=None)
    @given(actions)
    def refused(action):
        if action in g.legal_actions(action.seat):
            return
        with pytest.raises(IllegalAction):
            g.apply(action)

    refused()
    assert fingerprint(g) == before


def test_the_bid_that_reveals_both_bids_cannot_be_taken_back():
    g = tcg.new_game(["Ana", "Nick"], seed=8)
    g.apply(Bid("Ana", 2))
    assert g.can_undo("Ana")                          # Nick has seen nothing yet
    g.apply(Bid("Nick", 2))                           # a tie: both bids are shown, bidding again
    assert g.prompt.kind == "bid" and not g.can_undo("Nick")
    # and the question says why it is asked again (the same words read as a click the page lost)
    assert g.decision.startswith("The bids tied: bid again") and g.log[-1].text.startswith("A tie: both bid again")
    g.apply(Bid("Ana", 3))
    g.apply(Bid("Nick", 1))
    assert g.prompt.kind != "bid" and "tied" not in g.decision
