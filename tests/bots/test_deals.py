"""Bots judge a deal against the whole table (issue 27): not only whether it raises their own
standing, but what it gives the corp that proposes it, and whether that corp leads."""
from __future__ import annotations

import pytest

import megacorps as mc
from megacorps.bots import LEVELS, next_move
from megacorps.bots.evaluation import evaluate, outlook

FOUR = ["Mokia", "Globbo", "Nonintendo", "Lenogo"]

# Globbo owns two Media companies and wants Mokia's third; Nonintendo, far richer, is Mokia's
# best rival, so Mokia's standing barely minds what Globbo gains.
MEDIA_GRAB = dict(companies={"Japan/Media": "Mokia", "NAFTA/Media": "Globbo", "ASEAN/Media": "Globbo",
                             "Mercosur/Metals": "Nonintendo", "China/Metals": "Nonintendo",
                             "India/Solar": "Lenogo"},
                  money={"Mokia": 30, "Globbo": 80, "Nonintendo": 160, "Lenogo": 30})
GRAB = mc.OfferTrade("Globbo", to="Mokia", give=mc.Bundle(money=36), take=mc.Bundle(companies=("Japan/Media",)))


def make(level: str, seed: int = 5):
    cls = LEVELS[level]
    return cls(seed=seed, samples=2) if level == "Mastermind" else cls(seed=seed)


def _gains(position: dict, offer: mc.OfferTrade, judge: str) -> dict[str, float]:
    """What each corp's expected final money (as `judge` sees it) and the two sides' standings gain if
    the offer is accepted."""
    before = mc.scenario(FOUR, **position)
    after = mc.scenario(FOUR, **position)
    after.apply(offer)
    after.apply(mc.Accept(offer.to))
    w0, w1 = outlook(before.state, judge).worth, outlook(after.state, judge).worth
    gains = {c: w1[c] - w0[c] for c in FOUR}
    gains["standing of " + offer.to] = evaluate(after.state, offer.to) - evaluate(before.state, offer.to)
    gains["standing of " + offer.corp] = evaluate(after.state, offer.corp) - evaluate(before.state, offer.corp)
    return gains


@pytest.mark.parametrize("level", ["Shrewd", "Mastermind"])
def test_a_bot_refuses_an_offer_that_raises_the_offerers_standing_over_its_own_by_a_clear_margin(level):
    """The issue's exploit: Mokia's own standing rises a little (so the bots used to accept), while
    Globbo's rises by several times as much: Mokia refuses and says why in game terms."""
    gains = _gains(MEDIA_GRAB, GRAB, "Mokia")
    assert gains["standing of Mokia"] >= 1  # the old rule (standing up by 1 Euro) accepted it
    assert gains["standing of Globbo"] > 10 * gains["standing of Mokia"]  # a clear margin
    game = mc.scenario(FOUR, **MEDIA_GRAB)
    game.apply(GRAB)
    corp, answer = next_move(game, {"Mokia": make(level)})
    assert corp == "Mokia" and answer.action == mc.Decline("Mokia"), answer
    assert "Globbo would gain" in answer.reason and "Euros" in answer.reason


@pytest.mark.parametrize("level", ["Shrewd", "Mastermind"])
def test_a_bot_still_accepts_a_deal_that_helps_it_more_than_the_offerer(level):
    """The same company sold at a price that leaves Globbo less than a third of what Mokia
    gains: accepted."""
    fair = mc.OfferTrade("Globbo", to="Mokia", give=mc.Bundle(money=72), take=mc.Bundle(companies=("Japan/Media",)))
    gains = _gains(MEDIA_GRAB, fair, "Mokia")
    assert gains["Mokia"] >= 3 * gains["Globbo"]
    game = mc.scenario(FOUR, **MEDIA_GRAB)
    game.apply(fair)
    corp, answer = next_move(game, {"Mokia": make(level)})
    assert answer.action == mc.Accept("Mokia"), answer


