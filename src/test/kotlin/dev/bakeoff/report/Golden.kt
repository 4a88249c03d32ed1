package dev.bakeoff.report

import java.nio.file.Files
import java.nio.file.Path
import java.util.Locale
import kotlin.test.assertEquals

/**
 * Golden files live in src/test/resources/golden/ and are compared exactly. After an intended
 * format change, regenerate them and review the diff:
 *
 *     mvn verify -Dtest='dev.bakeoff.report.**' -Dbakeoff.updateGolden=true
 */
object Golden {
    private val DIR: Path = Path.of("src", "test", "resources", "golden")
    private val update = System.getProperty("bakeoff.updateGolden").toBoolean()

    /** Asserts that [actual] equals the golden file [name], or rewrites it when updating. */
    fun check(name: String, actual: String) {
        val file = DIR.resolve(name)
        if (update) {
            Files.createDirectories(DIR)
            Files.writeString(file, actual)
            return
        }
        check(Files.exists(file)) { "missing golden file $file; create it with -Dbakeoff.updateGolden=true" }
        assertEquals(Files.readString(file), actual, "$name differs from its golden file (regenerate with -Dbakeoff.updateGolden=true if intended)")
    }

    /** Runs [block] with [locale] as the default locale, restoring the previous one after. */
    fun <T> inLocale(locale: Locale, block: () -> T): T {
        val saved = Locale.getDefault()
        Locale.setDefault(locale)
        try {
            return block()
        } finally {
            Locale.setDefault(saved)
        }
    }

    /** The two locales every format is checked under: a comma decimal separator and a point one. */
    val LOCALES = listOf(Locale.GERMANY, Locale.US)
}
