package dev.bakeoff.strategy

import dev.bakeoff.model.Strategy
import dev.bakeoff.model.shutDown
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors

/**
 * A fixed thread pool of [size] threads that a strategy owns, kept as [Strategy] asks: [open] creates it outside
 * any measured section, [executor] hands it to each batch, [close] shuts it down and waits for its threads. Not
 * thread-safe, as it need not be: a strategy's open, batches and close come one after another.
 */
internal class OwnedPool(private val size: Int) {
    private var pool: ExecutorService? = null

    /** The open pool, for a batch; fails when the strategy was not opened. */
    val executor: ExecutorService get() = checkNotNull(pool) { "open() first" }

    /** Creates the pool, from the strategy's [Strategy.open], and returns it. */
    fun open(): ExecutorService = Executors.newFixedThreadPool(size).also { pool = it }

    /** Shuts the pool down, if open, from the strategy's [Strategy.close]. */
    fun close() {
        pool?.let { shutDown(it) }
        pool = null
    }
}

/**
 * An [OwnedPool] seen through a library's scheduler: [open] creates the pool and [wrap]s it, [close] [release]s
 * the scheduler, then shuts the pool down. The merge strategies' form (`reactor-merge`, `rx-merge`): the policy on
 * the pool of `executor-fixed-100`. Not thread-safe, as [OwnedPool].
 */
internal class OwnedScheduler<S : Any>(
    size: Int,
    private val wrap: (ExecutorService) -> S,
    private val release: (S) -> Unit,
) {
    private val pool = OwnedPool(size)
    private var current: S? = null

    /** The open scheduler, for a batch; fails when the strategy was not opened. */
    val scheduler: S get() = checkNotNull(current) { "open() first" }

    fun open() {
        current = wrap(pool.open())
    }

    fun close() {
        current?.let(release)
        current = null
        pool.close()
    }
}
