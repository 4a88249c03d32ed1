package dev.bakeoff.engine.lib

import java.nio.file.Files
import java.nio.file.Path
import java.security.MessageDigest
import java.util.jar.JarEntry
import java.util.jar.JarOutputStream

/**
 * A Maven repository in a folder, as Maven Central lays one out: small jars and their poms (with `.sha1`
 * checksums), for resolving without a network. [add] writes one artifact; [uri] is what a resolver is given.
 */
internal class LibRepositoryFixture(val root: Path) {
    val uri: String get() = root.toUri().toString()

    /** Writes `group:artifact:version`, its jar holding one [resource] file, depending on [dependencies] (g:a:v). */
    fun add(coordinates: String, resource: String = "marker.txt", dependencies: List<String> = emptyList()): Path {
        val (group, artifact, version) = coordinates.split(':')
        val dir = root.resolve(group.replace('.', '/')).resolve(artifact).resolve(version)
        Files.createDirectories(dir)
        val deps = dependencies.joinToString("") { d ->
            val (g, a, v) = d.split(':')
            "<dependency><groupId>$g</groupId><artifactId>$a</artifactId><version>$v</version></dependency>"
        }
        val pom = """<?xml version="1.0" encoding="UTF-8"?>
            |<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
            |<groupId>$group</groupId><artifactId>$artifact</artifactId><version>$version</version>
            |<dependencies>$deps</dependencies></project>
            |
        """.trimMargin()
        write(dir.resolve("$artifact-$version.pom"), pom.toByteArray())
        val jar = dir.resolve("$artifact-$version.jar")
        JarOutputStream(Files.newOutputStream(jar)).use { out ->
            out.putNextEntry(JarEntry(resource))
            out.write(coordinates.toByteArray())
            out.closeEntry()
        }
        write(jar, Files.readAllBytes(jar))
        return jar
    }

    private fun write(file: Path, bytes: ByteArray) {
        Files.write(file, bytes)
        val sha1 = MessageDigest.getInstance("SHA-1").digest(bytes).joinToString("") { "%02x".format(it) }
        Files.writeString(file.resolveSibling("${file.fileName}.sha1"), sha1)
    }
}
