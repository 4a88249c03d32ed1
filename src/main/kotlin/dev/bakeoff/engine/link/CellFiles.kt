package dev.bakeoff.engine.link

import dev.bakeoff.result.ResultsManifest
import java.nio.file.Files
import java.nio.file.Path

/**
 * The files of cell number `index` in a run's `cells` folder, named alike by every runner that
 * starts one of the cell's JVMs (`cell-007.log`, `cell-007.probe.json`, ...); reports link them by
 * these names. Each path is recorded in the results folder's [ResultsManifest] as it is named, before
 * any JVM writes it, so that `--force` may clear it later. Immutable; creates no file.
 */
internal class CellFiles(private val workDir: Path, index: Int) {
    val name = "cell-%03d".format(index)

    /** What the measured JVM printed (JMH's output and the task's own, capped). */
    val log: Path = owned("$name.log")

    /** Where the fork writes its [ProbeReport]. */
    val probe: Path = owned("$name.probe.json")

    /** Where each measured JVM of the cell's last JMH run appends its [ForkTimes], one line per fork. */
    val forkTimes: Path = owned("$name.forks.jsonl")

    /** What the cell's figures fork printed (JMH's output and the task's own, capped), beside [log]'s timing. */
    val figuresLog: Path = owned("$name.figures.log")

    /** The planning probe's report and what its JVM printed. */
    val estimate: Path = owned("$name.estimate.json")
    val estimateLog: Path = owned("$name.estimate.log")

    /** A stalled cell's thread dump, JSON (written by the fork's progress watchdog). */
    val threads: Path = owned("$name.threads.json")

    /** [threads] relative to the results directory [out], for a cell that [stalled] and left it; else null. */
    fun threadDump(stalled: Boolean, out: Path): String? =
        threads.takeIf { stalled && Files.exists(it) }?.let { out.relativize(it).toString() }

    /** The flame graph of a `--profile` run in [mode] (`wall`, `cpu`, ...). */
    fun flame(mode: String): Path = owned("$name.flame-$mode.html")

    private fun owned(file: String): Path = workDir.resolve(file).also(ResultsManifest::record)
}
