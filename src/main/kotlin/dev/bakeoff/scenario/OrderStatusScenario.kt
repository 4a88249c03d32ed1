package dev.bakeoff.scenario

import com.zaxxer.hikari.HikariConfig
import com.zaxxer.hikari.HikariDataSource
import dev.bakeoff.model.Library
import dev.bakeoff.model.OpenScenario
import dev.bakeoff.model.ParamSpec
import dev.bakeoff.model.ParamSpec.IntParam
import dev.bakeoff.model.PhysicalLimit
import dev.bakeoff.model.Scenario
import dev.bakeoff.model.ScenarioEntry
import dev.bakeoff.model.Setting
import dev.bakeoff.model.SharedScheduler
import dev.bakeoff.model.VerificationException
import dev.bakeoff.model.Waits
import java.sql.Connection
import java.util.UUID

/**
 * E4 "order-status": [orders] rows in a relational database start READY. Item `i` calls an API
 * for order `i` ([callMillis] of latency; it succeeds with [successPercent] % probability drawn
 * from [SeededDraw] by order) and then sets the row to COMPLETED or FAILED through a HikariCP
 * pool of [poolSize] connections. The API is the publication's in-process wait ([api]
 * `simulated`) or the loopback HTTP server of api-fanout (`http`); the database is [database]
 * (an embedded H2 in memory unless a JDBC URL was given, e.g. PostgreSQL).
 *
 * Threading model: the call waits in the run's wait form; JDBC has no suspending form, so the
 * update always blocks the thread running the item (with a coroutine on one thread the updates
 * run one after another, which is the honest cost). [open] creates the pool, the table and the
 * rows; the opened scenario's `reset` sets every row back to READY with one statement, its
 * `close` drops the table and closes the pool: all outside the measured section.
 *
 * Verification after every batch: no row READY, and the FAILED rows are exactly the seeded ones
 * (so COMPLETED + FAILED = N with the seeded split).
 */
