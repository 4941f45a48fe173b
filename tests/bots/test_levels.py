"""The ladder's levels: no peeking, reasons in game terms, a legal choice in every kind of
decision, trades answered by value, cards played unasked."""
from __future__ import annotations

import random
import re

import pytest

import megacorps as mc
from megacorps.bots import LEVELS, Decision, next_move
from megacorps.bots.exploits import EXPLOITS

FOUR = ["Mokia", "Globbo", "Nonintendo", "Lenogo"]


def make(level: str, seed: int = 5):
    cls = LEVELS[level]
    if level == "Mastermind":
        return cls(seed=seed, samples=2)  # a fixed amount of search: the same work whatever the clock
    return cls(seed=seed)


def test_the_ladder_has_four_levels_weakest_first_each_with_a_name_and_a_description():
    assert list(LEVELS)[:2] == ["Random", "Greedy"] and len(LEVELS) >= 4
    for name, cls in LEVELS.items():
        assert cls.name == name
        assert 20 < len(cls.description) < 140 and "\n" not in cls.description
        assert cls(seed=1).choose  # built as cls(seed=...)


# --- no peeking -----------------------------------------------------------------------------

def _public(view: mc.CorpView) -> dict:
    return view.model_dump(exclude={"log"})


def _positions(seed: int, every: int = 7):
    """Positions along a game played by a mix of levels, with many cards played."""
    game = mc.new_game(FOUR, seed=seed)
    bots = {c: mc.bots.RandomBot(seed + i, card_rate=0.3) if i % 2 else LEVELS["Greedy"](seed=i)
            for i, c in enumerate(FOUR)}
    n = 0
    while not game.is_over:
        if n % every == 0:
            yield game
        corp, decision = next_move(game, bots)
        game.apply(decision.action)
        n += 1


@pytest.mark.parametrize("level", ["Greedy", "Shrewd", "Mastermind"])
def test_same_seed_and_same_view_give_the_same_choice_whatever_the_hidden_cards(level):
    """A twin game deals every card the bot's corp has not seen differently (other hands, the deck
    order, the cards set aside, the others' sealed bids): the view is the same, and so is the
    bot's choice, its reason and what it does unasked."""
    checked = differing = 0
    for game in _positions(seed=11, every=9 if level == "Mastermind" else 5):
        for corp in game.deciders[:1] + [c for c in FOUR if c not in game.deciders][:1]:
            twin = mc.Game(mc.determinize(game, corp, random.Random(checked + 99)).state)
            assert _public(twin.view(corp)) == _public(game.view(corp))
            differing += twin.state.deck != game.state.deck
            if corp in game.deciders:
                assert make(level).decide(game, corp) == make(level).decide(twin, corp)
            assert make(level).interrupt(game, corp) == make(level).interrupt(twin, corp)
            checked += 1
    assert checked > 10 and differing > checked // 2  # the twins really hide other cards


# --- a legal choice, with a reason, in every kind of decision -------------------------------------