@pytest.mark.parametrize("level", ["Shrewd", "Mastermind"])
def test_after_refusing_an_unfair_offer_a_bot_counter_offers_the_same_deal_at_a_fair_price(level):
    game = mc.scenario(FOUR, **MEDIA_GRAB)
    bot = make(level)
    game.apply(GRAB)
    corp, answer = next_move(game, {"Mokia": bot})
    game.apply(answer.action)
    corp, counter = next_move(game, {"Mokia": bot})
    offer = counter.action
    assert corp == "Mokia" and isinstance(offer, mc.OfferTrade), counter
    assert offer.to == "Globbo" and offer.give == mc.Bundle(companies=("Japan/Media",))
    assert GRAB.give.money < offer.take.money <= 80 and not offer.take.companies
    assert "counter-offers" in counter.reason and f"{offer.take.money} Euros" in counter.reason
    gains = _gains(MEDIA_GRAB, mc.OfferTrade("Globbo", to="Mokia", give=offer.take, take=offer.give), "Mokia")
    assert 3 * gains["Globbo"] <= gains["Mokia"] + 1  # fair as Mokia judges it
    game.apply(offer)  # a legal offer, which Globbo may now answer
    assert game.deciders == ["Globbo"]
    # and once only: declined, Mokia does not offer the company to Globbo again (at any price)
    game.apply(mc.Decline("Globbo"))
    again = next_move(game, {"Mokia": bot})
    assert again is None or not (isinstance(again[1].action, mc.OfferTrade) and again[1].action.to == "Globbo"
                                 and "Japan/Media" in str(again[1].action)), again


SALE_SEATS = ["Globbo", "Mokia", "Nonintendo", "Lenogo"]
# Globbo (3 mercenaries, Japan's Force 2) cannot yet beat Great Russia (Defense 5), Lenogo's
# Kleptocracy full of Lenogo's companies; Mokia owns two Defense companies and controls nothing.
ARMING = dict(countries={"Japan": "Globbo", "Great Russia": "Lenogo"},
              companies={"China/Defense": "Mokia", "Caliphate/Defense": "Mokia",
                         "Great Russia/Oil": "Lenogo", "Great Russia/Metals": "Lenogo",
                         "Great Russia/Software": "Lenogo", "Maghreb/Oil": "Lenogo",
                         "Japan/Media": "Globbo", "India/Solar": "Nonintendo"},
              mercenaries={"Globbo": 3},
              money={"Globbo": 40, "Mokia": 30, "Nonintendo": 90, "Lenogo": 30})


@pytest.mark.parametrize("level", ["Shrewd", "Mastermind"])
def test_a_bot_will_not_sell_the_mercenaries_that_put_a_rich_war_in_a_rivals_reach(level):
    """Selling two mercenaries at 2 Euros each earns Mokia 4; they let Globbo conquer Great
    Russia and take Lenogo's companies there: Globbo gains far more. Mokia refuses, and says so."""
    game = mc.scenario(SALE_SEATS, **ARMING)
    attack, defense, _ = mc.war_totals(game.state, "Globbo", "Great Russia")
    assert attack <= defense < attack + 2
    game.apply(mc.BuyMercenaries("Globbo", 0, True))
    assert game.deciders == ["Mokia"]
    corp, sale = next_move(game, {"Mokia": make(level)})
    assert sale.action == mc.OfferMercenaries("Mokia", 0, 0), sale
    assert "Globbo would gain" in sale.reason


@pytest.mark.parametrize("level", ["Shrewd", "Mastermind"])
def test_a_bot_refuses_to_sell_mercenaries_in_a_wars_pause_that_win_the_war_for_the_buyer(level):
    """In a war's pause, selling mercenaries is a trade offer (R17): Globbo, attacking Great
    Russia, offers Mokia 6 Euros for the two mercenaries it needs to win."""
    position = dict(ARMING, mercenaries={"Globbo": 3, "Mokia": 3})
    game = mc.scenario(SALE_SEATS, **position)
    game.apply(mc.LaunchWar("Globbo", "Great Russia"))
    buy = mc.OfferTrade("Globbo", to="Mokia", give=mc.Bundle(money=6), take=mc.Bundle(mercenaries=2))
    game.apply(buy)
    corp, answer = next_move(game, {"Mokia": make(level)})
    assert corp == "Mokia" and answer.action == mc.Decline("Mokia"), answer
    assert "Globbo would gain" in answer.reason


@pytest.mark.parametrize("level", ["Shrewd", "Mastermind"])
def test_a_gift_is_still_accepted_and_a_demand_declined(level):
    game = mc.scenario(FOUR, **MEDIA_GRAB)
    game.apply(mc.OfferTrade("Globbo", to="Mokia", give=mc.Bundle(money=5), take=mc.Bundle()))
    corp, gift = next_move(game, {"Mokia": make(level)})
    assert gift.action == mc.Accept("Mokia"), gift
    game.apply(gift.action)
    game.apply(mc.OfferTrade("Globbo", to="Mokia", give=mc.Bundle(), take=mc.Bundle(money=5)))
    corp, demand = next_move(game, {"Mokia": make(level)})
    assert demand.action == mc.Decline("Mokia"), demand


