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

    /** The nominal time item [index] waits, from the definition. */
    fun waitNanos(index: Int): Long

    /** The shortest any strategy could take for one batch, and why. */
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
}

/** A lower bound on a batch's time: [nanos], with [reason] saying what it is made of. */
internal data class PhysicalLimit(val nanos: Long, val reason: String)

/** A scenario's outcome is wrong (a lost update, a row left READY, an unmatched response): its cell is broken, not slow. */
internal class VerificationException(message: String) : IllegalStateException(message)
