package dev.bakeoff.model

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/** The library or mechanism a strategy is built on; reports group and colour strategies by it. */
@Serializable
enum class Family(val id: String) {
    @SerialName("direct")
    DIRECT("direct"),

    @SerialName("coroutines")
    COROUTINES("coroutines"),

    @SerialName("flow")
    FLOW("flow"),

    @SerialName("rxjava")
    RXJAVA("rxjava"),

    @SerialName("reactor")
    REACTOR("reactor"),

    @SerialName("executor")
    EXECUTOR("executor"),

    @SerialName("fork-join")
    FORK_JOIN("fork-join"),

    @SerialName("thread")
    THREAD("thread"),

    @SerialName("virtual-thread")
    VIRTUAL_THREAD("virtual-thread"),
    ;

    override fun toString(): String = id
}
