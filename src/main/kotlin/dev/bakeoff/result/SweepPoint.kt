package dev.bakeoff.result

import kotlinx.serialization.Serializable

/**
 * One point of a sweep or grid: every swept parameter (a strategy or workload parameter, or
 * `items`) and its value here, in the order the keys were given. Serialised as a JSON object
 * `{"size": "200", "items": "1000"}` ([SweepPointSerializer] also reads the single
 * `{"key": ..., "value": ...}` object files written before grids).
 */
@Serializable(with = SweepPointSerializer::class)
public class SweepPoint(public val values: Map<String, String>) : ResultValue() {
    override val fields get() = listOf(::values)

    /** The point of a one-parameter sweep. */
    public constructor(key: String, value: String) : this(mapOf(key to value))

    init {
        require(values.isNotEmpty()) { "a sweep point has at least one swept parameter" }
    }

    /** The swept parameters, in the order they were given. */
    public val keys: List<String> get() = values.keys.toList()

    /** The value of [key] here, or null when it was not swept in this cell. */
    public operator fun get(key: String): String? = values[key]

    /** The cores the cell's measured JVMs ran on, when a sweep varied them ([CPUS]); null otherwise. */
    internal val cpus: Int? get() = values[CPUS]?.toIntOrNull()

    /** `size=200, items=1000`. */
    override fun toString(): String = values.entries.joinToString { "${it.key}=${it.value}" }

    public companion object {
        /**
         * The swept key of the item count per batch (`--param items=10..1000x10`), which every cell takes:
         * the one name the plan's sweeps and the report's curves read.
         */
        internal const val ITEMS: String = "items"

        /** The swept key of the cores a cell ran on (`--param cpus=1,2`), which every cell takes. */
        internal const val CPUS: String = "cpus"
    }
}
