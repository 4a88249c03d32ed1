package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.Strategy

/** E1 "direct": `forEach { action(it) }` on the calling thread. No pool, no hand-off. */
internal class DirectStrategy : Strategy {
    override fun run(batch: Batch) {
        for (i in 0 until batch.size) batch.run(i)
    }
}
