package dev.bakeoff.engine.fork

import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.MeasurementPlan
import java.util.concurrent.ExecutionException
import java.util.concurrent.ExecutorCompletionService
import java.util.concurrent.Executors

/**
 * Runs the trace-only JVMs of cells that cannot win by their floor ([RaceRules.belowFloor]) up to
 * [PARALLELISM] at a time, longest floor first so the long batches overlap each other. Such a
 * cell's batch mostly waits (its floor is its items' waits, over twice the leader's slowest run),
 * so side by side they barely compete for the cores; its time figure is the floor, which no
 * overlap can change; only its traced batch and CPU-share figures may include the overlap
 * (docs/RESULTS.md, "Racing"). Never run beside a timed fork: the race waits for all of them.
 *
 * Threading model: [run] is called on the race's thread, which alone calls [onDone];
 * [traceOnly] runs on the pool's threads, one cell each, and must be safe to call concurrently.
 * The pool lives for one [run] call and is closed before it returns.
 */
internal class FloorTraces(private val traceOnly: (Request) -> CellResult, private val nanoTime: () -> Long) {
    /** A cell to trace: number [index] (from 1), its [plan], [floorNs] and why it cannot win. */
    data class Request(
        val index: Int,
        val spec: CellSpec,
        val plan: MeasurementPlan,
        val floorNs: Long,
        val why: String,
    )

    /** A finished trace: its result and how long its JVM ran. */
    data class Done(val request: Request, val result: CellResult, val nanos: Long)

    fun run(requests: List<Request>, onDone: (Done) -> Unit) {
        if (requests.isEmpty()) return
        val queue = ArrayDeque(requests.sortedByDescending { it.floorNs })
        Executors.newFixedThreadPool(minOf(PARALLELISM, requests.size)).use { pool ->
            val finished = ExecutorCompletionService<Done>(pool)
            var running = 0
            fun next() {
                val request = queue.removeFirst()
                running++
                finished.submit {
                    val t0 = nanoTime()
                    val result = traceOnly(request)
                    Done(request, result, nanoTime() - t0)
                }
            }
            repeat(minOf(PARALLELISM, queue.size)) { next() }
            while (running > 0) {
                val done = try {
                    finished.take().get()
                } catch (e: ExecutionException) {
                    throw e.cause ?: e
                }
                running--
                onDone(done)
                if (queue.isNotEmpty()) next()
            }
        }
    }

    companion object {
        /** Trace-only JVMs at once: their batches mostly wait, so a few fit on 2 cores. */
        const val PARALLELISM = 4
    }
}
