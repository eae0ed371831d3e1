-- The secret that signs event-stream tickets (docs/api.md, "Stream tickets"): one row, made by
-- the first server instance that needs it and shared by every instance of this database, so that
-- a ticket issued by one instance opens a stream on any other.
create table stream_ticket_key (
    id     integer primary key check (id = 1),
    secret bytea   not null check (octet_length(secret) = 32)
);
