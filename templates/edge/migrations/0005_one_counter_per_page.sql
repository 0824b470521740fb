-- gptnotes comment store, version 5: one counter per page.
-- Written by `gptnotes proxy init --edge` from the store's migration list; do not edit.
create table if not exists "gptnotes_migrations" ("version" integer primary key, "name" text not null, "applied_at" text not null);
update counters set time = (select sum(d.time) from counters d where d.url = counters.url)
        where object_id = (select k.object_id from counters k where k.url = counters.url order by k.created_at, k.object_id limit 1)
          and url in (select url from counters group by url having count(*) > 1);
delete from counters
        where object_id <> (select k.object_id from counters k where k.url = counters.url order by k.created_at, k.object_id limit 1);
create unique index if not exists "counters_url_unique" on "counters" ("url");
drop index if exists "counters_url";
insert into "gptnotes_migrations" ("version", "name", "applied_at") values (5, 'one counter per page', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) on conflict ("version") do nothing;
