package dev.cardtable.accounts;

import io.quarkus.security.webauthn.WebAuthnCredentialRecord;
import io.quarkus.security.webauthn.WebAuthnUserProvider;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.List;

/**
 * Where {@code quarkus-security-webauthn} finds passkeys ({@code docs/api.md}, "Accounts and
 * sessions"): a WebAuthn user name is a registered name, as registered. Reads run on a worker
 * thread, never on the event loop. Storing and counting are done by {@link Accounts} itself, which
 * calls the registration and sign-in ceremonies; the extension's own endpoints are off.
 */
@Singleton
public class Passkeys implements WebAuthnUserProvider {

    @Inject
    PasskeyStore store;

    @Override
    public Uni<List<WebAuthnCredentialRecord>> findByUsername(String name) {
        return Uni.createFrom().item(() -> store.byName(name)).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    @Override
    public Uni<WebAuthnCredentialRecord> findByCredentialId(String id) {
        return Uni.createFrom().item(() -> store.byId(id).orElse(null))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .onItem().ifNull().failWith(() -> new IllegalArgumentException("no such passkey"));
    }
}
