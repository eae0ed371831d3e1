package dev.cardtable.accounts;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of {@code POST /api/account/password}.
 *
 * @param password        the new password: 8 to 256 characters (Unicode code points)
 * @param currentPassword the password it replaces: required when a password is set and the
 *                        request is signed in by a session; ignored with the player key
 */
@Schema(name = "SetPassword")
public record PasswordRequest(@Schema(required = true, minLength = 8, maxLength = 256) String password,
                              @Schema(maxLength = 256) String currentPassword) {
}
