package dev.bakeoff.engine.link

import kotlinx.serialization.Serializable
import kotlinx.serialization.json.Json
import java.io.File
import java.nio.file.Files
import java.nio.file.Path
import java.time.Instant

/**
 * Where one measured JVM's wall time went, as the fork itself saw it (its clocks, read outside every timed
 * section): written by `ForkClock` as one JSON line per fork, appended to [ForkSettings.timesFile], read
 * by the host once JMH has returned and turned into a [dev.bakeoff.result.ForkAnatomy] with the host's own
 * launch and return times. Epoch times are in microseconds (the fork's and the host's clocks are one
 * machine's); durations in ns. Immutable.
 *
 * @property vmStartMs when the JVM started (`RuntimeMXBean.startTime`, epoch ms).
 * @property readyUs when JMH first handed the benchmark to Bakeoff (the trial's set-up began): the JVM
 *   has started, JMH's link to the host is up.
 * @property settingsNs reading the host's settings (properties, the settings socket) and adopting the owner.
 * @property setupNs building and opening the cell (strategy, workload, ledger), after the settings.
 * @property warmupNs the warm-up iterations' wall time, from each iteration's set-up to its tear-down.
 * @property timedNs the measured iterations' wall time, likewise.
 * @property untimedNs the untimed passes after the last iteration (calibration, trace, evidence, JFR,
 *   close and leak check) up to the report.
 * @property endUs when the fork's report was written: what follows is JMH's and the JVM's teardown.
 * @property steadyWarmups a figures fork's steady-state search (`SteadyWarmup`): the untimed chunks before
 *   its first steady window; null when it found none, or ran none ([steadyWarmupNs] 0).
 * @property steadyWarmupNs that search's wall time.
 * @property steadyAfter the warm-up iterations after which the fork's own warm-up runs stopped trending
 *   (the trend test over its last few, applied as they ran); null when they never did or were too few.
 * @property otherCores the cores the rest of the machine kept busy over the measured iterations (`/proc/stat`'s
 *   busy CPU minus this JVM's, over their wall time); null without `/proc`, or without measured iterations.
 */
@Serializable
internal data class ForkTimes(
    val vmStartMs: Long,
    val readyUs: Long,
    val settingsNs: Long,
    val setupNs: Long,
    val warmupNs: Long,
    val warmups: Int,
    val timedNs: Long,
    val runs: Int,
    val untimedNs: Long,
    val endUs: Long,
    val steadyAfter: Int? = null,
    val steadyWarmups: Int? = null,
    val steadyWarmupNs: Long = 0,
    val otherCores: Double? = null,
) {
    companion object {
        /** Now on the wall clock, in epoch µs (both sides of the link use this). */
        fun nowUs(): Long = Instant.now().let { it.epochSecond * 1_000_000 + it.nano / 1_000 }

        /** Fork side: appends [times] to [file] as one line; best effort, as every report. */
        fun append(file: File?, times: ForkTimes) {
            runCatching { file?.appendText(Json.encodeToString(serializer(), times) + "\n") }
        }

        /** Host side: every fork's times in [file], in the order the forks ran; a line cut off is skipped. */
        fun read(file: Path): List<ForkTimes> = if (!Files.exists(file)) {
            emptyList()
        } else {
            Files.readAllLines(file).mapNotNull { line ->
                runCatching { Json.decodeFromString(serializer(), line) }.getOrNull()
            }
        }
    }
}
