package dev.bakeoff.strategy

import dev.bakeoff.model.Batch
import dev.bakeoff.model.Group
import dev.bakeoff.model.Strategy
import dev.bakeoff.model.StrategyEntry
import dev.bakeoff.model.TestScale
import java.util.concurrent.CountDownLatch

/**
 * Deliberately faulty strategies, as Renaissance ships `DummyFailing`: they prove that the
 * ledger, the failure statuses and the time-outs catch what they claim to catch.
 */
internal enum class Fault(val id: String, val summary: String) {
    SKIP_ONE("fixture-skip-one", "test fixture: silently drops the last item"),
    DUPLICATE_ONE("fixture-duplicate-one", "test fixture: runs item 0 twice"),
    THROW("fixture-throw", "test fixture: throws on every batch"),
    HANG("fixture-hang", "test fixture: never returns (until interrupted)"),
    CRASH("fixture-crash", "test fixture: kills its own JVM, as an out-of-memory crash would"),
    LEAK_THREAD("fixture-leak-thread", "test fixture: runs every item, leaves a thread behind per batch"),
}

/** Runs the batch on the calling thread, wrongly, as its [fault] says. */
internal class FaultyStrategy(private val fault: Fault) : Strategy {
    override fun run(batch: Batch) {
        when (fault) {
            Fault.SKIP_ONE -> for (i in 0 until batch.size - 1) batch.run(i)

            Fault.DUPLICATE_ONE -> {
                for (i in 0 until batch.size) batch.run(i)
                batch.run(0)
            }

            Fault.THROW -> throw IllegalStateException("${fault.id}: deliberate failure")

            Fault.HANG -> CountDownLatch(1).await()

            Fault.CRASH -> Runtime.getRuntime().halt(CRASH_EXIT_CODE)

            Fault.LEAK_THREAD -> {
                // A daemon, so that the leak never keeps a JVM alive; parked on a latch nobody opens.
                Thread.ofPlatform().daemon().name("bakeoff-leaked").start { CountDownLatch(1).await() }
                for (i in 0 until batch.size) batch.run(i)
            }
        }
    }

    companion object {
        /** One fixture per [Fault], never part of `all`. */
        val ENTRIES = Fault.entries.map { fault ->
            StrategyEntry(
                id = fault.id,
                summary = fault.summary,
                family = DIRECT,
                group = Group.FIXTURE,
                test = TestScale.excluded(
                    "deliberately faulty; TaskLedgerTest and SuiteRunnerTest check that each is caught",
                ),
                fixedBatchOnly = "a test fixture of the fixed-batch error paths",
            ) { FaultyStrategy(fault) }
        }
    }
}

/** The exit status of a JVM killed by [Fault.CRASH]. */
internal const val CRASH_EXIT_CODE = 86
