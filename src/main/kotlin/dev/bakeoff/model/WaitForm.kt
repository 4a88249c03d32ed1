package dev.bakeoff.model

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/**
 * How a waiting workload waits. Chosen explicitly per run, never by the strategy: the same
 * strategy can be measured with a blocking `sleep`/`park` and with a suspending `delay`, so a
 * comparison never pits one against the other by accident.
 */
@Serializable
public enum class WaitForm(public val id: String) {
    /** `Thread.sleep` / `LockSupport.parkNanos`: the waiting thread is held for the whole wait. */
    @SerialName("blocking")
    BLOCKING("blocking"),

    /** `delay`: a coroutine releases its thread while it waits (kotlinx rounds up to whole ms). */
    @SerialName("suspending")
    SUSPENDING("suspending"),
    ;

    /**
     * How long a wait of [nominalNanos] really lasts at least in this form: the nominal time for
     * [BLOCKING]; for [SUSPENDING], kotlinx.coroutines' `delay` rounds up to whole milliseconds
     * (a 0.5 ms wait lasts 1 ms), so the physical limit of a suspending cell uses the rounded wait.
     */
    internal fun effectiveWaitNanos(nominalNanos: Long): Long = when {
        nominalNanos <= 0 -> 0
        this == BLOCKING -> nominalNanos
        else -> (nominalNanos + NANOS_PER_MILLI - 1) / NANOS_PER_MILLI * NANOS_PER_MILLI
    }

    override fun toString(): String = id

    public companion object {
        internal fun parse(text: String): WaitForm = entries.firstOrNull { it.id == text }
            ?: throw CatalogException("unknown wait form '$text'; valid: ${entries.joinToString { it.id }}")

        private const val NANOS_PER_MILLI = 1_000_000L
    }
}
