-- gptnotes comment store, version 1: comments, counters and view claims.
-- Written by `gptnotes proxy init --edge` from the store's migration list; do not edit.
create table if not exists "gptnotes_migrations" ("version" integer primary key, "name" text not null, "applied_at" text not null);
create table if not exists "comments" ("object_id" text primary key, "created_at" text not null, "updated_at" text not null, "inserted_at" text not null, "url" text not null, "rid" text, "pid" text, "nick" text not null, "mail" text not null, "mail_hash" text not null, "link" text not null, "comment" text not null, "ua" text not null, "ip_hash" text not null, "status" text not null, constraint "comments_status_check" check (status in ('approved', 'waiting', 'spam')));
create index if not exists "comments_url_status_created" on "comments" ("url", "status", "created_at");
create index if not exists "comments_rid_status_created" on "comments" ("rid", "status", "created_at");
create index if not exists "comments_pid" on "comments" ("pid");
create index if not exists "comments_status_created" on "comments" ("status", "created_at");
create index if not exists "comments_ip_created" on "comments" ("ip_hash", "created_at");
create table if not exists "counters" ("object_id" text primary key, "created_at" text not null, "updated_at" text not null, "url" text not null, "xid" text not null, "title" text not null, "time" integer default 0 not null);
create index if not exists "counters_url" on "counters" ("url");
create table if not exists "view_claims" ("key" text primary key, "until" text not null);
create index if not exists "view_claims_until" on "view_claims" ("until");
insert into "gptnotes_migrations" ("version", "name", "applied_at") values (1, 'comments, counters and view claims', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) on conflict ("version") do nothing;
