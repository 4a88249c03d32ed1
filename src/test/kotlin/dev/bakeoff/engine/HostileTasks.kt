package dev.bakeoff.engine

import dev.bakeoff.model.Workload
import java.util.concurrent.CountDownLatch
import java.util.concurrent.atomic.AtomicInteger
import kotlin.system.exitProcess

// Failing fixtures for a user's own task (`--task-class`): each misbehaves as issue 13 lists,
// from its first item on, so the planning probe meets it; LateExitingTask only in a measured JVM.

/** Ends its JVM with status 0 on its first item: `System.exit(0)`. */
class ExitingTask : Workload {
    override fun run(seed: Int): Int = exitProcess(0)
}

/** Halts its JVM with status [STATUS] on its first item: `Runtime.halt(42)`. */
class HaltingTask : Workload {
    override fun run(seed: Int): Int {
        Runtime.getRuntime().halt(STATUS)
        return seed
    }

    companion object {
        const val STATUS = 42
    }
}

/** Never returns from its first item; prints [BLOCKING] first, so that a test knows it got there. */
class BlockingTask : Workload {
    override fun run(seed: Int): Int {
        println(BLOCKING)
        CountDownLatch(1).await()
        return seed
    }

    companion object {
        const val BLOCKING = "BlockingTask: blocking"
    }
}

/** Throws on every item. */
class ThrowingTask : Workload {
    override fun run(seed: Int): Int = throw IllegalStateException("hostile task: deliberate failure")
}

/** Starts [THREADS] threads per item that never end. */
class ThreadBombTask : Workload {
    override fun run(seed: Int): Int {
        repeat(THREADS) { Thread { CountDownLatch(1).await() }.start() }
        return seed
    }

    companion object {
        const val THREADS = 2_000
    }
}

/** Its static initializer throws: loading it with initialization fails. */
class FailingInitTask : Workload {
    override fun run(seed: Int): Int = seed + rejected

    companion object {
        private val rejected: Int = reject()

        private fun reject(): Int = throw IllegalStateException("hostile task: static initializer failure")
    }
}

/**
 * Behaves for its first [ITEMS] items in a JVM, then ends the JVM with status 0: run with
 * `--items ITEMS`, the planning probe (which times at most that many items) gets its estimate,
 * and the measured JVM exits in its first batch, after the ledger was primed.
 */
class LateExitingTask : Workload {
    override fun run(seed: Int): Int {
        if (calls.incrementAndGet() > ITEMS) exitProcess(0)
        return seed
    }

    companion object {
        const val ITEMS = 4
        private val calls = AtomicInteger()
    }
}

/**
 * Starts one `sleep` per JVM, on its first item, and leaves it running: its argument is
 * [SECONDS_VARIABLE] from the environment (a test gives a number no other process has).
 */
class ChildProcessTask : Workload {
    override fun run(seed: Int): Int {
        child
        return seed
    }

    companion object {
        const val SECONDS_VARIABLE = "BAKEOFF_TEST_SLEEP_SECONDS"
        private val child: Process by lazy {
            ProcessBuilder("sleep", System.getenv(SECONDS_VARIABLE) ?: "86400").start()
        }
    }
}

/** Prints [LINE] until [BYTES_PER_ITEM] per item: far more output than a cell's log keeps. */
class ChattyTask : Workload {
    override fun run(seed: Int): Int {
        repeat(BYTES_PER_ITEM / LINE.length) { println(LINE) }
        return seed
    }

    companion object {
        const val LINE = "ChattyTask says: this line is output a cell's log must hold and the console must not"
        const val BYTES_PER_ITEM = 512 * 1024
    }
}