def _frames() -> dict[str, tuple[mc.Game, str]]:
    """One position for each kind of decision, and the corp that must make it."""
    out = {}
    game = mc.new_game(FOUR, seed=2)
    out["setup pick"] = (game, game.deciders[0])
    base = dict(countries={"Japan": "Nonintendo", "Great Russia": "Globbo", "ASEAN": "Mokia",
                           "European Union": "Lenogo"},
                companies={"Japan/Media": "Mokia", "NAFTA/Defense": "Globbo", "China/Defense": "Nonintendo",
                           "Japan/Robotics": "Mokia", "Great Russia/Oil": "Mokia", "ASEAN/Oil": "Globbo"},
                mercenaries={"Mokia": 3, "Globbo": 2, "Nonintendo": 1})
    turn = mc.scenario(FOUR, hands={"Mokia": ["Boom", "Elections"]}, **base)
    out["turn"] = (turn, "Mokia")
    g = mc.scenario(FOUR, **base)
    g.apply(mc.BuyCompany("Mokia", "European Union/Robotics"))
    assert type(g.state.top_frame).__name__ == "AntitrustFrame"
    out["veto"] = (g, g.deciders[0])
    g = mc.scenario(FOUR, **base)
    g.apply(mc.BuyMercenaries("Mokia", 0, True))
    out["mercenary offer"] = (g, g.deciders[0])
    seller = g.deciders[0]
    g2 = mc.Game(g.state)
    g2.apply(mc.OfferMercenaries(seller, 1, 2))
    out["mercenary answer"] = (g2, "Mokia")
    g = mc.scenario(FOUR, **base)
    g.apply(mc.LaunchWar("Mokia", "Japan"))
    out["war gift"] = (g, g.deciders[0])
    g = mc.scenario(FOUR, **base)
    g.apply(mc.LaunchWar("Mokia", "Japan"))
    while type(g.state.top_frame).__name__ == "WarFrame":
        g.apply(mc.StayOut(g.deciders[0]))
    assert type(g.state.top_frame).__name__ == "SpoilsFrame"
    out["spoils"] = (g, g.deciders[0])
    g = mc.scenario(FOUR, hands={"Globbo": ["Shortages"], "Lenogo": ["Oversupply"]}, **base)
    g.apply(mc.PayoutIndustry("Mokia", "Oil"))
    out["payout card"] = (g, "Globbo")
    g = mc.scenario(FOUR, hands={"Mokia": ["Greedy Kleptocrats"]}, **base)
    g.apply(mc.PlayCard("Mokia", "Greedy Kleptocrats", "Great Russia"))
    out["bid"] = (g, "Globbo")
    g = mc.scenario(FOUR, hands={"Mokia": ["Elections"]}, **base)
    g.apply(mc.PlayCard("Mokia", "Elections", "Japan"))
    out["vote"] = (g, "Mokia")
    g = mc.scenario(FOUR, **base)
    g.apply(mc.OfferTrade("Globbo", to="Mokia", give=mc.Bundle(money=3), take=mc.Bundle(companies=("Japan/Media",))))
    out["trade answer"] = (g, "Mokia")
    return out


FRAMES = _frames()
GAME_WORDS = re.compile(r"[a-z]{3}")


@pytest.mark.parametrize("kind", list(FRAMES))
@pytest.mark.parametrize("level", [*LEVELS, *EXPLOITS])
def test_every_level_makes_a_legal_choice_with_a_reason_in_every_kind_of_decision(level, kind):
    game, corp = FRAMES[kind]
    assert corp in game.deciders, game.decision
    bot = make(level) if level in LEVELS else EXPLOITS[level](seed=3)
    decision = bot.decide(game, corp)
    assert isinstance(decision, Decision)
    game.check(decision.action)  # raises IllegalAction if it is not legal
    assert GAME_WORDS.search(decision.reason) and "(" + type(decision.action).__name__ not in decision.reason


def test_reasons_are_in_game_terms_for_every_decision_of_a_whole_game():
    game = mc.new_game(FOUR, seed=4)
    bots = {c: make(level, i) for i, (c, level) in enumerate(zip(FOUR, ["Shrewd", "Greedy", "Shrewd", "Random"]))}
    reasons = []
    mc.bots.play_out(game, bots, on_move=lambda corp, d: reasons.append(d.reason))
    assert len(reasons) == len(game.actions) and all(reasons)
    assert not [r for r in reasons if "<" in r or "Action" in r or "None" in r]
    assert any(re.search(r"pays out \w+: earns \d+", r) for r in reasons)
    # a forced move is not "picked at random among 1 choices"
    assert "its only choice" in reasons and not [r for r in reasons if re.search(r"\b1 choices\b", r)]


