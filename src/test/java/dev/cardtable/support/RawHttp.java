package dev.cardtable.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain socket, for requests an HTTP client library will not send as they are:
 * chunked bodies, malformed request targets, odd bytes.
 */
public final class RawHttp {

    private RawHttp() {
    }

    /**
     * A response: status, headers (names lower-cased) and body.
     *
     * @param status 0 when the server answered nothing
     */
    public record Response(int status, Map<String, String> headers, String body) {
        /** A header's value, or null. */
        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    /** Sends {@code head} (request line and headers, without the blank line) and {@code body} as is. */
    public static Response send(int port, String head, byte[] body) {
        try (Socket s = new Socket("localhost", port)) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            try {
                out.write((head + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
                if (body != null) {
                    out.write(body);
                }
                out.flush();
            } catch (java.net.SocketException e) {
                // The server answered and closed before taking everything: its answer may still be there.
            }
            return read(s.getInputStream());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sends {@code body} with {@code Transfer-Encoding: chunked}, in chunks of {@code chunk} bytes. */
    public static Response chunked(int port, String method, String path, String contentType, byte[] body, int chunk) {
        return send(port, method + " " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: " + contentType
                + "\r\nTransfer-Encoding: chunked\r\nConnection: close", chunk(body, chunk));
    }

    /** {@code body} in the chunked transfer coding, in chunks of {@code chunk} bytes. */
    public static byte[] chunk(byte[] body, int chunk) {
        ByteArrayOutputStream encoded = new ByteArrayOutputStream(body.length + body.length / chunk * 8 + 16);
        for (int i = 0; i < body.length; i += chunk) {
            int n = Math.min(chunk, body.length - i);
            encoded.writeBytes((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            encoded.write(body, i, n);
            encoded.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        encoded.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        return encoded.toByteArray();
    }

    private static Response read(InputStream in) throws IOException {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        int headEnd = -1;
        long expected = -1;
        try {
            for (int n; (n = in.read(buf)) > 0; ) {
                got.write(buf, 0, n);
                byte[] all = got.toByteArray();
                if (headEnd < 0) {
                    headEnd = indexOf(all, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    // Skip interim responses such as 100 Continue.
                    while (headEnd >= 0 && new String(all, 0, headEnd, StandardCharsets.ISO_8859_1).matches("(?s)HTTP/1\\.. 1\\d\\d.*")) {
                        got.reset();
                        got.write(all, headEnd + 4, all.length - headEnd - 4);
                        all = got.toByteArray();
                        headEnd = indexOf(all, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    }
                    if (headEnd >= 0) {
                        String len = headers(new String(all, 0, headEnd, StandardCharsets.ISO_8859_1)).get("content-length");
                        expected = len == null ? -1 : Long.parseLong(len.trim());
                    }
                }
                if (headEnd >= 0 && expected >= 0 && all.length - headEnd - 4 >= expected) {
                    break;
                }
            }
        } catch (SocketTimeoutException | java.net.SocketException e) {
            // what arrived is the answer
        }
        byte[] all = got.toByteArray();
        if (headEnd < 0) {
            return new Response(0, Map.of(), new String(all, StandardCharsets.ISO_8859_1));
        }
        String head = new String(all, 0, headEnd, StandardCharsets.ISO_8859_1);
        int status = Integer.parseInt(head.substring(9, 12));
        Map<String, String> headers = headers(head);
        byte[] body = java.util.Arrays.copyOfRange(all, headEnd + 4, all.length);
        if ("chunked".equalsIgnoreCase(headers.getOrDefault("transfer-encoding", ""))) {
            body = dechunk(body);
        }
        return new Response(status, headers, new String(body, StandardCharsets.UTF_8));
    }

    /** The payload of a body in the chunked transfer coding (as much of it as arrived). */
    private static byte[] dechunk(byte[] data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(data.length);
        int i = 0;
        while (i < data.length) {
            int eol = indexOf(java.util.Arrays.copyOfRange(data, i, data.length), "\r\n".getBytes(StandardCharsets.US_ASCII));
            if (eol < 0) {
                break;
            }
            String size = new String(data, i, eol, StandardCharsets.US_ASCII).split(";")[0].trim();
            int n = size.isEmpty() ? 0 : Integer.parseInt(size, 16);
            i += eol + 2;
            if (n == 0) {
                break;
            }
            out.write(data, i, Math.min(n, data.length - i));
            i += n + 2;
        }
        return out.toByteArray();
    }

    private static Map<String, String> headers(String head) {
        Map<String, String> h = new LinkedHashMap<>();
        String[] lines = head.split("\r\n");
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                h.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
            }
        }
        return h;
    }

    private static int indexOf(byte[] data, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= data.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (data[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
