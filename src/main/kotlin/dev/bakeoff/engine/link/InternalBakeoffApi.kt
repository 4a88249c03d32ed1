package dev.bakeoff.engine.link

/**
 * Marks what is public only because Bakeoff's Java JMH entry points (`engine/jmh`, generated into
 * benchmark classes by JMH's annotation processor) must reach it. Not an API: it may change in any
 * release, and Kotlin code must opt in to use it, as with kotlinx.coroutines' `@InternalCoroutinesApi`.
 */
@RequiresOptIn(
    message = "Bakeoff's JMH entry points call this; it is not an API and may change at any time.",
    level = RequiresOptIn.Level.ERROR,
)
@Retention(AnnotationRetention.BINARY)
@Target(AnnotationTarget.CLASS)
public annotation class InternalBakeoffApi
