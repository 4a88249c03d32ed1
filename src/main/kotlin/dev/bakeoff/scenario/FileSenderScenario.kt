package dev.bakeoff.scenario

import dev.bakeoff.model.ComponentWork
import dev.bakeoff.model.OpenScenario
import dev.bakeoff.model.ParamSpec
import dev.bakeoff.model.ParamSpec.IntParam
import dev.bakeoff.model.PhysicalLimit
import dev.bakeoff.model.Scenario
import dev.bakeoff.model.ScenarioEntry
import dev.bakeoff.model.VerificationException
import dev.bakeoff.model.Waits
import java.util.Collections

/**
 * E2 "file-sender": item `i` sends the file named `i + 1` (the publication's "1".."N"). Each
 * attempt waits [sendMillis] (`sleep` in the blocking form, `delay` in the suspending one) and
 * fails with [failurePercent] % probability, drawn from [SeededDraw] by (file, attempt); a file is
 * retried up to [attempts] attempts in all, then recorded as failed. Sent and failed names go to
 * two lists made by [collector] (synchronized lists, as published); the item returns the attempt
 * that succeeded, or 0.
 *
 * Verification after every batch: every file is in exactly one list, and the failed files are
 * exactly the seeded expectation (so the counts match too). A collector that loses updates under
 * concurrency shows up as missing files, never as a silently smaller count.
 *
 * The definition is immutable; [open] makes the two lists, which a batch's items fill concurrently.
 */
internal class FileSenderScenario internal constructor(
    private val files: Int,
    private val attempts: Int,
    private val failurePercent: Int,
    private val sendMillis: Int,
    private val seed: Long,
    private val waits: Waits,
    private val collector: () -> MutableList<String> = { Collections.synchronizedList(ArrayList()) },
) : Scenario {
    private val sendNanos = sendMillis * 1_000_000L

    private fun name(index: Int) = (index + 1).toString()

    private fun succeeds(index: Int, attempt: Int) = !SeededDraw.happens(seed, index, attempt, failurePercent)

    /** The attempt at which file [index] goes through, or 0 if every attempt fails. */
    override fun expected(index: Int): Int = (1..attempts).firstOrNull { succeeds(index, it) } ?: 0

    /** Attempts file [index] makes: up to its success, or all of them. */
    private fun attemptsMade(index: Int): Int = expected(index).takeIf { it > 0 } ?: attempts

    override fun waitNanos(index: Int): Long = attemptsMade(index) * sendNanos

    override fun open(): OpenScenario = Sending()

    /** One opened run of the scenario: the two lists every batch fills and the verification reads. */
    private inner class Sending : OpenScenario {
        private val sent = collector()
        private val failed = collector()

        override fun waitNanos(seed: Int): Long = this@FileSenderScenario.waitNanos(seed)

        override fun run(seed: Int): Int = send(seed) { waits.sleep(sendNanos) }

        override suspend fun runSuspending(seed: Int): Int = send(seed) { waits.delay(sendNanos) }

        // Inline so that the suspending form's delay suspends the caller; one body for both wait forms.
        private inline fun send(index: Int, wait: () -> Unit): Int {
            for (attempt in 1..attempts) {
                wait()
                if (succeeds(index, attempt)) {
                    sent.add(name(index))
                    return attempt
                }
            }
            failed.add(name(index))
            return 0
        }

        override fun reset() {
            sent.clear()
            failed.clear()
        }

        // Every attempt's draw and the list's update come after the attempt's wait.
        override fun components() = object : ComponentWork {
            private var started = 0

            override fun beforeWait(items: Int) {
                started = items
            }

            override fun afterWait() {
                for (i in 0 until started) send(i) {}
            }
        }

        override fun verify() {
            val s = sent.toList()
            val f = failed.toList()
            val expectedFailed = (0 until files).filter { expected(it) == 0 }.map(::name)
            val recorded = (s + f).groupingBy { it }.eachCount()
            val missing = (0 until files).map(::name).filter { it !in recorded }
            val twice = recorded.filterValues { it > 1 }.keys
            val problems = listOfNotNull(
                "${missing.size} file(s) in neither list (lost updates?), e.g. ${missing.take(3)}"
                    .takeIf { missing.isNotEmpty() },
                "${twice.size} file(s) recorded more than once, e.g. ${twice.take(3)}".takeIf { twice.isNotEmpty() },
                (
                    "failed files differ from the seeded expectation, e.g. ${(f.toSet() - expectedFailed.toSet()).take(
                        3,
                    )} " +
                        "failed, ${(expectedFailed.toSet() - f.toSet()).take(3)} did not"
                    ).takeIf { f.toSet() != expectedFailed.toSet() },
            )
            if (problems.isNotEmpty()) {
                throw VerificationException(
                    "file-sender: sent ${s.size} + failed ${f.size} of $files files, " +
                        "expected ${files - expectedFailed.size} + ${expectedFailed.size}: ${problems.joinToString(
                            "; ",
                        )}",
                )
            }
        }
    }

    override fun limit(): PhysicalLimit {
        val worst = (0 until files).maxOf(::attemptsMade)
        val why = "every file sent at once: the worst file's $worst attempt(s) x $sendMillis ms"
        return PhysicalLimit(worst * sendNanos, why)
    }

    companion object {
        private val SEND_MS = ParamSpec.waitMs("send-ms", "time of one send attempt (ms)", "50")
        private val ATTEMPTS = IntParam("attempts", "attempts per file, in all", "3")
        private val FAILURE_PERCENT =
            IntParam("failure-percent", "chance that an attempt fails (%)", "10", min = 0, max = 100)

        val ENTRY = ScenarioEntry(
            id = "file-sender",
            summary = "E2: send N files, each attempt waits send-ms and may fail; up to 3 attempts",
            defaultItems = 1_000,
            strategies = "coroutine-chunked:chunk=100,coroutine-chunked:chunk=100:dispatcher=io," +
                "executor-fixed:size=200,virtual-threads,executor-fixed:size=1000",
            params = listOf(SEND_MS, ATTEMPTS, FAILURE_PERCENT, SEED),
        ) { p, n ->
            FileSenderScenario(
                files = n,
                attempts = p[ATTEMPTS],
                failurePercent = p[FAILURE_PERCENT],
                sendMillis = p[SEND_MS],
                seed = p[SEED].toLong(),
                waits = p.waits,
            )
        }
    }
}
