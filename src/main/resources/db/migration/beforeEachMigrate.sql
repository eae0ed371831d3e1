-- Runs before every migration, in the migration's own transaction (a Flyway callback): a
-- migration changes the schema all at once for the builds still serving beside the one that
-- applies it (docs/operations.md, "Upgrades"), and never deadlocks with them.
--
-- It takes every table of the schema (but Flyway's history) in ACCESS EXCLUSIVE mode, all or
-- nothing: each try waits at most 100 ms and, failing, lets go of whatever it had taken before it
-- tries again, so the migration never waits for a lock while it holds one that a serving build's
-- transaction waits for (PostgreSQL would end one of the two as a deadlock; the serving build's
-- request would fail). Once it holds them all, nothing it does waits for another transaction;
-- requests that need a table wait for the migration's commit instead, so a migration must be short
-- (a backfill of a large table belongs to the reconcile step or a batched job, not here).
do $$
declare
    tables text;
    timeout text := current_setting('lock_timeout');
begin
    select string_agg(format('%I.%I', schemaname, tablename), ', ' order by tablename) into tables
    from pg_tables
    where schemaname = current_schema() and tablename <> 'flyway_schema_history';
    if tables is null then
        return; -- the first migration: nothing to lock yet
    end if;
    perform set_config('lock_timeout', '100ms', true);
    for attempt in 1 .. 600 loop
        begin
            execute 'lock table ' || tables || ' in access exclusive mode';
            perform set_config('lock_timeout', timeout, true);
            return;
        exception when lock_not_available then
            perform pg_sleep(0.01 + random() * 0.04);
        end;
    end loop;
    raise exception 'a migration could not take the tables it changes within a minute';
end
$$;
