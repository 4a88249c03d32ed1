package dev.bakeoff.engine

import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.Machine
import dev.bakeoff.result.Results
import dev.bakeoff.result.fingerprint
import java.time.Instant

/**
 * Combines the results of shards, machines and JDKs into one [Results] (`bakeoff merge`): every
 * cell keeps the fingerprint of the machine it ran on ([CellResult.machine], [Results.machines]),
 * and every group is decided anew among the cells of one machine, with that machine's harness
 * figure. Two results for one cell on one machine are a [conflicts] line each, never a silent
 * choice. Stateless; thread-safe.
 */
internal object ResultsMerge {
    /** The merged results, or the conflicts that prevent them (one line each). */
    sealed interface Outcome {
        data class Merged(val results: Results) : Outcome

        data class Conflicts(val lines: List<String>) : Outcome
    }

    /** Merges [inputs] (each named by its source, for the conflict lines), in the order given. */
    fun merge(inputs: List<Pair<String, Results>>): Outcome {
        require(inputs.isNotEmpty()) { "nothing to merge" }
        val machines = linkedMapOf<String, Machine>()
        val seen = mutableMapOf<List<Any?>, String>()
        val conflicts = mutableListOf<String>()
        val cells = inputs.flatMap { (source, results) ->
            results.cells.map { cell ->
                val id = cell.machine ?: results.machine.fingerprint
                val machine = results.machines?.get(id) ?: results.machine
                machines.putIfAbsent(id, machine)
                val key = listOf(cell.strategy, cell.workload, cell.items, cell.wait, cell.sweep, id)
                seen.put(key, source)?.let { first ->
                    conflicts += "${cell.strategy} x ${cell.workload} x ${cell.items} (${cell.wait.id}) on machine $id: " +
                        "in $first and in $source"
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
                machines = machines,
            ),
        )
    }
}
