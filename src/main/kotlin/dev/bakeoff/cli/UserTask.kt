package dev.bakeoff.cli

import com.github.ajalt.clikt.core.ParameterHolder
import com.github.ajalt.clikt.parameters.options.option
import dev.bakeoff.model.Resolved
import dev.bakeoff.model.RunContext
import dev.bakeoff.model.WorkloadEntry
import java.io.File
import java.nio.file.Path

/** `--classpath`: where a user's task (`task:class=NAME`) lives; the same option on `run` and `load`. */
internal fun ParameterHolder.classpathOption() = option(
    "--classpath",
    "--cp",
    help = "Where your task (task:class=NAME, --task-class) lives: jars or class directories, " +
        "separated by '${File.pathSeparator}'",
)

/**
 * The entries of a `--classpath` [text] (null: none), resolved as the user's paths, once every one of [workloads]
 * was looked up against them (a user's task by name, without running any of its code: that happens in the measured
 * JVMs only), so that a wrong name or classpath is one line with exit code 2 before anything runs, rather than a
 * failed cell per strategy. Call inside [userInput].
 */
internal fun checkedClasspath(text: String?, workloads: List<Resolved<WorkloadEntry>>): List<Path> {
    val entries = text?.split(File.pathSeparator).orEmpty()
        .filter { it.isNotBlank() }
        .map { ResultFiles.userPath(it, "--classpath") }
    val context = RunContext(classpath = entries.map { it.toString() })
    workloads.forEach { it.entry.check(it.params(context)) }
    return entries
}
