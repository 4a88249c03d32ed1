package dev.bakeoff.cli

import com.github.ajalt.clikt.testing.test
import dev.bakeoff.catalog.Scenarios
import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class ListCommandTest {
    @Test
    fun `list --json has strategies with family and workloads with wait forms`() {
        val result = bakeoff().test("list --json")
        assertEquals(0, result.statusCode)
        val root = Json.parseToJsonElement(result.stdout).jsonObject
        val strategies = root.getValue("strategies").jsonArray.map { it.jsonObject }
        val workloads = root.getValue("workloads").jsonArray.map { it.jsonObject }
        assertEquals(Strategies.catalog.ids, strategies.map { it.getValue("id").jsonPrimitive.content })
        assertEquals(Workloads.catalog.ids, workloads.map { it.getValue("id").jsonPrimitive.content })
        assertTrue(strategies.all { it.getValue("family").jsonPrimitive.content.isNotEmpty() && it.containsKey("summary") })
        val network = workloads.first { it.getValue("id").jsonPrimitive.content == "network" }
        assertEquals(listOf("blocking", "suspending"), network.getValue("waitForms").jsonArray.map { it.jsonPrimitive.content })
        val rxIo = strategies.first { it.getValue("id").jsonPrimitive.content == "rx-io" }
        assertEquals("rx-io", rxIo.getValue("sharedSchedulers").jsonArray[0].jsonObject.getValue("id").jsonPrimitive.content)
    }

    @Test
    fun `list prints both tables`() {
        val out = bakeoff().test("list").stdout
        assertContains(out, "Strategies (${Strategies.catalog.entries.size})")
        assertContains(out, "Workloads (${Workloads.catalog.entries.size})")
        assertContains(out, "Scenarios (${Scenarios.catalog.entries.size})")
        assertContains(out, "direct")
    }

    @Test
    fun `an unknown command names the valid ones`() {
        val result = bakeoff().test("lsit")
        assertEquals(1, result.statusCode)
        assertContains(result.stderr, "list")
    }
}
