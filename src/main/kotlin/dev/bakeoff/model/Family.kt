package dev.bakeoff.model

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/**
 * The library or mechanism a strategy is built on; reports group strategies by it and draw them in
 * its [colour] (a CSS hex colour, the same in every chart and legend). Immutable; thread-safe.
 */
@Serializable
public enum class Family(public val id: String, public val colour: String) {
    @SerialName("direct")
    DIRECT("direct", "#595959"),

    @SerialName("coroutines")
    COROUTINES("coroutines", "#7b3fbf"),

    @SerialName("flow")
    FLOW("flow", "#c35fd6"),

    @SerialName("rxjava")
    RXJAVA("rxjava", "#d1495b"),

    @SerialName("reactor")
    REACTOR("reactor", "#2a9d8f"),

    @SerialName("executor")
    EXECUTOR("executor", "#1f77b4"),

    @SerialName("fork-join")
    FORK_JOIN("fork-join", "#74a9cf"),

    @SerialName("thread")
    THREAD("thread", "#e69f00"),

    @SerialName("virtual-thread")
    VIRTUAL_THREAD("virtual-thread", "#2ca02c"),
    ;

    override fun toString(): String = id
}
