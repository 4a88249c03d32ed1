package dev.bakeoff.engine.selfcheck

import dev.bakeoff.engine.fork.ProbeProcess
import dev.bakeoff.result.MeasurementPlan
import dev.bakeoff.result.PlanMode
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.double
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.openjdk.jmh.Main
import java.nio.file.Path
import java.util.regex.Pattern
import kotlin.io.path.exists
import kotlin.io.path.readText

/**
 * A plain JMH benchmark run as anyone runs one: `java -cp … org.openjdk.jmh.Main` in a JVM of its
 * own with no option of Bakeoff's (no class-data archive, no `-D` settings, no `--cpus`, no
 * `--jvm-arg`), so its forks get JMH's defaults, and with no Bakeoff JVM as JMH's host (no
 * watchdog, no probe, no evidence beside the fork). Only the iterations follow [MeasurementPlan],
 * so that both figures are of the same length. `bakeoff selfcheck` compares it with the same twin
 * run the way Bakeoff runs its forks. Stateless; called on the run's thread.
 */
internal object BareJmh {
    /** The runs of [benchmark] under [plan], files named from [stem]; a failure says why in one line. */
    fun run(benchmark: Class<*>, plan: MeasurementPlan, stem: Path, limitSeconds: Long): Result<List<Double>> {
        val json = Path.of("$stem.json")
        val log = Path.of("$stem.log")
        val java = Path.of(System.getProperty("java.home"), "bin", "java").toString()
        val mode = if (plan.mode == PlanMode.SINGLE_SHOT) {
            listOf("-bm", "ss", "-bs", "1", "-wbs", "1")
        } else {
            listOf("-bm", "avgt", "-w", "${plan.iterationMillis}ms", "-r", "${plan.iterationMillis}ms")
        }
        // The machine lock (JMH's own lock file) is held by this run for it: JMH's host must not wait for it.
        val command = listOf(java, "-Djmh.ignoreLock=true", "-cp", System.getProperty("java.class.path")) +
            listOf(Main::class.java.name) +
            listOf("^" + Pattern.quote(benchmark.name) + "\\.batch$", "-f", "${plan.forks}") +
            listOf("-wi", "${plan.warmupIterations}", "-i", "${plan.measurementIterations}", "-tu", "ns") +
            mode + listOf("-rf", "json", "-rff", json.toString())
        return runCatching {
            val exit = ProbeProcess.run(command, log, limitSeconds)
            check(exit == 0 && json.exists()) {
                val how = exit?.let { "ended with exit code $it" } ?: "exceeded $limitSeconds s"
                "the bare JMH run $how (${log.fileName})"
            }
            // JMH's result file: one benchmark, its primary metric's raw data as one list of runs per fork.
            Json.parseToJsonElement(json.readText()).jsonArray.single().jsonObject
                .getValue("primaryMetric").jsonObject.getValue("rawData").jsonArray
                .flatMap { fork -> fork.jsonArray.map { it.jsonPrimitive.double } }
        }
    }
}
