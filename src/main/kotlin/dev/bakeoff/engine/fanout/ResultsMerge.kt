package dev.bakeoff.engine.fanout

import dev.bakeoff.engine.suite.SuiteRunner
import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.GroupKey
import dev.bakeoff.result.Machine
import dev.bakeoff.result.Results
import dev.bakeoff.result.SweepPoint
import dev.bakeoff.result.fingerprint
import java.time.Instant

/**
 * Combines the results of shards, machines and JDKs into one [Results] (`bakeoff merge`): every
 * cell keeps the fingerprint of the machine it ran on ([CellResult.machine], [Results.machines])
 * and the JDK of a several-JDK run ([CellResult.jdk]), and every group is decided anew among the
 * cells of one machine, with that machine's harness figure. Two results for one cell on one
 * machine and JDK are a [conflicts] line each, never a silent choice; inputs of two Bakeoff
 * versions or two presets are [Outcome.Mismatch], since the merged file names one of each.
 * Stateless; thread-safe.
 */
internal object ResultsMerge {
    /** The merged results, or why they cannot be: the conflicting cells (one line each), or a mismatch. */
    sealed interface Outcome {
        data class Merged(val results: Results) : Outcome

        data class Conflicts(val lines: List<String>) : Outcome

        /** Two inputs that differ in what the merged file can state only once, in one line naming both values. */
        data class Mismatch(val line: String) : Outcome
    }

    /** Merges [inputs] (each named by its source, for the conflict lines), in the order given. */
    fun merge(inputs: List<Pair<String, Results>>): Outcome {
        require(inputs.isNotEmpty()) { "nothing to merge" }
        mismatch(inputs, "Bakeoff version") { it.bakeoffVersion }?.let { return it }
        mismatch(inputs, "preset") { it.preset.id }?.let { return it }
        val machines = linkedMapOf<String, Machine>()
        val seen = mutableMapOf<Triple<GroupKey, String, SweepPoint?>, String>()
        val conflicts = mutableListOf<String>()
        val cells = inputs.flatMap { (source, results) ->
            results.cells.map { cell ->
                val id = cell.machine ?: results.machine.fingerprint
                val machine = results.machines?.get(id) ?: results.machine
                machines.putIfAbsent(id, machine)
                // One result per strategy (and sweep point) in each group of each machine.
                val key = Triple(GroupKey.of(cell).copy(machine = id), cell.strategy, cell.sweep)
                seen.put(key, source)?.let { first ->
                    val jdk = cell.jdk?.let { " on JDK $it" }.orEmpty()
                    conflicts += "${cell.strategy} x ${cell.workload} x ${cell.items} (${cell.wait.id})$jdk " +
                        "on machine $id: in $first and in $source"
                }
                cell.copy(machine = id)
            }
        }
        if (conflicts.isNotEmpty()) return Outcome.Conflicts(conflicts)
        val groups = cells.groupBy { it.machine }.flatMap { (id, own) ->
            GroupDecision.all(own, machines.getValue(checkNotNull(id)).harnessNsPerItem)
        }
        val first = inputs.first().second
        return Outcome.Merged(
            Results(
                bakeoffVersion = SuiteRunner.VERSION,
                createdAt = Instant.now().toString(),
                complete = inputs.all { it.second.complete },
                machine = first.machine,
                preset = first.preset,
                cells = cells,
                groups = groups,
                // The shards of a several-JDK run each list the run's JDKs: the merged file lists them once.
                jdks = inputs.flatMap { it.second.jdks.orEmpty() }.distinctBy { it.version }.ifEmpty { null },
                machines = machines,
            ),
        )
    }

    /** The first input whose [what] differs from the first input's, as a [Outcome.Mismatch] naming both values. */
    private fun mismatch(inputs: List<Pair<String, Results>>, what: String, value: (Results) -> String): Outcome? {
        val (source, results) = inputs.first()
        val (other, differing) = inputs.firstOrNull { value(it.second) != value(results) } ?: return null
        return Outcome.Mismatch(
            "$source has $what ${value(results)} and $other $what ${value(differing)}; merge results of one $what",
        )
    }
}
