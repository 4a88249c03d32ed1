package dev.bakeoff.engine.cell

import com.sun.management.HotSpotDiagnosticMXBean
import dev.bakeoff.result.CellStatus
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import java.lang.management.ManagementFactory
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.TimeUnit
import kotlin.io.path.readText

/**
 * Why a stalled cell stalled, from a thread dump taken now (`HotSpotDiagnosticMXBean.dumpThreads`,
 * JSON, so virtual threads and their carriers are in it): `deadlocked` when threads wait on each
 * other's locks (`ThreadMXBean.findDeadlockedThreads`) or none of the cell's platform threads can
 * run (every worker or carrier waiting, blocked or in a native wait), else `starved` (some run Java
 * code, but no item completes).
 * The verdict names the frame that holds the most item threads: the first frame of the code that
 * called into a library (a JDK or kotlinx one) and the call it is stuck in, e.g. "all 2
 * pool-1-thread threads blocked in CompletableFuture.get at SelfWaitWorkload.run(SelfWaitWorkload.kt:40)".
 *
 * Stateless; called on the watchdog's thread.
 */
internal object StallVerdict {
    /** A thread as the dump shows it. */
    internal data class Dumped(
        val tid: Long,
        val name: String,
        val virtual: Boolean,
        val state: String,
        val stack: List<String>,
        val mounted: Boolean,
    )

    /** Writes the dump to [dump] and judges it for [progress], stalled for [stalledNanos]; [threads] are the cell's. */
    fun judge(progress: BatchProgress, threads: Collection<Thread>, stalledNanos: Long, dump: Path): Stall {
        Files.deleteIfExists(dump)
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean::class.java)
            .dumpThreads(dump.toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.JSON)
        val cycle = ManagementFactory.getThreadMXBean().findDeadlockedThreads()?.toSet().orEmpty()
        val dumped = parse(dump.readText())
        val seconds = "%.1f".format(TimeUnit.NANOSECONDS.toMillis(stalledNanos) / 1000.0)
        val stall = "no item completed for $seconds s, ${progress.outstanding()} of ${progress.size} outstanding"
        val (status, held) = decide(dumped, threads.map { it.threadId() }.toSet(), cycle)
        return Stall(status, "$held; $stall", dump)
    }

    /**
     * The status and the sentence on what holds the threads, from the [dumped] threads, the ids of
     * the cell's own platform threads [cell] and those in a lock [cycle].
     */
    internal fun decide(dumped: List<Dumped>, cell: Set<Long>, cycle: Set<Long>): Pair<CellStatus, String> {
        val platform = dumped.filter { !it.virtual && it.tid in cell }
        // Runnable in native code (an I/O poller, the virtual-thread unblocker) waits for the OS, not for a core.
        val canRun = platform.any { it.state == "RUNNABLE" && it.stack.firstOrNull()?.endsWith(NATIVE) != true }
        val status = if (cycle.isNotEmpty() || !canRun) CellStatus.DEADLOCKED else CellStatus.STARVED
        val candidates =
            if (cycle.isNotEmpty()) dumped.filter { it.tid in cycle } else platform + dumped.filter { it.virtual }
        // Threads that hold an item say what the items wait for; the batch's own thread only waits for them.
        val holders = candidates.filter { t -> t.stack.any { it.contains(ITEM_FRAME) } }.ifEmpty { candidates }
        val held = holders.mapNotNull { t -> holding(t.stack)?.let { t to it } }
        if (held.isEmpty()) return status to "no thread of the cell is in code of its own (${platform.size} threads)"
        val (where, group) = held.groupBy({ it.second }, { it.first }).maxBy { it.value.size }
        val who = if (group.size == held.size) "all ${group.size}" else "${group.size} of ${held.size}"
        val kinds = group.map(::kind).distinct().joinToString(", ")
        val verb = when {
            cycle.isNotEmpty() -> "deadlocked on each other's locks"
            status == CellStatus.DEADLOCKED -> "blocked"
            else -> "stuck"
        }
        val pinned = group.count { it.virtual && it.mounted && it.state != "RUNNABLE" }
        val pins = if (pinned > 0) " ($pinned pinned to their carriers)" else ""
        return status to "$who $kinds threads $verb $where$pins"
    }

    /**
     * "in CALL at FRAME": the first frame of code that is not a library's (the JDK, Kotlin, kotlinx)
     * and the library call above it, or "at FRAME" when that frame is itself the top (a busy loop).
     */
    internal fun holding(stack: List<String>): String? {
        val i = stack.indexOfFirst { !library(it) }
        if (i < 0) return null
        val at = "at ${shortFrame(stack[i])}"
        return if (i == 0) at else "in ${call(stack[i - 1])} $at"
    }

    internal fun parse(json: String): List<Dumped> {
        val root = Json.parseToJsonElement(json).jsonObject.getValue("threadDump").jsonObject
        return root.getValue("threadContainers").jsonArray.flatMap { container ->
            (container.jsonObject["threads"] as? JsonArray).orEmpty().map { element ->
                val t = element.jsonObject
                Dumped(
                    tid = t.text("tid")?.toLongOrNull() ?: -1,
                    name = t.text("name").orEmpty(),
                    virtual = t.text("virtual") == "true",
                    state = t.text("state").orEmpty(),
                    stack = (t["stack"] as? JsonArray).orEmpty().map { it.jsonPrimitive.content },
                    mounted = t["carrier"] != null,
                )
            }
        }
    }

    private fun JsonObject.text(key: String): String? = this[key]?.jsonPrimitive?.content

    private fun kind(t: Dumped): String = if (t.virtual) "virtual" else t.name.trimEnd { it.isDigit() }.trimEnd('-')

    /** A frame without its module (`java.base/`, `java.base@25/`): `pkg.Class.method(File.java:12)`. */
    private fun unmoduled(frame: String): String = MODULE.replace(frame, "")

    private fun library(frame: String): Boolean = LIBRARIES.any { unmoduled(frame).startsWith(it) }

    /** `Class.method(File.kt:12)`, without the package and a hidden class's suffix. */
    private fun shortFrame(frame: String): String {
        val f = HIDDEN.replace(unmoduled(frame), "")
        val method = f.substringBefore('(')
        return method.substringBeforeLast('.').substringAfterLast('.') + "." + method.substringAfterLast('.') +
            "(" + f.substringAfter('(', "")
    }

    /** `CompletableFuture.get`, or `runBlocking` for a Kotlin file facade's (`BuildersKt__BuildersKt`) function. */
    private fun call(frame: String): String {
        val method = unmoduled(frame).substringBefore('(')
        val cls = method.substringBeforeLast('.').substringAfterLast('.')
        val name = method.substringAfterLast('.')
        return if (cls.endsWith("Kt") || cls.contains("Kt__")) name else "$cls.$name"
    }

    /** Where an item runs: every item thread has this frame below the item's own code. */
    private const val ITEM_FRAME = "dev.bakeoff.model.WorkloadBatch"
    private const val NATIVE = "(Native Method)"
    private val LIBRARIES = listOf("java.", "javax.", "jdk.", "sun.", "kotlin.", "kotlinx.")
    private val MODULE = Regex("^[a-z][a-z0-9_.]*(@[^/]*)?/")
    private val HIDDEN = Regex("/0x[0-9a-f]+")
}
