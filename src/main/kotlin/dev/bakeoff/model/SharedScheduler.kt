package dev.bakeoff.model

/**
 * A process-wide scheduler that strategies borrow and never shut down. Its threads legitimately
 * outlive a run, so the leak check does not count them, but they must stay within [bound]. The
 * plug-in that borrows a library's scheduler declares it (kotlinx.coroutines' pool with the coroutine
 * strategies, Postgres' cleaner with its scenario); only the JDK's own are declared here. Compared by
 * identity. Immutable; thread-safe.
 *
 * @property owns recognises the scheduler's threads (by name or class).
 * @property bound the documented maximum number of its live threads, given the processor
 *   count and the largest number of items any batch ran concurrently.
 */
internal class SharedScheduler(
    val id: String,
    val summary: String,
    private val owns: (Thread) -> Boolean,
    val bound: (cpus: Int, items: Int) -> Int,
) {
    fun owns(thread: Thread): Boolean = owns.invoke(thread)

    /**
     * The JDK's own schedulers, which strategies and scenarios alike borrow (a strategy's common pool,
     * the HTTP client's); a library's schedulers are declared by the plug-ins built on that library.
     */
    companion object {
        val COMMON_POOL = SharedScheduler(
            "fork-join-common-pool",
            "ForkJoinPool.commonPool(): cpus - 1 workers (the caller helps), " +
                "plus a spare per worker blocked in a managed block, up to 256, and its delay scheduler (JDK 25+)",
            // The delay scheduler times the pool's scheduled tasks, StructuredTaskScope's timeout among them.
            {
                it.name.startsWith("ForkJoinPool.commonPool-worker-") ||
                    it.name == "ForkJoinPool.commonPool-delayScheduler"
            },
            // A worker that blocks through ForkJoinPool.managedBlock (CompletableFuture.get or join, as
            // the JDK HttpClient's send does) gets a spare started in its place, up to 256 for the
            // common pool; Thread.sleep does not, so only items that block that way reach this bound.
            { cpus, items -> maxOf(1, cpus - 1) + minOf(items, 256) + 1 },
        )

        /**
         * The common pool as a timer only (JDK 25+): its delay scheduler and the workers that run what it
         * fires (a StructuredTaskScope's timeout cancelling the scope), for a strategy that runs no item
         * on the pool. Its own identity, so no scenario whose calls complete on the common pool reads it
         * as a strategy that blocks that pool's workers ([COMMON_POOL] is the one items run on).
         */
        val COMMON_POOL_TIMER = SharedScheduler(
            "fork-join-common-pool-timer",
            "ForkJoinPool.commonPool() as a timer (JDK 25+): " +
                "its delay scheduler and the workers that run what it fires",
            // The same pool's threads, so the same bound: a scenario's calls may start its managed-block spares too.
            { COMMON_POOL.owns(it) },
            COMMON_POOL.bound,
        )

        val VIRTUAL_THREAD_SCHEDULER = SharedScheduler(
            "virtual-thread-carriers",
            "the JDK's virtual-thread scheduler: cpus carriers, up to 256 while pinned " +
                "(+ its timer threads and, once a virtual thread did socket I/O, its I/O pollers)",
            {
                it.name.startsWith(VirtualThreads.schedulerPrefix) || it.name.startsWith("VirtualThread-") ||
                    it.name == "MasterPoller" ||
                    it.name.endsWith("-Poller")
            },
            { _, _ -> 256 + 4 },
        )
    }
}

/** Finds the name prefix of the virtual-thread scheduler's threads (carriers and, on JDK 25, its delay scheduler). */
private object VirtualThreads {
    /** e.g. "ForkJoinPool-1-": a virtual thread's toString ends with "@ForkJoinPool-1-worker-1", its carrier. */
    val schedulerPrefix: String by lazy {
        var carrier = ""
        Thread.ofVirtual().start { carrier = Thread.currentThread().toString().substringAfter('@', "") }.join()
        carrier.substringBefore("worker-").ifEmpty { "jdk.internal.misc.CarrierThread" }
    }
}
