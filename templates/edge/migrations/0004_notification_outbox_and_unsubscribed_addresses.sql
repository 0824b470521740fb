-- gptnotes comment store, version 4: notification outbox and unsubscribed addresses.
-- Written by `gptnotes proxy init --edge` from the store's migration list; do not edit.
create table if not exists "gptnotes_migrations" ("version" integer primary key, "name" text not null, "applied_at" text not null);
create table if not exists "outbox" ("id" text primary key, "dedupe_key" text not null unique, "event" text not null, "channel" text not null, "target" text not null, "payload" text not null, "created_at" text not null, "state" text default 'pending' not null, "attempts" integer default 0 not null, "next_at" text not null, "locked_until" text, "last_error" text, "sent_at" text);
create index if not exists "outbox_state_next" on "outbox" ("state", "next_at");
create table if not exists "unsubscribed" ("key" text primary key, "at" text not null);
insert into "gptnotes_migrations" ("version", "name", "applied_at") values (4, 'notification outbox and unsubscribed addresses', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) on conflict ("version") do nothing;
