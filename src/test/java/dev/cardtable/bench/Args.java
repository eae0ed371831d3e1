package dev.cardtable.bench;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/** Command-line parsing for the bench tools: {@code --name value} pairs and {@code --flag}s. */
final class Args {

    private Args() {
    }

    /** {@code --a 1 --b --c x} → {a=1, b=true, c=x}. Also accepts {@code --a=1}. */
    static Map<String, String> parse(String[] args) {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument '" + a + "'");
            }
            String key = a.substring(2);
            int eq = key.indexOf('=');
            if (eq > 0) {
                out.put(key.substring(0, eq), key.substring(eq + 1));
            } else if (i + 1 < args.length && !args[i + 1].startsWith("--")) {
                out.put(key, args[++i]);
            } else {
                out.put(key, "true");
            }
        }
        return out;
    }

    /** {@code 500ms}, {@code 10s}, {@code 2m}, or plain seconds. */
    static Duration duration(String s) {
        String t = s.trim().toLowerCase();
        if (t.endsWith("ms")) {
            return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
        }
        if (t.endsWith("s")) {
            return Duration.ofMillis(Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 1000));
        }
        if (t.endsWith("m")) {
            return Duration.ofMillis(Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 60_000));
        }
        return Duration.ofMillis(Math.round(Double.parseDouble(t) * 1000));
    }
}
