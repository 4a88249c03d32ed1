package dev.bakeoff.strategy

import dev.bakeoff.model.ConcurrencyModel
import dev.bakeoff.model.ModelInput
import dev.bakeoff.model.WaitForm

// The shapes the strategies' registrations build their `recommend` models from. A blocking wait
// holds a thread, so a thread pool keeps as many items in flight as it has threads; a suspending
// wait releases it, so a coroutine strategy keeps every item in flight while computing on its
// dispatcher's threads. A thread pool running a suspending item bridges with `runBlocking`, so its
// thread is still held. Pure functions; thread-safe.

// Dispatch cost per item assumed by the models, by mechanism: orders of magnitude, not
// measurements, ordered as experiment E1 found them (direct far ahead on tiny items, pools next,
// coroutines dispatched with `withContext` behind them, flow last).
internal const val CALL_NS = 0.0
internal const val COROUTINE_NS = 500.0
internal const val HANDOFF_NS = 2_000.0
internal const val REACTIVE_NS = 3_000.0
internal const val WITH_CONTEXT_NS = 4_000.0
internal const val FLOW_NS = 6_000.0
internal const val NEW_THREAD_NS = 50_000.0

/** Threads of `Dispatchers.Default`: a CPU-sized pool of at least two. */
internal val ModelInput.defaultThreads: Int get() = maxOf(2, cores)

/** Threads `Dispatchers.IO` lends at most (its default parallelism). */
internal val ModelInput.ioThreads: Int get() = maxOf(64, cores)

/**
 * Coroutines on [threads] threads: every item in flight when waits suspend; otherwise each waiting item holds a
 * thread.
 */
internal fun ModelInput.coroutines(threads: Int, computing: Int, overheadNs: Double, name: String) = if (wait ==
    WaitForm.SUSPENDING
) {
    ConcurrencyModel(items, computing, overheadNs, "$name; suspended waits hold no thread")
} else {
    ConcurrencyModel(threads, computing, overheadNs, "$name; a blocking wait holds ${held(threads)}")
}

/** A pool of [threads] threads in either wait form: a waiting item holds one of them. */
internal fun ModelInput.pool(threads: Int, overheadNs: Double, name: String) =
    ConcurrencyModel(threads, minOf(threads, cores), overheadNs, "$name; a waiting item holds ${held(threads)}")

/** Every item of the batch in flight at once, computing on the cores. */
internal fun ModelInput.everyItem(overheadNs: Double, name: String) = ConcurrencyModel(items, cores, overheadNs, name)

/** Threads [choice] runs items on: one, a CPU-sized pool, `Dispatchers.IO`'s, or a virtual thread per item. */
internal fun ModelInput.threads(choice: DispatcherChoice): Int = when (choice) {
    DispatcherChoice.ONE -> 1
    DispatcherChoice.DEFAULT -> defaultThreads
    DispatcherChoice.DEFAULT_LIMITED -> cores
    DispatcherChoice.IO -> ioThreads
    DispatcherChoice.VIRTUAL -> items
}

/**
 * Coroutines that keep at most [limit] items in flight on [choice]'s threads: all [limit] when waits
 * suspend (or unmount a virtual thread), else no more than the threads a blocking wait holds.
 */
internal fun ModelInput.limited(
    choice: DispatcherChoice,
    limit: Int,
    overheadNs: Double,
    name: String,
): ConcurrencyModel {
    val threads = threads(choice)
    val computing = minOf(threads, cores)
    return if (wait == WaitForm.SUSPENDING || choice == DispatcherChoice.VIRTUAL) {
        ConcurrencyModel(minOf(limit, items), computing, overheadNs, "$name; waits hold no platform thread")
    } else {
        ConcurrencyModel(minOf(limit, threads), computing, overheadNs, "$name; a blocking wait holds ${held(threads)}")
    }
}

internal fun held(threads: Int) = if (threads == 1) "its only thread" else "one of its $threads threads"

/**
 * Coroutines with every item dispatched on [choice], as `withContext` or `flowOn` do: [mechanism] (empty, or
 * "flow on ") names the mechanism before the dispatcher, and a virtual thread per item keeps every item in flight.
 */
internal fun ModelInput.dispatched(choice: DispatcherChoice, overheadNs: Double, mechanism: String) = when (choice) {
    DispatcherChoice.ONE -> coroutines(1, 1, overheadNs, "${mechanism}one runBlocking thread")

    DispatcherChoice.DEFAULT ->
        coroutines(defaultThreads, defaultThreads, overheadNs, "${mechanism}Dispatchers.Default, a CPU-sized pool")

    DispatcherChoice.DEFAULT_LIMITED ->
        coroutines(cores, cores, overheadNs, "${mechanism}Default.limitedParallelism(cores), a CPU-sized pool")

    DispatcherChoice.IO -> coroutines(ioThreads, cores, overheadNs, "${mechanism}Dispatchers.IO")

    DispatcherChoice.VIRTUAL -> everyItem(overheadNs, "${mechanism}a virtual thread per item; waits unmount it")
}
