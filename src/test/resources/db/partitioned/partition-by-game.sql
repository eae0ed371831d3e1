-- Recreates the tables of a game's data hash-partitioned by game id (four partitions each), with
-- every column, default, check, index and foreign key they had, and their rows. It runs after the
-- migrations of db/migration (dev.cardtable.support.PartitionedSchema). An index or constraint
-- that is unique without the game id could not be created on these tables: PostgreSQL enforces
-- the key rule a database sharded by game id (Citus) would.
do $$
declare
    t record;
    fk record;
    parts constant integer := 4;
    game_tables constant text[] := array['games', 'seats', 'moves', 'idempotency_keys', 'game_fingerprints'];
begin
    if exists (select 1 from pg_class where relname = 'games' and relkind = 'p'
               and relnamespace = current_schema()::regnamespace) then
        return;
    end if;
    create temp table partition_fks on commit drop as
        select c.conrelid::regclass::text tbl, c.conname, pg_get_constraintdef(c.oid) def
        from pg_constraint c
        where c.contype = 'f' and (c.conrelid::regclass::text = any (game_tables)
                                   or c.confrelid::regclass::text = any (game_tables));
    -- Triggers (V20's read-model marks) go with the tables they are on: kept to be made again.
    create temp table partition_triggers on commit drop as
        select pg_get_triggerdef(tr.oid) def
        from pg_trigger tr
        where not tr.tgisinternal and tr.tgrelid::regclass::text = any (game_tables);
    for fk in select * from partition_fks loop
        execute format('alter table %I drop constraint %I', fk.tbl, fk.conname);
    end loop;
    for t in select * from (values ('games', 'id'), ('seats', 'game_id'), ('moves', 'game_id'),
                                   ('idempotency_keys', 'game_id'), ('game_fingerprints', 'game_id')) v(name, key) loop
        execute format('alter table %I rename to %I', t.name, t.name || '_flat');
        execute format('create table %I (like %I including all) partition by hash (%I)', t.name, t.name || '_flat', t.key);
        for i in 0 .. parts - 1 loop
            execute format('create table %I partition of %I for values with (modulus %s, remainder %s)',
                           t.name || '_p' || i, t.name, parts, i);
        end loop;
        execute format('insert into %I select * from %I', t.name, t.name || '_flat');
        execute format('drop table %I', t.name || '_flat');
    end loop;
    for fk in select * from partition_fks loop
        execute format('alter table %I add constraint %I %s', fk.tbl, fk.conname, fk.def);
    end loop;
    for fk in select * from partition_triggers loop
        execute fk.def;
    end loop;
end
$$;
