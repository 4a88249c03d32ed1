package dev.bakeoff.engine

import dev.bakeoff.engine.session.ResultsFolder
import dev.bakeoff.engine.session.ResultsFolderException
import dev.bakeoff.engine.session.RunSession
import dev.bakeoff.report.ResultsFixture
import dev.bakeoff.result.Results
import dev.bakeoff.result.ResultsManifest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import kotlin.io.path.exists
import kotlin.io.path.writeText
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue
import kotlin.test.fail

/**
 * The one session every front end runs in, without a fork: it claims the folder before the run, is
 * the writer of `jmh.json` and the sink of the report files, and records what it writes in the manifest.
 */
class RunSessionTest {
    @TempDir
    lateinit var tmp: Path

    private val naming = ResultsFolder.Naming("--out", "--force")

    @Test
    fun `a session claims a new folder, hands results to the report sink and records jmh_json`() {
        val dir = tmp.resolve("run")
        val reported = mutableListOf<Results>()
        val written = RunSession.open({ dir }, false, naming, { { r -> reported += r } }) { s ->
            assertTrue(dir.resolve(ResultsManifest.FILE).exists(), "the folder is claimed before the run")
            s.results(ResultsFixture.results())
            s.jmh(emptyList())
            s.cellsWritten
        }
        assertEquals(ResultsFixture.results().cells.size, written)
        assertEquals(1, reported.size)
        assertTrue(ResultsManifest.recorded(dir.resolve(RunSession.JMH_JSON)), "jmh.json is in the manifest")
    }

    @Test
    fun `a folder that is not Bakeoff's is refused before the run, even with force`() {
        val dir = tmp.resolve("mine").also { it.toFile().mkdirs() }
        dir.resolve("notes.txt").writeText("mine")
        val e = assertFailsWith<ResultsFolderException> {
            RunSession.open({ dir }, true, naming, { {} }) { fail("a refused folder ran") }
        }
        assertContains(e.message!!, "--out $dir is not empty; give a new or empty directory (--force clears only Bakeoff's own)")
        assertEquals(listOf("notes.txt"), dir.toFile().list()!!.toList())
    }
}
