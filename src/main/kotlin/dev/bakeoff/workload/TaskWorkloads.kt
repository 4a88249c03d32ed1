package dev.bakeoff.workload

import dev.bakeoff.model.CatalogException
import dev.bakeoff.model.Workload
import java.io.File
import java.net.URLClassLoader
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicInteger

/**
 * A user's own task as a workload: a class implementing [Workload] (a Kotlin `object` or a class
 * with a public no-argument constructor), found by name on the JVM's classpath or on the extra
 * `--classpath` entries. Measured JVMs are separate processes, so only a class name can travel to
 * them; each JVM loads the class itself. Loaders are cached per classpath, so every instance in
 * a JVM shares one class. Thread-safe.
 */
internal object TaskLoader {
    private val loaders = ConcurrentHashMap<List<String>, ClassLoader>()

    fun load(className: String, classpath: List<String>): Workload {
        if (className.isEmpty()) {
            throw CatalogException("workload 'task' needs its class, as task:class=com.example.MyTask")
        }
        val loader = if (classpath.isEmpty()) BAKEOFF_LOADER else loaders.computeIfAbsent(classpath, ::loaderFor)
        val cls = try {
            Class.forName(className, true, loader)
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
        // A Kotlin object has its single instance in INSTANCE; a class needs a public no-argument constructor.
        val instance = runCatching { cls.getField("INSTANCE").get(null) }.getOrNull()
            ?: runCatching { cls.getConstructor().newInstance() }.getOrElse {
                throw CatalogException(
                    "task class '$className' needs a public no-argument constructor (or to be a Kotlin object): " +
                        "${it.cause ?: it}",
                )
            }
        return instance as Workload
    }

    private fun loaderFor(classpath: List<String>): ClassLoader {
        val missing = classpath.filterNot { File(it).exists() }
        if (missing.isNotEmpty()) throw CatalogException("--classpath entry not found: ${missing.joinToString()}")
        return URLClassLoader("bakeoff-task", classpath.map { File(it).toURI().toURL() }.toTypedArray(), BAKEOFF_LOADER)
    }

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
