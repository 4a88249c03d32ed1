package dev.bakeoff.strategy

import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.ExecutorCoroutineDispatcher
import kotlinx.coroutines.asCoroutineDispatcher
import java.util.concurrent.Executors

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

    companion object {
        fun parse(id: String): DispatcherChoice =
            entries.firstOrNull { it.id == id } ?: error("Unexpected dispatcher: $id")
    }
}

/** A dispatcher and whether this strategy owns (and so must close) it; the global dispatchers are never closed. */
internal class OpenDispatcher(val dispatcher: CoroutineDispatcher?, private val owned: Boolean) : AutoCloseable {
    override fun close() {
        if (owned) (dispatcher as ExecutorCoroutineDispatcher).close()
    }
}

/** Base of the coroutine and flow strategies: opens the chosen dispatcher and closes it if owned. */
internal abstract class DispatchedStrategy(private val choice: DispatcherChoice, private val cpus: Int) : dev.bakeoff.model.Strategy {
    private var open: OpenDispatcher? = null

    /** The dispatcher item bodies run on; null means the `runBlocking` thread itself. */
    protected val dispatcher: CoroutineDispatcher? get() = checkNotNull(open) { "open() first" }.dispatcher

    override fun open() {
        open = choice.open(cpus)
    }

    override fun close() {
        open?.close()
        open = null
    }
}
