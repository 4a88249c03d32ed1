package dev.bakeoff.cli

import dev.bakeoff.result.ForkAnatomy
import dev.bakeoff.result.ForkRole
import dev.bakeoff.result.Results
import dev.bakeoff.wording.Units
import kotlin.math.roundToInt

/**
 * The run's measured JVMs in one line of the run's end: how many of each role, their wall time, the
 * **timed share** (timed runs kept / fork wall time) and where a fork's time went on average; null
 * when no cell recorded a fork (an in-process run, a results file from before). Pure.
 */
internal fun forkLine(results: Results): String? {
    val forks = results.cells.flatMap { it.forks.orEmpty() }
    val share = ForkAnatomy.timedShare(forks) ?: return null
    val roles = ForkRole.entries.mapNotNull { role ->
        forks.count { it.role == role }.takeIf { it > 0 }?.let { "$it ${role.id}" }
    }
    val wall = forks.sumOf { it.wallNs }.toDouble()
    val kept = forks.sumOf { it.keptNs }.toDouble()
    val parts = PARTS.mapNotNull { (name, part) ->
        forks.mapNotNull(part).takeIf { it.isNotEmpty() }?.let { "$name ${Units.nanos(it.average())}" }
    }
    return "forks: ${forks.size} JVMs (${roles.joinToString()}), ${Units.nanos(wall)}; timed runs kept " +
        "${Units.nanos(kept)}, a timed share of ${(share * PERCENT).roundToInt()}%; a fork on average: " +
        parts.joinToString()
}

/** A fork's parts in the order they happen, as [forkLine] names them. */
private val PARTS: List<Pair<String, (ForkAnatomy) -> Long?>> = listOf(
    "launch" to ForkAnatomy::launchNs,
    "JVM start to JMH ready" to ForkAnatomy::jvmNs,
    "settings" to ForkAnatomy::settingsNs,
    "set-up" to ForkAnatomy::setupNs,
    "warm-up" to ForkAnatomy::warmupNs,
    "timed" to ForkAnatomy::timedNs,
    "untimed passes" to ForkAnatomy::untimedNs,
    "teardown" to ForkAnatomy::teardownNs,
)

private const val PERCENT = 100
