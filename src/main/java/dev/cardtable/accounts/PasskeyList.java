package dev.cardtable.accounts;

import java.util.List;

/**
 * A player's passkeys, newest first.
 *
 * @param items the passkeys
 */
public record PasskeyList(List<PasskeyView> items) {
}
