package dev.bakeoff.model

/**
 * The kind of approach an entry is, as `bakeoff list` shows it; [inAll] is the default of a strategy
 * entry's own property of the same name.
 */
internal enum class Group(val id: String, val inAll: Boolean) {
    /** Exactly as experiment E1 of the reference defines it. */
    E1("e1", inAll = true),

    /** Further approaches a user would also consider. */
    BEYOND("beyond", inAll = true),

    /** A parameterised family meant for sweeps (pool size, concurrency...). */
    SWEEP("sweep", inAll = true),

    /** A deliberately faulty strategy that exercises the error paths; never part of `all`. */
    FIXTURE("fixture", inAll = false),
}

/**
 * What every catalog entry has: a kebab-case id, a one-line summary, its declared parameters,
 * whether `all` expands to it ([inAll]) and the third-party [libraries] its code calls, whose versions
 * results files record. Immutable once registered; [create] is thread-safe as far as the entry's
 * factory is.
 */
internal sealed class CatalogEntry<T>(
    val id: String,
    val summary: String,
    val params: List<ParamSpec<*>>,
    private val factory: (Params) -> T,
    val inAll: Boolean,
    val libraries: List<Library>,
) {
    fun create(params: Params): T = factory(params)
}

/**
 * A registered strategy and its facts, declared in the strategy's own file: [family] (with its
 * colour) and [group] (how `list` and the reports show it),
 * [shared] the process-wide schedulers it borrows (bounded by the leak check), [defaultSuite]
 * whether `run` with no arguments runs it, [model] its concurrency for `recommend` (null: not
 * modelled), [recommended] whether `recommend` ranks it by default, and [test] the scale the
 * matrix tests run it at, [unavailable] why this JVM cannot run it (an API its JDK lacks; null when
 * it can: `run` skips its cells with that reason, the matrix tests leave it out), [minJdk] the first JDK
 * feature release that has what it needs (null: any JDK Bakeoff runs on; a cell of a measured JVM on an
 * earlier JDK is not run, with the reason, whichever JDK runs Bakeoff itself), [fixedBatchOnly] why
 * it has no open-loop form ([Strategy.openLoop]; null: it has one), [libraries] the third-party libraries
 * it calls (its family's, unless it says otherwise), [minVersions] the first version of a library (by
 * [Library.name]) that has what it needs (a cell run on an earlier one with `--lib` is not run, with the
 * reason). Immutable; thread-safe.
 */
internal class StrategyEntry(
    id: String,
    summary: String,
    val family: StrategyFamily,
    val group: Group,
    val shared: List<SharedScheduler> = emptyList(),
    params: List<ParamSpec<*>> = emptyList(),
    val defaultSuite: Boolean = false,
    inAll: Boolean = group.inAll,
    val model: (ModelInput) -> ConcurrencyModel? = { null },
    val recommended: Boolean = false,
    val test: TestScale = TestScale.DEFAULTS,
    val unavailable: String? = null,
    val minJdk: Int? = null,
    val fixedBatchOnly: String? = null,
    libraries: List<Library> = listOfNotNull(family.library),
    val minVersions: Map<String, String> = emptyMap(),
    factory: (Params) -> Strategy,
) : CatalogEntry<Strategy>(id, summary, params, factory, inAll, libraries)

/**
 * A registered workload and its facts: [waits] is true when it has distinct blocking and
 * suspending forms, [waitForms] the forms that mean something for it (both, none for CPU work,
 * only blocking where an item cannot suspend, as inside `synchronized`), [defaultSuite] whether
 * the default suite runs it, [inAll] whether `all` expands to it, [test] the scale the matrix
 * tests run it at, [check] what the JVM that plans a run may check of its parameters without
 * running any of the workload's code (a user's task class must exist; throws [CatalogException]),
 * [libraries] the third-party libraries its code calls. Immutable; thread-safe.
 */
internal class WorkloadEntry(
    id: String,
    summary: String,
    val waits: Boolean,
    params: List<ParamSpec<*>> = emptyList(),
    val defaultSuite: Boolean = false,
    inAll: Boolean = true,
    val test: TestScale = TestScale.DEFAULTS,
    val check: (Params) -> Unit = {},
    val waitForms: List<WaitForm> = if (waits) WaitForm.entries else emptyList(),
    libraries: List<Library> = emptyList(),
    factory: (Params) -> Workload,
) : CatalogEntry<Workload>(id, summary, params, factory, inAll, libraries)

/**
 * The configuration the test suite runs a catalog entry with, as Renaissance declares a `test`
 * configuration: [params] override the defaults to shrink the work, or, when [excludedBecause] is
 * set, the matrix tests cannot run the entry at all and say why. Immutable; thread-safe.
 */
internal class TestScale private constructor(val params: Map<String, String>, val excludedBecause: String?) {
    /** The spec the matrix tests run for entry [id], or null when excluded. */
    fun spec(id: String): String? = if (excludedBecause !=
        null
    ) {
        null
    } else {
        id + params.entries.joinToString("") { ":${it.key}=${it.value}" }
    }

    companion object {
        /** The entry's defaults are already test-sized. */
        val DEFAULTS = TestScale(emptyMap(), null)

        /** Run with these parameter values instead of the defaults. */
        fun params(vararg values: Pair<ParamSpec<*>, String>) =
            TestScale(values.associate { (param, value) -> param.key to value }, null)

        /** Not run by the matrix tests, for [reason]. */
        fun excluded(reason: String) = TestScale(emptyMap(), reason)
    }
}

/**
 * A catalog entry with its parameter values, parsed from a spec such as `executor-fixed:size=200`; [typed] are the
 * keys the spec gave.
 */