internal class OrderStatusScenario internal constructor(
    private val orders: Int,
    private val callMillis: Int,
    private val successPercent: Int,
    private val api: Api.Choice,
    private val poolSize: Int,
    private val seed: Long,
    private val database: Database,
    private val waits: Waits,
) : Scenario {
    private val callNanos = callMillis * 1_000_000L

    /** Where the orders live; [url] null means a fresh in-memory H2 database. */
    data class Database(val url: String?, val user: String?, val password: String?)

    override val shared = listOf(PGJDBC_CLEANER) + api.shared

    override val completesOn = api.completesOn

    private fun succeeds(index: Int) = SeededDraw.happens(seed, index, 1, successPercent)

    private fun answer(index: Int) = if (succeeds(index)) COMPLETED else FAILED

    override fun expected(index: Int): Int = code(answer(index))

    override val repeated = NOT_READY

    override fun waitNanos(index: Int): Long = callNanos

    override fun limit() = PhysicalLimit(callNanos, "one call: $callMillis ms, every order in flight at once")

    override fun open(): OpenScenario {
        val pool = HikariDataSource(
            HikariConfig().apply {
                jdbcUrl = database.url ?: "jdbc:h2:mem:bakeoff-${UUID.randomUUID()}"
                username = database.user ?: if (database.url == null) "sa" else null
                password = database.password ?: if (database.url == null) "" else null
                maximumPoolSize = poolSize
                minimumIdle = poolSize
                poolName = "bakeoff-orders"
            },
        )
        try {
            pool.connection.use(::createRows)
            return Orders(pool, Api.open(api, callNanos, waits, orders, ::answer))
        } catch (e: Throwable) {
            dropAndClose(pool)
            throw e
        }
    }

    private fun createRows(connection: Connection) {
        connection.createStatement().use { st ->
            st.execute("DROP TABLE IF EXISTS $TABLE")
            st.execute("CREATE TABLE $TABLE (id INT PRIMARY KEY, status VARCHAR(16) NOT NULL)")
        }
        connection.autoCommit = false
        connection.prepareStatement("INSERT INTO $TABLE (id, status) VALUES (?, '$READY')").use { st ->
            for (i in 0 until orders) {
                st.setInt(1, i)
                st.addBatch()
            }
            st.executeBatch()
        }
        connection.commit()
    }

    private fun dropAndClose(pool: HikariDataSource) {
        try {
            pool.connection.use { it.createStatement().use { st -> st.execute("DROP TABLE IF EXISTS $TABLE") } }
        } finally {
            pool.close()
        }
    }

    /** The opened database and API: the rows a batch updates concurrently through the pool. */
    private inner class Orders(private val pool: HikariDataSource, private val client: Api) : OpenScenario {
        private inline fun <T> sql(block: (Connection) -> T): T = pool.connection.use(block)

        override fun waitNanos(seed: Int): Long = callNanos

        override fun run(seed: Int): Int = update(seed, client.call(seed))

        override suspend fun runSuspending(seed: Int): Int = update(seed, client.callSuspending(seed))

        /**
         * Sets order [index] to [status] if it is still READY; returns the status code, or [NOT_READY] if no
         * READY row was there.
         */
        private fun update(index: Int, status: String): Int {
            val updated = sql {
                it.prepareStatement("UPDATE $TABLE SET status = ? WHERE id = ? AND status = '$READY'").use { st ->
                    st.setString(1, status)
                    st.setInt(2, index)
                    st.executeUpdate()
                }
            }
            return if (updated == 1) code(status) else NOT_READY
        }

        // The driver's and the database's work comes after the call: behind the wait.
        override fun components() = client.components { i, status -> update(i, status) }
        override fun reset() {
            sql { it.createStatement().use { st -> st.executeUpdate("UPDATE $TABLE SET status = '$READY'") } }
        }
        override fun verify() {
            val counts = sql {
                it.createStatement().use { st ->
                    st.executeQuery("SELECT status, COUNT(*) FROM $TABLE GROUP BY status").use { rs ->
                        buildMap { while (rs.next()) put(rs.getString(1), rs.getInt(2)) }
                    }
                }
            }
            val failedIds = sql {
                it.createStatement().use { st ->
                    st.executeQuery("SELECT id FROM $TABLE WHERE status = '$FAILED' ORDER BY id").use { rs ->
                        buildList { while (rs.next()) add(rs.getInt(1)) }
                    }
                }
            }
            val expectedFailed = (0 until orders).filter { !succeeds(it) }
            if ((counts[READY] ?: 0) > 0 || counts.values.sum() != orders || failedIds != expectedFailed) {
                throw VerificationException(
                    "order-status: rows by status $counts of $orders; " +
                        "expected ${orders - expectedFailed.size} $COMPLETED + ${expectedFailed.size} $FAILED, " +
                        "none $READY" +
                        if (failedIds == expectedFailed) "" else "; FAILED rows differ from the seeded ones",
                )
            }
        }
        override fun close() {
            try {
                client.close()
            } finally {
                dropAndClose(pool)
            }
        }
    }

    companion object {
        private const val TABLE = "bakeoff_orders"
        private const val READY = "READY"
        private const val COMPLETED = "COMPLETED"
        private const val FAILED = "FAILED"

        /** What an update returns when its order was no longer READY (it ran before). */
        private const val NOT_READY = -1

        private fun code(status: String) = if (status == COMPLETED) 1 else 2

        /** Keys of [dev.bakeoff.model.RunContext.settings] this scenario reads (values a spec cannot hold). */
        const val JDBC_URL = "jdbc-url"
        const val JDBC_USER = "jdbc-user"
        const val JDBC_PASSWORD = "jdbc-password"

        /** The name `java.lang.ref.Cleaner.create()` gives its thread. */
        private val CLEANER_THREAD = Regex("Cleaner-\\d+")

        private val PGJDBC_CLEANER = SharedScheduler(
            "pgjdbc-cleaner",
            "PostgreSQL JDBC's connection cleaner: a java.lang.ref.Cleaner thread (Cleaner-N) " +
                "the driver keeps for the life of the process",
            { it.name == "PostgreSQL-JDBC-Cleaner" || CLEANER_THREAD.matches(it.name) },
            { _, _ -> 1 },
        )

        private val CALL_MS = ParamSpec.waitMs("call-ms", "latency of one API call (ms)", "100")
        private val SUCCESS_PERCENT =
            IntParam("success-percent", "chance that a call succeeds (%)", "80", min = 0, max = 100)
        private val POOL = IntParam("pool", "HikariCP pool size (connections)", "10")
        private val API = Api.Parameters(default = Api.Kind.SIMULATED)

        val ENTRY = ScenarioEntry(
            id = "order-status",
            summary = "E4: N orders READY in a database; call an API per order, " +
                "then set COMPLETED or FAILED via HikariCP",
            defaultItems = 5_000,
            strategies = "rx-parallel-io:rails=12,virtual-threads,coroutine-io,executor-fixed:size=200",
            params = listOf(CALL_MS, SUCCESS_PERCENT, POOL, SEED) + API.list,
            settings = listOf(
                Setting(JDBC_URL, "JDBC URL of the orders database (default: an in-memory H2)"),
                Setting(JDBC_USER, "user of that database"),
                Setting(JDBC_PASSWORD, "password of that database", secret = true),
            ),
            test = API.testScale,
            libraries = listOf(Library.KOTLINX_COROUTINES),
        ) { p, n ->
            val s = p.context.settings
            OrderStatusScenario(
                orders = n,
                callMillis = p[CALL_MS],
                successPercent = p[SUCCESS_PERCENT],
                api = API.choice(p),
                poolSize = p[POOL],
                seed = p[SEED].toLong(),
                database = Database(s[JDBC_URL], s[JDBC_USER], s[JDBC_PASSWORD]),
                waits = p.waits,
            )
        }
    }
}
