package dev.bakeoff.model

/**
 * How a waiting workload waits. Chosen explicitly per run, never by the strategy: the same
 * strategy can be measured with a blocking `sleep`/`park` and with a suspending `delay`, so a
 * comparison never pits one against the other by accident.
 */
enum class WaitForm(val id: String) {
    /** `Thread.sleep` / `LockSupport.parkNanos`: the waiting thread is held for the whole wait. */
    BLOCKING("blocking"),

    /** `delay`: a coroutine releases its thread while it waits (kotlinx rounds up to whole ms). */
    SUSPENDING("suspending"),
    ;

    companion object {
        fun parse(text: String): WaitForm = entries.firstOrNull { it.id == text }
            ?: throw CatalogException("unknown wait form '$text'; valid: ${entries.joinToString { it.id }}")
    }
}
