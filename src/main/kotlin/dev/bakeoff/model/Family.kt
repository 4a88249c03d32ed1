package dev.bakeoff.model

import kotlinx.serialization.KSerializer
import kotlinx.serialization.Serializable
import kotlinx.serialization.descriptors.PrimitiveKind
import kotlinx.serialization.descriptors.PrimitiveSerialDescriptor
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder

/**
 * The library or mechanism a strategy is built on, by its [id] (`coroutines`, `executor`...), as
 * results files, `list` and the reports name it; reports group strategies by it. The model knows no
 * families: each is declared, with its chart colour, by the strategies built on it ([StrategyFamily]).
 * Equal by id; serialised as its id. Immutable; thread-safe.
 */
@Serializable(with = FamilySerializer::class)
public class Family(public val id: String) {
    override fun equals(other: Any?): Boolean = other is Family && other.id == id

    override fun hashCode(): Int = id.hashCode()

    override fun toString(): String = id
}

/** A [Family] in a results file: its id, as a plain string. */
internal object FamilySerializer : KSerializer<Family> {
    override val descriptor = PrimitiveSerialDescriptor("dev.bakeoff.model.Family", PrimitiveKind.STRING)

    override fun serialize(encoder: Encoder, value: Family) = encoder.encodeString(value.id)

    override fun deserialize(decoder: Decoder): Family = Family(decoder.decodeString())
}

/**
 * A [Family] as the strategy plug-in that uses it declares it, with the CSS hex [colour] the reports
 * draw it in (the same in every chart and legend) and the third-party [library] it is built on (null: the
 * JDK's own), which every strategy of the family declares ([StrategyEntry.libraries]). Immutable; thread-safe.
 */
internal class StrategyFamily(id: String, val colour: String, val library: Library? = null) {
    val family = Family(id)
}
