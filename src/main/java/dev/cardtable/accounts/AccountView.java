package dev.cardtable.accounts;

import java.time.Instant;

/**
 * Who a request is signed in as ({@code GET /api/account}).
 *
 * @param name      the registered name, as registered
 * @param createdAt when it was registered
 */
public record AccountView(String name, Instant createdAt) {
}
