package dev.bakeoff.cli

import dev.bakeoff.metrics.Disturbance
import dev.bakeoff.report.DisturbanceWords
import dev.bakeoff.result.ForkAnatomy
import dev.bakeoff.result.ForkRole
import dev.bakeoff.result.Results
import dev.bakeoff.wording.Units
import java.util.Locale
import kotlin.math.roundToInt

/**
 * The run's measured JVMs in one line of the run's end: how many of each role, their wall time, the
 * **timed share** (timed runs kept / fork wall time) and where a fork's time went on average, then a line on the
 * forks other processes disturbed ([busyLine]) when any were; null when no cell recorded a fork (an in-process run,
 * a results file from before). Pure.
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
    val line = "forks: ${forks.size} JVMs (${roles.joinToString()}), ${Units.nanos(wall)}; timed runs kept " +
        "${Units.nanos(kept)}, a timed share of ${(share * PERCENT).roundToInt()}%; a fork on average: " +
        parts.joinToString()
    return listOfNotNull(line, busyLine(forks, results.machine.hostCores)).joinToString("\n")
}

/**
 * The timed forks whose timed runs other processes disturbed ([Disturbance], on the host's [cores]): those a
 * race set aside and ran again, and those that counted all the same (a re-run disturbed too, no budget left for one,
 * a preset's fork); when every timed fork was, that the run was measured on a busy machine. Null when none was.
 */
private fun busyLine(forks: List<ForkAnatomy>, cores: Int): String? {
    val timed = forks.filter { it.role.timed }
    val busy = timed.filter { Disturbance.disturbed(it.otherCores, cores) }
    if (busy.isEmpty()) return null
    val rule = DisturbanceWords.over(cores)
    if (busy.size == timed.size) {
        return "the run was measured on a busy machine: ${DisturbanceWords.WHO} kept " +
            "${busyCores(busy)} cores busy during every fork's timed runs ($rule), so its figures are theirs as " +
            "much as the strategies'"
    }
    val (aside, counted) = busy.partition { it.disturbed == true }
    val reRun = aside.takeIf { it.isNotEmpty() }?.let {
        "${DisturbanceWords.forks(it.size)} re-run: ${DisturbanceWords.WHO} kept ${busyCores(it)} cores busy " +
            "during their timed runs ($rule)"
    }
    val kept = counted.takeIf { it.isNotEmpty() }?.let {
        val count = DisturbanceWords.forks(it.size)
        "$count counted with other processes or the hypervisor keeping ${busyCores(it)} cores " +
            "busy during their timed runs ($rule: a re-run disturbed too, a busy machine, no budget left, a preset)"
    }
    return listOfNotNull(reRun, kept).joinToString("; ")
}

/** The range of [forks]' other processes' cores, as "0.12–0.30" (one figure when they agree). */
private fun busyCores(forks: List<ForkAnatomy>): String {
    val cores = forks.mapNotNull { it.otherCores }
    val (low, high) = listOf(cores.min(), cores.max()).map { String.format(Locale.ROOT, "%.2f", it) }
    return if (low == high) low else "$low–$high"
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
