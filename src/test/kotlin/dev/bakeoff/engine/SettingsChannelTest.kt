package dev.bakeoff.engine

import dev.bakeoff.engine.link.ForkSettings
import dev.bakeoff.engine.link.SettingsChannel
import org.junit.jupiter.api.Test
import java.nio.file.Files
import kotlin.io.path.exists
import kotlin.io.path.isRegularFile
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNull
import kotlin.test.assertTrue

/**
 * A cell's settings reach its JVM over a socket, never through a file: while they are served no
 * file on disk holds the password (so a host killed with `kill -9` leaves none behind), every
 * connection reads them whole, and closing removes the socket and its folder.
 */
class SettingsChannelTest {
    @Test
    fun `settings are read whole, from no file, and nothing is left after close`() {
        val settings = mapOf("jdbc-url" to "jdbc:h2:mem:x", "jdbc-password" to "chan-s3cret=9 #!")
        val channel = checkNotNull(SettingsChannel.serve(settings))
        val folder = channel.socket.parent
        try {
            assertEquals(settings, SettingsChannel.read(channel.socket))
            assertEquals(settings, SettingsChannel.read(channel.socket), "a second JVM of the cell reads them too")
            val files = Files.list(folder).use { s -> s.toList() }
            assertEquals(listOf(channel.socket), files)
            assertFalse(channel.socket.isRegularFile(), "the socket is no file that could hold the password")
            assertEquals("rwx------", Files.getPosixFilePermissions(folder).let(java.nio.file.attribute.PosixFilePermissions::toString))
        } finally {
            channel.close()
        }
        assertFalse(folder.exists())
        assertTrue(ForkSettings(probeFile = null, traceWarmup = false).toProperties(null).keys.none { "settings" in it })
    }

    @Test
    fun `no settings, no channel`() {
        assertNull(SettingsChannel.serve(emptyMap()))
    }
}