def test_greedy_says_when_its_move_gains_nothing_instead_of_naming_a_gain_of_zero():
    """A newcomer read 'Globbo intervenes ...: its own money and holdings gain 0' in the app's
    log: Greedy looks one move ahead and, when no move gains anything, picks among them by chance.
    Its reason says so in words, never as a gain of 0 or less."""
    game = mc.new_game(FOUR, seed=0)
    bots = {c: make("Greedy", i) for i, c in enumerate(FOUR)}
    reasons = []
    mc.bots.play_out(game, bots, on_move=lambda corp, d: reasons.append(d.reason))
    assert not [r for r in reasons if re.search(r"gain -?0\b|gain -", r)]
    assert any("no move gains it anything" in r for r in reasons)  # the case is exercised


# --- the whole game --------------------------------------------------------------------------------

@pytest.mark.parametrize("level", ["Shrewd", "Mastermind"])
def test_a_bot_accepts_a_good_trade_offer_from_a_human_and_declines_a_bad_one(level):
    position = dict(companies={"Japan/Media": "Mokia", "European Union/Media": "Mokia", "NAFTA/Media": "Mokia",
                               "Mercosur/Metals": "Globbo"})
    game = mc.scenario(FOUR, **position)
    bots = {"Mokia": make(level)}
    game.apply(mc.OfferTrade("Globbo", to="Mokia", give=mc.Bundle(money=12), take=mc.Bundle()))
    corp, gift = next_move(game, bots)
    assert corp == "Mokia" and gift.action == mc.Accept("Mokia") and "standing" in gift.reason
    game.apply(gift.action)
    game.apply(mc.OfferTrade("Globbo", to="Mokia", give=mc.Bundle(money=2),
                             take=mc.Bundle(companies=("Japan/Media",))))
    corp, theft = next_move(game, bots)
    assert theft.action == mc.Decline("Mokia")


def test_in_the_last_round_a_bot_plays_its_boom_unasked_on_the_industry_it_owns():
    game = mc.scenario(FOUR, deck=[], hands={"Lenogo": ["Boom"]},
                       companies={"Japan/Media": "Lenogo", "European Union/Media": "Lenogo"})
    corp, decision = next_move(game, {"Lenogo": make("Shrewd")})
    assert corp == "Lenogo" and decision.action == mc.PlayCard("Lenogo", "Boom", "Media")
    assert "Media" in decision.reason


def test_no_pointless_moves_no_payout_that_pays_nothing_and_no_mercenaries_bought_for_nothing():
    """Greedy never calls a payout that pays it nothing; Shrewd may (to use up the round's payout
    before a rival calls a bigger one), but never one that pays nobody anything. Neither buys
    mercenaries with none to gain."""
    for level in ("Greedy", "Shrewd"):
        game = mc.new_game(FOUR, seed=8)
        bots = {c: make(level, i) for i, c in enumerate(FOUR)}
        before = []
        mc.bots.play_out(game, bots, on_move=lambda corp, d: before.append(game.state))
        for state, action in zip(before, game.actions):
            if isinstance(action, mc.PayoutIndustry):
                earned = mc.payout_amounts(state, action.industry)
                assert earned.get(action.corp) if level == "Greedy" else earned, (level, str(action))
            if isinstance(action, mc.BuyMercenaries):
                free = mc.mercenary_census(state, action.corp)[0]
                assert action.from_box or free or action.ask_owners, (level, str(action))


