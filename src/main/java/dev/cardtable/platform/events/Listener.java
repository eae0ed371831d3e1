package dev.cardtable.platform.events;


import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The instance's one listening connection to PostgreSQL (LISTEN/NOTIFY), shared by every
 * {@link Channel}: it LISTENs on each channel, hands each notification to its channel, reconnects
 * after a lost connection (telling every channel, so that it can catch up), and beats every
 * channel's heartbeat. Off when {@code cardtable.events.enabled=false}.
 *
 * <p>It connects with the datasource's URL, so behind a balancer that routes to the primary
 * (docs/cluster.md) it follows a failover: the old primary's connection is cut, the next one
 * reaches the new primary, and every channel catches up from the log. A reconnection is also
 * announced as a {@link Reconnected} event, inside the listening thread, before any channel
 * catches up: a copy kept of what the database held proves nothing once it may have changed.
 */
@ApplicationScoped
public class Listener {

    private static final Logger LOG = Logger.getLogger(Listener.class);

    /** The listening connection's {@code application_name}, so operators can tell it apart. */
    public static final String APPLICATION_NAME = "cardtable-listener";

    @Inject
    Instance<Channel> channels;

    @Inject
    Event<Reconnected> reconnected;

    @Inject
    EventsConfig config;

    @ConfigProperty(name = "quarkus.datasource.jdbc.url")
    String url;

    @ConfigProperty(name = "quarkus.datasource.username")
    Optional<String> username;

    @ConfigProperty(name = "quarkus.datasource.password")
    Optional<String> password;

    /** Set as soon as the JVM begins to exit, before the server's own stop; the database may stop first. */
    private static final AtomicBoolean EXITING = new AtomicBoolean();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> EXITING.set(true), "cardtable-exiting"));
    }

    private final ExecutorService dispatch = Executors.newVirtualThreadPerTaskExecutor();
    private Map<String, Channel> byName;
    private ScheduledExecutorService timer;
    private volatile boolean running;
    private Thread thread;

    void start(@Observes StartupEvent event) {
        if (!config.enabled()) {
            return;
        }
        byName = channels.stream().collect(Collectors.toMap(Channel::name, Function.identity()));
        running = true;
        thread = Thread.ofPlatform().daemon().name("cardtable-listen").start(this::listen);
        timer = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().daemon().name("cardtable-heartbeat").unstarted(r));
        long every = config.heartbeat().toMillis();
        timer.scheduleAtFixedRate(this::beat, every, every, TimeUnit.MILLISECONDS);
    }

    void stop(@Observes ShutdownEvent event) {
        running = false;
        if (timer != null) {
            timer.shutdownNow();
        }
        if (thread != null) {
            thread.interrupt();
        }
        dispatch.shutdownNow();
        // Rows a channel keeps for this instance (the watched games) expire by themselves; the
        // database may already be stopping with the server, so they are not deleted here.
    }

    /** Whether live events are served ({@code cardtable.events.enabled}). */
    public boolean enabled() {
        return config.enabled();
    }

    /** Runs {@code task} on a virtual thread of its own: sending to a subscriber may block. */
    public void dispatch(Runnable task) {
        dispatch.execute(task);
    }

    /** Runs {@code task} once after {@code delay}, on the heartbeat's thread; nothing when events are off. */
    public void later(Duration delay, Runnable task) {
        if (timer != null) {
            timer.schedule(task, delay.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void listen() {
        boolean first = true;
        while (running) {
            try (Connection c = DriverManager.getConnection(config.listenUrl().filter(u -> !u.isBlank()).orElse(url), connectionProperties());
                 Statement s = c.createStatement()) {
                for (String name : byName.keySet()) {
                    s.execute("LISTEN " + name);
                }
                if (!first) {
                    reconnected.fire(new Reconnected());
                    LOG.info("event listener reconnected; catching up from the log");
                }
                first = false;
                for (Channel channel : List.copyOf(byName.values())) {
                    channel.connected(c);
                }
                PGConnection pg = c.unwrap(PGConnection.class);
                while (running) {
                    PGNotification[] notes = pg.getNotifications(5_000);
                    if (notes == null) {
                        continue;
                    }
                    for (PGNotification n : notes) {
                        Channel channel = byName.get(n.getName());
                        if (channel != null) {
                            channel.receive(n.getParameter());
                        }
                    }
                }
            } catch (SQLException | RuntimeException e) {
                if (running) {
                    // On a normal stop the database may go before this server's stop reaches here:
                    // wait a moment before calling it a lost connection.
                    sleep(1_000);
                    if (running && !EXITING.get()) {
                        LOG.warn("event listener connection lost; reconnecting: " + e.getMessage());
                    }
                }
            }
        }
    }

    /** The datasource's user and password; named {@value #APPLICATION_NAME} in {@code pg_stat_activity}. */
    private Properties connectionProperties() {
        Properties p = new Properties();
        username.ifPresent(u -> p.setProperty("user", u));
        password.ifPresent(pw -> p.setProperty("password", pw));
        p.setProperty("ApplicationName", APPLICATION_NAME);
        return p;
    }

    private void beat() {
        for (Channel channel : byName.values()) {
            try {
                channel.heartbeat();
            } catch (RuntimeException e) {
                LOG.warn("heartbeat of " + channel.name() + " failed: " + e.getMessage());
            }
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
