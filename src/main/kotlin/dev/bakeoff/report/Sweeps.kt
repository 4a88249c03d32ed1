package dev.bakeoff.report

import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus

/**
 * A series of completed cells in which one number varies, for a line chart of time against it:
 * the items per batch, or a numeric strategy parameter (`executor-fixed:size=10`, `size=100`, ...).
 * [lines] maps a line's name (a strategy, or a strategy id with its other parameters) to its
 * points (x, cell), sorted by x. Immutable.
 */
internal data class Sweep(val title: String, val parameter: String, val lines: Map<String, List<Pair<Double, CellResult>>>)

/** Finds the [Sweep]s in a run's cells. Pure; safe from any thread. */
internal object Sweeps {
    fun of(cells: List<CellResult>): List<Sweep> {
        val ok = cells.filter { it.status == CellStatus.OK && it.timeNs != null }
        return itemSweeps(ok) + parameterSweeps(ok)
    }

    // Per workload and wait form: one line per strategy measured at two or more item counts.
    private fun itemSweeps(ok: List<CellResult>) = ok.groupBy { it.workload to it.wait }.mapNotNull { (key, cells) ->
        val lines = cells.groupBy { it.strategy }.mapValues { (_, c) -> c.map { it.items.toDouble() to it }.sortedBy { it.first } }
            .filterValues { line -> line.map { it.first }.distinct().size >= 2 }
        if (lines.isEmpty()) null else Sweep("${key.first} (${key.second}): time against items per batch", "items per batch", lines)
    }

    // Per workload, items and wait form, and per strategy id and numeric parameter key: one line per
    // setting of the other parameters, when the key takes two or more values.
    private fun parameterSweeps(ok: List<CellResult>) = ok.groupBy { Triple(it.workload, it.items, it.wait) }.flatMap { (group, cells) ->
        val specs = cells.map { Spec.parse(it.strategy) to it }
        specs.groupBy { it.first.id }.flatMap { (id, variants) ->
            val keys = variants.flatMap { it.first.params.keys }.distinct()
            keys.mapNotNull { key ->
                val numeric = variants.mapNotNull { (spec, cell) -> spec.params[key]?.toDoubleOrNull()?.let { Triple(spec, it, cell) } }
                val lines = numeric.groupBy { (spec) -> spec.without(key) }
                    .mapValues { (_, points) -> points.map { (_, x, cell) -> x to cell }.sortedBy { it.first } }
                    .filterValues { line -> line.map { it.first }.distinct().size >= 2 }
                if (lines.isEmpty()) null else Sweep("${group.first}, ${group.second} items (${group.third}): time against $id $key", "$id $key", lines)
            }
        }
    }

    /** A strategy spec as written in results (`id:key=value:key=value`). */
    private data class Spec(val id: String, val params: Map<String, String>) {
        fun without(key: String) = (listOf(id) + params.filterKeys { it != key }.map { (k, v) -> "$k=$v" }).joinToString(":")

        companion object {
            fun parse(spec: String): Spec {
                val parts = spec.split(':')
                return Spec(parts.first(), parts.drop(1).associate { it.substringBefore('=') to it.substringAfter('=', "") })
            }
        }
    }
}
