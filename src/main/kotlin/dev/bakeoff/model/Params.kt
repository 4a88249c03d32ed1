package dev.bakeoff.model

/**
 * Where a strategy or workload is being built: the processors the JVM reports (respecting
 * `-XX:ActiveProcessorCount`), the factor applied to every wait (1.0 for measurements,
 * smaller in tests so that a 99 ms wait becomes a 1 ms one), [settings] of the machine a
 * scenario runs against that cannot be part of a spec (a JDBC URL holds ':'), e.g. `jdbc-url`,
 * the extra [classpath] entries a user's own task class is loaded from (`--classpath`), and the
 * [site] its items run on ([ItemSite.Inline] unless the cell measures them on its strategy).
 */
internal data class RunContext(
    val cpus: Int = Runtime.getRuntime().availableProcessors(),
    val waitScale: Double = 1.0,
    val settings: Map<String, String> = emptyMap(),
    val classpath: List<String> = emptyList(),
    val site: ItemSite = ItemSite.Inline,
)

/**
 * One declared parameter of a catalog entry, e.g. `size` of `executor-fixed`, and the typed handle
 * its entry reads it with: declared once, read as `params[SIZE]` (never by its key again), its text
 * parsed to a [T] in one place. Immutable; thread-safe.
 */
internal sealed class ParamSpec<T>(val key: String, val summary: String, val default: String) {
    /** Returns an error message for an invalid [value], or null. */
    abstract fun check(value: String): String?

    abstract val validValues: String

    /** The value of [text], which [check] accepted, where [context] runs. */
    abstract fun parse(text: String, context: RunContext): T

    /** A whole number from [min] to [max]; the word `cpu` stands for the processor count when [allowCpu]. */
    class IntParam(
        key: String,
        summary: String,
        default: String,
        val min: Int = 1,
        val allowCpu: Boolean = false,
        val max: Int = Int.MAX_VALUE,
    ) : ParamSpec<Int>(key, summary, default) {
        private val range = if (max == Int.MAX_VALUE) ">= $min" else "from $min to $max"
        override val validValues = if (allowCpu) "a whole number $range or 'cpu'" else "a whole number $range"

        override fun check(value: String): String? {
            if (allowCpu && value == "cpu") return null
            val n = value.toIntOrNull()
            return if (n == null || n < min || n > max) "invalid $key '$value'; valid: $validValues" else null
        }

        override fun parse(text: String, context: RunContext): Int = if (text == "cpu") context.cpus else text.toInt()
    }

    /** A fully qualified JVM class name, e.g. `com.example.MyTask`; no default. */
    class ClassNameParam(key: String, summary: String) : ParamSpec<String>(key, summary, "") {
        override val validValues = "a fully qualified class name such as com.example.MyTask"

        override fun check(value: String): String? =
            if (NAME.matches(value)) null else "invalid $key '$value'; valid: $validValues"

        override fun parse(text: String, context: RunContext): String = text

        private companion object {
            val NAME = Regex("[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)*")
        }
    }

    companion object {
        /**
         * The longest wait per item a parameter takes, in ms (one hour): longer is no batch anyone
         * measures, and a run's estimates add such waits up over every item of every cell.
         */
        const val MAX_WAIT_MS: Int = 3_600_000

        /** A wait per item in ms, from 0 to [MAX_WAIT_MS]. */
        fun waitMs(key: String, summary: String, default: String): IntParam =
            IntParam(key, summary, default, min = 0, max = MAX_WAIT_MS)

        /**
         * The most busy CPU per item a parameter takes, in µs (one minute): the planning probe runs the
         * items one after another before any cell, and an item of more is no batch anyone measures.
         */
        const val MAX_CPU_US: Int = 60_000_000

        /** Busy CPU per item in µs, from 0 to [MAX_CPU_US]. */
        fun cpuUs(key: String, summary: String, default: String): IntParam =
            IntParam(key, summary, default, min = 0, max = MAX_CPU_US)
    }

    /** One of a fixed list of [values], each written as its [id]; read as the value itself. */
    class ChoiceParam<E>(
        key: String,
        summary: String,
        default: E,
        private val values: List<E>,
        private val id: (E) -> String,
    ) : ParamSpec<E>(key, summary, id(default)) {
        /** The words a spec may give, in order. */
        val choices: List<String> = values.map(id)

        override val validValues = choices.joinToString()

        override fun check(value: String): String? =
            if (value in choices) null else "invalid $key '$value'; valid: $validValues"

        override fun parse(text: String, context: RunContext): E = values.first { id(it) == text }
    }
}

/** The resolved parameter values of one catalog entry, defaults filled in. */
internal class Params(private val values: Map<String, String>, val context: RunContext) {
    /** The value of [param], which the entry declares. */
    operator fun <T> get(param: ParamSpec<T>): T =
        param.parse(values[param.key] ?: error("undeclared parameter '${param.key}'"), context)

    /** How this run's waits are scaled ([RunContext.waitScale]). */
    val waits: Waits get() = Waits(context.waitScale)

    /** `k=v,k=v` in declaration order; empty when there are no parameters. */
    override fun toString(): String = values.entries.joinToString(",") { "${it.key}=${it.value}" }

    val asMap: Map<String, String> get() = values
}
