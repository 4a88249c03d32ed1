package dev.bakeoff.scenario

import dev.bakeoff.model.Library
import dev.bakeoff.model.OpenScenario
import dev.bakeoff.model.ParamSpec
import dev.bakeoff.model.PhysicalLimit
import dev.bakeoff.model.Scenario
import dev.bakeoff.model.ScenarioEntry
import dev.bakeoff.model.VerificationException
import dev.bakeoff.model.Waits
import java.util.Collections

/**
 * E3 "api-fanout": item `i` calls an API with [latencyMillis] of latency for request `i` and
 * adds the response to a list (synchronized, as a user would collect them). The API is a real
 * HTTP server on the loopback interface ([api] `http`, see [LoopbackApi]) or the publication's
 * in-process wait (`simulated`); the wait form picks the blocking `send` or the suspending
 * `sendAsync` + `await` (`sleep` or `delay` when simulated). The item returns the request number
 * read back from its response, so the ledger's checksum also proves each response went to its
 * own request.
 *
 * Verification after every batch: exactly one response per request, each the answer to that
 * request. The critical path is one call: every request in flight at once; the physical limit adds
 * what the client and the server cost in CPU, before the call's latency and after it.
 *
 * The definition is immutable; [open] starts the API (server and client) and the response list.
 */
internal class ApiFanoutScenario internal constructor(
    private val requests: Int,
    private val latencyMillis: Int,
    private val api: Api.Choice,
    private val waits: Waits,
) : Scenario {
    private val latencyNanos = latencyMillis * 1_000_000L

    override val shared = api.shared

    override val completesOn = api.completesOn

    override fun expected(index: Int): Int = index

    override fun waitNanos(index: Int): Long = latencyNanos

    override fun limit() = PhysicalLimit(latencyNanos, "one call: $latencyMillis ms, every request in flight at once")

    override fun open(): OpenScenario = Fanout(Api.open(api, latencyNanos, waits, requests, ::answer))

    /** The opened API and the responses a batch collects. */
    private inner class Fanout(private val client: Api) : OpenScenario {
        private val responses: MutableList<String> = Collections.synchronizedList(ArrayList())

        override fun waitNanos(seed: Int): Long = latencyNanos

        override fun run(seed: Int): Int = collect(client.call(seed))

        override suspend fun runSuspending(seed: Int): Int = collect(client.callSuspending(seed))

        private fun collect(response: String): Int {
            responses.add(response)
            return response.removePrefix(PREFIX).toInt()
        }

        override fun reset() {
            responses.clear()
        }

        override fun components() = client.components { _, response -> collect(response) }

        override fun verify() {
            val got = responses.toList()
            val counts = got.groupingBy { it }.eachCount()
            val unanswered = (0 until requests).filter { counts[answer(it)] != 1 }
            val stray = counts.keys - (0 until requests).map(::answer).toSet()
            if (got.size != requests || unanswered.isNotEmpty() || stray.isNotEmpty()) {
                throw VerificationException(
                    "api-fanout: ${got.size} responses for $requests requests; " +
                        "${unanswered.size} request(s) without exactly one response, e.g. ${unanswered.take(3)}" +
                        if (stray.isEmpty()) "" else "; responses to no request: ${stray.take(3)}",
                )
            }
        }

        override fun close() {
            client.close()
        }
    }

    companion object {
        private const val PREFIX = "response-"
        private val LATENCY_MS = ParamSpec.waitMs("latency-ms", "latency of one call (ms)", "300")
        private val API = Api.Parameters(default = Api.Kind.HTTP)

        private fun answer(index: Int) = "$PREFIX$index"

        val ENTRY = ScenarioEntry(
            id = "api-fanout",
            summary = "E3: N calls to an API with latency-ms of latency, responses collected in a list",
            defaultItems = 1_000,
            strategies = "flow-flatmap-merge:concurrency=16,flow-flatmap-merge:concurrency=500," +
                "virtual-threads,executor-fixed:size=1000,coroutine-io",
            params = listOf(LATENCY_MS) + API.list,
            test = API.testScale,
            libraries = listOf(Library.KOTLINX_COROUTINES),
        ) { p, n -> ApiFanoutScenario(n, p[LATENCY_MS], API.choice(p), p.waits) }
    }
}
