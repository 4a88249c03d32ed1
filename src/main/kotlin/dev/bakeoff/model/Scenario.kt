package dev.bakeoff.model

/**
 * A whole experiment rather than a per-item action, as its definition: its scale, its seeded
 * outcomes, its nominal waits, what its calls complete on and its physical limit, all answerable
 * without opening anything (the engine states the limit and skips deadlocking cells before any
 * measured JVM starts). [open] creates the resources (an HTTP server, a database and its
 * connection pool) and returns the [OpenScenario] a cell runs. Any strategy drives it, because
 * the opened scenario's per-item action is an ordinary [Workload]: item `i` is file `i`, request
 * `i` or order `i`, and its result goes through the [TaskLedger] like any workload's, so the
 * ledger still proves exactly-once per item while [OpenScenario.verify] proves the outcome.
 *
 * A definition is immutable and thread-safe.
 */
internal interface Scenario {
    /** Process-wide threads the scenario's libraries start and keep after close (not leaks, but bounded). */
    val shared: List<SharedScheduler> get() = emptyList()

    /**
     * Shared schedulers on which a suspending item's call completes (the JDK's `HttpClient.sendAsync`
     * completes on the common pool). A strategy that blocks those same workers while its items
     * wait for that completion deadlocks; the engine skips such cells and says why.
     */
    val completesOn: List<SharedScheduler> get() = emptyList()

    /** The result item [index] must return, computed from the seeded source without any I/O. */
    fun expected(index: Int): Int

    /**
     * What every later run of an item returns once one run changed the state it acts on (order-status: the order is
     * no longer READY), or null when a run leaves what a later one returns unchanged. An open loop, whose arrivals
     * cycle through the items without a reset, checks repeats against it.
     */
    val repeated: Int? get() = null

    /** The nominal time item [index] waits, from the definition. */
    fun waitNanos(index: Int): Long

    /**
     * The definition's critical path (the longest an item must wait), and why: the part of the
     * physical limit known before anything runs. The limit itself adds what the components cost in
     * CPU, measured in each cell's JVM through [OpenScenario.components].
     */
    fun limit(): PhysicalLimit

    /**
     * Creates servers, databases, pools and clients, on the calling thread, outside any measured
     * section (after the thread census started, so their threads are checked like a strategy's).
     */
    fun open(): OpenScenario
}

/**
 * An opened [Scenario]: its resources and the state a batch changes (rows, collected results).
 * Lifecycle, all on the benchmark thread and outside the measured section: per batch [reset]
 * before and [verify] after; [close] releases everything and waits for its threads. The per-item
 * methods of [Workload] are called concurrently from the strategy's threads and coroutines; an
 * implementation collects into thread-safe structures (or, in a test, deliberately not, to prove
 * that [verify] catches the lost updates).
 */
internal interface OpenScenario :
    Workload,
    AutoCloseable {
    /** Brings the state back to before a batch (rows to READY, collections emptied). Untimed. */
    fun reset() {}

    /** Checks the outcome of the batch just run; throws [VerificationException] naming what is wrong. Untimed. */
    fun verify()

    /** Releases what [Scenario.open] created and waits for its threads to end. */
    override fun close() {}

    /** The components' work of a batch with the waits taken out, split at the wait, to measure its CPU. */
    fun components(): ComponentWork
}

/**
 * An opened scenario's components doing the work of items `0 until items` without their waits, in
 * two steps split at the wait, so that the engine can measure what each step costs in CPU (every
 * thread's: a server's, a driver's, a client's callbacks). Called on one thread, outside any timed
 * batch: [OpenScenario.reset], [beforeWait] then [afterWait], any number of times (so each pass does a
 * batch's work from the state a batch starts in: rows still READY), then [OpenScenario.reset].
 */
internal interface ComponentWork {
    /** Does every item's work up to its wait (a request sent and received), all at once; returns when it is done. */
    fun beforeWait(items: Int)

    /** Ends the waits [beforeWait] started and does every item's work after them; returns when it is done. */
    fun afterWait()
}

/** A scenario's critical path, from its definition: [nanos], with [reason] saying what it is made of. */
internal data class PhysicalLimit(val nanos: Long, val reason: String)

/**
 * A scenario's outcome is wrong (a lost update, a row left READY, an unmatched response): its cell is broken, not
 * slow.
 */
internal class VerificationException(message: String) : IllegalStateException(message)
