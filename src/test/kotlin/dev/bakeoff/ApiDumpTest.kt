package dev.bakeoff

import org.junit.jupiter.api.Test
import java.lang.invoke.MethodType
import java.lang.reflect.Modifier
import java.nio.file.Files
import java.nio.file.Path
import kotlin.io.path.invariantSeparatorsPathString
import kotlin.io.path.readText
import kotlin.io.path.relativeTo
import kotlin.io.path.writeText
import kotlin.metadata.ClassKind
import kotlin.metadata.KmClass
import kotlin.metadata.KmDeclarationContainer
import kotlin.metadata.Visibility
import kotlin.metadata.isData
import kotlin.metadata.isVar
import kotlin.metadata.jvm.KotlinClassMetadata
import kotlin.metadata.jvm.getterSignature
import kotlin.metadata.jvm.signature
import kotlin.metadata.kind
import kotlin.metadata.modality
import kotlin.metadata.visibility
import kotlin.test.assertEquals
import kotlin.test.fail

/**
 * The public API, checked in as [DUMP] (as kotlinx.coroutines and clikt keep theirs with the Kotlin
 * binary-compatibility-validator): every public class of the compiled main classes and its public
 * and protected members, one sorted line each, with JVM descriptors, so that a change to what users
 * can call is a visible diff. Visibility is Kotlin's, read from each class's `@Metadata` (`internal`
 * is public in bytecode); Java classes (the JMH entry points) by their modifiers. JMH's generated
 * classes are not Bakeoff's API and are left out.
 */
class ApiDumpTest {
    @Test
    fun `the public API is the checked-in dump`() {
        val actual = dump()
        if (System.getProperty(UPDATE).toBoolean()) DUMP.writeText(actual.joinToString("\n", postfix = "\n"))
        val expected = if (Files.exists(DUMP)) DUMP.readText().lines().filter { it.isNotEmpty() } else emptyList()
        // The lines that differ, not two 700-line texts.
        val changes = (expected - actual.toSet()).map { "- $it" } + (actual - expected.toSet()).map { "+ $it" }
        if (changes.isNotEmpty()) {
            fail(
                "the public API changed (${changes.size} line(s)): if that is intended, regenerate $DUMP with " +
                    "./mvnw test -Dtest=ApiDumpTest -D$UPDATE=true and commit it\n" + changes.joinToString("\n"),
            )
        }
        assertEquals(expected, actual, "$DUMP is not sorted: regenerate it")
    }

    private fun dump(): List<String> {
        val names = Files.walk(CLASSES).use { paths ->
            paths.filter { it.toString().endsWith(".class") }
                .map { it.relativeTo(CLASSES).invariantSeparatorsPathString.removeSuffix(".class").replace('/', '.') }
                .filter { "jmh_generated" !in it }
                .toList()
        }
        val classes = names.map { Class.forName(it, false, javaClass.classLoader) }
        return classes.filter(::exposed).flatMap(::lines).sorted()
    }

    /** Whether [c] and every class around it can be named from outside the module. */
    private fun exposed(c: Class<*>): Boolean {
        if (c.isSynthetic || c.isAnonymousClass || c.isLocalClass) return false
        val public = when (val m = metadata(c)) {
            is KotlinClassMetadata.Class -> m.kmClass.visibility in API
            is KotlinClassMetadata.FileFacade -> true
            null -> Modifier.isPublic(c.modifiers)
            else -> false // lambdas, `when` mappings, interface default bodies: compiler plumbing
        }
        return public && (c.enclosingClass?.let(::exposed) ?: true)
    }

    private fun lines(c: Class<*>): List<String> {
        val owner = c.name
        return when (val m = metadata(c)) {
            is KotlinClassMetadata.Class -> classLines(owner, m.kmClass)
            is KotlinClassMetadata.FileFacade -> members(owner, m.kmPackage)
            else -> javaLines(owner, c)
        }
    }

    private fun classLines(owner: String, k: KmClass): List<String> {
        val data = if (k.isData) "data " else ""
        val kind = KINDS.getValue(k.kind)
        val head = "$owner: ${k.visibility.name.lowercase()} ${k.modality.name.lowercase()} $data$kind"
        val constructors = k.constructors.filter { it.visibility in API }
            .map { "$owner: ${it.visibility.name.lowercase()} constructor ${it.signature}" }
        val entries = k.enumEntries.map { "$owner: enum entry $it" }
        return listOf(head) + constructors + entries + members(owner, k)
    }

    private fun members(owner: String, k: KmDeclarationContainer): List<String> {
        val functions = k.functions.filter { it.visibility in API }
            .map { "$owner: ${it.visibility.name.lowercase()} fun ${it.signature}" }
        val properties = k.properties.filter { it.visibility in API }.map {
            val kind = if (it.isVar) "var" else "val"
            "$owner: ${it.visibility.name.lowercase()} $kind ${it.name} ${it.getterSignature?.descriptor.orEmpty()}"
        }
        return functions + properties
    }

    /** A Java class: its public constructors and the public methods it declares. */
    private fun javaLines(owner: String, c: Class<*>): List<String> {
        val constructors = c.declaredConstructors.filter { Modifier.isPublic(it.modifiers) && !it.isSynthetic }
            .map { "$owner: public constructor <init>${descriptor(Void.TYPE, it.parameterTypes)}" }
        val methods = c.declaredMethods.filter { Modifier.isPublic(it.modifiers) && !it.isSynthetic }
            .map { "$owner: public method ${it.name}${descriptor(it.returnType, it.parameterTypes)}" }
        return listOf("$owner: public java class") + constructors + methods
    }

    private fun descriptor(returns: Class<*>, parameters: Array<Class<*>>): String =
        MethodType.methodType(returns, parameters).toMethodDescriptorString()

    private fun metadata(c: Class<*>): KotlinClassMetadata? =
        c.getAnnotation(Metadata::class.java)?.let { KotlinClassMetadata.readLenient(it) }

    private companion object {
        /** Where `./mvnw test` compiled the main classes (the tests run in the checkout). */
        val CLASSES: Path = Path.of("target", "classes")

        val DUMP: Path = Path.of("api", "bakeoff.api")

        const val UPDATE = "bakeoff.updateApiDump"

        val API = setOf(Visibility.PUBLIC, Visibility.PROTECTED)

        val KINDS = mapOf(
            ClassKind.CLASS to "class",
            ClassKind.INTERFACE to "interface",
            ClassKind.ENUM_CLASS to "enum class",
            ClassKind.ENUM_ENTRY to "enum entry",
            ClassKind.ANNOTATION_CLASS to "annotation class",
            ClassKind.OBJECT to "object",
            ClassKind.COMPANION_OBJECT to "companion object",
        )
    }
}
