package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.Strategy
import dev.bakeoff.model.shutDown
import java.util.concurrent.ExecutorService

/**
 * Executor family: `submit` every item, then `get()` every future, on an executor this strategy
 * creates in [open] and shuts down in [close] (fixed, work-stealing, cached, one virtual thread
 * per task...). An item's exception surfaces from `get()`.
 */
internal class ExecutorStrategy(private val create: () -> ExecutorService) : Strategy {
    private var pool: ExecutorService? = null

    override fun open() {
        pool = create()
    }

    override fun run(batch: Batch) {
        val p = checkNotNull(pool) { "open() first" }
        (0 until batch.size).map { i -> p.submit { batch.run(i) } }.forEach { it.get() }
    }

    override fun close() {
        pool?.let { shutDown(it) }
        pool = null
    }
}
