"""A bot that fails while thinking (an exception in its `decide`) must not freeze its table: the
table service logs it and takes that bot's first legal choice, and the bots play on. Before, the
exception ended the bots' background task without a word, and every seat waited for that bot
forever (a page saw no update after its player's move)."""
from __future__ import annotations

import asyncio
import logging

from megacorps.tcg.bots import LEVELS
from tableserver.live import LiveTable
from tableserver.store import Store


class Failing(LEVELS["Random"]):
    """The Random bot, except that every second decision raises."""

    calls = 0

    def decide(self, game, seat):
        self.calls += 1
        if self.calls % 2:
            raise RuntimeError("the bot's own trouble")
        return super().decide(game, seat)


def test_a_bot_that_raises_takes_its_first_choice_and_the_table_plays_on(tmp_path, caplog):
    store = Store(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    try:
        table_id, _host, _codes = store.create_table(32, ["Ana", "Nick"], {"Ana": "Random", "Nick": "Random"},
                                                     "", "tcg", {})
        wanted = 12

        async def play() -> int:
            table = LiveTable(store.load_table(table_id), store)
            table.bots["Nick"] = Failing(seed=1)
            table.start_bots()
            try:
                for _ in range(600):   # the bots' task ends only with the game: wait for the moves
                    if table.at >= wanted or table.game.is_over or table._bot_task.done():
                        break
                    await asyncio.sleep(0.05)
                return table.at
            finally:
                await table.stop()

        with caplog.at_level(logging.ERROR, logger="tableserver.live"):
            at = asyncio.run(play())
        assert at >= wanted, f"the table stopped at action {at}"
        failed = [r for r in caplog.records if "bot Nick failed to choose" in r.getMessage()]
        assert failed and failed[0].exc_info is not None
        # every action is recorded, the failing bot's choices too
        assert len(store.load_table(table_id).actions) == at
    finally:
        store.close()
