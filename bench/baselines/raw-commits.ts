// Baseline for POST /bookings: raw better-sqlite3 single-row INSERT transactions, WAL with
// synchronous=FULL, on the same disk, for a fixed time. Reports commits per second.
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

const { dir, durationMs } = JSON.parse(process.argv[2]!) as { dir: string; durationMs: number };
const db = new BetterSqlite3(path.join(dir, 'raw.db'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec('create table if not exists t (id integer primary key, name text not null, at integer not null)');
const insert = db.prepare('insert into t (name, at) values (?, ?)');
const commit = db.transaction((i: number) => insert.run(`row ${i}`, Date.now()));
let commits = 0;
const started = performance.now();
while (performance.now() - started < durationMs) commit(commits++);
const seconds = (performance.now() - started) / 1000;
db.close();
process.send!({ perSecond: commits / seconds, commits, seconds });