# --- the trading offerers of issue 27 (megacorps/bots/exploits.py) ----------------------------------

def _one_euro_better(offer: mc.OfferTrade) -> mc.OfferTrade:
    """The same offer, one Euro better for the offerer."""
    if offer.give.money:
        return mc.OfferTrade(offer.corp, to=offer.to, give=mc.Bundle(money=offer.give.money - 1), take=offer.take)
    return mc.OfferTrade(offer.corp, to=offer.to, give=offer.give,
                         take=mc.Bundle(money=offer.take.money + 1, companies=offer.take.companies,
                                        countries=offer.take.countries, mercenaries=offer.take.mercenaries))


def test_the_trading_offerer_makes_the_best_offer_a_bot_accepts_at_the_price_the_bot_just_accepts():
    from megacorps.bots.exploits import ShrewdTrader
    seats = ["Globbo", "Mokia", "Nonintendo", "Lenogo"]
    game = mc.scenario(seats, **MEDIA_GRAB)
    trader = ShrewdTrader(seed=1)
    bots = {"Globbo": trader, **{c: make("Shrewd", i) for i, c in enumerate(seats[1:])}}
    before = evaluate(game.state, "Globbo")
    corp, made = next_move(game, bots)
    offer = made.action
    assert corp == "Globbo" and isinstance(offer, mc.OfferTrade), made
    assert "standing rises" in made.reason
    worse = mc.Game(game.state)  # the offer one Euro better for Globbo, to the same bot: refused
    game.apply(offer)
    corp, answer = next_move(game, bots)
    assert corp == offer.to and answer.action == mc.Accept(offer.to), answer
    game.apply(answer.action)
    assert evaluate(game.state, "Globbo") > before + 1
    worse.apply(_one_euro_better(offer))
    assert next_move(worse, bots)[1].action == mc.Decline(offer.to)
    # at most two of its offers a turn (its level may make its own offer too)
    offers = 1
    while (move := next_move(game, bots)) is not None and isinstance(move[1].action, mc.OfferTrade):
        offers += "standing rises" in move[1].reason
        game.apply(move[1].action)
        game.apply(next_move(game, bots)[1].action)
    assert offers <= 2


def test_the_trading_offerers_run_in_the_tournament_by_their_module_path():
    from megacorps import tournament
    results = tournament.main(["megacorps.bots.exploits:ShrewdTrader", "Shrewd", "Shrewd", "Shrewd",
                               "--games", "1", "--seed", "90000", "--workers", "1", "--quiet"])
    assert results.labels[0] == "Trading offerer (Shrewd)"
    stats = results.per_bot_stats()
    assert stats["Trading offerer (Shrewd)"]["trades accepted"] >= 1
    assert tournament.entrant("megacorps.bots.exploits:MastermindTrader").factory(2).player.name == "Mastermind"


# --- the bots' own offers --------------------------------------------------------------------------

# Mokia owns one Media company, Globbo two; Lenogo, richest by far, leads.
MEDIA_SALE = dict(companies={"Japan/Media": "Mokia", "European Union/Media": "Globbo", "NAFTA/Media": "Globbo",
                             "Mercosur/Metals": "Nonintendo", "China/Metals": "Nonintendo",
                             "India/Solar": "Lenogo", "Caliphate/Solar": "Lenogo"},
                  money={"Mokia": 40, "Globbo": 40, "Nonintendo": 40, "Lenogo": 90})


@pytest.mark.parametrize("level", ["Shrewd", "Mastermind"])
def test_a_bot_offers_a_deal_that_helps_both_sides_against_the_table_and_says_so(level):
    game = mc.scenario(FOUR, **MEDIA_SALE)
    bots = {c: make(level, i) for i, c in enumerate(FOUR)}
    corp, made = next_move(game, bots)
    offer = made.action
    assert corp == "Mokia" and isinstance(offer, mc.OfferTrade), made
    partner = offer.to
    others = [c for c in FOUR if c not in ("Mokia", partner)]
    assert f"both against {' and '.join(others)}" in made.reason and "(Lenogo leads)" in made.reason
    before = game.state.clone()
    game.apply(offer)
    corp, answer = next_move(game, bots)
    assert corp == partner and answer.action == mc.Accept(partner), answer  # a bot takes it
    game.apply(answer.action)
    for judge in ("Mokia", partner):  # as each side sees it: both gain, and more than anyone else
        w0, w1 = outlook(before, judge).worth, outlook(game.state, judge).worth
        gain = {c: w1[c] - w0[c] for c in FOUR}
        both = min(gain["Mokia"], gain[partner])
        assert both > 0 and all(gain[c] < both for c in others), (judge, gain)


