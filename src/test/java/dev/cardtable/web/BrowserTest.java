package dev.cardtable.web;

import dev.cardtable.support.MovableClock;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;

/**
 * What every browser test class shares: the browser reads the wall clock, so the server's clock
 * ({@link MovableClock}, which other test classes move) is put back to system time before each test.
 */
abstract class BrowserTest {

    @Inject
    MovableClock clock;

    @BeforeEach
    void systemTime() {
        clock.reset();
    }
}
