package dev.bakeoff.model

/** Bad user input: an unknown id, an unknown parameter or an invalid value. The message names the valid choices. */
internal class CatalogException(message: String) : IllegalArgumentException(message)
