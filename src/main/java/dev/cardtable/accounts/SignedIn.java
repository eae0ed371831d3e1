package dev.cardtable.accounts;

/**
 * The answer to a sign-in: the player's registered name and the new session, whose token is in the
 * {@code Set-Cookie} header only.
 *
 * @param name    the registered name, as registered
 * @param session the session
 */
public record SignedIn(String name, SessionView session) {
}
