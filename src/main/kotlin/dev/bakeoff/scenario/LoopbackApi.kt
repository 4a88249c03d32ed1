package dev.bakeoff.scenario

import com.sun.net.httpserver.HttpExchange
import com.sun.net.httpserver.HttpServer
import dev.bakeoff.model.shutDown
import java.net.InetSocketAddress
import java.net.URI
import java.util.concurrent.ConcurrentLinkedQueue
import java.util.concurrent.Executors
import java.util.concurrent.Semaphore
import java.util.concurrent.TimeUnit

/**
 * A real HTTP/1.1 API on the loopback interface (an ephemeral port), served by the JDK's
 * `com.sun.net.httpserver`: `GET /call/{i}` answers `200` with [respond]`(i)` after
 * [latencyNanos]; `GET /warm/{i}` answers the same at once, for warming up outside the measured
 * section without waiting out the latency; `GET /hold/{i}` holds the request until [releaseHeld], so that
 * the CPU of serving a call can be measured in two parts, before and after its latency.
 *
 * Threading model: the latency never holds a server thread. A handler (on a pool of
 * [HANDLER_THREADS]) reads the request, schedules the reply on a one-thread timer and returns;
 * the timer hands the reply back to the handler pool, which writes it. So a few threads serve
 * any number of requests in flight, and the server is not what limits 1,000 concurrent calls.
 * [close] stops the server and waits for every thread it started.
 */
internal class LoopbackApi(private val latencyNanos: Long, private val respond: (Int) -> String) : AutoCloseable {
    private val handlers = Executors.newFixedThreadPool(
        HANDLER_THREADS,
        Thread.ofPlatform().name("bakeoff-api-handler-", 0).factory(),
    )
    private val timer = Executors.newSingleThreadScheduledExecutor(
        Thread.ofPlatform().name("bakeoff-api-latency").factory(),
    )

    // The backlog must hold a burst of connects: 1,000 clients opening connections at once would
    // otherwise see dropped SYNs and one-second retransmits, timing the kernel instead of the API.
    private val server = HttpServer.create(InetSocketAddress(LOOPBACK, 0), BACKLOG)

    /** The base address of the API; append the item index. */
    val base: URI

    /** The same API without its latency; append the item index. */
    val warm: URI

    /** The same API answering when [releaseHeld] says so; append the item index. */
    val hold: URI

    private val held = ConcurrentLinkedQueue<Pair<HttpExchange, Int>>()
    private val arrivals = Semaphore(0)

    init {
        server.executor = handlers
        server.createContext("/call/") { exchange ->
            val index = index(exchange)
            timer.schedule(
                Runnable {
                    handlers.execute { reply(exchange, respond(index)) }
                },
                latencyNanos,
                TimeUnit.NANOSECONDS,
            )
        }
        server.createContext("/warm/") { exchange -> reply(exchange, respond(index(exchange))) }
        server.createContext("/hold/") { exchange ->
            held.add(exchange to index(exchange))
            arrivals.release()
        }
        server.start()
        base = URI("http://$LOOPBACK:${server.address.port}/call/")
        warm = base.resolve("/warm/")
        hold = base.resolve("/hold/")
    }

    /** Blocks until [calls] more calls to [hold] have arrived and are held. */
    fun awaitHeld(calls: Int) {
        arrivals.acquire(calls)
    }

    /** Answers every held call, on the handler threads as after a latency. */
    fun releaseHeld() {
        while (true) {
            val (exchange, index) = held.poll() ?: return
            handlers.execute { reply(exchange, respond(index)) }
        }
    }

    private fun index(exchange: HttpExchange): Int {
        // A GET has no body: closing the stream drains it without readAllBytes()'s 8 KiB buffer per call.
        exchange.requestBody.close()
        return exchange.requestURI.path.substringAfterLast('/').toInt()
    }

    private fun reply(exchange: HttpExchange, body: String) {
        val bytes = body.toByteArray()
        exchange.sendResponseHeaders(200, bytes.size.toLong())
        exchange.responseBody.use { it.write(bytes) }
    }

    override fun close() {
        server.stop(0)
        shutDown(timer)
        shutDown(handlers)
    }

    private companion object {
        init {
            // The JDK server keeps at most 200 idle connections by default (read once, when its
            // first instance is created): with 1,000 clients every batch would then reopen most of
            // its connections and time TCP set-up instead of the API. Keep them all alive.
            if (System.getProperty(MAX_IDLE) == null) System.setProperty(MAX_IDLE, "100000")
        }

        const val MAX_IDLE = "sun.net.httpserver.maxIdleConnections"
        const val LOOPBACK = "127.0.0.1"
        const val HANDLER_THREADS = 4
        const val BACKLOG = 4096
    }
}
