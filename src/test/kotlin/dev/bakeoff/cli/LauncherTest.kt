package dev.bakeoff.cli

import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.io.File
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue
import kotlin.test.fail

/**
 * The bash launcher: its JDK discovery, with fake JDK folders (a `release` file and an executable bin/javac), and its
 * Maven, which is the Maven Wrapper's with any system `mvn` hidden from PATH (`.ci/without`). No test downloads: the
 * wrapper's Maven must already be cached, as it is once `./bakeoff verify` runs the suite.
 */
class LauncherTest {
    @TempDir
    lateinit var jvms: Path

    /** The pinned distribution's folder name under ~/.m2/wrapper/dists, e.g. `apache-maven-3.9.16`. */
    private val mavenDist: String =
        Regex("""^distributionUrl=.*/(apache-maven-[^/]+)-bin\.zip$""", RegexOption.MULTILINE)
            .find(File(".mvn/wrapper/maven-wrapper.properties").readText())
            ?.groupValues
            ?.get(1) ?: error("no apache-maven distributionUrl in .mvn/wrapper/maven-wrapper.properties")

    /** A JDK folder whose `java` runs [javaScript] (by default nothing). */
    private fun fakeJdk(name: String, version: String, javaScript: String = ""): File {
        val home = jvms.resolve(name).toFile()
        File(home, "bin").mkdirs()
        mapOf("java" to javaScript, "javac" to "").forEach { (tool, script) ->
            File(home, "bin/$tool").apply { writeText("#!/bin/sh\n$script") }.setExecutable(true)
        }
        File(home, "release").writeText("JAVA_VERSION=\"$version\"\n")
        return home
    }

    /** Runs `bakeoff args` with [javaHome], under `.ci/without` when [without] names commands to hide from PATH. */
    private fun launch(
        javaHome: String,
        vararg args: String,
        without: String? = null,
        env: Map<String, String> = emptyMap(),
    ): Triple<Int, String, String> {
        val hide = if (without == null) emptyList() else listOf("bash", ".ci/without", without)
        val pb = ProcessBuilder(hide + listOf("bash", "bakeoff") + args).directory(File(System.getProperty("user.dir")))
        pb.environment()["JAVA_HOME"] = javaHome
        pb.environment()["BAKEOFF_JVM_DIRS"] = jvms.toString()
        pb.environment().putAll(env)
        val p = pb.start()
        val out = p.inputStream.bufferedReader().readText()
        val err = p.errorStream.bufferedReader().readText()
        return Triple(p.waitFor(), out, err)
    }

    @Test
    fun `a JAVA_HOME below 21 is passed over for the newest JDK 21+`() {
        val old = fakeJdk("jdk-17", "17.0.15")
        fakeJdk("jdk-21", "21.0.5")
        val newest = fakeJdk("jdk-25", "25.0.3")
        val (code, out, _) = launch(old.path, "jdk", "--home")
        assertEquals(0, code)
        assertEquals(newest.path, out.trim())
    }

    @Test
    fun `a qualifying JAVA_HOME wins`() {
        val home = fakeJdk("jdk-21", "21.0.5")
        fakeJdk("jdk-25", "25.0.3")
        assertEquals(home.path, launch(home.path, "jdk", "--home").second.trim())
    }

    @Test
    fun `no JDK 21+ is one clear error naming what was found`() {
        val old = fakeJdk("jdk-17", "17.0.15")
        val (code, _, err) = launch(old.path, "list")
        assertEquals(2, code)
        assertContains(err, "needs a JDK >= 21; found: JAVA_HOME=${old.path} (17) ${old.path} (17)")
    }

    /** The wrapper's cached Maven folders; skips the test (fails it under CI) rather than download Maven. */
    private fun cachedWrapperMaven(): File {
        val userHome = System.getenv("MAVEN_USER_HOME") ?: "${System.getProperty("user.home")}/.m2"
        val dists = File("$userHome/wrapper/dists/$mavenDist")
        if (dists.listFiles().orEmpty().none { File(it, "bin/mvn").canExecute() }) {
            val why = "$mavenDist is not in $dists yet (./bakeoff verify fetches it)"
            if (!System.getenv("CI").isNullOrEmpty()) fail("CI is set, so the wrapper test must run, but $why")
            assumeTrue(false, "wrapper test skipped: $why; under CI it fails instead")
        }
        return dists
    }

