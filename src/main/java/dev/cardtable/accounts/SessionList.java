package dev.cardtable.accounts;

import java.util.List;

/**
 * A player's unexpired sessions, newest first.
 *
 * @param items the sessions
 */
public record SessionList(List<SessionView> items) {
}
