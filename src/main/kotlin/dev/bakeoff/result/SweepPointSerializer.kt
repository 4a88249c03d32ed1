package dev.bakeoff.result

import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationException
import kotlinx.serialization.builtins.MapSerializer
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder
import kotlinx.serialization.json.JsonDecoder
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive

/**
 * Writes a [SweepPoint] as a plain JSON object of swept key to value. Reads that, and the single
 * `{"key": K, "value": V}` object of files written before grids (a point sweeping exactly the two
 * parameters `key` and `value` would read the same way; no catalog entry declares them). Stateless.
 */
internal object SweepPointSerializer : KSerializer<SweepPoint> {
    private val map = MapSerializer(String.serializer(), String.serializer())

    override val descriptor: SerialDescriptor = map.descriptor

    override fun serialize(encoder: Encoder, value: SweepPoint) = encoder.encodeSerializableValue(map, value.values)

    override fun deserialize(decoder: Decoder): SweepPoint {
        if (decoder !is JsonDecoder) return SweepPoint(decoder.decodeSerializableValue(map))
        val obj = decoder.decodeJsonElement() as? JsonObject
            ?: throw SerializationException("sweep: expected an object of swept parameter to value")
        val values = obj.mapValues { (k, v) ->
            (v as? JsonPrimitive)?.takeIf { it.isString }?.content
                ?: throw SerializationException("sweep: the value of '$k' is not a string")
        }
        if (values.isEmpty()) throw SerializationException("sweep: no swept parameter")
        val legacyKey = values[LEGACY_KEY]
        val legacyValue = values[LEGACY_VALUE]
        return if (values.size == 2 && legacyKey != null && legacyValue != null) {
            SweepPoint(legacyKey, legacyValue)
        } else {
            SweepPoint(values)
        }
    }

    private const val LEGACY_KEY = "key"
    private const val LEGACY_VALUE = "value"
}
