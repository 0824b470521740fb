-- gptnotes comment store, version 2: rate limit hits.
-- Written by `gptnotes proxy init --edge` from the store's migration list; do not edit.
create table if not exists "gptnotes_migrations" ("version" integer primary key, "name" text not null, "applied_at" text not null);
create table if not exists "rate_hits" ("key" text not null, "at" text not null);
create index if not exists "rate_hits_key_at" on "rate_hits" ("key", "at");
create index if not exists "rate_hits_at" on "rate_hits" ("at");
insert into "gptnotes_migrations" ("version", "name", "applied_at") values (2, 'rate limit hits', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) on conflict ("version") do nothing;
