package dev.bakeoff.cli

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.io.File
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals

/** The bash launcher's JDK discovery, with fake JDK folders (a `release` file and an executable bin/javac). */
class LauncherTest {
    @TempDir
    lateinit var jvms: Path

    private fun fakeJdk(name: String, version: String): File {
        val home = jvms.resolve(name).toFile()
        File(home, "bin").mkdirs()
        listOf("java", "javac").forEach { File(home, "bin/$it").apply { writeText("#!/bin/sh\n") }.setExecutable(true) }
        File(home, "release").writeText("JAVA_VERSION=\"$version\"\n")
        return home
    }

    private fun launch(javaHome: String, vararg args: String): Triple<Int, String, String> {
        val pb = ProcessBuilder(listOf("bash", "bakeoff") + args).directory(File(System.getProperty("user.dir")))
        pb.environment()["JAVA_HOME"] = javaHome
        pb.environment()["BAKEOFF_JVM_DIRS"] = jvms.toString()
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
        val (code, out, _) = launch(old.path, "jdk")
        assertEquals(0, code)
        assertEquals(newest.path, out.trim())
    }

    @Test
    fun `a qualifying JAVA_HOME wins`() {
        val home = fakeJdk("jdk-21", "21.0.5")
        fakeJdk("jdk-25", "25.0.3")
        assertEquals(home.path, launch(home.path, "jdk").second.trim())
    }

    @Test
    fun `no JDK 21+ is one clear error naming what was found`() {
        val old = fakeJdk("jdk-17", "17.0.15")
        val (code, _, err) = launch(old.path, "list")
        assertEquals(2, code)
        assertContains(err, "needs a JDK >= 21; found: JAVA_HOME=${old.path} (17) ${old.path} (17)")
    }
}