# --- help in a war: never crowning a leader, unless the alternative crowns a bigger one ------------

def _war_outcomes(lenogo_money: int):
    """Great Russia (a Kleptocracy full of Lenogo's companies) after Globbo's attack: taken by
    Globbo (Mokia stays out) or kept by Lenogo (Mokia's mercenaries defend it)."""
    companies = {"Great Russia/Oil": "Lenogo", "Great Russia/Metals": "Lenogo", "Great Russia/Software": "Lenogo",
                 "Japan/Media": "Globbo", "NAFTA/Media": "Globbo", "India/Solar": "Mokia",
                 "China/Aerospace": "Nonintendo"}
    money = {"Mokia": 40, "Globbo": 40, "Nonintendo": 40, "Lenogo": lenogo_money}
    taken, kept = ({"Great Russia": holder, "Japan": "Globbo"} for holder in ("Globbo", "Lenogo"))
    return (mc.scenario(FOUR, companies=companies, countries=taken, money=money).state,
            mc.scenario(FOUR, companies=companies, countries=kept, money=money).state)


def test_defending_a_country_is_allowed_when_its_attacker_would_otherwise_lead_by_more():
    from megacorps.bots.deals import lead_of, objection
    taken, kept = _war_outcomes(65)
    w_taken, w_kept = outlook(taken, "Mokia").worth, outlook(kept, "Mokia").worth
    assert max(w_kept, key=w_kept.get) == "Lenogo" and max(w_taken, key=w_taken.get) == "Globbo"
    assert lead_of(w_kept) < lead_of(w_taken)  # Lenogo would lead by less than Globbo otherwise
    assert objection(taken, kept, "Mokia", "Lenogo", deal=False) is None
    taken, kept = _war_outcomes(75)  # now Lenogo, defended, would lead by more than Globbo would
    assert lead_of(outlook(kept, "Mokia").worth) > lead_of(outlook(taken, "Mokia").worth)
    assert "Lenogo would lead the table" in objection(taken, kept, "Mokia", "Lenogo", deal=False)


def test_a_vote_reason_is_told_as_a_forecast_not_a_fact():
    """Issue 25: a bot's vote reason said 'then NAFTA ends uncontrolled' and the human then won
    NAFTA: the reason must say what it assumes of the others' votes."""
    import megacorps as mc
    from megacorps.bots import ShrewdBot
    reasons = []
    for seed in range(40):
        game = mc.new_game(["Mokia", "Globbo", "Nonintendo", "Lenogo"], seed=seed)
        bots = {c: ShrewdBot(seed=i) for i, c in enumerate(game.corps)}

        def note(_corp, decision):
            if isinstance(decision.action, mc.Vote) and decision.action.corp != decision.action.candidate:
                reasons.append(decision.reason)

        mc.bots.play_out(game, bots, on_move=note)
        if len(reasons) >= 3:
            break
    assert reasons, "no bot voted for another corp in 40 games"
    for reason in reasons:
        assert "if every other corp votes for itself" in reason and " would " in reason, reason


# --- a deal's shares measured against the corps left out --------------------------------------------

# Lenogo owns two Software companies; Globbo, which calls Solar, would buy one: the calls the table
# expects change, and Mokia and Nonintendo lose far more than Lenogo does.
SOFTWARE_GRAB = dict(companies={"NAFTA/Robotics": "Nonintendo", "Caliphate/Solar": "Mokia", "Mercosur/Solar": "Nonintendo",
                                "Japan/Software": "Lenogo", "African Federation/Solar": "Globbo",
                                "India/Software": "Lenogo", "Japan/Robotics": "Nonintendo", "Caliphate/Finance": "Lenogo",
                                "Great Russia/Aerospace": "Mokia", "Caliphate/Defense": "Nonintendo"},
                     money={"Globbo": 10, "Mokia": 40, "Nonintendo": 40, "Lenogo": 20})
SOFTWARE_BUY = mc.OfferTrade("Globbo", to="Lenogo", give=mc.Bundle(money=6), take=mc.Bundle(companies=("Japan/Software",)))


