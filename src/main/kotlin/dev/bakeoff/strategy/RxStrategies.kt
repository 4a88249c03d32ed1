package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.Group
import dev.bakeoff.model.ItemSink
import dev.bakeoff.model.Library
import dev.bakeoff.model.ParamSpec.IntParam
import dev.bakeoff.model.SharedScheduler
import dev.bakeoff.model.Strategy
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.StrategyFamily
import io.reactivex.rxjava3.core.Completable
import io.reactivex.rxjava3.core.Flowable
import io.reactivex.rxjava3.core.Scheduler
import io.reactivex.rxjava3.schedulers.Schedulers
import java.util.concurrent.TimeUnit

/** RxJava 3. */
internal val RXJAVA = StrategyFamily(
    "rxjava",
    colour = "#d1495b",
    library = Library("rxjava", Flowable::class.java, "io.reactivex.rxjava3:rxjava"),
)

/** RxJava's process-wide schedulers, and the threads it starts beside them. */
internal object RxSchedulers {
    val SINGLE = SharedScheduler(
        "rx-single",
        "Schedulers.single(): 1 thread",
        { it.name.startsWith("RxSingleScheduler") },
        { _, _ -> 1 },
    )
    val COMPUTATION = SharedScheduler(
        "rx-computation",
        "Schedulers.computation(): cpus threads",
        { it.name.startsWith("RxComputationThreadPool") },
        { cpus, _ -> cpus },
    )
    val IO = SharedScheduler(
        "rx-io",
        "Schedulers.io(): unbounded cache, about one thread per concurrently running item",
        { it.name.startsWith("RxCachedThreadScheduler") },
        // Unbounded by design; workers go back to the cache asynchronously, so a batch can start
        // before the last one's workers are free. Checked: it does not grow with every batch.
        { _, items -> 2 * items },
    )
    val HOUSEKEEPING = SharedScheduler(
        "rx-housekeeping",
        "RxJava's purge and io-evictor threads, started with its schedulers: 2 threads",
        { it.name.startsWith("RxSchedulerPurge") || it.name.startsWith("RxCachedWorkerPoolEvictor") },
        { _, _ -> 2 },
    )

    /**
     * Where `timeout(time, unit)` runs its timer: RxJava's default, `Schedulers.computation()`. A strategy
     * with a deadline borrows it, so its threads are the process's, not threads the batch left behind.
     */
    val TIMEOUT = COMPUTATION

    /** What a strategy on `Schedulers.io()` borrows. */
    val ON_IO = listOf(IO, HOUSEKEEPING, TIMEOUT)
}

/**
 * E1 RxJava family: one `Completable.fromAction { action(it) }.subscribeOn(scheduler)` per item,
 * `Completable.merge(all).blockingAwait()`, with a deadline `Completable.timeout`. The schedulers are RxJava's
 * process-wide ones ([RxMergeStrategy] runs the same merge on a pool of its own). Its open-loop form subscribes to
 * each item's `Completable` as it arrives.
 */
internal class RxCompletableStrategy(private val scheduler: () -> Scheduler) : Strategy {
    override fun run(batch: Batch) {
        items(batch).blockingAwait()
    }

    override fun runWithin(batch: Batch, deadlineNanos: Long) {
        timeoutAsDeadline { items(batch).timeout(deadlineNanos, TimeUnit.NANOSECONDS).blockingAwait() }
    }

    override val deadlineForm: String get() = RX_TIMEOUT_FORM

    private fun items(batch: Batch): Completable {
        val s = scheduler()
        return Completable.merge((0 until batch.size).map { i -> item(batch, i).subscribeOn(s) })
    }

    override fun openLoop(batch: Batch): ItemSink {
        val s = scheduler()
        return ItemSink { i, done ->
            item(batch, i).subscribeOn(s).subscribe({ done.done(null) }, { done.done(it) })
        }
    }

    private fun item(batch: Batch, i: Int) = Completable.fromAction { batch.run(i) }

    companion object {
        val SINGLE = StrategyEntry(
            id = "rx-single",
            summary = "Completable per item on Schedulers.single(), merge",
            family = RXJAVA,
            group = Group.E1,
            shared = listOf(RxSchedulers.SINGLE, RxSchedulers.HOUSEKEEPING, RxSchedulers.TIMEOUT),
            model = { it.pool(1, REACTIVE_NS, "Schedulers.single()") },
        ) { RxCompletableStrategy(Schedulers::single) }

        val COMPUTATION = StrategyEntry(
            id = "rx-computation",
            summary = "Completable per item on Schedulers.computation(), merge",
            family = RXJAVA,
            group = Group.E1,
            shared = listOf(RxSchedulers.COMPUTATION, RxSchedulers.HOUSEKEEPING),
            model = { it.pool(it.cores, REACTIVE_NS, "Schedulers.computation(), a CPU-sized pool") },
        ) { RxCompletableStrategy(Schedulers::computation) }

        val IO = StrategyEntry(
            id = "rx-io",
            summary = "Completable per item on Schedulers.io(), merge",
            family = RXJAVA,
            group = Group.E1,
            defaultSuite = true,
            shared = RxSchedulers.ON_IO,
            model = { it.everyItem(HANDOFF_NS, "a cached pool that grows a thread per waiting item") },
        ) { RxCompletableStrategy(Schedulers::io) }
    }
}

/**
 * E4's shape: `Flowable.range(...).parallel(rails).runOn(Schedulers.io()).map { action(it) }.sequential()`;
 * each rail runs its items one after another, so at most [rails] items run at once.
 */
internal class RxParallelStrategy(private val rails: Int) : Strategy {
    override fun run(batch: Batch) {
        items(batch).blockingAwait()
    }

    override fun runWithin(batch: Batch, deadlineNanos: Long) {
        timeoutAsDeadline { items(batch).timeout(deadlineNanos, TimeUnit.NANOSECONDS).blockingAwait() }
    }

    override val deadlineForm: String get() = RX_TIMEOUT_FORM

    private fun items(batch: Batch): Completable = Flowable
        .range(0, batch.size)
        .parallel(rails)
        .runOn(Schedulers.io())
        .map { i -> batch.run(i) }
        .sequential()
        .ignoreElements()

    companion object {
        private val RAILS = IntParam("rails", "parallel rails", "cpu", allowCpu = true)

        val ENTRY = StrategyEntry(
            id = "rx-parallel-io",
            summary = "Flowable.parallel(rails).runOn(Schedulers.io()).sequential()",
            family = RXJAVA,
            group = Group.BEYOND,
            shared = RxSchedulers.ON_IO,
            params = listOf(RAILS),
            model = { it.pool(it.params[RAILS], REACTIVE_NS, "parallel rails on Schedulers.io()") },
            fixedBatchOnly = "Flowable.range(...).parallel(rails) splits a fixed range of items over its rails",
        ) { RxParallelStrategy(it[RAILS]) }
    }
}
