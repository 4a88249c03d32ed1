package dev.bakeoff.workload

import dev.bakeoff.model.CatalogException
import dev.bakeoff.model.ParamSpec.ClassNameParam
import dev.bakeoff.model.ParamSpec.IntParam
import dev.bakeoff.model.TestScale
import dev.bakeoff.model.Workload
import dev.bakeoff.model.WorkloadEntry
import java.io.File
import java.lang.reflect.Modifier
import java.net.URLClassLoader
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicInteger

/**
 * A user's own task as a workload: a class implementing [Workload] (a Kotlin `object` or a class
 * with a public no-argument constructor), found by name on the JVM's classpath or on the extra
 * `--classpath` entries. Measured JVMs are separate processes, so only a class name can travel to
 * them; each JVM loads the class itself. Loaders are cached per classpath, so every instance in
 * a JVM shares one class. [check] is for the JVM that plans the run, which must never run any
 * of the task's code (not even its static initializer); [load] for the JVM that runs it.
 * Thread-safe.
 */
internal object TaskLoader {
    private val loaders = ConcurrentHashMap<List<String>, ClassLoader>()

    /** Loads, initializes and instantiates the task: this runs its code. */
    fun load(className: String, classpath: List<String>): Workload {
        val cls = find(className, classpath, initialize = true)
        // A Kotlin object has its single instance in INSTANCE; a class needs a public no-argument constructor.
        val instance = runCatching { cls.getField(INSTANCE).get(null) }.getOrNull()
            ?: runCatching { cls.getConstructor().newInstance() }.getOrElse {
                throw CatalogException("${needsConstructor(className)}: ${it.cause ?: it}")
            }
        return instance as Workload
    }

    /**
     * Throws a [CatalogException] when [load] could not even try: the class is not found, does not
     * implement [Workload], or has neither an `INSTANCE` nor a public no-argument constructor.
     * Reflection only: the class is loaded but not initialized, so none of its code runs.
     */
    fun check(className: String, classpath: List<String>) {
        val cls = find(className, classpath, initialize = false)
        val isObject = cls.fields.any { it.name == INSTANCE && Modifier.isStatic(it.modifiers) }
        val constructible = cls.constructors.any { it.parameterCount == 0 }
        if (!isObject && !constructible) throw CatalogException(needsConstructor(className))
    }

    private fun find(className: String, classpath: List<String>, initialize: Boolean): Class<*> {
        if (className.isEmpty()) {
            throw CatalogException("workload 'task' needs its class, as task:class=com.example.MyTask")
        }
        val loader = if (classpath.isEmpty()) BAKEOFF_LOADER else loaders.computeIfAbsent(classpath, ::loaderFor)
        val cls = try {
            Class.forName(className, initialize, loader)
        } catch (_: ClassNotFoundException) {
            val where = if (classpath.isEmpty()) {
                "the classpath (add the jar or classes directory with --classpath)"
            } else {
                "the classpath or ${classpath.joinToString(File.pathSeparator)}"
            }
            throw CatalogException("task class '$className' not found on $where")
        }
        if (!Workload::class.java.isAssignableFrom(cls)) {
            throw CatalogException("task class '$className' does not implement ${Workload::class.java.name}")
        }
        return cls
    }

    private fun needsConstructor(className: String) =
        "task class '$className' needs a public no-argument constructor (or to be a Kotlin object)"

    private fun loaderFor(classpath: List<String>): ClassLoader {
        val missing = classpath.filterNot { File(it).exists() }
        if (missing.isNotEmpty()) throw CatalogException("--classpath entry not found: ${missing.joinToString()}")
        return URLClassLoader("bakeoff-task", classpath.map { File(it).toURI().toURL() }.toTypedArray(), BAKEOFF_LOADER)
    }

    private const val INSTANCE = "INSTANCE"

    // Parent-first: a task's `Workload` must be Bakeoff's own.
    private val BAKEOFF_LOADER: ClassLoader = Workload::class.java.classLoader
}

/**
 * Functions handed to `Bakeoff.compare` in this JVM, by id. A function cannot travel to another
 * process, so a `lambda:id=N` workload exists only in the JVM that registered it: the API runs
 * such cells in-process (JMH `forks(0)`). Thread-safe.
 */
internal object InProcessTasks {
    private val ids = AtomicInteger()
    private val tasks = ConcurrentHashMap<Int, Workload>()

    /** Registers [task]; its workload spec is `lambda:id=<the returned id>`. Pair with [unregister]. */
    fun register(task: Workload): Int = ids.incrementAndGet().also { tasks[it] = task }

    fun unregister(id: Int) {
        tasks.remove(id)
    }

    internal fun get(id: Int): Workload = tasks[id]
        ?: throw CatalogException(
            "no function registered as lambda:id=$id in this JVM; " +
                "lambda workloads exist only inside the Bakeoff.compare call that made them",
        )
}

private val TASK_CLASS =
    ClassNameParam("class", "fully qualified name of a class implementing dev.bakeoff.model.Workload")
private val LAMBDA_ID = IntParam("id", "id from InProcessTasks.register", "0", min = 0)

/** A user's own work: a class on `--classpath` (`task`), or a function given to `Bakeoff.compare` (`lambda`). */
internal val TASK_WORKLOADS = listOf(
    WorkloadEntry(
        id = "task",
        summary = "your own class implementing Workload (task:class=com.example.MyTask, --classpath)",
        waits = true,
        params = listOf(TASK_CLASS),
        // It needs the user's own code, so `all` cannot expand to it.
        inAll = false,
        test = TestScale.excluded("needs the user's own class; OwnTaskTest runs the sample task"),
        // The planning JVM only looks the class up: the task's code runs in forked JVMs only.
        check = { TaskLoader.check(it[TASK_CLASS], it.context.classpath) },
    ) { TaskLoader.load(it[TASK_CLASS], it.context.classpath) },
    WorkloadEntry(
        id = "lambda",
        summary = "a function given to Bakeoff.compare (in-process runs of the API only)",
        waits = true,
        params = listOf(LAMBDA_ID),
        // It needs a function registered in this process, so `all` cannot expand to it.
        inAll = false,
        test = TestScale.excluded("needs a function registered by Bakeoff.compare; OwnTaskTest runs one"),
        // From the command line nothing is registered: one line before any cell, not a failed
        // probe per cell.
        check = { InProcessTasks.get(it[LAMBDA_ID]) },
    ) { InProcessTasks.get(it[LAMBDA_ID]) },
)
