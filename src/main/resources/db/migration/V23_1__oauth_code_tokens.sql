-- OAuth 2.0 codes (docs/api.md, "OAuth 2.0 for other front ends"): each code remembers the token
-- it was exchanged for, so that a code presented a second time revokes that token (RFC 6749
-- 4.1.2), and codes are swept by their expiry. Expand only: a new nullable column and an index,
-- which the previous release, serving beside this one during a rolling update, never reads.
alter table oauth_codes add column token_id uuid;

create index oauth_codes_expires_idx on oauth_codes (expires_at);
