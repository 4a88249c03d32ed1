package dev.bakeoff.engine.cell

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.engine.link.FootprintReport
import dev.bakeoff.engine.link.ForkEntry
import dev.bakeoff.engine.link.ReportChannel
import dev.bakeoff.engine.probe.ThreadCensus
import dev.bakeoff.model.Resolved
import dev.bakeoff.model.RunContext
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.ErrorText
import dev.bakeoff.result.FootprintPoint

/**
 * The JVM of one `bakeoff footprint` row (a strategy at one stack depth): parks ever more tasks
 * through the strategy's open-loop form ([ParkedTasks]), each count's tasks all waiting on one gate,
 * and at each count measures the heap after a full collection and native memory tracking's `Thread`
 * category ([NativeThreads]); then opens the gate, checks that every task ran to its end, closes the
 * strategy and checks that its threads are gone. Started by `FootprintRunner` like a load JVM (the
 * run's JDK, options and thread budget, the owner watch, its time limit), never in Bakeoff's own JVM;
 * writes a [FootprintReport] and ends the JVM ([ProbeMain]).
 *
 * The counts are the run's, or chosen here ([ForkEntry.FOOTPRINT_AUTO]): [FIRST] tasks, then, when
 * those started a platform thread each, [THREAD_COUNTS] (what 2 cores and a few GiB survive in
 * seconds), else [LIGHT_COUNTS].
 *
 * Threading model: the main thread submits, waits and measures; the strategy's threads (or
 * coroutines) run the tasks; the [ThreadBudget] watches from a daemon thread started first.
 */
internal object FootprintProbe {
    const val FIRST = 1_000
    val THREAD_COUNTS = listOf(FIRST, 2_000, 4_000, 8_000)
    val LIGHT_COUNTS = listOf(FIRST, 10_000, 25_000, 50_000, 100_000, 200_000)

    /** Arguments: strategy spec, depth, task counts (comma-separated, ascending) or [ForkEntry.FOOTPRINT_AUTO]. */
    @JvmStatic
    fun main(args: Array<String>) {
        val threw = { e: Throwable -> failed(ErrorText.of(e)) }
        ProbeMain.run(ReportChannel.FOOTPRINT, ::failed, threw) { fork ->
            val strategy = Strategies.catalog.resolve(args[0])
            val counts = args[2].takeIf { it != ForkEntry.FOOTPRINT_AUTO }?.split(',')?.map { it.toInt() }
            measure(strategy, args[1].toInt(), counts, RunContext(settings = fork.settings, classpath = fork.classpath))
        }
    }

    /**
     * Parks [counts] tasks (null: [ForkEntry.FOOTPRINT_AUTO]) of [strategy] at [depth] one count after
     * another, measuring at each, then releases them all; not applicable when the strategy has no
     * open-loop form or never holds a count's tasks waiting at once (a bounded pool queues the rest).
     */
    fun measure(
        strategy: Resolved<StrategyEntry>,
        depth: Int,
        counts: List<Int>?,
        context: RunContext,
    ): FootprintReport {
        val entry = strategy.entry
        val census = ThreadCensus(entry.shared)
        val tasks = ParkedTasks(depth, counts?.last() ?: maxOf(THREAD_COUNTS.last(), LIGHT_COUNTS.last()))
        val open = entry.create(strategy.params(context)).also { it.open() }
        val points = mutableListOf<FootprintPoint>()
        var submitted = 0
        val sink = open.openLoop(tasks) ?: run {
            open.close()
            return FootprintReport(CellStatus.SKIPPED, "not applicable: ${entry.fixedBatchOnly}")
        }
        var stalled: String? = null
        val waiting = try {
            var plan = counts ?: listOf(FIRST)
            var next = 0
            while (stalled == null && next < plan.size) {
                val n = plan[next++]
                while (submitted < n) sink.submit(submitted++, tasks.done)
                stalled = awaitParked(tasks, n)
                if (stalled == null) points += point(n, census)
                // A platform thread per task: the ranges differ by what such a thread costs the machine.
                if (counts == null && next == 1) plan = if (census.created() >= n / 2) THREAD_COUNTS else LIGHT_COUNTS
            }
            tasks.parked
        } finally {
            tasks.release()
        }
        // The sink closes after its tasks ended: a coroutine sink cancels what is left when it closes.
        val ended = awaitEnded(tasks, submitted)
        val close = runCatching {
            try {
                sink.close()
            } finally {
                open.close()
            }
        }.exceptionOrNull()
        val left = census.leaked().map { it.name }
        val problems = listOfNotNull(
            tasks.failure.get()?.let { "a task failed: ${ErrorText.of(it)}" },
            "only ${tasks.finished} of $submitted tasks ended after the gate opened".takeUnless { ended },
            "the tasks did not unwind every frame"
                .takeIf { ended && tasks.failure.get() == null && !tasks.verified(submitted) },
            close?.let { "closing the strategy failed: ${ErrorText.of(it)}" },
            "left alive: ${left.joinToString()}".takeIf { left.isNotEmpty() },
        )
        val status = when {
            problems.isNotEmpty() -> CellStatus.FAILED
            stalled != null -> CellStatus.SKIPPED
            else -> CellStatus.OK
        }
        val error = (listOfNotNull(stalled) + problems).joinToString("; ").ifEmpty { null }?.let(ErrorText::cap)
        return FootprintReport(status, error, points, waiting, tasks.finished, left)
    }

    private fun point(n: Int, census: ThreadCensus): FootprintPoint {
        val heap = ParkedTasks.settledHeap()
        val native = NativeThreads.read()
        return FootprintPoint(n, heap, native?.reserved, native?.committed, census.live())
    }

    /**
     * Waits until [n] tasks are parked; a reason instead when their count stops rising for [STALL_MILLIS]:
     * the strategy holds no more at once, so further tasks would wait in its queue, not on the gate.
     */
    private fun awaitParked(tasks: ParkedTasks, n: Int): String? {
        var seen = -1
        var since = System.nanoTime()
        while (true) {
            val parked = tasks.parked
            if (parked >= n) return null
            // A task that failed never parks: the failure is the report's, not a bound of the strategy.
            if (tasks.failure.get() != null) return "tasks failed before $n parked"
            if (parked != seen) {
                seen = parked
                since = System.nanoTime()
            } else if (System.nanoTime() - since > STALL_MILLIS * 1_000_000) {
                return "not applicable: it held $parked tasks waiting at once, not $n: the rest queue behind its bound"
            }
            Thread.sleep(POLL_MILLIS)
        }
    }

    private fun awaitEnded(tasks: ParkedTasks, submitted: Int): Boolean {
        val deadline = System.nanoTime() + ENDED_MILLIS * 1_000_000
        while (tasks.finished < submitted) {
            if (System.nanoTime() - deadline > 0) return false
            Thread.sleep(POLL_MILLIS)
        }
        return true
    }

    private fun failed(reason: String) = FootprintReport(CellStatus.FAILED, reason)

    private const val STALL_MILLIS = 5_000L
    private const val ENDED_MILLIS = 60_000L
    private const val POLL_MILLIS = 5L
}
