package dev.cardtable.support;

import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * A headless Chromium driven through Debian's {@code chromedriver}, for the web client's tests.
 * The binaries are {@code /usr/bin/chromium} and {@code /usr/bin/chromedriver} unless the system
 * properties {@code cardtable.chromium} / {@code cardtable.chromedriver} name others; both are
 * required, so a machine without them fails the tests with a message saying what to install
 * ({@code .ci/run} installs them). Selenium Manager is never asked to download a browser or a
 * driver: the driver's path is given explicitly.
 */
public final class Browser implements AutoCloseable {

    /** How long a wait for the page lasts before the test fails. */
    public static final Duration WAIT = Duration.ofSeconds(20);

    private final ChromeDriver driver;
    private final Path profile;
    private final boolean ownsProfile;

    private Browser(ChromeDriver driver, Path profile, boolean ownsProfile) {
        this.driver = driver;
        this.profile = profile;
        this.ownsProfile = ownsProfile;
    }

    /** Starts a fresh headless Chromium with its own throw-away profile, sized like a laptop window. */
    public static Browser start() {
        return start(1280, 900);
    }

    /** Starts a fresh headless Chromium whose window is {@code width} × {@code height} CSS pixels. */
    public static Browser start(int width, int height) {
        try {
            return start(width, height, Files.createTempDirectory("cardtable-chromium-"), true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Starts a headless Chromium on the profile folder {@code profile}, which outlives it: what the
     * pages store there (local storage, e.g. seat tokens) is there for the next browser started on it.
     */
    public static Browser withProfile(Path profile) {
        return start(1280, 900, profile, false);
    }

    private static Browser start(int width, int height, Path profile, boolean ownsProfile) {
        Path chromium = binary("cardtable.chromium", "/usr/bin/chromium");
        Path chromedriver = binary("cardtable.chromedriver", "/usr/bin/chromedriver");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-dev-shm-usage", "--window-size=" + width + "," + height,
                "--user-data-dir=" + profile);
        Path downloads = profile.resolve("downloads");
        options.setExperimentalOption("prefs", java.util.Map.of("download.default_directory", downloads.toString(),
                "download.prompt_for_download", false));
        if (width < 500) {
            // Chromium keeps a window at least 500 pixels wide: a phone's viewport is emulated instead.
            options.setExperimentalOption("mobileEmulation", java.util.Map.of("deviceMetrics",
                    java.util.Map.of("width", width, "height", height, "pixelRatio", 1.0, "touch", false)));
        }
        // The page's console (CSP violations are reported there) is read by consoleErrors().
        options.setCapability("goog:loggingPrefs", java.util.Map.of("browser", "ALL"));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(chromedriver.toFile())
                .usingAnyFreePort()
                .build();
        return new Browser(new ChromeDriver(service, options), profile, ownsProfile);
    }

    private static Path binary(String property, String fallback) {
        Path path = Path.of(System.getProperty(property, fallback));
        if (!Files.isExecutable(path)) {
            throw new IllegalStateException(path + " is missing: the web client's tests need Debian's "
                    + "chromium and chromium-driver (apt-get install -y chromium chromium-driver), or -D"
                    + property + "=<path>");
        }
        return path;
    }

    /** The folder the browser saves downloads in. */
    public Path downloads() {
        return profile.resolve("downloads");
    }

    /** The driver, for anything this class does not wrap. */
    public WebDriver driver() {
        return driver;
    }

    /** Opens {@code url}. */
    public Browser open(String url) {
        driver.get(url);
        return this;
    }

    /** Waits until {@code condition} gives a non-null, non-false value and returns it. */
    public <T> T await(Function<WebDriver, T> condition) {
        return new WebDriverWait(driver, WAIT).until(condition);
    }

    /** Waits until an element matching {@code css} is visible and returns it. */
    public WebElement visible(String css) {
        return await(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(css)));
    }

    /** Every element matching {@code css} now. */
    public List<WebElement> all(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    /** Waits until an element matching {@code css} is clickable, then clicks it. */
    public void click(String css) {
        await(ExpectedConditions.elementToBeClickable(By.cssSelector(css))).click();
    }

    /** The text of the first element matching {@code css}, once visible. */
    public String text(String css) {
        return visible(css).getText();
    }

    /** Runs {@code script} in the page and returns its result. */
    public Object script(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    /**
     * Saves a screenshot of the window as {@code target/screenshots/<name>.png}; with the system
     * property {@code cardtable.docs-screenshots=true} also as {@code docs/images/web-<name>.png}, the
     * pictures docs/web-client.md shows.
     */
    public Path screenshot(String name) {
        try {
            Path dir = Path.of("target", "screenshots");
            Files.createDirectories(dir);
            File shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
            Path target = dir.resolve(name + ".png");
            Files.copy(shot.toPath(), target, StandardCopyOption.REPLACE_EXISTING);
            if (Boolean.getBoolean("cardtable.docs-screenshots")) {
                Path docs = Path.of("docs", "images");
                Files.createDirectories(docs);
                Files.copy(shot.toPath(), docs.resolve("web-" + name + ".png"), StandardCopyOption.REPLACE_EXISTING);
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The page's console messages at level SEVERE since the last call (errors, failed requests,
     * Content-Security-Policy violations), each as its text.
     */
    public List<String> consoleErrors() {
        return driver.manage().logs().get(org.openqa.selenium.logging.LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= java.util.logging.Level.SEVERE.intValue())
                .map(org.openqa.selenium.logging.LogEntry::getMessage).toList();
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            if (ownsProfile) {
                try (Stream<Path> files = Files.walk(profile)) {
                    files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                } catch (IOException e) {
                    // A profile left behind in the temp directory harms nothing.
                }
            }
        }
    }
}
