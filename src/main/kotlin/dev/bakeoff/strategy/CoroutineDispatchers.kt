package dev.bakeoff.strategy

import dev.bakeoff.model.Group
import dev.bakeoff.model.ItemDone
import dev.bakeoff.model.ItemSink
import dev.bakeoff.model.Library
import dev.bakeoff.model.ParamSpec.ChoiceParam
import dev.bakeoff.model.SharedScheduler
import dev.bakeoff.model.Strategy
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.StrategyFamily
import dev.bakeoff.model.shutDown
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.ExecutorCoroutineDispatcher
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.asCoroutineDispatcher
import kotlinx.coroutines.asExecutor
import kotlinx.coroutines.cancel
import java.util.concurrent.Executor
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors

/** kotlinx.coroutines' `async`, `launch` and channels (its flows are [FLOW]). */
internal val COROUTINES = StrategyFamily("coroutines", colour = "#7b3fbf", library = Library.KOTLINX_COROUTINES)

/** kotlinx.coroutines' one pool behind `Dispatchers.Default` and `Dispatchers.IO`, and its timer thread. */
internal val COROUTINE_SCHEDULER = SharedScheduler(
    "coroutines-shared-pool",
    "Dispatchers.Default + Dispatchers.IO (one shared pool): max(2, cpus) + 64 threads",
    { it.name.startsWith("DefaultDispatcher-worker-") || it.name == "kotlinx.coroutines.DefaultExecutor" },
    { cpus, _ -> maxOf(2, cpus) + 64 + 1 },
)

/** What a strategy on `Dispatchers.Default` or `Dispatchers.IO` borrows. */
internal val COROUTINE_POOL = listOf(COROUTINE_SCHEDULER)

/** What a strategy whose `dispatcher` parameter may name any [DispatcherChoice] borrows. */
internal val COROUTINE_ANY = listOf(COROUTINE_SCHEDULER, SharedScheduler.VIRTUAL_THREAD_SCHEDULER)

/**
 * Where the coroutine and flow strategies run their item bodies. [ONE] means no dispatcher:
 * everything stays on the single `runBlocking` thread. Only [VIRTUAL] owns its threads.
 */
internal enum class DispatcherChoice(val id: String) {
    ONE("one"),
    DEFAULT("default"),
    DEFAULT_LIMITED("default-limited"),
    IO("io"),
    VIRTUAL("virtual"),
    ;

    /** Creates the dispatcher (null for [ONE]); close the returned handle when done. */
    fun open(cpus: Int): OpenDispatcher = when (this) {
        ONE -> OpenDispatcher(null, owned = false)
        DEFAULT -> OpenDispatcher(Dispatchers.Default, owned = false)
        DEFAULT_LIMITED -> OpenDispatcher(Dispatchers.Default.limitedParallelism(cpus), owned = false)
        IO -> OpenDispatcher(Dispatchers.IO, owned = false)
        VIRTUAL -> OpenDispatcher(Executors.newVirtualThreadPerTaskExecutor().asCoroutineDispatcher(), owned = true)
    }

    /** The shared schedulers a strategy on this choice borrows: none for [ONE], which runs on the caller's thread. */
    val shared: List<SharedScheduler>
        get() = when (this) {
            ONE -> emptyList()
            DEFAULT, DEFAULT_LIMITED, IO -> COROUTINE_POOL
            VIRTUAL -> ON_VIRTUAL_THREADS
        }

    companion object {
        /**
         * A strategy's `dispatcher` parameter ([summary]: where what runs), [default] unless its spec says otherwise.
         */
        fun param(summary: String, default: DispatcherChoice) =
            ChoiceParam("dispatcher", summary, default, entries, DispatcherChoice::id)
    }
}

/** A dispatcher and whether this strategy owns (and so must close) it; the global dispatchers are never closed. */
internal class OpenDispatcher(val dispatcher: CoroutineDispatcher?, private val owned: Boolean) : AutoCloseable {
    override fun close() {
        if (owned) (dispatcher as ExecutorCoroutineDispatcher).close()
    }
}

/**
 * Base of the coroutine and flow strategies: opens the chosen dispatcher and closes it if owned. Each batch is one
 * `runBlocking`, so its deadline is `withTimeout` ([RunBlockingStrategy]).
 */
