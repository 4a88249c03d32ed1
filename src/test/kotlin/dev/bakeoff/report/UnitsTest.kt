package dev.bakeoff.report

import dev.bakeoff.wording.Units
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals

class UnitsTest {
    @Test
    fun `durations take three significant digits and the largest unit, in both locales`() {
        val expected = mapOf(
            0.0 to "0 ns",
            0.5 to "0.500 ns",
            850.0 to "850 ns",
            999.7 to "1.00 µs",
            12_345.0 to "12.3 µs",
            1_234_567.0 to "1.23 ms",
            99_800_000.0 to "99.8 ms",
            4_950_000_000.0 to "4.95 s",
            1_234_000_000_000.0 to "1230 s",
        )
        for (locale in Golden.LOCALES) {
            Golden.inLocale(locale) { assertEquals(expected, expected.mapValues { (ns, _) -> Units.nanos(ns) }, "$locale") }
        }
    }

    @Test
    fun `bytes use binary units, whole bytes below 1 KiB, in both locales`() {
        val expected = mapOf(
            0.02 to "0 B",
            512.0 to "512 B",
            1023.7 to "1.00 KiB",
            1536.0 to "1.50 KiB",
            12.0 * 1024 * 1024 to "12.0 MiB",
            34_359_738_368.0 to "32.0 GiB",
        )
        for (locale in Golden.LOCALES) {
            Golden.inLocale(locale) { assertEquals(expected, expected.mapValues { (b, _) -> Units.bytes(b) }, "$locale") }
        }
    }

    @Test
    fun `figures below 0_001 take an exponent instead of a run of zeros`() {
        assertEquals(listOf("0.00123", "1.23e-4", "6.09e-5", "4.38e-6"), listOf(0.00123, 0.000123, 0.0000609, 0.00000438).map(Units::sig3))
    }

    @Test
    fun `ratios keep three significant digits`() {
        assertEquals(listOf("1.00", "1.88", "0.0202", "49.6", "153", "1230"), listOf(1.0, 1.882, 0.02016, 49.598, 153.4, 1234.0).map(Units::ratio))
    }
}
