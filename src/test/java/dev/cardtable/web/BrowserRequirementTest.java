package dev.cardtable.web;

import dev.cardtable.support.Browser;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Without a Chromium the browser tests fail and say what to install; they never skip. */
class BrowserRequirementTest {

    @Test
    void aMissingChromiumFailsWithWhatToInstall() {
        String before = System.getProperty("cardtable.chromium");
        System.setProperty("cardtable.chromium", "/nonexistent/chromium");
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class, Browser::start);
            assertTrue(e.getMessage().contains("/nonexistent/chromium is missing"), e.getMessage());
            assertTrue(e.getMessage().contains("apt-get install -y chromium chromium-driver"), e.getMessage());
        } finally {
            if (before == null) {
                System.clearProperty("cardtable.chromium");
            } else {
                System.setProperty("cardtable.chromium", before);
            }
        }
    }
}
