-- Every registration a name has had, revoked ones included, by the name in any case: the daily
-- deal allows one attempt per name and day (docs/api.md, "The daily deal"), also across a
-- revocation and a new registration of the same name. players_name_idx covers only the standing
-- registration.
create index players_any_name_idx on players (lower(name));
