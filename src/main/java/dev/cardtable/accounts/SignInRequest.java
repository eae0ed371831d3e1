package dev.cardtable.accounts;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of {@code POST /api/sessions}.
 *
 * @param name     the registered name (any case)
 * @param password its password
 */
@Schema(name = "SignIn")
public record SignInRequest(@Schema(required = true, examples = "alice", maxLength = 40) String name,
                            @Schema(required = true, maxLength = 256) String password) {
}
