package dev.bakeoff.model

/** Which suite an entry belongs to by default; `run` with no arguments runs [E1] and [BEYOND]. */
enum class Group(val id: String) {
    /** Exactly as experiment E1 of the reference defines it. */
    E1("e1"),

    /** Further approaches a user would also consider. */
    BEYOND("beyond"),

    /** A parameterised family meant for sweeps (pool size, concurrency...). */
    SWEEP("sweep"),

    /** A deliberately faulty strategy that exercises the error paths; never part of `all`. */
    FIXTURE("fixture"),
}

/** What every catalog entry has: a kebab-case id, a one-line summary and its declared parameters. */
sealed class CatalogEntry<T>(val id: String, val summary: String, val params: List<ParamSpec>, private val factory: (Params) -> T) {
    fun create(params: Params): T = factory(params)
}

/** A registered strategy; [shared] lists the process-wide schedulers it borrows. */
class StrategyEntry(
    id: String,
    summary: String,
    val family: Family,
    val group: Group,
    val shared: List<SharedScheduler> = emptyList(),
    params: List<ParamSpec> = emptyList(),
    factory: (Params) -> Strategy,
) : CatalogEntry<Strategy>(id, summary, params, factory)

/** A registered workload; [waits] is true when it has distinct blocking and suspending forms. */
class WorkloadEntry(id: String, summary: String, val waits: Boolean, params: List<ParamSpec> = emptyList(), factory: (Params) -> Workload) : CatalogEntry<Workload>(id, summary, params, factory) {
    val waitForms: List<WaitForm> get() = if (waits) WaitForm.entries else emptyList()
}

/** A catalog entry with its parameter values, parsed from a spec such as `executor-fixed:size=200`. */
class Resolved<E : CatalogEntry<*>>(val entry: E, val values: Map<String, String>) {
    /** The canonical spec: the id, then `:k=v` for each value that differs from its default. */
    val spec: String =
        entry.id +
            entry.params
                .filter { values[it.key] != it.default }
                .joinToString("") { ":${it.key}=${values[it.key]}" }

    fun params(context: RunContext) = Params(values, context)

    override fun toString() = spec
}

/**
 * An ordered, id-unique list of entries of one kind ("strategy" or "workload"), resolving
 * specs of the form `id[:key=value]...` with errors that name the valid choices.
 */
class Catalog<E : CatalogEntry<*>>(private val kind: String, val entries: List<E>) {
    init {
        val dup = entries.groupBy { it.id }.filterValues { it.size > 1 }.keys
        require(dup.isEmpty()) { "duplicate $kind ids: $dup" }
        entries.forEach { require(ID.matches(it.id)) { "$kind id '${it.id}' is not kebab-case" } }
    }

    val ids: List<String> get() = entries.map { it.id }

    operator fun get(id: String): E = entries.firstOrNull { it.id == id }
        ?: throw CatalogException("unknown $kind '$id'; valid: ${ids.joinToString()}")

    fun resolve(spec: String): Resolved<E> {
        val parts = spec.trim().split(':')
        val entry = get(parts.first())
        val values = entry.params.associate { it.key to it.default }.toMutableMap()
        for (part in parts.drop(1)) {
            val key = part.substringBefore('=', missingDelimiterValue = "")
            val value = part.substringAfter('=', missingDelimiterValue = "")
            val param = entry.params.firstOrNull { it.key == key }
            if (param == null) {
                val valid = entry.params.joinToString { it.key }.ifEmpty { "none" }
                throw CatalogException("unknown parameter '$part' for $kind '${entry.id}'; valid parameters: $valid (as ${entry.id}:key=value)")
            }
            param.check(value)?.let { throw CatalogException("$kind '${entry.id}': $it") }
            values[key] = value
        }
        return Resolved(entry, values)
    }

    /** Resolves a comma-separated list; `all` expands to every entry accepted by [inAll]. */
    fun resolveList(text: String, inAll: (E) -> Boolean = { true }): List<Resolved<E>> {
        val specs = text.split(',').map { it.trim() }.filter { it.isNotEmpty() }
        if (specs.isEmpty()) throw CatalogException("no $kind given; valid: all, ${ids.joinToString()}")
        return specs
            .flatMap { if (it == "all") entries.filter(inAll).map { e -> resolve(e.id) } else listOf(resolve(it)) }
            .distinctBy { it.spec }
    }

    private companion object {
        val ID = Regex("[a-z0-9]+(-[a-z0-9]+)*")
    }
}

/**
 * A registered scenario: [defaultItems] is its published scale, [strategies] the comma-separated
 * strategy specs run when none are given (its published variants first), [settings] the keys of
 * [RunContext.settings] it reads, [factory] builds it for a number of items without opening anything.
 */
class ScenarioEntry(
    id: String,
    summary: String,
    val defaultItems: Int,
    val strategies: String,
    params: List<ParamSpec> = emptyList(),
    val settings: List<String> = emptyList(),
    factory: (Params, Int) -> Scenario,
) : CatalogEntry<(Int) -> Scenario>(id, summary, params, { p -> { items -> factory(p, items) } })
