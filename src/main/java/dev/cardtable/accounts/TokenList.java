package dev.cardtable.accounts;

import java.util.List;

/**
 * A player's unexpired tokens, newest first.
 *
 * @param items the tokens
 */
public record TokenList(List<TokenView> items) {
}
