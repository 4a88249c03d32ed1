package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.ConcurrencyModel
import dev.bakeoff.model.Group
import dev.bakeoff.model.Strategy
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.StrategyFamily

/** Items run on the calling thread, without any concurrency. */
internal val DIRECT = StrategyFamily("direct", colour = "#595959")

/** E1 "direct": `forEach { action(it) }` on the calling thread. No pool, no hand-off. */
internal class DirectStrategy : Strategy {
    override fun run(batch: Batch) {
        for (i in 0 until batch.size) batch.run(i)
    }

    companion object {
        val ENTRY = StrategyEntry(
            id = "direct",
            summary = "forEach on the calling thread",
            family = DIRECT,
            group = Group.E1,
            defaultSuite = true,
            model = { ConcurrencyModel(1, 1, CALL_NS, "one item after another on the calling thread") },
            recommended = true,
            fixedBatchOnly = "runs each item on the calling thread: in an open loop the generator's, " +
                "which would stop generating while an item runs",
        ) { DirectStrategy() }
    }
}