    @Test
    fun `with no mvn on PATH it runs the wrapper's Maven on the JDK it found`() {
        val dists = cachedWrapperMaven()
        val jdk = System.getProperty("java.home")
        // `-v` makes Maven print its version, home and JDK and stop before building anything.
        val (code, out, err) = launch(jdk, "verify", "-v", without = "mvn,mvnDebug")
        assertEquals(0, code, err)
        assertContains(out, "Maven home: ${dists.path}/")
        assertContains(out, "runtime: $jdk")
    }

    @Test
    fun `without unzip a first install of the wrapper's Maven is one clear error, before any download`() {
        val emptyHome = jvms.resolve("m2").toString()
        // A repository that does not exist: if the launcher let the wrapper try, it could not download either.
        val env = mapOf("MAVEN_USER_HOME" to emptyHome, "MVNW_REPOURL" to "file://$emptyHome/no-repository")
        val (code, _, err) = launch(System.getProperty("java.home"), "verify", without = "unzip", env = env)
        assertEquals(2, code, err)
        assertEquals(
            "bakeoff: needs unzip to install $mavenDist (its pinned SHA-256 is the .zip's); e.g. apt-get install unzip.",
            err.trim(),
        )
    }

    /** `.mvn/jvm.config`'s options, which Maven's bin/mvn gives its JVM for every build of this checkout. */
    private val mavenJvmOptions: List<String> = File(".mvn/jvm.config").readText().trim().split(Regex("\\s+"))

    @Test
    fun `Maven's JVM gets the Unsafe flag from jvm config on every JDK, the launcher's builds and a user's own mvnw alike`() {
        cachedWrapperMaven()
        // The fake java prints the command line Maven's bin/mvn gives it instead of running Maven.
        val printArgs = "echo \"java $*\"\n"
        for (version in listOf("21.0.5", "24.0.2")) {
            val jdk = fakeJdk("jdk-$version", version, printArgs)
            val (code, out, err) = launch(jdk.path, "verify", without = "mvn,mvnDebug", env = mapOf("MAVEN_OPTS" to ""))
            assertEquals(0, code, err)
            val line = out.lines().single { it.startsWith("java ") && "classworlds" in it }
            assertContains(line, mavenJvmOptions.joinToString(" "))
        }
    }

    @Test
    fun `jvm config's options start every JDK here, those that do not know the Unsafe flag included`() {
        // JDK 21 to 22 refuse to start with an option they do not know unless told to ignore it; JDK 24+ warn
        // about the Kotlin compiler's and Maven's own sun.misc.Unsafe calls without it.
        assertEquals(listOf("-XX:+IgnoreUnrecognizedVMOptions", "--sun-misc-unsafe-memory-access=allow"), mavenJvmOptions)
        val installed = File("/usr/lib/jvm").listFiles().orEmpty().filter { File(it, "bin/java").canExecute() }.map { it.path }
        val homes = (listOfNotNull(System.getProperty("java.home"), System.getenv("BAKEOFF_TEST_JDK21")) + installed).distinct()
        for (home in homes) {
            val p = ProcessBuilder(listOf("$home/bin/java") + mavenJvmOptions + "-version").redirectErrorStream(true).start()
            val out = p.inputStream.bufferedReader().readText()
            assertEquals(0, p.waitFor(), "$home refused $mavenJvmOptions: $out")
        }
    }

    /** The start of a fake java that answers `-version` as a JDK 25 does, before it does what the test needs. */
    private val answersVersion = "[ \"$1\" = -version ] && { echo 'openjdk version \"25.0.1\" 2025-10-21' >&2; exit 0; }\n"

