package dev.bakeoff.result

import java.security.MessageDigest

/**
 * What tells machines apart in merged results: the processor model, its cores, the memory (in
 * whole GiB, so a few pages reserved by firmware do not split a machine), the OS, the
 * architecture and the JDK. Not the `--cpus` setting, the JDK's path or the harness figure, which
 * differ between runs of one machine and JDK. Stable across runs.
 */
public val Machine.fingerprint: String
    get() {
        val facts = listOf(cpuModel ?: "?", hostCores, memoryBytes / GIB, os, arch, jdkVendor, jdkVersion)
        val digest = MessageDigest.getInstance("SHA-256").digest(facts.joinToString("|").toByteArray())
        return digest.take(FINGERPRINT_BYTES).joinToString("") { "%02x".format(it) }
    }

/** How a report names the machine: `Intel Xeon, 16 cores, 32 GiB, Linux 6.8.0, JDK 21.0.5 (1a2b3c4d)`. */
public val Machine.label: String
    get() = listOfNotNull(
        cpuModel,
        "$hostCores cores",
        "${memoryBytes / GIB} GiB",
        os,
        "$jdkVendor $jdkVersion",
    ).joinToString(", ") + " ($fingerprint)"

private const val GIB = 1L shl 30
private const val FINGERPRINT_BYTES = 4
