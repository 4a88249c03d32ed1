package dev.bakeoff.scenario

import dev.bakeoff.model.ComponentWork
import dev.bakeoff.model.ParamSpec.ChoiceParam
import dev.bakeoff.model.ParamSpec.IntParam
import dev.bakeoff.model.Params
import dev.bakeoff.model.SharedScheduler
import dev.bakeoff.model.TestScale
import dev.bakeoff.model.Waits
import dev.bakeoff.model.shutDown
import kotlinx.coroutines.future.await
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.util.concurrent.CompletableFuture
import java.util.concurrent.Executors
import java.util.concurrent.Semaphore

/**
 * How a scenario calls its slow API: `call(i)` answers `respond(i)` after the API's latency.
 * [call] holds the calling thread for the whole latency; [callSuspending] lets go of it.
 * Thread-safe: called concurrently by every item of a batch.
 */
internal sealed interface Api : AutoCloseable {
    fun call(index: Int): String

    suspend fun callSuspending(index: Int): String

    /**
     * Calls `0 until calls` at once without the latency and returns once the API has received
     * them all: a batch's work before its wait, for measuring its CPU. One thread, outside batches.
     */
    fun hold(calls: Int)

    /** Answers the calls [hold] made and returns their responses in call order: the work after the wait. */
    fun release(): List<String>

    /** Which API a scenario calls; [id] is the value of its `api` parameter. */
    enum class Kind(val id: String) {
        /** A real HTTP server on the loopback interface ([LoopbackApi]). */
        HTTP("http"),

        /** The publication's in-process wait. */
        SIMULATED("simulated"),
    }

    /**
     * The parameters of a scenario that calls an API: which [kind] (by default [default]) and how many
     * latency-free [warmUpCalls] an HTTP API gets. Immutable; thread-safe.
     */
    class Parameters(default: Kind) {
        val kind = ChoiceParam(
            "api",
            "http: a loopback HTTP server; simulated: an in-process wait",
            default,
            Kind.entries,
            Kind::id,
        )
        val warmUpCalls = IntParam(
            "warm-up-calls",
            "api=http: latency-free calls that warm the client, server and JIT before the first batch",
            "20000",
            min = 0,
        )
        val list = listOf(kind, warmUpCalls)

        // The matrix test talks to the HTTP server with 200 warm-up calls instead of 20,000.
        val testScale = TestScale.params(warmUpCalls to "200")

        /** The API a scenario's resolved [params] choose. */
        fun choice(params: Params) = Choice(params[kind], params[warmUpCalls])
    }

    /**
     * A scenario's choice of API: its [kind], and for [Kind.HTTP] the number of latency-free calls
     * that warm it up before the first batch.
     */
    data class Choice(val kind: Kind, val warmUpCalls: Int) {
        /**
         * The process-wide threads this API borrows: the JDK's `HttpClient.sendAsync` runs the
         * dependents of the future it returns on the common pool, whatever executor it was given
         * ([completesOn]); the client's own callbacks run on virtual threads.
         */
        val shared: List<SharedScheduler> get() = if (kind == Kind.HTTP) {
            listOf(SharedScheduler.COMMON_POOL, SharedScheduler.VIRTUAL_THREAD_SCHEDULER)
        } else {
            emptyList()
        }

        /** Where a suspending call completes: `sendAsync`'s future, on the common pool. */
        val completesOn: List<SharedScheduler> get() = if (kind == Kind.HTTP) {
            listOf(SharedScheduler.COMMON_POOL)
        } else {
            emptyList()
        }
    }

    companion object {
        /**
         * Opens the API [choice] names, warmed up for batches of up to [inFlight] calls at once;
         * nothing runs until this is called.
         */
        fun open(choice: Choice, latencyNanos: Long, waits: Waits, inFlight: Int, respond: (Int) -> String): Api =
            when (choice.kind) {
                Kind.HTTP -> HttpApi(LoopbackApi(waits.scaled(latencyNanos), respond)).also {
                    it.warmUp(choice.warmUpCalls, inFlight)
                }

                Kind.SIMULATED -> SimulatedApi(latencyNanos, waits, respond)
            }
    }
}

