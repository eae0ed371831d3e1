package dev.cardtable.platform.http;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.io.IOContext;
import com.fasterxml.jackson.core.io.InputDecorator;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.FilterReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;

/**
 * Refuses, as the JSON text is read, every string or object key that PostgreSQL could not store
 * exactly as sent: one containing U+0000 (written {@code \u0000}), or an unpaired UTF-16
 * surrogate (a lone {@code \uD800}–{@code \uDFFF} escape, or a surrogate encoded directly in
 * UTF-8). A body that is not UTF-8 (RFC 8259, section 8.1) is refused too: its zero bytes would
 * be U+0000. So is a string holding a byte sequence that RFC 3629 (section 4) forbids but a
 * lenient decoder would still turn into a character: an overlong form ({@code C0 AF} for
 * {@code /}, {@code C0 80} for U+0000, {@code E0 80..9F}, {@code F0 80..8F}), a code point above
 * U+10FFFF ({@code F4 90..BF}, {@code F5}–{@code FF}); the text would otherwise be stored altered. The check sits under the parser, so it covers every string of every body, whatever
 * type it is read into (records, maps, lists, untyped values, trees).
 *
 * <p>Installed on the request mapper only ({@link RequestJson}); the failure is an
 * {@link UnstorableText}, which {@link ProblemMapper} answers with {@code malformed-request}.
 */
public final class JsonTextGuard extends InputDecorator {

    /** A string or key of the body that cannot be stored exactly as sent. */
    public static final class UnstorableText extends JsonParseException {
        UnstorableText(String message) {
            super(null, message);
        }
    }

    @Override
    public InputStream decorate(IOContext ctxt, InputStream in) {
        return new GuardedStream(in);
    }

    @Override
    public InputStream decorate(IOContext ctxt, byte[] src, int offset, int length) {
        return new GuardedStream(new ByteArrayInputStream(src, offset, length));
    }

    @Override
    public Reader decorate(IOContext ctxt, Reader r) {
        return new GuardedReader(r);
    }

    /** The lexical states shared by both scanners: outside strings, inside, after a backslash, in a {@code \\u} escape. */
    private enum State { OUT, IN, ESCAPE, HEX, AFTER_LEAD }

    /**
     * Tracks the UTF-16 code units a string decodes to: U+0000 is refused, a high surrogate must
     * be followed at once by a low one, and a low one must follow a high one.
     */
    private abstract static class Scanner {
        State state = State.OUT;
        boolean pendingHigh;
        int hexDigits;
        int hexValue;
        long position;

        void unit(int u) throws UnstorableText {
            if (pendingHigh) {
                if (!Character.isLowSurrogate((char) u)) {
                    throw unpaired();
                }
                pendingHigh = false;
            } else if (u == 0) {
                throw new UnstorableText("a string contains U+0000, which cannot be stored (" + where() + ")");
            } else if (Character.isHighSurrogate((char) u)) {
                pendingHigh = true;
            } else if (Character.isLowSurrogate((char) u)) {
                throw unpaired();
            }
        }

        /** Handles the character after a backslash. */
        void escape(int c) throws UnstorableText {
            if (c == 'u') {
                state = State.HEX;
                hexDigits = 0;
                hexValue = 0;
            } else {
                state = State.IN;
                if (pendingHigh) {
                    throw unpaired();
                }
            }
        }

        void hex(int c) throws UnstorableText {
            int d = Character.digit(c, 16);
            if (d < 0) {
                state = State.IN; // not JSON; the parser reports it
                return;
            }
            hexValue = hexValue * 16 + d;
            if (++hexDigits == 4) {
                state = State.IN;
                unit(hexValue);
            }
        }

        void endOfString() throws UnstorableText {
            if (pendingHigh) {
                throw unpaired();
            }
            state = State.OUT;
        }

        UnstorableText unpaired() {
            return new UnstorableText("a string contains an unpaired UTF-16 surrogate, which cannot be stored ("
                    + where() + ")");
        }

        abstract String where();
    }

