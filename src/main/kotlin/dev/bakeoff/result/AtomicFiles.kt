package dev.bakeoff.result

import java.io.OutputStream
import java.nio.file.FileSystemException
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardCopyOption.ATOMIC_MOVE
import java.nio.file.StandardCopyOption.REPLACE_EXISTING
import java.nio.file.StandardOpenOption.CREATE_NEW
import java.nio.file.StandardOpenOption.WRITE
import java.security.SecureRandom
import java.util.HexFormat

/** What every temporary file of [replaceAtomically] ends with: `.results.json.<random>.tmp`. */
internal const val TEMP_SUFFIX = ".tmp"

private val random = SecureRandom()

/**
 * Replaces [target] with what [write] puts in a sibling temporary file, in one atomic move, so a
 * reader never sees half a file. The temporary file has a random name and is created new
 * (`CREATE_NEW`, which never opens a file or link someone left there) with the umask's permissions;
 * the move replaces a directory entry, so it never writes through a link. A [target] that is a
 * symbolic link is refused ([FileSystemException]): nobody but the user put it there, and replacing
 * it would lose it. [target] is recorded first in its results folder's [ResultsManifest], if any.
 */
internal fun replaceAtomically(target: Path, write: (OutputStream) -> Unit) {
    if (Files.isSymbolicLink(target)) {
        throw FileSystemException("$target", null, "is a symbolic link; Bakeoff writes no file through a link")
    }
    ResultsManifest.record(target)
    val token = HexFormat.of().formatHex(ByteArray(8).also(random::nextBytes))
    val temp = target.resolveSibling(".${target.fileName}.$token$TEMP_SUFFIX")
    try {
        Files.newOutputStream(temp, CREATE_NEW, WRITE).use(write)
        Files.move(temp, target, ATOMIC_MOVE, REPLACE_EXISTING)
    } finally {
        Files.deleteIfExists(temp)
    }
}
