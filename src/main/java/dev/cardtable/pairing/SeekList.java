package dev.cardtable.pairing;

import dev.cardtable.platform.Published;

import java.util.List;

/**
 * A player's open seeks ({@code GET /api/seeks}), oldest first.
 *
 * @param items the seeks
 */
@Published
public record SeekList(List<SeekView> items) {
}
