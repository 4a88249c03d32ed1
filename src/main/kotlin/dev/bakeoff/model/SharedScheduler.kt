package dev.bakeoff.model

/**
 * A process-wide scheduler that strategies borrow and never shut down. Its threads legitimately
 * outlive a run, so the leak check does not count them, but they must stay within [bound].
 *
 * @property owns recognises the scheduler's threads (by name or class).
 * @property bound the documented maximum number of its live threads, given the processor
 *   count and the largest number of items any batch ran concurrently.
 */
internal enum class SharedScheduler(
    val id: String,
    val summary: String,
    private val owns: (Thread) -> Boolean,
    val bound: (cpus: Int, items: Int) -> Int,
) {
    COROUTINE_SCHEDULER(
        "coroutines-shared-pool",
        "Dispatchers.Default + Dispatchers.IO (one shared pool): max(2, cpus) + 64 threads",
        { it.name.startsWith("DefaultDispatcher-worker-") || it.name == "kotlinx.coroutines.DefaultExecutor" },
        { cpus, _ -> maxOf(2, cpus) + 64 + 1 },
    ),
    RX_SINGLE("rx-single", "Schedulers.single(): 1 thread", { it.name.startsWith("RxSingleScheduler") }, { _, _ -> 1 }),
    RX_COMPUTATION(
        "rx-computation",
        "Schedulers.computation(): cpus threads",
        { it.name.startsWith("RxComputationThreadPool") },
        { cpus, _ -> cpus },
    ),
    RX_IO(
        "rx-io",
        "Schedulers.io(): unbounded cache, about one thread per concurrently running item",
        { it.name.startsWith("RxCachedThreadScheduler") },
        // Unbounded by design; workers go back to the cache asynchronously, so a batch can start
        // before the last one's workers are free. Checked: it does not grow with every batch.
        { _, items -> 2 * items },
    ),
    RX_HOUSEKEEPING(
        "rx-housekeeping",
        "RxJava's purge and io-evictor threads, started with its schedulers: 2 threads",
        { it.name.startsWith("RxSchedulerPurge") || it.name.startsWith("RxCachedWorkerPoolEvictor") },
        { _, _ -> 2 },
    ),
    REACTOR_PARALLEL("reactor-parallel", "Schedulers.parallel(): cpus threads", {
        it.name.startsWith("parallel-")
    }, { cpus, _ -> cpus }),
    REACTOR_BOUNDED_ELASTIC(
        "reactor-bounded-elastic",
        "Schedulers.boundedElastic(): 10 x cpus threads (+ evictor)",
        { it.name.startsWith("boundedElastic-") },
        { cpus, _ -> 10 * cpus + 1 },
    ),
    COMMON_POOL(
        "fork-join-common-pool",
        "ForkJoinPool.commonPool(): cpus - 1 workers (the caller helps), " +
            "plus a spare per worker blocked in a managed block, up to 256",
        { it.name.startsWith("ForkJoinPool.commonPool-worker-") },
        // A worker that blocks through ForkJoinPool.managedBlock (CompletableFuture.get or join, as
        // the JDK HttpClient's send does) gets a spare started in its place, up to 256 for the
        // common pool; Thread.sleep does not, so only items that block that way reach this bound.
        { cpus, items -> maxOf(1, cpus - 1) + minOf(items, 256) },
    ),
    VIRTUAL_THREAD_SCHEDULER(
        "virtual-thread-carriers",
        "the JDK's virtual-thread scheduler: cpus carriers, up to 256 while pinned " +
            "(+ its timer threads and, once a virtual thread did socket I/O, its I/O pollers)",
        {
            it.name.startsWith(VirtualThreads.schedulerPrefix) || it.name.startsWith("VirtualThread-") ||
                it.name == "MasterPoller" ||
                it.name.endsWith("-Poller")
        },
        { _, _ -> 256 + 4 },
    ),
    PGJDBC_CLEANER(
        "pgjdbc-cleaner",
        "PostgreSQL JDBC's connection cleaner: a java.lang.ref.Cleaner thread (Cleaner-N) " +
            "the driver keeps for the life of the process",
        { it.name == "PostgreSQL-JDBC-Cleaner" || CLEANER_THREAD.matches(it.name) },
        { _, _ -> 1 },
    ),
    ;

    fun owns(thread: Thread): Boolean = owns.invoke(thread)
}

/** The name `java.lang.ref.Cleaner.create()` gives its thread. */
private val CLEANER_THREAD = Regex("Cleaner-\\d+")

/** Finds the name prefix of the virtual-thread scheduler's threads (carriers and, on JDK 25, its delay scheduler). */
private object VirtualThreads {
    /** e.g. "ForkJoinPool-1-": a virtual thread's toString ends with "@ForkJoinPool-1-worker-1", its carrier. */
    val schedulerPrefix: String by lazy {
        var carrier = ""
        Thread.ofVirtual().start { carrier = Thread.currentThread().toString().substringAfter('@', "") }.join()
        carrier.substringBefore("worker-").ifEmpty { "jdk.internal.misc.CarrierThread" }
    }
}
