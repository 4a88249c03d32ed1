package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.ConcurrencyModel
import dev.bakeoff.model.Group
import dev.bakeoff.model.ItemDone
import dev.bakeoff.model.ItemSink
import dev.bakeoff.model.ModelInput
import dev.bakeoff.model.ParamSpec.IntParam
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.TestScale
import dev.bakeoff.model.WaitForm
import dev.bakeoff.model.report
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.channels.Channel
import kotlinx.coroutines.launch
import kotlin.coroutines.EmptyCoroutineContext

/**
 * The Kotlin worker-pool idiom: inside `runBlocking`, [workers] coroutines launched on the chosen
 * dispatcher (or the `runBlocking` thread itself for [DispatcherChoice.ONE]) each take the next
 * item index from a rendezvous [Channel] and run the item, until the sender closes the channel.
 * At most [workers] items are in flight. Items are run with [Batch.runSuspending], as every
 * coroutine strategy does: in the blocking form the item blocks its worker's thread. [run] is
 * called from one thread at a time and returns when `runBlocking` has joined every worker; an
 * item's exception cancels the others and is rethrown. The dispatcher is opened in [open] and, if
 * owned, closed in [close]. Its open-loop form starts the workers once, on the dispatcher (for
 * [DispatcherChoice.ONE], one thread of its own: [SinkScope]), and sends each arrival into an
 * unbounded channel: the generator never waits, and the channel is the queue of arrivals no worker
 * has taken yet.
 */
internal class ChannelWorkersStrategy(private val workers: Int, choice: DispatcherChoice, cpus: Int) :
    DispatchedStrategy(choice, cpus) {
    override suspend fun CoroutineScope.items(batch: Batch) {
        val context = dispatcher ?: EmptyCoroutineContext
        // Rendezvous: an index is handed over only when a worker is free to run it.
        val indexes = Channel<Int>()
        repeat(workers) { launch(context) { for (i in indexes) batch.runSuspending(i) } }
        for (i in 0 until batch.size) indexes.send(i)
        indexes.close()
    }

    override fun openLoop(batch: Batch): ItemSink {
        val arrivals = Channel<Pair<Int, ItemDone>>(Channel.UNLIMITED)
        val on = SinkScope(dispatcher)
        repeat(workers) {
            on.scope.launch { for ((i, done) in arrivals) done.report { batch.runSuspending(i) } }
        }
        return on.sink { i, done -> arrivals.trySend(i to done).getOrThrow() }
    }

    companion object {
        private val WORKERS = IntParam("workers", "worker coroutines", "16", allowCpu = true)
        private val DISPATCHER = DispatcherChoice.param("where the workers run", DispatcherChoice.IO)

        val ENTRY = StrategyEntry(
            id = "channel-workers",
            summary = "workers coroutines take item indexes from one Channel, in runBlocking",
            family = COROUTINES,
            group = Group.BEYOND,
            shared = COROUTINE_ANY,
            params = listOf(WORKERS, DISPATCHER),
            // Not in the default suite: its published membership (E1 and the ten beyond it) stays as measured.
            model = ::model,
            // Fewer workers than test items, so that the workers share the channel.
            test = TestScale.params(WORKERS to "4"),
        ) { ChannelWorkersStrategy(it[WORKERS], it[DISPATCHER], it.context.cpus) }

        /**
         * [WORKERS] items in flight when waits suspend; when they block, also no more than the
         * dispatcher's threads (a virtual thread per worker unmounts on a blocking wait too).
         */
        private fun model(input: ModelInput): ConcurrencyModel {
            val workers = minOf(input.params[WORKERS], input.items)
            val choice = input.params[DISPATCHER]
            // For VIRTUAL a thread per item, of which only the workers' are ever used: never blocked, so the
            // figures below take no more of them than workers.
            val threads = input.threads(choice)
            val blocked = input.wait == WaitForm.BLOCKING && choice != DispatcherChoice.VIRTUAL
            val inFlight = if (blocked) minOf(workers, threads) else workers
            return ConcurrencyModel(
                inFlight = inFlight,
                computing = minOf(inFlight, threads, input.cores),
                overheadNs = if (choice == DispatcherChoice.ONE) COROUTINE_NS else HANDOFF_NS,
                mechanism = "$workers workers on ${choice.id} taking items from a channel" +
                    if (blocked) "; a blocking wait holds ${held(minOf(workers, threads))}" else "",
            )
        }
    }
}
