package dev.bakeoff.engine.fork

import java.nio.file.Path
import kotlin.io.path.exists
import kotlin.io.path.readLines

/**
 * What a JMH run's log (`cells/cell-NNN.log`) says about a fork that left no result: the first line it
 * printed, the exception it died of, JMH's own note. Pure reads of one file; safe from any thread.
 */
internal object JmhLog {
    /** Why a fork that exited with status 0 left no result, with the first line it printed after JMH's header. */
    fun exitedEarly(log: Path): String {
        val printed = if (log.exists()) log.readLines().dropWhile { !it.startsWith("# Fork:") }.drop(1) else emptyList()
        val first = printed.firstOrNull { it.isNotBlank() && !it.startsWith("#") }?.trim()
        return "the measured JVM exited with status 0 before JMH had a result (something in it ended it: " +
            "System.exit in the task, or a JVM option)" + (first?.let { "; it printed: $it" } ?: "")
    }

    /** The first exception line JMH logged for the failed fork (e.g. an OutOfMemoryError), if any. */
    fun failureFromLog(log: Path): String? {
        if (!log.exists()) return null
        val lines = log.readLines()
        return lines.firstOrNull { EXCEPTION_LINE.containsMatchIn(it) }?.trim()
            // JMH's own note, e.g. "VM prematurely exited before JMH had finished with it, explicit
            // System.exit was called?"
            ?: lines.firstNotNullOfOrNull { JMH_FAILURE.find(it)?.groupValues?.get(1) }
            ?: lines.lastOrNull { it.contains("VM terminated") || it.contains("exit code") }?.trim()
    }

    private val EXCEPTION_LINE = Regex("^\\s*([\\w.$]+(Exception|Error))(:|$)")
    private val JMH_FAILURE = Regex("<failure: (.+)>")
}