@pytest.mark.parametrize("level", ["Shrewd", "Mastermind"])
def test_a_bot_refuses_a_deal_that_costs_it_less_than_the_corps_left_out_but_helps_the_offerer_more(level):
    """Issue 27, the trader's second exploit: Lenogo loses a little money from the sale and Mokia
    and Nonintendo lose more, so Lenogo's standing rises and the bots took it, though the
    offerer's rises over twice as much. Measured against the corps left out, Globbo takes far
    more than its third: refused, and the reason names them."""
    seats = ["Globbo", "Mokia", "Nonintendo", "Lenogo"]
    position = mc.scenario(seats, **SOFTWARE_GRAB)
    sold = mc.scenario(seats, **SOFTWARE_GRAB)
    sold.apply(SOFTWARE_BUY)
    sold.apply(mc.Accept("Lenogo"))
    w0, w1 = outlook(position.state, "Lenogo").worth, outlook(sold.state, "Lenogo").worth
    gain = {c: w1[c] - w0[c] for c in seats}
    standing = {c: evaluate(sold.state, c) - evaluate(position.state, c) for c in ("Globbo", "Lenogo")}
    assert standing["Lenogo"] >= 1 and standing["Globbo"] > 2 * standing["Lenogo"]  # the old rule took it
    assert 3 * gain["Globbo"] <= gain["Lenogo"] + 1  # and its shares, before the corps left out counted
    assert max(gain["Mokia"], gain["Nonintendo"]) < gain["Lenogo"] - 3
    position.apply(SOFTWARE_BUY)
    corp, answer = next_move(position, {"Lenogo": make(level)})
    assert corp == "Lenogo" and answer.action == mc.Decline("Lenogo"), answer
    assert answer.reason.startswith("refuses: against Mokia and Nonintendo, Globbo would gain about"), answer


# Globbo, richest, is Nonintendo's closest rival; Lenogo is Globbo's. Selling Globbo a Media company for
# 3 Euros leaves everyone's expected money as it was but Lenogo's, which falls by about 14.
KINGMAKER = dict(companies={"Caliphate/Solar": "Mokia", "Great Russia/Metals": "Globbo", "Japan/Robotics": "Lenogo",
                            "NAFTA/Software": "Mokia", "NAFTA/Media": "Nonintendo", "Mercosur/Biotech": "Globbo",
                            "Asteroid/Metals": "Lenogo", "Open Source Software/Software": "Globbo",
                            "ASEAN/Biotech": "Lenogo", "China/Electronics": "Nonintendo"},
                 money={"Globbo": 60, "Mokia": 10, "Nonintendo": 40, "Lenogo": 40})
MEDIA_BUY = mc.OfferTrade("Globbo", to="Nonintendo", give=mc.Bundle(money=3), take=mc.Bundle(companies=("NAFTA/Media",)))


@pytest.mark.parametrize("level", ["Shrewd", "Mastermind"])
def test_a_bot_refuses_a_deal_that_raises_the_offerers_standing_far_more_than_its_own(level):
    """Issue 27, the trader's third exploit: a deal that costs only the offerer's closest rival.
    In money both sides gain alike against the corps left out, but the offerer pulls away from its
    closest rival while the seller only helps its own closest rival, the offerer: Globbo's
    standing rises about four times Nonintendo's. The bots took it; refused now, in standing terms."""
    seats = ["Globbo", "Mokia", "Nonintendo", "Lenogo"]
    position = mc.scenario(seats, **KINGMAKER)
    sold = mc.scenario(seats, **KINGMAKER)
    sold.apply(MEDIA_BUY)
    sold.apply(mc.Accept("Nonintendo"))
    w0, w1 = outlook(position.state, "Nonintendo").worth, outlook(sold.state, "Nonintendo").worth
    gain = {c: w1[c] - w0[c] for c in seats}
    assert abs(gain["Globbo"] - gain["Nonintendo"]) < 1 and gain["Lenogo"] < gain["Mokia"] - 10
    standing = {c: evaluate(sold.state, c) - evaluate(position.state, c) for c in ("Globbo", "Nonintendo")}
    assert standing["Nonintendo"] >= 1 and standing["Globbo"] > 3 * standing["Nonintendo"]
    position.apply(MEDIA_BUY)
    corp, answer = next_move(position, {"Nonintendo": make(level)})
    assert corp == "Nonintendo" and answer.action == mc.Decline("Nonintendo"), answer
    assert answer.reason.startswith("refuses: Globbo's standing against the table would rise by about"), answer
