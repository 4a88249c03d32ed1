package dev.bakeoff.engine.fork

import java.io.File
import java.nio.file.Files
import java.nio.file.LinkOption
import java.nio.file.Path
import java.nio.file.StandardCopyOption
import java.nio.file.attribute.PosixFilePermissions

/**
 * `--cpus N` as a bound the operating system enforces: every measured JVM runs under util-linux's
 * `taskset -c` on the first N processors this process may use, beside `-XX:ActiveProcessorCount=N`
 * ([ForkJvm]), which only changes what the JVM reports: without the affinity its threads still
 * spread over every core, and a cell's physical limit for N cores is no bound (efficiency above 1).
 * Stateless apart from the lazily read processor list; thread-safe.
 */
internal object CpuAffinity {
    /**
     * The processors this process may run on, in order: Linux's `Cpus_allowed_list` (a container or
     * an outer `taskset` may give fewer, or others than 0..n-1), else 0 until the JVM's count.
     */
    val usable: List<Int> by lazy {
        val listed = runCatching {
            Files.readAllLines(Path.of("/proc/self/status"))
                .firstOrNull { it.startsWith("Cpus_allowed_list:") }
                ?.substringAfter(':')
                ?.let(::parseList)
        }.getOrNull()
        listed?.takeIf { it.isNotEmpty() } ?: (0 until Runtime.getRuntime().availableProcessors()).toList()
    }

    /** util-linux's `taskset` on the PATH, or null. */
    private val taskset: Path? by lazy {
        System.getenv("PATH").orEmpty().split(File.pathSeparator)
            .filter { it.isNotEmpty() }
            .map { Path.of(it, "taskset") }
            .firstOrNull(Files::isExecutable)
    }

    /**
     * Why [cpus] cannot be a bound on this machine (one line, for the CLI and the library), or null; [what]
     * names where the count came from (`--cpus`, or a swept `cpus` value), in the message.
     */
    fun problem(cpus: Int, what: String = "--cpus '$cpus'"): String? = when {
        cpus !in 1..usable.size ->
            "invalid $what; valid: a whole number from 1 to ${usable.size} " +
                "(the cores this machine gives Bakeoff)"

        taskset == null ->
            "--cpus $cpus needs taskset (util-linux) on the PATH to bind the measured JVMs to $cpus cores; " +
                "install it, or leave --cpus out"

        else -> null
    }

    /** The command prefix that runs a program on the first [cpus] usable processors. */
    fun prefix(cpus: Int): List<String> {
        check(problem(cpus) == null) { checkNotNull(problem(cpus)) }
        return listOf(checkNotNull(taskset).toString(), "-c", usable.take(cpus).joinToString(","))
    }

    /**
     * An executable script that runs [java] under [prefix] (none when [cpus] is null): JMH takes a single path for
     * its forks' `java`, no command prefix. With [classpath], the script also puts it in place of the value of
     * the `-cp` JMH gives its forks (always this JVM's own): a fork of other library versions (`--lib`). One file per
     * JDK, processor list and classpath in [dir] (by default a folder only this user may write), written once
     * (atomically, so concurrent runs never see half a script) and reused.
     */
    fun wrapper(java: Path, cpus: Int?, dir: Path = scripts, classpath: String? = null): Path {
        val command = (cpus?.let(::prefix).orEmpty() + java.toString()).joinToString(" ", transform = ::quoted)
        // `for a` walks the arguments as given while each is moved to the end, the one after -cp replaced.
        val swap = classpath?.let {
            "cp=${quoted(it)}\nswap=\nfor a do\n  shift\n" +
                "  if [ -n \"\$swap\" ]; then set -- \"\$@\" \"\$cp\"; swap=; else set -- \"\$@\" \"\$a\"; fi\n" +
                "  if [ \"\$a\" = -cp ]; then swap=1; fi\ndone\n"
        }.orEmpty()
        val script = "#!/bin/sh\n${swap}exec $command \"\$@\"\n"
        val file = dir.resolve("bakeoff-java-${script.hashCode().toUInt().toString(16)}.sh")
        if (Files.isExecutable(file) && Files.readString(file) == script) return file
        val temp = Files.createTempFile(dir, "bakeoff-java-", ".tmp")
        Files.writeString(temp, script)
        Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwxr-xr-x"))
        return Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING)
    }

    /** [text] as one word of a shell command. */
    private fun quoted(text: String) = "'" + text.replace("'", "'\\''") + "'"

    /**
     * Where the scripts go: a folder of this user's own in the temporary folder, which nobody else may
     * write (a script another user planted under the shared name would run as this user), or, when that
     * name is taken by someone else, a new private folder.
     */
    private val scripts: Path by lazy {
        val tmp = Path.of(System.getProperty("java.io.tmpdir"))
        val owner = tmp.fileSystem.userPrincipalLookupService.lookupPrincipalByName(System.getProperty("user.name"))
        val private = PosixFilePermissions.fromString("rwx------")
        val dir = tmp.resolve("bakeoff-${System.getProperty("user.name")}")
        runCatching { Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(private)) }
        val mine = !Files.isSymbolicLink(dir) && Files.isDirectory(dir) &&
            Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS) == owner &&
            Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS) == private
        if (mine) dir else Files.createTempDirectory("bakeoff-")
    }

    /** `0-3,8,10-11` as the processors it names. */
    internal fun parseList(list: String): List<Int> = list.trim().split(',').filter { it.isNotBlank() }.flatMap {
        val (from, to) = it.trim().split('-').map(String::toInt).let { p -> p.first() to p.last() }
        (from..to).toList()
    }
}