internal abstract class DispatchedStrategy(private val choice: DispatcherChoice, private val cpus: Int) :
    RunBlockingStrategy {
    private var open: OpenDispatcher? = null

    /** The dispatcher item bodies run on; null means the `runBlocking` thread itself. */
    protected val dispatcher: CoroutineDispatcher? get() = checkNotNull(open) { "open() first" }.dispatcher

    /** The dispatcher as an executor (kotlinx unwraps it back to the dispatcher); none for the `runBlocking` thread. */
    override val site: Executor? get() = open?.dispatcher?.asExecutor()

    override fun open() {
        open = choice.open(cpus)
    }

    override fun close() {
        open?.close()
        open = null
    }
}

/**
 * The scope of a coroutine strategy's open-loop form: its coroutines run on [dispatcher] or, where
 * the batch form runs everything on its one `runBlocking` thread (null), on one thread of its own,
 * the open loop's counterpart of that thread. A supervisor job: one item's failure is reported to
 * its own [ItemDone] and cancels no other. [sink] hands each arrival to [accept] in this scope;
 * closing the sink cancels what is left, and ends the own thread.
 *
 * Threading model: created and closed on the generator's thread; [accept] runs there too, and must
 * only start coroutines (never wait for one).
 */
internal class SinkScope(dispatcher: CoroutineDispatcher?) {
    private val own: ExecutorService? =
        if (dispatcher == null) Executors.newSingleThreadExecutor { Thread(it, "bakeoff-open-loop") } else null
    val scope = CoroutineScope(SupervisorJob() + (dispatcher ?: checkNotNull(own).asCoroutineDispatcher()))

    fun sink(accept: CoroutineScope.(Int, ItemDone) -> Unit): ItemSink = object : ItemSink {
        override fun submit(index: Int, onDone: ItemDone) = scope.accept(index, onDone)

        override fun close() {
            scope.cancel()
            own?.let(::shutDown)
        }
    }
}

/**
 * The catalog entries of a coroutine strategy built once per [DispatcherChoice] (`coroutine-io`, `flow-default`...):
 * one place for what its entries share, so that each entry states only its choice and its own facts. The id is
 * [idPrefix]-choice; E1 runs every choice but [DispatcherChoice.VIRTUAL]; the model is [dispatched] with
 * [overheadNs] of the choice; the summary of a choice that names a dispatcher is [onDispatcher] of the code that
 * names it (`Dispatchers.IO`). Immutable; thread-safe.
 */
internal class DispatchedEntries(
    private val idPrefix: String,
    private val family: StrategyFamily,
    private val overheadNs: (DispatcherChoice) -> Double,
    private val onDispatcher: (String) -> String,
    private val mechanism: String = "",
    private val fixedBatchOnly: String? = null,
    private val create: (DispatcherChoice, Int) -> Strategy,
) {
    /** The entry on [choice]; a [summary] of its own only where it names no dispatcher (one, virtual). */
    fun entry(
        choice: DispatcherChoice,
        summary: String = onDispatcher(checkNotNull(CODE[choice]) { "${choice.id} needs a summary" }),
        defaultSuite: Boolean = false,
        recommended: Boolean = false,
    ) = StrategyEntry(
        id = "$idPrefix-${choice.id}",
        summary = summary,
        family = family,
        group = if (choice == DispatcherChoice.VIRTUAL) Group.BEYOND else Group.E1,
        defaultSuite = defaultSuite,
        shared = choice.shared,
        model = { it.dispatched(choice, overheadNs(choice), mechanism) },
        recommended = recommended,
        fixedBatchOnly = fixedBatchOnly,
    ) { create(choice, it.context.cpus) }

    private companion object {
        /** The code that names each shared dispatcher, as the summaries quote it. */
        val CODE = mapOf(
            DispatcherChoice.DEFAULT to "Dispatchers.Default",
            DispatcherChoice.DEFAULT_LIMITED to "Default.limitedParallelism(cpus)",
            DispatcherChoice.IO to "Dispatchers.IO",
        )
    }
}

/**
 * The entry of a structured-concurrency strategy: every item a child of [scope] (e.g. `coroutineScope`) on
 * `Dispatchers.IO`, so that blocking waits overlap. The facts `coroutine-scope` and `supervisor-scope` share, said
 * once, so that the two differ only in their failure policy.
 */
internal fun scopeEntry(id: String, summary: String, scope: String, create: () -> Strategy) = StrategyEntry(
    id = id,
    summary = summary,
    family = COROUTINES,
    group = Group.BEYOND,
    shared = DispatcherChoice.IO.shared,
    model = { it.dispatched(DispatcherChoice.IO, COROUTINE_NS, "") },
    fixedBatchOnly = "$scope joins a fixed batch of children: its point is that the scope ends with them",
) { create() }
