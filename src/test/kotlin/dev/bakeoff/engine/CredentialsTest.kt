package dev.bakeoff.engine

import dev.bakeoff.engine.link.Credentials
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals

/** The credential masks, on the URL forms JDBC drivers accept. */
class CredentialsTest {
    @Test
    fun `passwords in parameters and user info are masked, the rest of the URL kept`() {
        assertEquals("jdbc:postgresql://db:5432/o?user=u&password=***&ssl=true", Credentials.masked("jdbc:postgresql://db:5432/o?user=u&password=p4ss&ssl=true"))
        assertEquals("jdbc:h2:mem:x;USER=sa;PASSWORD=***", Credentials.masked("jdbc:h2:mem:x;USER=sa;PASSWORD=p4ss"))
        assertEquals("jdbc:mysql://u:***@db/o", Credentials.masked("jdbc:mysql://u:p4ss@db/o"))
        assertEquals("jdbc:postgresql://localhost/bakeoff", Credentials.masked("jdbc:postgresql://localhost/bakeoff"))
    }

    @Test
    fun `a password holding a slash or an at sign, and Oracle's user slash password form, are masked whole`() {
        assertEquals("jdbc:postgresql://rtuser:***@127.0.0.1:1/db", Credentials.masked("jdbc:postgresql://rtuser:p/w@x@127.0.0.1:1/db"))
        assertEquals("jdbc:oracle:thin:scott/***@db:1521:orcl", Credentials.masked("jdbc:oracle:thin:scott/ti/ger@db:1521:orcl"))
        assertEquals("jdbc:postgresql://db:5432/o?mail=a@b", Credentials.masked("jdbc:postgresql://db:5432/o?mail=a@b"))
        assertEquals(true, Credentials.inUserInfo("jdbc:oracle:thin:scott/tiger@db:1521:orcl"))
        assertEquals(false, Credentials.inUserInfo("jdbc:postgresql://db:5432/o?user=u&password=p"))
    }
}
