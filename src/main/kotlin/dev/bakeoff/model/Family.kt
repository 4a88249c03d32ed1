package dev.bakeoff.model

import kotlinx.serialization.Serializable

/**
 * The library or mechanism a strategy is built on, by its [id] (`coroutines`, `executor`...), as
 * results files, `list` and the reports name it; reports group strategies by it. The model knows no
 * families: each is declared, with its chart colour, by the strategies built on it ([StrategyFamily]).
 * Serialised as its id. Immutable; thread-safe.
 */
@Serializable
@JvmInline
public value class Family(public val id: String) {
    override fun toString(): String = id
}

/**
 * A [Family] as the strategy plug-in that uses it declares it, with the CSS hex [colour] the reports
 * draw it in (the same in every chart and legend). Immutable; thread-safe.
 */
internal class StrategyFamily(id: String, val colour: String) {
    val family = Family(id)
}
