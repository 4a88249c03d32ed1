package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.DeadlinePassed
import dev.bakeoff.model.Group
import dev.bakeoff.model.SharedScheduler
import dev.bakeoff.model.Strategy
import dev.bakeoff.model.StrategyEntry
import java.lang.reflect.InvocationTargetException
import java.lang.reflect.Method
import java.time.Duration
import java.util.concurrent.Callable
import java.util.function.Function

/**
 * JDK 25's structured concurrency (JEP 505, a preview API): `StructuredTaskScope.open()`, `fork` per
 * item (a new virtual thread each), `join()`, `close()`. With the default joiner the first failing
 * subtask cancels the scope: unfinished siblings are interrupted, `join` throws a `FailedException`
 * whose cause is the failure, and `close` waits for every thread of the scope. With a deadline, the scope is
 * opened with the same joiner and `withTimeout`: at the deadline `join` throws its `TimeoutException`.
 *
 * Called through reflection, looked up once: javac and kotlinc accept a preview API only when the
 * whole build is compiled for that one JDK's preview (class files the next JDK refuses), while a
 * reflective call compiles on any JDK, and the JVM checks nothing at run time (verified on JDK 25:
 * the scope opens and cancels without `--enable-preview`). The method shapes differ between JDKs
 * (21 to 24 have constructors and no `open()`): where this JVM lacks them, [API] is null and the
 * entry is [StrategyEntry.unavailable], with the reason.
 */
internal class StructuredTaskScopeStrategy : Strategy {
    override fun run(batch: Batch) {
        val api = api()
        items(api, api.open.invoke(null) as AutoCloseable, batch)
    }

    override fun runWithin(batch: Batch, deadlineNanos: Long) {
        val api = api()
        val deadline = Duration.ofNanos(deadlineNanos)
        val configure = Function<Any, Any> { config -> api.withTimeout.invoke(config, deadline) }
        val scope = api.openConfigured.invoke(null, api.awaitAllSuccessfulOrThrow.invoke(null), configure)
        try {
            items(api, scope as AutoCloseable, batch)
        } catch (e: RuntimeException) {
            throw if (api.timeout.isInstance(e)) DeadlinePassed(e) else e
        }
    }

    override val deadlineForm: String
        get() = "open(joiner, config.withTimeout): at the deadline join throws and close interrupts the subtasks " +
            "and waits for them"

    private fun api(): Api = checkNotNull(API) { UNAVAILABLE.orEmpty() }

    /** Forks every item in [scope], joins and closes it (waiting for every subtask's thread). */
    private fun items(api: Api, scope: AutoCloseable, batch: Batch) {
        scope.use {
            for (i in 0 until batch.size) api.fork.invoke(scope, Callable { batch.run(i) })
            try {
                api.join.invoke(scope)
            } catch (e: InvocationTargetException) {
                // join's own exception (FailedException, the failure as its cause), not reflection's wrapper.
                throw e.targetException
            }
        }
    }

    /** The methods of the JDK 25 API shape: the default scope, and one with a joiner and a configuration. */
    private class Api(
        val open: Method,
        val fork: Method,
        val join: Method,
        val openConfigured: Method,
        val awaitAllSuccessfulOrThrow: Method,
        val withTimeout: Method,
        val timeout: Class<*>,
    )

    companion object {
        private const val SCOPE = "java.util.concurrent.StructuredTaskScope"

        private val LOOKUP: Result<Api> = runCatching {
            val scope = Class.forName(SCOPE)
            val joiner = Class.forName("$SCOPE\$Joiner")
            val config = Class.forName("$SCOPE\$Configuration")
            Api(
                scope.getMethod("open"),
                scope.getMethod("fork", Callable::class.java),
                scope.getMethod("join"),
                scope.getMethod("open", joiner, Function::class.java),
                // open()'s own joiner: the first failure cancels the scope.
                joiner.getMethod("awaitAllSuccessfulOrThrow"),
                config.getMethod("withTimeout", Duration::class.java),
                Class.forName("$SCOPE\$TimeoutException"),
            )
        }

        private val API: Api? = LOOKUP.getOrNull()

        /** Why this JVM cannot run it, or null. */
        val UNAVAILABLE: String? = LOOKUP.exceptionOrNull()?.let {
            "structured-task-scope needs JDK 25's StructuredTaskScope API (JEP 505: open(), fork(Callable), " +
                "join(), Joiner, Configuration.withTimeout); this JDK ${Runtime.version().feature()} has none " +
                "(${it.javaClass.simpleName}: ${it.message})"
        }

        val ENTRY = StrategyEntry(
            id = "structured-task-scope",
            summary = "JDK 25 StructuredTaskScope.open(), fork per item, join; a failure cancels the siblings",
            family = VIRTUAL_THREAD,
            group = Group.BEYOND,
            // A scope's timeout fires on the common pool's delay scheduler and workers; its subtasks never run there.
            shared = ON_VIRTUAL_THREADS + SharedScheduler.COMMON_POOL_TIMER,
            model = { it.everyItem(HANDOFF_NS, "a virtual thread per item; waits unmount it") },
            unavailable = UNAVAILABLE,
            minJdk = 25,
            fixedBatchOnly = "a StructuredTaskScope forks a fixed batch of subtasks and joins them",
        ) { StructuredTaskScopeStrategy() }
    }
}
