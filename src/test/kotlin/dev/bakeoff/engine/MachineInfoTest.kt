package dev.bakeoff.engine

import dev.bakeoff.engine.jdk.MachineInfo
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals

class MachineInfoTest {
    @Test
    fun `results record the harness's libraries and those the plug-ins declare, each with the version of its jar`() {
        val libraries = MachineInfo.libraries()
        // The names results files have always had: a renamed or dropped one is a change to the results schema.
        assertEquals(
            listOf("kotlin-stdlib", "jmh-core", "HdrHistogram", "rxjava", "kotlinx-coroutines", "reactor-core"),
            libraries.keys.toList(),
        )
        assertEquals(emptyMap(), libraries.filterValues { !VERSION.matches(it) })
    }

    private companion object {
        val VERSION = Regex("\\d+\\.\\d+[\\w.-]*")
    }
}
