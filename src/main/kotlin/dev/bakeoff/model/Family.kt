package dev.bakeoff.model

/** The library or mechanism a strategy is built on; reports group and colour strategies by it. */
enum class Family(val id: String) {
    DIRECT("direct"),
    COROUTINES("coroutines"),
    FLOW("flow"),
    RXJAVA("rxjava"),
    REACTOR("reactor"),
    EXECUTOR("executor"),
    FORK_JOIN("fork-join"),
    THREAD("thread"),
    VIRTUAL_THREAD("virtual-thread"),
}
