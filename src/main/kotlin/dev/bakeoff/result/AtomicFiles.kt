package dev.bakeoff.result

import java.io.OutputStream
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardCopyOption.ATOMIC_MOVE
import java.nio.file.StandardCopyOption.REPLACE_EXISTING

/**
 * Replaces [target] with what [write] puts in a sibling temporary file, in one atomic move, so a
 * reader never sees half a file. The temporary name is fixed (one writer per file), which keeps
 * the umask's permissions; `createTempFile` would make the file owner-only.
 */
internal fun replaceAtomically(target: Path, write: (OutputStream) -> Unit) {
    val temp = target.resolveSibling(".${target.fileName}.tmp")
    try {
        Files.newOutputStream(temp).use(write)
        Files.move(temp, target, ATOMIC_MOVE, REPLACE_EXISTING)
    } finally {
        Files.deleteIfExists(temp)
    }
}
