package dev.bakeoff.engine.lib

/**
 * One `--lib NAME=V1,V2` as given: the library [name], its Maven [module] (`group:artifact`) and the [versions]
 * asked for, in order. Nothing resolved yet ([resolve]). Immutable.
 */
internal data class LibRequest(val name: String, val module: String, val versions: List<String>) {
    /**
     * Every version's jars from [resolver], each version fitted to a fork of a JVM whose classpath is [host]
     * ([LibVersion.of]); a version that cannot be resolved throws [LibResolutionException], before anything runs.
     */
    fun resolve(resolver: LibResolver, host: List<String>): LibAxis =
        LibAxis(name, versions.map { LibVersion.of(name, it, module, resolver.resolve(module, it), host) })

    companion object {
        private val VERSION = Regex("""[0-9][A-Za-z0-9._-]*""")

        /**
         * `kotlinx-coroutines=1.9.0,1.11.0` with [known] the libraries by name (their Maven modules); anything else
         * throws [IllegalArgumentException] with a one-line reason that names what is valid.
         */
        fun parse(text: String, known: Map<String, String>): LibRequest {
            val name = text.substringBefore('=', "").trim()
            val versions = text.substringAfter('=', "").split(',').map(String::trim)
            val valid = "valid: NAME=V1,V2 with NAME one of ${known.keys.joinToString()}"
            require(name.isNotEmpty() && versions.all { VERSION.matches(it) }) { "--lib '$text'; $valid" }
            val module = requireNotNull(known[name]) { "--lib: unknown library '$name'; $valid" }
            require(versions.distinct().size == versions.size) { "--lib '$text' names a version twice" }
            return LibRequest(name, module, versions)
        }

        /** Several `--lib` options; each library once. */
        fun parseAll(texts: List<String>, known: Map<String, String>): List<LibRequest> {
            val requests = texts.map { parse(it, known) }
            requests.groupBy { it.name }.values.firstOrNull { it.size > 1 }?.let {
                throw IllegalArgumentException("--lib ${it.first().name} is given twice; give its versions in one")
            }
            return requests
        }
    }
}
