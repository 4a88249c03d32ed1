package dev.bakeoff

import com.lemonappdev.konsist.api.Konsist
import com.lemonappdev.konsist.api.declaration.combined.KoClassAndInterfaceAndObjectDeclaration
import com.lemonappdev.konsist.api.provider.modifier.KoCompanionModifierProvider
import com.lemonappdev.konsist.api.provider.modifier.KoDataModifierProvider
import com.lemonappdev.konsist.api.provider.modifier.KoVisibilityModifierProvider
import org.junit.jupiter.api.Test
import java.nio.file.Paths
import kotlin.test.assertEquals

/**
 * What the public types of the main code promise a user: each says in KDoc what it is, and the
 * public classes of the results schema, the library API and the reports are no data classes, whose
 * `copy` and `componentN` would break binary compatibility whenever a field is added (they extend
 * `ResultValue` instead).
 */
class PublicTypesTest {
    @Test
    fun `every public type of the main code has KDoc`() {
        val bare = publicTypes().filterNot { it.hasKDoc }.map { it.location.substringAfter("src/main/kotlin/") }
        assertEquals(emptyList(), bare, "public types without KDoc: say what each is, and whether it is immutable")
    }

    @Test
    fun `no public class of the results schema, the API or the reports is a data class`() {
        val data = publicTypes().filter { it.packagee?.name in PACKAGES && isData(it) }.map { it.name }
        assertEquals(emptyList(), data, "a public data class exposes copy and componentN: extend ResultValue")
    }

    /** Public classes, interfaces and objects whose every enclosing type is public too; companions left out. */
    private fun publicTypes(): List<KoClassAndInterfaceAndObjectDeclaration> {
        val scope = Konsist.scopeFromExternalDirectory(Paths.get("src/main/kotlin").toAbsolutePath().toString())
        val types = scope.classesAndInterfacesAndObjects(includeNested = true, includeLocal = false)
        // Konsist must tell a data class and a companion, or both tests would pass on anything.
        check(types.any { it.name == "CellKey" && isData(it) }) { "Konsist did not see CellKey as a data class" }
        check(types.any(::isCompanion)) { "Konsist saw no companion object" }
        return types.filter { t -> !isCompanion(t) && public(t) }
    }

    private fun isData(type: Any) = (type as? KoDataModifierProvider)?.hasDataModifier == true

    private fun isCompanion(type: Any) = (type as? KoCompanionModifierProvider)?.hasCompanionModifier == true

    private fun public(declaration: Any?): Boolean = when (declaration) {
        is KoClassAndInterfaceAndObjectDeclaration ->
            declaration.hasPublicModifier && public(declaration.containingDeclaration)

        is KoVisibilityModifierProvider -> declaration.hasPublicModifier

        else -> true // the file
    }

    private companion object {
        val PACKAGES = setOf("dev.bakeoff.result", "dev.bakeoff.api", "dev.bakeoff.report")
    }
}
