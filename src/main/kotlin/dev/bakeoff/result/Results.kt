package dev.bakeoff.result

import kotlinx.serialization.Serializable

/**
 * Everything one `bakeoff run` produced: the machine, the preset and one [CellResult] per cell.
 * Serialised as `results.json` (schema in docs/RESULTS.md); [SCHEMA_VERSION] changes whenever a
 * field changes meaning or is removed.
 */
@Serializable
public class Results(
    public val schemaVersion: Int = SCHEMA_VERSION,
    public val bakeoffVersion: String,
    public val createdAt: String,
    /** False while the run is still going (results are written after every cell) or was interrupted. */
    public val complete: Boolean,
    public val machine: Machine,
    public val preset: PresetInfo,
    public val cells: List<CellResult>,
    /**
     * The decision of every group of [cells] that has a ranked cell (docs/RESULTS.md, "Deciding a
     * group"); null in files written before groups were recorded, whose readers decide them.
     */
    public val groups: List<GroupResult>? = null,
    /**
     * The JDKs a several-JDK run (`--jdk 21,25`) measured every cell on, in run order; null when it
     * ran on one ([machine] describes it). The first is the one [machine] describes.
     */
    public val jdks: List<JdkInfo>? = null,
    /**
     * A merged file's machines by fingerprint ([Machine.fingerprint]; every cell names its own in
     * [CellResult.machine]); null for one machine's run, whose cells all ran on [machine].
     */
    public val machines: Map<String, Machine>? = null,
    /** `bakeoff load` and `bakeoff capacity`: one [LoadResult] per strategy x workload x rate; null for a batch run. */
    public val load: List<LoadResult>? = null,
    /** `bakeoff capacity`: each strategy's capacity at the objective, its points in [load]; null otherwise. */
    public val capacity: List<CapacityResult>? = null,
    /** `bakeoff footprint`: what one waiting task keeps, per strategy and stack depth; null otherwise. */
    public val footprint: List<FootprintResult>? = null,
    /**
     * The library versions a several-version run (`--lib`) measured every cell on, each with the jars its forks
     * loaded; null without `--lib`.
     */
    public val libs: List<LibInfo>? = null,
) : ResultValue() {
    override val fields
        get() = listOf(
            ::schemaVersion, ::bakeoffVersion, ::createdAt, ::complete, ::machine, ::preset, ::cells, ::groups, ::jdks,
            ::machines, ::load, ::capacity, ::footprint, ::libs,
        )

    /** This value with the given properties replaced: the module's own `copy`, not public API. */
    internal fun copy(
        schemaVersion: Int = this.schemaVersion,
        bakeoffVersion: String = this.bakeoffVersion,
        createdAt: String = this.createdAt,
        complete: Boolean = this.complete,
        machine: Machine = this.machine,
        preset: PresetInfo = this.preset,
        cells: List<CellResult> = this.cells,
        groups: List<GroupResult>? = this.groups,
        jdks: List<JdkInfo>? = this.jdks,
        machines: Map<String, Machine>? = this.machines,
        load: List<LoadResult>? = this.load,
        capacity: List<CapacityResult>? = this.capacity,
        footprint: List<FootprintResult>? = this.footprint,
        libs: List<LibInfo>? = this.libs,
    ): Results = Results(
        schemaVersion, bakeoffVersion, createdAt, complete, machine, preset, cells, groups, jdks, machines, load,
        capacity, footprint, libs,
    )

    public companion object {
        public const val SCHEMA_VERSION: Int = 1
    }
}

/** The machine and JDK a run measured on, as the measured JVMs saw them. Immutable. */
@Serializable
public class Machine(
    /** Processors the measured JVMs saw (after any `--cpus`). */
    public val cores: Int,
    /** Processors of the machine itself. */
    public val hostCores: Int,
    public val memoryBytes: Long,
    public val os: String,
    public val arch: String,
    public val jdkVendor: String,
    public val jdkVersion: String,
    public val jvmName: String,
    public val jdkHome: String,
    public val libraries: Map<String, String>,
    /** Residual cost per item of Bakeoff's own measured path, in ns (null: not measured). */
    public val harnessNsPerItem: Double? = null,
    /** The processor's model name (Linux `/proc/cpuinfo`); null where the platform does not say. */
    public val cpuModel: String? = null,
) : ResultValue() {
    override val fields
        get() = listOf(
            ::cores, ::hostCores, ::memoryBytes, ::os, ::arch, ::jdkVendor, ::jdkVersion, ::jvmName, ::jdkHome,
            ::libraries, ::harnessNsPerItem, ::cpuModel,
        )

    /** This value with the given properties replaced: the module's own `copy`, not public API. */
    internal fun copy(
        cores: Int = this.cores,
        hostCores: Int = this.hostCores,
        memoryBytes: Long = this.memoryBytes,
        os: String = this.os,
        arch: String = this.arch,
        jdkVendor: String = this.jdkVendor,
        jdkVersion: String = this.jdkVersion,
        jvmName: String = this.jvmName,
        jdkHome: String = this.jdkHome,
        libraries: Map<String, String> = this.libraries,
        harnessNsPerItem: Double? = this.harnessNsPerItem,
        cpuModel: String? = this.cpuModel,
    ): Machine = Machine(
        cores, hostCores, memoryBytes, os, arch, jdkVendor, jdkVersion, jvmName, jdkHome, libraries, harnessNsPerItem,
        cpuModel,
    )
}

/** The preset a run used: its [id], forks per cell and summary, and the margin and looks it decided with. Immutable. */
@Serializable
public class PresetInfo(
    public val id: String,
    public val forks: Int,
    public val summary: String,
    /** The practical margin the run decided with (`--margin`, 0.05: 5%); null in files written before it was set. */
    public val margin: Double? = null,
    /**
     * The looks the run took at each group and spent its error rate on: a race's, one fewer than the forks
     * it gave a cell at most; 1 for a fixed plan. Null in files written before a race's budget set them (5).
     */
    public val looks: Int? = null,
) : ResultValue() {
    override val fields get() = listOf(::id, ::forks, ::summary, ::margin, ::looks)
}

/**
 * One JDK of a several-JDK run: its [version] (the label cells carry), [vendor], [home] and [runtime], the
 * full version its machine would record ([Machine.jdkVersion]), so a merge can name the machine each cell
 * ran on ([Machine.fingerprint] holds the JDK); null in files written before it was recorded. Immutable.
 */
@Serializable
public class JdkInfo(
    public val version: String,
    public val vendor: String,
    public val home: String,
    public val runtime: String? = null,
) : ResultValue() {
    override val fields get() = listOf(::version, ::vendor, ::home, ::runtime)
}

/**
 * One version of one library in a several-version run (`--lib NAME=V1,V2`): its [name] (as
 * `machine.libraries` names it), the [version] cells carry ([CellResult.lib]) and the [jars] its forks
 * loaded in place of Bakeoff's own. Immutable.
 */
@Serializable
public class LibInfo(
    public val name: String,
    public val version: String,
    public val jars: List<JarInfo>,
) : ResultValue() {
    override val fields get() = listOf(::name, ::version, ::jars)
}

/**
 * One jar of a [LibInfo]: its Maven [coordinates] (`group:artifact:version`) and the [sha256] of its bytes.
 * Immutable.
 */
@Serializable
public class JarInfo(public val coordinates: String, public val sha256: String) : ResultValue() {
    override val fields get() = listOf(::coordinates, ::sha256)
}