    /** A copy of the launcher in a checkout that is already built (its stamp newer than its sources), so no Maven runs. */
    private fun builtCheckout(): File {
        val checkout = jvms.resolve("checkout").toFile()
        File(checkout, "bakeoff").apply { parentFile.mkdirs() }.writeText(File("bakeoff").readText())
        File(checkout, ".mvn/wrapper").mkdirs()
        File(".mvn/wrapper/maven-wrapper.properties").copyTo(File(checkout, ".mvn/wrapper/maven-wrapper.properties"))
        File(checkout, "src").mkdirs()
        File(checkout, "pom.xml").writeText("<project/>")
        File(checkout, "target").mkdirs()
        listOf("classpath.txt", "bakeoff.jar").forEach { File(checkout, "target/$it").writeText("") }
        File(checkout, "target/.bakeoff-built").apply { writeText("") }
            .setLastModified(System.currentTimeMillis() + 60_000)
        return checkout
    }

    @Test
    fun `the CLI gets the directory the command was run in, though the launcher runs from the checkout`() {
        val checkout = builtCheckout()
        val jdk = fakeJdk("jdk-25", "25.0.1", answersVersion + "echo \"java $*\"\n")
        val userDir = jvms.resolve("results/run").toFile().apply { mkdirs() }
        val p = ProcessBuilder("bash", File(checkout, "bakeoff").path, "report", "results.json")
            .directory(userDir)
            .apply { environment()["JAVA_HOME"] = jdk.path }
            .start()
        val out = p.inputStream.bufferedReader().readText()
        val err = p.errorStream.bufferedReader().readText()
        assertEquals(0, p.waitFor(), err)
        assertContains(out, "-Dbakeoff.cwd=${userDir.path} ")
        assertContains(out, "dev.bakeoff.cli.MainKt report results.json")
    }

    @Test
    fun `a java that exits 0 without running anything is refused, so that no command passes without running`() {
        val checkout = builtCheckout()
        val silent = fakeJdk("jdk-25", "25.0.1", "exit 0\n")
        for (args in listOf(listOf("check", "base"), listOf("run"))) {
            val p = ProcessBuilder(listOf("bash", File(checkout, "bakeoff").path) + args)
                .apply { environment()["JAVA_HOME"] = silent.path }
                .start()
            val err = p.errorStream.bufferedReader().readText()
            assertEquals(2, p.waitFor(), err)
            assertEquals("bakeoff: ${silent.path}/bin/java is not a working Java 25: `java -version` printed ''", err.trim())
        }
    }

    @Test
    fun `the database password reaches the CLI on a pipe, never in its environment or on its command line`() {
        val checkout = builtCheckout()
        // The fake java shows its command line, whether the variable is in its environment, and descriptor 3.
        val show = "echo \"java $*\"\necho \"env ${'$'}{BAKEOFF_JDBC_PASSWORD:-unset}\"\necho \"fd3 $(cat <&3)\"\n"
        val jdk = fakeJdk("jdk-25", "25.0.1", answersVersion + show)
        fun launch(vararg args: String, env: String?): List<String> {
            val p = ProcessBuilder(listOf("bash", File(checkout, "bakeoff").path) + args)
                .apply {
                    environment()["JAVA_HOME"] = jdk.path
                    environment().remove("BAKEOFF_JDBC_PASSWORD")
                    env?.let { environment()["BAKEOFF_JDBC_PASSWORD"] = it }
                }
                .start()
            val out = p.inputStream.bufferedReader().readText()
            val err = p.errorStream.bufferedReader().readText()
            assertEquals(0, p.waitFor(), err)
            return out.lines()
        }
        val given = launch("scenario", "order-status", "--jdbc-password", "opt-s3cret", "-n", "4", env = "env-s3cret")
        assertTrue("opt-s3cret" !in given[0] && "env-s3cret" !in given[0], given[0])
        assertContains(given[0], "-Dbakeoff.secret.jdbcPasswordFrom=option ")
        assertContains(given[0], "dev.bakeoff.cli.MainKt scenario order-status -n 4")
        assertEquals(listOf("env unset", "fd3 opt-s3cret"), given.drop(1).take(2))
        val ambient = launch("scenario", "order-status", "--jdbc-password=", env = null)
        assertEquals("fd3 ", ambient[2])
        val exported = launch("run", "-w", "lists", env = "env-s3cret")
        assertContains(exported[0], "-Dbakeoff.secret.jdbcPasswordFrom=env ")
        assertEquals(listOf("env unset", "fd3 env-s3cret"), exported.drop(1).take(2))
        val none = launch("run", env = null)
        assertTrue("bakeoff.secret" !in none[0], none[0])
    }
}
