// npm run bench [-- scenario ...] [--rounds N] [--quick]
// Every figure is a ratio to a baseline measured in the same run, rounds interleaved (A B A B …),
// medians reported, because these machines are shared, noisy and have 2 cores.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backlogScenario } from './scenarios/backlog.ts';
import { backupScenario } from './scenarios/backup.ts';
import { bookingPageScenario } from './scenarios/booking-page.ts';
import { bookingsScenario } from './scenarios/bookings.ts';
import { deliveryScenario, latencyScenario } from './scenarios/delivery.ts';
import { executableScenario } from './scenarios/executable.ts';
import { mailScenario } from './scenarios/mail.ts';
import { servicesScenario } from './scenarios/services.ts';
import { POSTGRES_SCENARIOS } from './scenarios/postgres.ts';
import type { Row, Scenario } from './lib/scenario.ts';
import { ROOT } from './lib/processes.ts';

const SCENARIOS: Scenario[] = [
  servicesScenario,
  bookingsScenario,
  deliveryScenario,
  latencyScenario,
  backlogScenario,
  bookingPageScenario,
  mailScenario,
  executableScenario,
  backupScenario,
  // PostgreSQL beside SQLite (skipped in one line without PostgreSQL binaries).
  ...POSTGRES_SCENARIOS,
];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string' }, quick: { type: 'boolean' }, list: { type: 'boolean' } },
});
if (values.list) {
  for (const s of SCENARIOS) console.log(`${s.name.padEnd(11)} ${s.description}`);
  process.exit(0);
}
const unknown = positionals.filter((p) => !SCENARIOS.some((s) => s.name === p));
if (unknown.length) {
  console.error(`unknown scenario ${unknown.join(', ')}; known: ${SCENARIOS.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const chosen = positionals.length ? SCENARIOS.filter((s) => positionals.includes(s.name)) : SCENARIOS;
const rounds = Number(values.rounds ?? (values.quick ? 1 : 3));

const rows: Row[] = [];
for (const scenario of chosen) {
  console.error(`running ${scenario.name}: ${scenario.description}`);
  const started = performance.now();
  rows.push(...(await scenario.run({ rounds, quick: values.quick === true })));
  console.error(`  ${scenario.name} took ${Math.round((performance.now() - started) / 1000)} s`);
}

const header = ['scenario', 'metric', 'ours', 'baseline', 'ratio', 'goal', 'met'];
const cells = rows.map((r) => [
  r.scenario,
  r.metric,
  `${r.ours} ${r.unit}`,
  r.baseline === undefined ? '—' : `${r.baseline} ${r.unit}`,
  r.ratio === undefined ? '—' : String(r.ratio),
  r.goal,
  r.met ? 'met' : 'NOT MET',
]);
const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
console.log([line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n'));

const machine = {
  cpus: os.cpus().length,
  model: os.cpus()[0]?.model,
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  load: os.loadavg(),
};
const file = path.join(ROOT, 'bench', 'results', `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(
  file,
  `${JSON.stringify({ at: new Date().toISOString(), rounds, quick: values.quick === true, machine, rows }, null, 2)}\n`,
);
console.error(`results written to ${path.relative(ROOT, file)}`);
