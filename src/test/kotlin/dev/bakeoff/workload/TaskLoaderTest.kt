package dev.bakeoff.workload

import dev.bakeoff.model.CatalogException
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertFailsWith

/**
 * The JVM that plans a run checks a task class without running any of its code; the JVM that
 * runs it loads it. A class whose static initializer throws tells the two apart.
 */
class TaskLoaderTest {
    private val failingInit = "dev.bakeoff.engine.FailingInitTask"

    @Test
    fun `check looks a class up without initializing it, load initializes it`() {
        TaskLoader.check(failingInit, emptyList())
        TaskLoader.check(failingInit, emptyList()) // still never initialized, so still no error
        val e = assertFailsWith<ExceptionInInitializerError> { TaskLoader.load(failingInit, emptyList()) }
        assertContains(e.cause.toString(), "static initializer failure")
    }

    @Test
    fun `check names what is wrong with a class`() {
        val missing = assertFailsWith<CatalogException> { TaskLoader.check("com.example.Nope", emptyList()) }
        assertContains(missing.message.orEmpty(), "task class 'com.example.Nope' not found on the classpath")
        val notAWorkload = assertFailsWith<CatalogException> { TaskLoader.check("java.lang.String", emptyList()) }
        assertContains(notAWorkload.message.orEmpty(), "does not implement dev.bakeoff.model.Workload")
        val noConstructor = assertFailsWith<CatalogException> {
            TaskLoader.check(NoConstructor::class.java.name, emptyList())
        }
        assertContains(noConstructor.message.orEmpty(), "needs a public no-argument constructor")
    }

    /** A workload [TaskLoader] cannot instantiate: no INSTANCE, no public no-argument constructor. */
    class NoConstructor(private val offset: Int) : dev.bakeoff.model.Workload {
        override fun run(seed: Int): Int = seed + offset
    }
}
