package dev.bakeoff.scenario

import dev.bakeoff.model.SharedScheduler
import dev.bakeoff.model.shutDown
import dev.bakeoff.workload.Waits
import kotlinx.coroutines.future.await
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.util.concurrent.Executors

/**
 * How a scenario calls its slow API: `call(i)` answers `respond(i)` after the API's latency.
 * [call] holds the calling thread for the whole latency; [callSuspending] lets go of it.
 * Thread-safe: called concurrently by every item of a batch.
 */
internal sealed interface Api : AutoCloseable {
    fun call(index: Int): String

    suspend fun callSuspending(index: Int): String

    companion object {
        /** The choices of a scenario's `api` parameter. */
        val CHOICES = listOf("http", "simulated")

        /**
         * The process-wide threads an API of [kind] borrows: the JDK's `HttpClient.sendAsync` runs
         * the dependents of the future it returns on the common pool, whatever executor it was given.
         */
        fun shared(kind: String): List<SharedScheduler> = if (kind == "http") listOf(SharedScheduler.COMMON_POOL) else emptyList()

        /** Opens the API a scenario's `api` parameter names; nothing runs until this is called. */
        fun open(kind: String, latencyNanos: Long, waits: Waits, respond: (Int) -> String): Api = when (kind) {
            "http" -> HttpApi(LoopbackApi(waits.scaled(latencyNanos), respond))
            "simulated" -> SimulatedApi(latencyNanos, waits, respond)
            else -> error("Unexpected api: $kind")
        }
    }
}

/** The publication's API: an in-process wait (`sleep` / `delay`), then the answer. Owns no thread. */
private class SimulatedApi(private val latencyNanos: Long, private val waits: Waits, private val respond: (Int) -> String) : Api {
    override fun call(index: Int): String {
        waits.sleep(latencyNanos)
        return respond(index)
    }

    override suspend fun callSuspending(index: Int): String {
        waits.delay(latencyNanos)
        return respond(index)
    }

    override fun close() = Unit
}

/**
 * A [LoopbackApi] called with the JDK's `HttpClient` (HTTP/1.1, so one connection per request in
 * flight, kept alive between batches): [call] is the blocking `send`, [callSuspending] the
 * non-blocking `sendAsync` awaited by suspending. The client runs its callbacks on a cached pool
 * this class owns, so [close] can wait for every client thread.
 */
private class HttpApi(private val server: LoopbackApi) : Api {
    private val callbacks = Executors.newCachedThreadPool(Thread.ofPlatform().name("bakeoff-http-client-", 0).factory())
    private val client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(callbacks).build()

    private fun request(index: Int) = HttpRequest.newBuilder(server.base.resolve(index.toString())).GET().build()

    override fun call(index: Int): String = checked(index, client.send(request(index), HttpResponse.BodyHandlers.ofString()))

    override suspend fun callSuspending(index: Int): String = checked(index, client.sendAsync(request(index), HttpResponse.BodyHandlers.ofString()).await())

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
