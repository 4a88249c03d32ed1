package dev.bakeoff.result

import kotlin.reflect.KProperty0

/**
 * The base of the results schema's public value types, in place of data classes: a data class's
 * `copy` and `componentN` are public API that adding a field breaks, so each type lists its
 * properties once ([fields]) and equality, hash code and text follow from that list as a data
 * class's would (`Slope(value=1.5, low=null, high=null)`). Not serialised (it holds no state).
 * Its subclasses are immutable, so safe from any thread.
 */
public abstract class ResultValue internal constructor() {
    /** The properties that make the value, in constructor order: all that equality, hash code and text read. */
    internal abstract val fields: List<KProperty0<*>>

    final override fun equals(other: Any?): Boolean =
        this === other || (other is ResultValue && other.javaClass == javaClass && values() == other.values())

    /** A data class's hash: each field's, folded with 31 in order, so maps and sets iterate as they did. */
    final override fun hashCode(): Int = fields.fold(0) { hash, field -> 31 * hash + field.get().hashCode() }

    override fun toString(): String = "${javaClass.simpleName}(${fields.joinToString { "${it.name}=${it.get()}" }})"

    private fun values(): List<Any?> = fields.map { it.get() }
}
