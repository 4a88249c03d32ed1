package dev.bakeoff.api

import dev.bakeoff.model.Workload
import java.nio.file.Files
import java.nio.file.Path
import javax.tools.ToolProvider
import kotlin.test.assertEquals

/** Compiles `outside.Doubler` (a Java [Workload]) under [tmp], into a directory that is not on this JVM's classpath. */
internal fun compileOutsideTask(tmp: Path): Path {
    val src = tmp.resolve("src/outside").also { Files.createDirectories(it) }.resolve("Doubler.java")
    Files.writeString(src, "package outside;\npublic class Doubler implements dev.bakeoff.model.Workload {\n    public int run(int seed) { return seed * 2; }\n}\n")
    val classes = tmp.resolve("classes").also { Files.createDirectories(it) }
    val bakeoffClasses = Path.of(Workload::class.java.protectionDomain.codeSource.location.toURI())
    val kotlinStdlib = Path.of(Unit::class.java.protectionDomain.codeSource.location.toURI())
    val cp = listOf(bakeoffClasses, kotlinStdlib).joinToString(java.io.File.pathSeparator)
    val status = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-cp", cp, "-d", "$classes", "$src")
    assertEquals(0, status, "javac of the outside task")
    return classes
}