    /** UTF-8 bytes. */
    private static final class GuardedStream extends FilterInputStream {
        private final Scanner scan = new Scanner() {
            @Override
            String where() {
                return "byte " + position;
            }
        };
        /** The leading byte whose successor {@link State#AFTER_LEAD} checks. */
        private int lead;

        GuardedStream(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                check(b);
            }
            return b;
        }

        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
            int n = super.read(buf, off, len);
            for (int i = 0; i < n; i++) {
                check(buf[off + i] & 0xFF);
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = 0;
            while (skipped < n && read() >= 0) {
                skipped++;
            }
            return skipped;
        }

        @Override
        public boolean markSupported() {
            return false;
        }

        private void check(int b) throws UnstorableText {
            scan.position++;
            if (b == 0) {
                throw new UnstorableText("the body must be UTF-8 JSON; it has a zero byte (byte " + scan.position + ")");
            }
            switch (scan.state) {
                case OUT -> {
                    if (b == '"') {
                        scan.state = State.IN;
                    }
                }
                case AFTER_LEAD -> {
                    if (lead == 0xED && b >= 0xA0 && b <= 0xBF) {
                        // ED A0..BF xx encodes U+D800..U+DFFF: a surrogate, which UTF-8 may not carry.
                        throw scan.unpaired();
                    }
                    if (lead == 0xE0 && b >= 0x80 && b <= 0x9F || lead == 0xF0 && b >= 0x80 && b <= 0x8F
                            || lead == 0xF4 && b >= 0x90 && b <= 0xBF) {
                        throw notUtf8();
                    }
                    scan.state = State.IN;
                    inString(b);
                }
                case IN -> inString(b);
                case ESCAPE -> scan.escape(b);
                case HEX -> scan.hex(b);
            }
        }

        private void inString(int b) throws UnstorableText {
            if (b == '\\') {
                scan.state = State.ESCAPE;
                return;
            }
            if (scan.pendingHigh) {
                // Only a \\u escape can supply the low surrogate a high one needs.
                throw scan.unpaired();
            }
            if (b == '"') {
                scan.endOfString();
            } else if (b == 0xC0 || b == 0xC1 || b >= 0xF5) {
                // C0 and C1 start only overlong two-byte forms; F5..FF would encode beyond U+10FFFF.
                throw new UnstorableText("the body is not valid UTF-8 text: byte " + scan.position + " (0x"
                        + Integer.toHexString(b).toUpperCase(java.util.Locale.ROOT) + ") never occurs in UTF-8");
            } else if (b == 0xE0 || b == 0xED || b == 0xF0 || b == 0xF4) {
                // Leading bytes whose next byte has a narrower range (RFC 3629, section 4).
                lead = b;
                scan.state = State.AFTER_LEAD;
            }
        }

        private UnstorableText notUtf8() {
            return new UnstorableText("the body is not valid UTF-8 text: an overlong or out-of-range sequence (byte "
                    + scan.position + ")");
        }
    }

    /** Characters (JSON already decoded to UTF-16, e.g. from a String). */
    private static final class GuardedReader extends FilterReader {
        private final Scanner scan = new Scanner() {
            @Override
            String where() {
                return "character " + position;
            }
        };

        GuardedReader(Reader in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int c = super.read();
            if (c >= 0) {
                check(c);
            }
            return c;
        }

        @Override
        public int read(char[] buf, int off, int len) throws IOException {
            int n = super.read(buf, off, len);
            for (int i = 0; i < n; i++) {
                check(buf[off + i]);
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = 0;
            while (skipped < n && read() >= 0) {
                skipped++;
            }
            return skipped;
        }

        @Override
        public boolean markSupported() {
            return false;
        }

        private void check(int c) throws UnstorableText {
            scan.position++;
            switch (scan.state) {
                case OUT -> {
                    if (c == '"') {
                        scan.state = State.IN;
                    }
                }
                case IN, AFTER_LEAD -> {
                    if (c == '\\') {
                        scan.state = State.ESCAPE;
                    } else if (c == '"') {
                        scan.endOfString();
                    } else {
                        scan.unit(c);
                    }
                }
                case ESCAPE -> scan.escape(c);
                case HEX -> scan.hex(c);
            }
        }
    }
}
