package dev.bakeoff.scenario

import dev.bakeoff.model.Catalog
import dev.bakeoff.model.ParamSpec
import dev.bakeoff.model.ParamSpec.ChoiceParam
import dev.bakeoff.model.ParamSpec.IntParam
import dev.bakeoff.model.Params
import dev.bakeoff.model.ScenarioEntry
import dev.bakeoff.model.Setting
import dev.bakeoff.model.TestScale
import dev.bakeoff.model.Waits

/** The scenario catalog: one registration per scenario, with its published scale and variants. */
internal object Scenarios {
    /** Keys of [dev.bakeoff.model.RunContext.settings] a scenario reads (values a spec cannot hold). */
    const val JDBC_URL = "jdbc-url"
    const val JDBC_USER = "jdbc-user"
    const val JDBC_PASSWORD = "jdbc-password"

    private val SEED = IntParam("seed", "seed of the failure draws", "42", min = 0)

    private fun waits(p: Params) = Waits(p.context.waitScale)

    private fun api(default: String) = listOf(
        ChoiceParam("api", "http: a loopback HTTP server; simulated: an in-process wait", default, Api.CHOICES),
        IntParam(
            "warm-up-calls",
            "api=http: latency-free calls that warm the client, server and JIT before the first batch",
            "20000",
            min = 0,
        ),
    )

    private fun api(p: Params) = Api.Choice(Api.Kind.of(p.string("api")), p.int("warm-up-calls"))

    // The matrix test talks to the HTTP server with 200 warm-up calls instead of 20,000.
    private val SHORT_WARM_UP = TestScale.params("warm-up-calls" to "200")

    private val fileSender = ScenarioEntry(
        id = "file-sender",
        summary = "E2: send N files, each attempt waits send-ms and may fail; up to 3 attempts",
        defaultItems = 1_000,
        strategies = "coroutine-chunked:chunk=100,coroutine-chunked:chunk=100:dispatcher=io," +
            "executor-fixed:size=200,virtual-threads,executor-fixed:size=1000",
        params = listOf(
            ParamSpec.waitMs("send-ms", "time of one send attempt (ms)", "50"),
            IntParam("attempts", "attempts per file, in all", "3"),
            IntParam("failure-percent", "chance that an attempt fails (%)", "10", min = 0, max = 100),
            SEED,
        ),
    ) { p, n ->
        FileSenderScenario(
            files = n,
            attempts = p.int("attempts"),
            failurePercent = p.int("failure-percent"),
            sendMillis = p.int("send-ms"),
            seed = p.int("seed").toLong(),
            waits = waits(p),
        )
    }

    private val apiFanout = ScenarioEntry(
        id = "api-fanout",
        summary = "E3: N calls to an API with latency-ms of latency, responses collected in a list",
        defaultItems = 1_000,
        strategies = "flow-flatmap-merge:concurrency=16,flow-flatmap-merge:concurrency=500," +
            "virtual-threads,executor-fixed:size=1000,coroutine-io",
        params = listOf(ParamSpec.waitMs("latency-ms", "latency of one call (ms)", "300")) + api("http"),
        test = SHORT_WARM_UP,
    ) { p, n -> ApiFanoutScenario(n, p.int("latency-ms"), api(p), waits(p)) }

    private val orderStatus = ScenarioEntry(
        id = "order-status",
        summary = "E4: N orders READY in a database; call an API per order, " +
            "then set COMPLETED or FAILED via HikariCP",
        defaultItems = 5_000,
        strategies = "rx-parallel-io:rails=12,virtual-threads,coroutine-io,executor-fixed:size=200",
        params = listOf(
            ParamSpec.waitMs("call-ms", "latency of one API call (ms)", "100"),
            IntParam("success-percent", "chance that a call succeeds (%)", "80", min = 0, max = 100),
            IntParam("pool", "HikariCP pool size (connections)", "10"),
            SEED,
        ) + api("simulated"),
        settings = listOf(
            Setting(JDBC_URL, "JDBC URL of the orders database (default: an in-memory H2)"),
            Setting(JDBC_USER, "user of that database"),
            Setting(JDBC_PASSWORD, "password of that database", secret = true),
        ),
        test = SHORT_WARM_UP,
    ) { p, n ->
        val s = p.context.settings
        OrderStatusScenario(
            orders = n,
            callMillis = p.int("call-ms"),
            successPercent = p.int("success-percent"),
            api = api(p),
            poolSize = p.int("pool"),
            seed = p.int("seed").toLong(),
            database = OrderStatusScenario.Database(s[JDBC_URL], s[JDBC_USER], s[JDBC_PASSWORD]),
            waits = waits(p),
        )
    }

    val catalog = Catalog("scenario", listOf(fileSender, apiFanout, orderStatus))
}
