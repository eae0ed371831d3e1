package dev.cardtable.engine;

/**
 * A place at the table, numbered from 0 in seating order.
 *
 * @param number the seat number, {@code 0 <= number < seatCount}
 */
public record Seat(int number) implements Comparable<Seat> {

    public Seat {
        if (number < 0) {
            throw new IllegalArgumentException("seat number must be >= 0: " + number);
        }
    }

    /** Seat {@code number}. */
    public static Seat of(int number) {
        return new Seat(number);
    }

    @Override
    public int compareTo(Seat other) {
        return Integer.compare(number, other.number);
    }
}