def test_near_the_end_mastermind_plays_its_ideas_out_and_finds_the_win_that_shrewd_misses():
    """The last round: Mokia (50 Euros, two Media companies) trails Globbo (60, one Oil company).
    Shrewd's judgement buys a third Media company, and Globbo still finishes first; played out to
    the final payouts, paying Media out now is the move that wins."""
    position = dict(deck=[], money={"Mokia": 50, "Globbo": 60, "Nonintendo": 30, "Lenogo": 30},
                    companies={"Japan/Media": "Mokia", "European Union/Media": "Mokia", "Mercosur/Oil": "Globbo"})
    finals = {}
    for level in ("Shrewd", "Mastermind"):
        game = mc.scenario(FOUR, **position)
        bots = {c: LEVELS["Shrewd"](seed=i) for i, c in enumerate(FOUR)}
        bots["Mokia"] = make(level, seed=1)
        corp, decision = next_move(game, bots)
        assert corp == "Mokia"
        if level == "Mastermind":
            assert decision.action == mc.PayoutIndustry("Mokia", "Media")
            assert re.search(r"played to the end over \d+ deals .* finishes first in 100%", decision.reason)
        mc.bots.play_out(game, bots)
        finals[level] = game.winners()
    assert finals == {"Shrewd": ["Globbo"], "Mastermind": ["Mokia"]}


def test_a_playout_race_drops_the_ideas_that_trail_clearly_and_keeps_the_close_ones():
    from megacorps.bots.search import Playout, _drop_the_trailing, final_standing

    def playout(values):
        p = Playout()
        for v in values:
            p.add(float(v >= 1), v)
        return p

    leader, close, behind, same = (playout([1, 0, 1, 1]), playout([0, 1, 1, 1]), playout([0, 0, 0, 0.5]),
                                   playout([1, 0, 1, 1]))
    assert _drop_the_trailing([leader, close, behind, same]) == 2
    assert leader.alive and close.alive and not behind.alive and not same.alive
    state = mc.scenario(FOUR, money={"Mokia": 70, "Globbo": 70, "Nonintendo": 10, "Lenogo": 5}).state
    assert final_standing(state, "Mokia") == (0.5, 0) and final_standing(state, "Lenogo") == (0.0, -65)


def test_at_a_rollouts_end_mastermind_counts_a_country_a_rival_can_conquer_as_partly_lost():
    """Japan (Defense 4) held by Mokia with one mercenary: Globbo, with 6 mercenaries, would win a
    war on it (6 against 5). With 1 mercenary against Mokia's none, nobody could win a war anywhere
    (every Defense is 2 or more), and then nothing is at stake."""
    from megacorps.bots.evaluation import evaluate
    from megacorps.bots.search import MastermindBot, threat_shift

    def leaf(mokia_mercs, globbo_mercs):
        state = mc.scenario(FOUR, countries={"Japan": "Mokia"}, mercenaries={"Mokia": mokia_mercs, "Globbo": globbo_mercs},
                            companies={"Japan/Media": "Globbo", "Japan/Robotics": "Mokia"}).state
        value = evaluate(state, "Mokia")
        return value, threat_shift(state, "Mokia", value), MastermindBot(seed=1).leaf(state, "Mokia")

    value, shift, judged = leaf(1, 6)
    assert shift < -1 and judged == pytest.approx(value + 0.5 * shift)
    value, shift, judged = leaf(0, 1)
    assert shift == 0 and judged == value


def test_the_rule_of_thumb_bid_may_be_any_amount_in_range_not_only_a_listed_step():
    """Greedy Kleptocrats on Great Russia, where Globbo owns four companies: to the others control is
    worth a bid of 18, which the decision's listed steps skip; the look-ahead still bids 18."""
    from megacorps.bots.lookahead import default_answer, guess_bid
    companies = dict.fromkeys(mc.load_board().companies_of_country["Great Russia"][:4], "Globbo")
    game = mc.scenario(FOUR, hands={"Mokia": ["Greedy Kleptocrats"]}, companies=companies)
    game.apply(mc.PlayCard("Mokia", "Greedy Kleptocrats", "Great Russia"))
    sim = game.simulator()
    assert guess_bid(sim.state, "Lenogo", "Great Russia") == 18
    assert 18 not in [a.amount for a in sim.choices("Lenogo")]
    assert default_answer(sim, "Lenogo") == mc.Bid("Lenogo", 18)
