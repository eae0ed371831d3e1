-- Rate-limit token buckets shared by every server instance (Bucket4j's PostgreSQL proxy manager),
-- one row per limited route and client address. Unlogged: a bucket is not worth keeping through a
-- crash (it is refilled within a minute anyway), and a transaction that writes only unlogged
-- tables commits without waiting for a WAL flush.
create unlogged table rate_limit_buckets (
    id         text   primary key,
    state      bytea,
    expires_at bigint
);
create index rate_limit_buckets_expiry on rate_limit_buckets (expires_at);