/**
 * The work of a scenario whose items call this API and then do [after] with item `i`'s response:
 * the calls up to the API ([Api.hold]) before the wait, the answers and [after] behind it.
 */
internal fun Api.components(after: (Int, String) -> Unit): ComponentWork = object : ComponentWork {
    override fun beforeWait(items: Int) = hold(items)

    override fun afterWait() = release().forEachIndexed(after)
}

/** The publication's API: an in-process wait (`sleep` / `delay`), then the answer. Owns no thread. */
private class SimulatedApi(
    private val latencyNanos: Long,
    private val waits: Waits,
    private val respond: (Int) -> String,
) : Api {
    override fun call(index: Int): String {
        waits.sleep(latencyNanos)
        return respond(index)
    }

    override suspend fun callSuspending(index: Int): String {
        waits.delay(latencyNanos)
        return respond(index)
    }

    private var held = 0

    override fun hold(calls: Int) {
        held = calls
    }

    override fun release(): List<String> = (0 until held).map(respond)

    override fun close() = Unit
}

/**
 * A [LoopbackApi] called with the JDK's `HttpClient` (HTTP/1.1, so one connection per request in
 * flight, kept alive between batches): [call] is the blocking `send`, [callSuspending] the
 * non-blocking `sendAsync` awaited by suspending. The client runs its callbacks on virtual threads
 * this class owns (measured: less CPU per call than the client's default cached pool, which matters
 * when client and server share two cores), so [close] can wait for every one of them.
 */
private class HttpApi(private val server: LoopbackApi) : Api {
    private val callbacks = Executors.newThreadPerTaskExecutor(
        Thread.ofVirtual().name("bakeoff-http-client-", 0).factory(),
    )
    private val client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(callbacks).build()

    private fun request(base: URI, index: Int) = HttpRequest.newBuilder(base.resolve(index.toString())).GET().build()

    override fun call(index: Int): String = send(server.base, index)

    override suspend fun callSuspending(index: Int): String = checked(index, sendAsync(server.base, index).await())

    private fun send(base: URI, index: Int) =
        checked(index, client.send(request(base, index), HttpResponse.BodyHandlers.ofString()))

    private fun sendAsync(base: URI, index: Int) =
        client.sendAsync(request(base, index), HttpResponse.BodyHandlers.ofString())

    private var held: List<CompletableFuture<HttpResponse<String>>> = emptyList()

    override fun hold(calls: Int) {
        held = (0 until calls).map { sendAsync(server.hold, it) }
        server.awaitHeld(calls)
    }

    override fun release(): List<String> {
        server.releaseHeld()
        return held.mapIndexed { i, response -> checked(i, response.join()) }.also { held = emptyList() }
    }

    /**
     * Brings the API to the state a long-running service has it in, outside the measured section:
     * [calls] calls without latency through both `send` and `sendAsync` (so the JIT has compiled
     * the client and server paths), then [inFlight] calls at once (so the client holds as many open
     * connections as a batch keeps in flight). Blocks until all have answered; leaves no thread.
     */
    fun warmUp(calls: Int, inFlight: Int) {
        // No more calls at once than a batch makes, so the client opens no connection a batch would not.
        val permits = Semaphore(inFlight.coerceAtLeast(1))
        fanOut(calls) { i ->
            permits.acquire()
            try {
                if (i % 2 == 0) send(server.warm, i) else checked(i, sendAsync(server.warm, i).join())
            } finally {
                permits.release()
            }
        }
        fanOut(inFlight) { i -> send(server.base, i) }
    }

    /** Runs [call] for 0 until [n], each on its own virtual thread, and rethrows the first failure. */
    private fun fanOut(n: Int, call: (Int) -> String) = Executors.newVirtualThreadPerTaskExecutor().use { threads ->
        (0 until n).map { i -> threads.submit<String> { call(i) } }.forEach { it.get() }
    }

    private fun checked(index: Int, response: HttpResponse<String>): String {
        check(response.statusCode() == 200) { "call $index: HTTP ${response.statusCode()}" }
        return response.body()
    }

    override fun close() {
        client.close()
        shutDown(callbacks)
        server.close()
    }
}
