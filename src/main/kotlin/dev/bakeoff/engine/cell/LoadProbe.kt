package dev.bakeoff.engine.cell

import dev.bakeoff.engine.link.ForkEntry
import dev.bakeoff.engine.link.ForkSettings
import dev.bakeoff.engine.link.LoadReport
import dev.bakeoff.engine.link.ReportChannel
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.LoadPlan
import dev.bakeoff.engine.probe.LoadStalls
import dev.bakeoff.model.ItemSink
import dev.bakeoff.model.LedgerException
import dev.bakeoff.model.RunContext
import dev.bakeoff.result.Arrival
import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.ErrorText

/**
 * The measured JVM of a load cell (`bakeoff load`, `bakeoff capacity`): opens the cell, runs a
 * [LoadGenerator] through the strategy's open-loop form, checks every arrival ran exactly once, closes
 * the cell (leak check) and writes a [LoadReport]. JMH has no open loop, so [LoadRunner] starts this
 * JVM as it starts a trace-only one: the run's JDK, options and thread budget, the owner watch, its
 * time limit. Never runs in Bakeoff's own JVM. Ends the JVM ([ProbeMain]).
 *
 * Threading model: the main thread generates; the strategy's threads run the items; the
 * [InFlightSampler] and the [ThreadBudget] each have a daemon thread, started before the cell opens.
 */
internal object LoadProbe {
    /**
     * Arguments: strategy spec, workload or scenario spec, items, wait form, [ForkEntry.LOAD_WORKLOAD] or
     * [ForkEntry.LOAD_SCENARIO], rate per second, arrival, warm-up, window and drain in ns.
     */
    @JvmStatic
    fun main(args: Array<String>) {
        ProbeMain.run(ReportChannel.LOAD, { LoadReport(CellStatus.FAILED, it) }, ::failed) { fork ->
            // Their threads (the sampler's, JFR's) start before the cell opens, so its thread census never counts them.
            InFlightSampler().use { sampler -> LoadStalls.start().use { measure(args, fork, sampler, it) } }
        }
    }

    /** What the JVM reports when [measure] threw [e]: a broken open loop, or a failure, its text capped. */
    internal fun failed(e: Throwable): LoadReport {
        val status = if (e is LedgerException) CellStatus.BROKEN else CellStatus.FAILED
        return LoadReport(status, ErrorText.of(e))
    }

    private fun measure(
        args: Array<String>,
        fork: ForkSettings,
        sampler: InFlightSampler,
        stalls: LoadStalls,
    ): LoadReport {
        val parse = if (args[4] == ForkEntry.LOAD_SCENARIO) CellSpec::parseScenario else CellSpec::parse
        val spec = parse(args[0], args[1], args[2].toInt(), args[3])
        val rate = args[5].toDouble()
        val arrival = Arrival.entries.first { it.id == args[6] }
        val (warmup, window, drain) = args.drop(7).map { it.toLong() }
        val cell = Cell(spec, RunContext(settings = fork.settings, classpath = fork.classpath))
        val arrivals = LoadPlan(rate, arrival, window, warmup, drain).arrivals
        return run(cell, arrivals, sampler, stalls) {
            LoadGenerator(rate, arrival).run(it.sink, warmup, window, drain, arrivals, sampler, it.held)
        }
    }

    /**
     * Opens [cell], runs [generate] through its open-loop form over at most [arrivals] items, verifies
     * them when all of them finished, closes the cell and reports, threads and the tail's
     * causes ([stalls], recorded outside the generator's timed path) included.
     */
    internal fun run(
        cell: Cell,
        arrivals: Int,
        sampler: InFlightSampler,
        stalls: LoadStalls,
        generate: (Generating) -> LoadGenerator.Outcome,
    ): LoadReport {
        cell.open()
        val outcome = try {
            val open = cell.openLoop(arrivals)
                ?: return LoadReport(
                    CellStatus.SKIPPED,
                    "not applicable: ${cell.spec.strategy.entry.fixedBatchOnly}",
                ).also { cell.close() }
            stalls.opening()
            val outcome = open.sink.use { generate(Generating(it, open.batch::heldNanos)) }
            val tail = stalls.tail(outcome.items, outcome.figures.latencyNs)
            if (outcome.duplicates > 0) {
                throw LedgerException("open loop broken: ${outcome.duplicates} completions reported twice")
            }
            // An arrival still running is not yet counted: only a drained loop can be checked.
            if (outcome.figures.unfinished == 0L) open.batch.verify(outcome.submitted)
            outcome.figures.copy(nominalServiceNs = cell.waits().average(), tail = tail)
        } catch (e: Throwable) {
            cell.close()
            throw e
        }
        val census = cell.threads
        val figures = outcome.copy(peakThreads = census.peakLive(), threadsCreated = census.created())
        sampler.window(false)
        val close = cell.closeAndCheck()
        val problems = close.leaked.map { "left alive: $it" } + close.overBound
        return if (problems.isEmpty()) {
            LoadReport(CellStatus.OK, figures = figures)
        } else {
            LoadReport(CellStatus.FAILED, ErrorText.cap(problems.joinToString()), figures)
        }
    }

    /** What the generator runs with: the strategy's [sink] and each arrival's measured service time ([held], ns). */
    internal class Generating(val sink: ItemSink, val held: (Int) -> Long)
}
