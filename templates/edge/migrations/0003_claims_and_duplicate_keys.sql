-- gptnotes comment store, version 3: claims and duplicate keys.
-- Written by `gptnotes proxy init --edge` from the store's migration list; do not edit.
create table if not exists "gptnotes_migrations" ("version" integer primary key, "name" text not null, "applied_at" text not null);
create table if not exists "claims" ("key" text primary key, "until" text not null, "n" integer not null, "holder" text);
create index if not exists "claims_until" on "claims" ("until");
alter table "comments" add column "duplicate_key" text;
create unique index if not exists "comments_duplicate_key" on "comments" ("duplicate_key");
insert into "gptnotes_migrations" ("version", "name", "applied_at") values (3, 'claims and duplicate keys', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) on conflict ("version") do nothing;
