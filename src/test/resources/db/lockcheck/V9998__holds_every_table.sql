-- A migration for FutureSchemaTest alone: fails unless its transaction already holds every table
-- of the schema (but Flyway's history) in ACCESS EXCLUSIVE mode, taken by beforeEachMigrate.sql.
do $$
declare
    missing text;
begin
    select string_agg(t.tablename, ', ') into missing
    from pg_tables t
    where t.schemaname = current_schema() and t.tablename <> 'flyway_schema_history'
      and not exists (select 1 from pg_locks l
                      where l.pid = pg_backend_pid() and l.mode = 'AccessExclusiveLock' and l.granted
                        and l.relation = format('%I.%I', t.schemaname, t.tablename)::regclass);
    if missing is not null then
        raise exception 'the migration does not hold: %', missing;
    end if;
end
$$;
