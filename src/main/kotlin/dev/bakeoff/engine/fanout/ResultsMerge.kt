package dev.bakeoff.engine.fanout

import dev.bakeoff.engine.plan.RaceOptions
import dev.bakeoff.engine.suite.SuiteRunner
import dev.bakeoff.metrics.GroupDecision
import dev.bakeoff.result.CapacityKey
import dev.bakeoff.result.CellKey
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.FootprintKey
import dev.bakeoff.result.LoadKey
import dev.bakeoff.result.Machine
import dev.bakeoff.result.Results
import dev.bakeoff.result.fingerprint
import dev.bakeoff.wording.Units
import java.time.Instant

/**
 * Combines the results of shards, machines and JDKs into one [Results] (`bakeoff merge`): every
 * cell keeps the fingerprint of the machine it ran on ([CellResult.machine], [Results.machines])
 * and the JDK of a several-JDK run ([CellResult.jdk]), and every group is decided anew among the
 * cells of one machine, with that machine's harness figure. Two results for one cell on one
 * machine and JDK are a [conflicts] line each, never a silent choice; so are two load cells of one
 * strategy, kind of work and arrival rate on one machine, two capacities of one objective, and two
 * footprints of one strategy and depth, which are otherwise combined as the cells are (each with its
 * machine); inputs of two Bakeoff versions or two presets are [Outcome.Mismatch], since the merged
 * file names one of each.
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
        val seen = mutableMapOf<Any, String>()
        val conflicts = mutableListOf<String>()

        /**
         * [own]'s machine id (an input's cell keeps the one an earlier merge gave it), noted once. A cell of a
         * several-JDK run ran on the machine with its [jdk], not the run's first JDK that `machine` records.
         */
        fun machineOf(results: Results, own: String?, jdk: String? = null): String {
            val machine = own?.let { results.machines?.get(it) } ?: onJdk(results, jdk)
            val id = own ?: machine.fingerprint
            machines.putIfAbsent(id, machine)
            return id
        }

        /** Notes [key] as given by [source]: a conflict, named by [what], when an earlier input gave it too. */
        fun once(key: Any, source: String, what: () -> String) {
            seen.put(key, source)?.let { first -> conflicts += "${what()}: in $first and in $source" }
        }
        val cells = inputs.flatMap { (source, results) ->
            results.cells.map { cell ->
                val id = machineOf(results, cell.machine, cell.jdk)
                val merged = cell.copy(machine = id)
                // One result per cell on each machine, whose fingerprint holds the JDK: a cell of a several-JDK
                // run (its JDK listed) is the same cell as one of a plain run on that JDK (none named). A file
                // that does not list its JDKs left the machine unknown, so there the JDK still tells cells apart.
                val listed = results.jdks.orEmpty().any { it.version == cell.jdk }
                val key = CellKey.of(merged).let { if (listed) it.copy(group = it.group.copy(jdk = null)) else it }
                once(key, source) { key.toString() }
                merged
            }
        }

        /**
         * Every input's [part] (load cells, capacities, footprint cells), each on its machine ([machine] reads an
         * item's, [onMachine] sets it), noted once by [key] and named by [what] in a conflict line.
         */
        fun <T> mergedPart(
            part: (Results) -> List<T>?,
            machine: (T) -> String?,
            onMachine: (T, String) -> T,
            key: (T) -> Any,
            what: (T, String) -> String,
        ): List<T> = inputs.flatMap { (source, results) ->
            part(results).orEmpty().map { c ->
                val id = machineOf(results, machine(c))
                onMachine(c, id).also { once(key(it), source) { what(c, id) } }
            }
        }
        // Load cells: one per strategy x kind of work x arrival rate on each machine; capacities one per objective.
        val load = mergedPart({ it.load }, { it.machine }, { c, id -> c.copy(machine = id) }, LoadKey::of) { c, id ->
            "load ${c.strategy} x ${c.workload} x ${c.items} (${c.wait.id}), ${c.arrival} at " +
                "${Units.sig3(c.ratePerSec)}/s on machine $id"
        }
        val capacity = mergedPart(
            { it.capacity },
            { it.machine },
            { c, id -> c.copy(machine = id) },
            CapacityKey::of,
            what = { c, id -> "capacity of ${c.strategy} x ${c.workload} at ${c.objective} on machine $id" },
        )
        val footprint = mergedPart(
            { it.footprint },
            { it.machine },
            { f, id -> f.copy(machine = id) },
            FootprintKey::of,
            what = { f, id -> "footprint of ${f.strategy} at depth ${f.depth} on machine $id" },
        )
        if (conflicts.isNotEmpty()) return Outcome.Conflicts(conflicts)
        val first = inputs.first().second
        val margin = first.preset.margin ?: GroupDecision.DEFAULT_MARGIN
        // Raced shards looked at their groups as a race does; the merged decision is their last look (files
        // written before the looks were kept: a race of the default budget's).
        val looks = first.preset.looks ?: SuiteRunner.looks(RaceOptions().takeIf { cells.any { it.race != null } })
        val groups = cells.groupBy { it.machine }.flatMap { (id, own) ->
            GroupDecision.all(own, machines.getValue(checkNotNull(id)).harnessNsPerItem, margin, looks)
        }
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
                // Likewise the library versions of a several-version run (`--lib`), its cells keyed by them.
                libs = inputs.flatMap {
                    it.second.libs.orEmpty()
                }.distinctBy { it.name to it.version }.ifEmpty { null },
                machines = machines,
                load = load.ifEmpty { null },
                capacity = capacity.ifEmpty { null },
                footprint = footprint.ifEmpty { null },
            ),
        )
    }

    /** The machine [results] ran [jdk] on (one of its several JDKs), or its own machine without one. */
    private fun onJdk(results: Results, jdk: String?): Machine {
        val info = results.jdks?.firstOrNull { it.version == jdk } ?: return results.machine
        return results.machine.copy(jdkVersion = info.runtime ?: info.version, jdkVendor = info.vendor)
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
