package dev.cardtable.accounts;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.util.Optional;

/**
 * Warns at start when no {@code quarkus.http.auth.session.encryption-key} is set
 * ({@code docs/operations.md}, "Settings"): the passkey ceremonies' challenge cookie is then
 * encrypted with a key made for this run alone, so a ceremony begun on one instance, or before a
 * restart, cannot be finished on another or after it. Quarkus's own warning of the same names the
 * temporary key itself; a key is a secret and logs are not, so that warning is switched off in
 * {@code application.properties} and this one, which names no key, is logged instead.
 */
@ApplicationScoped
public class PasskeyKeyCheck {

    private static final Logger LOG = Logger.getLogger(PasskeyKeyCheck.class);

    /** The warning's text, without any key. */
    public static final String WARNING = "no quarkus.http.auth.session.encryption-key is set: passkey ceremonies "
            + "can be finished only on the instance, and in the run, that began them; set one key, kept secret, "
            + "for every instance (docs/operations.md)";

    @ConfigProperty(name = "quarkus.http.auth.session.encryption-key")
    Optional<String> key;

    void check(@Observes StartupEvent event) {
        if (key.isEmpty() || key.get().isBlank()) {
            LOG.warn(WARNING);
        }
    }
}
