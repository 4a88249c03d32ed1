package dev.bakeoff.engine

import dev.bakeoff.engine.fanout.CellCost
import dev.bakeoff.engine.fanout.Shard
import dev.bakeoff.engine.fanout.ShardPlan
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.Preset
import dev.bakeoff.engine.plan.Suites
import dev.bakeoff.model.RunContext
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertNull
import kotlin.test.assertTrue

class ShardTest {
    private val suite = Suites.all.single { it.id == "reference" }
    private val reference = suite.cells()

    private fun cost() = CellCost(Preset.QUICK, RunContext(), suite.cellTimeoutSeconds)

    @Test
    fun `K slash N parses, anything else is null`() {
        assertEquals(Shard(2, 3), Shard.parse("2/3"))
        assertEquals(Shard(1, 1), Shard.parse(" 1/1 "))
        listOf("0/3", "4/3", "3", "1/0", "a/b", "1/2/3", "-1/2").forEach { assertNull(Shard.parse(it), it) }
    }

    @Test
    fun `the shards of the reference suite hold every cell exactly once, in run order`() {
        for (n in listOf(1, 2, 3, 5)) {
            val parts = (1..n).map { Shard(it, n).of(reference, cost()) }
            assertEquals(reference.size, parts.sumOf { it.size }, "n=$n")
            assertEquals(reference.toSet(), parts.flatten().toSet(), "n=$n")
            parts.forEach { part -> assertEquals(reference.filter { it in part }, part, "run order, n=$n") }
        }
    }

    @Test
    fun `a group stays in one shard`() {
        val parts = (1..3).map { Shard(it, 3).of(reference, cost()) }
        val owners = reference.groupBy { Triple(it.subject, it.items, it.wait) }.values.map { group ->
            parts.indices.filter { p -> group.any { it in parts[p] } }
        }
        assertTrue(owners.all { it.size == 1 }, "groups split: ${owners.filter { it.size > 1 }}")
    }

    @Test
    fun `three shards of the reference suite are estimated within 25 percent of each other`() {
        val plan = ShardPlan.of(reference, 3, cost())
        assertTrue(plan.spread <= 0.25, "spread ${plan.spread} of ${plan.nanos}")
    }

    @Test
    fun `the estimate reads no clock, so every machine deals the same shards`() {
        val first = ShardPlan.of(reference, 4, cost())
        val again = ShardPlan.of(reference, 4, cost())
        assertEquals(first.nanos, again.nanos)
        assertEquals(first.parts, again.parts)
    }

    @Test
    fun `a task workload counts as a neutral batch without loading its class`() {
        val spec = CellSpec.parse("direct", "task:class=com.example.DoesNotExist", 100, "blocking")
        val plan = cost().plan(spec)
        assertEquals(Preset.QUICK.plan(CellCost.TASK_SERIAL_NANOS), plan)
    }
}
