import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Lifecycle, type Phase } from '../src/lifecycle.ts';
import { silentLogger } from '../src/log.ts';

function recorder() {
  const log: string[] = [];
  const lifecycle = new Lifecycle(silentLogger);
  const part = (phase: Phase, name: string, fail?: 'start' | 'stop') =>
    lifecycle.add({
      phase,
      name,
      start: () => {
        if (fail === 'start') throw new Error(`${name} cannot start`);
        log.push(`start ${name}`);
      },
      stop: () => {
        log.push(`stop ${name}`);
        if (fail === 'stop') throw new Error(`${name} cannot stop`);
      },
    });
  return { log, lifecycle, part };
}

it('starts storage first and intake last, and stops the other way round, once', async () => {
  const { log, lifecycle, part } = recorder();
  part('storage', 'database');
  part('work', 'sender');
  part('work', 'engine');
  part('intake', 'http');
  part('lock', 'lock');
  await lifecycle.start();
  assert.deepEqual(log.splice(0), ['start lock', 'start database', 'start sender', 'start engine', 'start http']);
  await Promise.all([lifecycle.stop(), lifecycle.stop()]);
  assert.deepEqual(log, ['stop http', 'stop engine', 'stop sender', 'stop database', 'stop lock']);
});

it('stops every other part when one cannot stop', async () => {
  const { log, lifecycle, part } = recorder();
  part('storage', 'database');
  part('work', 'engine', 'stop');
  part('intake', 'http');
  await lifecycle.start();
  log.length = 0;
  await lifecycle.stop();
  assert.deepEqual(log, ['stop http', 'stop engine', 'stop database']);
});

it('stops what had started when a part cannot start, and says why', async () => {
  const { log, lifecycle, part } = recorder();
  part('storage', 'database');
  part('work', 'engine');
  part('intake', 'http', 'start');
  lifecycle.add({ phase: 'lock', name: 'opened lock', stop: () => log.push('stop opened lock') });
  await assert.rejects(lifecycle.start(), /http cannot start/);
  assert.deepEqual(log, ['start database', 'start engine', 'stop engine', 'stop database', 'stop opened lock']);
});
