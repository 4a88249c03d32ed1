package com.example

import dev.bakeoff.wording.Units
import dev.bakeoff.result.Results
import dev.bakeoff.api.Bakeoff
import dev.bakeoff.api.CompareOptions
import dev.bakeoff.report.RunView
import dev.bakeoff.report.Verdicts
import kotlinx.coroutines.delay

/**
 * Both routes of "your own task": the class route (every cell in its own JVM, as `bakeoff run`)
 * and the function route (in this JVM, lower isolation; see `Bakeoff`'s KDoc). Each returns the
 * same `Results` as `bakeoff run` and writes results.json and results.csv to its directory.
 */
fun main() {
    val strategies = CompareOptions.strategies("direct", "executor-fixed-cpu", "coroutine-io", "virtual-threads")
    val options = CompareOptions(items = 50, strategies = strategies)

    // Route 1: a class implementing Workload, loaded by name in each forked JVM.
    show("PricingTask (forked JVMs)", Bakeoff.compare(PricingTask::class, options))

    // Route 2: a function; it cannot travel to another JVM, so the cells run in this one.
    show("a lambda (in-process)", Bakeoff.compare(options) { seed -> PricingTask.price(seed).also { Thread.sleep(2) } })
    show(
        "a suspending lambda (in-process)",
        Bakeoff.compareSuspending(options) { seed -> PricingTask.price(seed).also { delay(2) } },
    )
}

private fun show(what: String, results: Results) {
    println("== $what")
    // The run's one view: per group, the ranked cells (as the console and report.html rank them), then the rest.
    for (group in RunView.of(results).groups) {
        for (c in group.ranked + group.problems) {
            val median = c.timeNs?.median?.let(Units::nanos) ?: "-"
            println("  ${c.strategy}: ${c.status}, median $median, efficiency ${c.efficiency?.let(Units::sig3) ?: "-"}")
        }
        Verdicts.of(group, results.machine.cores).lines.forEach { println("  - $it") }
    }
}