internal class Resolved<E : CatalogEntry<*>>(
    val entry: E,
    val values: Map<String, String>,
    private val typed: Set<String> = emptySet(),
) {
    /**
     * The canonical spec: the id, then `:k=v` in the entry's order for each value typed or differing from its default.
     * A typed default stays: `executor-fixed:size=200` beside `executor-fixed:size=50` is never shown as
     * `executor-fixed`, which names no size at all.
     */
    val spec: String =
        entry.id +
            entry.params
                .filter { values[it.key] != it.default || it.key in typed }
                .joinToString("") { ":${it.key}=${values[it.key]}" }

    /** The entry and every value, defaults included: two specs of one configuration have the same. */
    val configuration: Pair<String, Map<String, String>> get() = entry.id to values

    fun params(context: RunContext) = Params(values, context)

    override fun toString() = spec
}

/**
 * An ordered, id-unique list of entries of one kind ("strategy" or "workload"), resolving
 * specs of the form `id[:key=value]...` with errors that name the valid choices.
 */
internal class Catalog<E : CatalogEntry<*>>(private val kind: String, val entries: List<E>) {
    init {
        val dup = entries.groupBy { it.id }.filterValues { it.size > 1 }.keys
        require(dup.isEmpty()) { "duplicate $kind ids: $dup" }
        entries.forEach { require(ID.matches(it.id)) { "$kind id '${it.id}' is not kebab-case" } }
    }

    val ids: List<String> get() = entries.map { it.id }

    operator fun get(id: String): E = entries.firstOrNull { it.id == id }
        ?: throw CatalogException(
            "unknown $kind '$id'${closest(id)?.let { "; did you mean '$it'?" }.orEmpty()}; " +
                "valid: ${ids.joinToString()}",
        )

    /**
     * The one id a mistyped [id] most likely meant: the only one it begins, or the nearest within one
     * edit per four characters (a short word is near too many ids: 'disk' is two edits from 'task').
     */
    private fun closest(id: String): String? = ids.filter { it.startsWith(id) }.singleOrNull()
        ?: ids.map { it to edits(id, it) }.filter { it.second <= id.length / 4 }.minByOrNull { it.second }?.first

    fun resolve(spec: String): Resolved<E> {
        val parts = spec.trim().split(':')
        val entry = get(parts.first())
        val values = entry.params.associate { it.key to it.default }.toMutableMap()
        val typed = mutableSetOf<String>()
        for (part in parts.drop(1)) {
            val key = part.substringBefore('=', missingDelimiterValue = "")
            val value = part.substringAfter('=', missingDelimiterValue = "")
            val param = entry.params.firstOrNull { it.key == key }
            // A known key without its value ('send-ms' for 'send-ms=50') is not an unknown parameter.
            if (param == null && entry.params.any { it.key == part }) {
                throw CatalogException("parameter '$part' of $kind '${entry.id}' needs a value, as $part=VALUE")
            }
            if (param == null) {
                val valid = entry.params.joinToString { it.key }.ifEmpty { "none" }
                throw CatalogException(
                    "unknown parameter '$part' for $kind '${entry.id}'; " +
                        "valid parameters: $valid (as ${entry.id}:key=value)",
                )
            }
            param.check(value)?.let { throw CatalogException("$kind '${entry.id}': $it") }
            values[key] = value
            typed += key
        }
        return Resolved(entry, values, typed)
    }

    /** Resolves a comma-separated list; `all` expands to every entry accepted by [inAll] (by default its own fact). */
    fun resolveList(text: String, inAll: (E) -> Boolean = { it.inAll }): List<Resolved<E>> {
        val specs = text.split(',').map { it.trim() }.filter { it.isNotEmpty() }
        if (specs.isEmpty()) throw CatalogException("no $kind given; valid: all, ${ids.joinToString()}")
        return specs
            .flatMap { if (it == "all") entries.filter(inAll).map { e -> resolve(e.id) } else listOf(resolve(it)) }
            // One cell per configuration, named as first given: `executor-fixed,executor-fixed:size=200` runs once.
            .distinctBy { it.configuration }
    }

    private companion object {
        val ID = Regex("[a-z0-9]+(-[a-z0-9]+)*")
    }
}

/**
 * A registered scenario: [defaultItems] is its published scale, [strategies] the comma-separated
 * strategy specs run when none are given (its published variants first), [settings] the
 * [RunContext.settings] it reads (secret ones never reach a results file), [factory] builds it for
 * a number of items without opening anything, [test] the scale the matrix tests run it at,
 * [libraries] the third-party libraries whose versions its results record. Immutable; thread-safe.
 */
internal class ScenarioEntry(
    id: String,
    summary: String,
    val defaultItems: Int,
    val strategies: String,
    params: List<ParamSpec<*>> = emptyList(),
    val settings: List<Setting> = emptyList(),
    val test: TestScale = TestScale.DEFAULTS,
    libraries: List<Library> = emptyList(),
    factory: (Params, Int) -> Scenario,
) : CatalogEntry<(Int) -> Scenario>(id, summary, params, { p -> { items -> factory(p, items) } }, true, libraries) {
    /** Whether setting [key] goes into this scenario's results: it declares it, and not as secret. */
    fun recorded(key: String): Boolean = settings.any { it.key == key && !it.secret }
}

/** Levenshtein distance: the fewest one-character insertions, deletions or substitutions turning [a] into [b]. */
private fun edits(a: String, b: String): Int {
    var row = IntArray(b.length + 1) { it }
    for (i in a.indices) {
        val next = IntArray(b.length + 1).also { it[0] = i + 1 }
        for (j in b.indices) next[j + 1] = minOf(row[j + 1] + 1, next[j] + 1, row[j] + if (a[i] == b[j]) 0 else 1)
        row = next
    }
    return row[b.length]
}
