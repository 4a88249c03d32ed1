package dev.bakeoff.engine.link

import java.io.StringReader
import java.io.StringWriter
import java.net.StandardProtocolFamily
import java.net.UnixDomainSocketAddress
import java.nio.ByteBuffer
import java.nio.channels.Channels
import java.nio.channels.ClosedChannelException
import java.nio.channels.ServerSocketChannel
import java.nio.channels.SocketChannel
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.attribute.PosixFilePermissions
import java.util.Properties
import kotlin.io.path.deleteIfExists

/**
 * Hands a cell's settings (which may hold a password) to its measured JVM without writing them
 * anywhere: the host serves them on a Unix domain socket in an owner-only temporary folder, and
 * the JVM reads them once when it starts ([read]). Nothing on disk ever holds them, so a host
 * killed with `kill -9` leaves only an empty socket file behind, and nothing goes on a command line
 * (JMH copies a fork's command line into `jmh.json` and every cell log).
 *
 * Threading: one daemon thread answers every connection until [close]; [serve] and [close] are
 * called by the thread that runs the cell.
 */
internal class SettingsChannel private constructor(
    private val server: ServerSocketChannel,
    private val folder: Path,
    /** The socket the measured JVM connects to: `-Dbakeoff.settingsSocket`. */
    val socket: Path,
    private val payload: ByteArray,
) : AutoCloseable {
    private val answering = Thread.ofPlatform().daemon().name("bakeoff-settings").start(::answer)

    private fun answer() {
        try {
            while (true) server.accept().use { it.write(ByteBuffer.wrap(payload)) }
        } catch (_: ClosedChannelException) {
            // [close]: the cell is over.
        }
    }

    override fun close() {
        server.close()
        answering.join(JOIN_MILLIS)
        socket.deleteIfExists()
        folder.deleteIfExists()
    }

    companion object {
        private const val JOIN_MILLIS = 1_000L

        /** Serves [settings] until closed, or returns null when there are none. */
        fun serve(settings: Map<String, String>): SettingsChannel? {
            if (settings.isEmpty()) return null
            val owner = PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"))
            val folder = Files.createTempDirectory("bakeoff-", owner)
            val socket = folder.resolve("settings")
            val server = ServerSocketChannel.open(StandardProtocolFamily.UNIX).bind(UnixDomainSocketAddress.of(socket))
            val text = StringWriter().also { w -> Properties().apply { putAll(settings) }.store(w, null) }.toString()
            return SettingsChannel(server, folder, socket, text.toByteArray(Charsets.UTF_8))
        }

        /** The settings served on [socket], read by the measured JVM. */
        fun read(socket: Path): Map<String, String> {
            val text = SocketChannel.open(UnixDomainSocketAddress.of(socket)).use { channel ->
                Channels.newInputStream(channel).readBytes().toString(Charsets.UTF_8)
            }
            val properties = Properties().apply { load(StringReader(text)) }
            return properties.stringPropertyNames().associateWith(properties::getProperty)
        }
    }
}
