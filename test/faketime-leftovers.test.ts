import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { removeLeftFaketimeObjects } from './helpers/faketime-leftovers.ts';

describe("the dates leg's cleanup of what faketime left behind", () => {
  it("removes the semaphore and shared memory of a process that is gone, keeps a living process's and anything else", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faketime-leftovers-'));
    try {
      const gone = spawnSync('true').pid;
      const names = [
        `sem.faketime_sem_${gone}`,
        `faketime_shm_${gone}`,
        `sem.faketime_sem_${process.pid}`,
        `faketime_shm_${process.pid}`,
        'PostgreSQL.12345',
        'sem.faketime_sem_abc',
      ];
      for (const name of names) fs.writeFileSync(path.join(dir, name), '');
      assert.equal(removeLeftFaketimeObjects(dir), 2);
      assert.deepEqual(fs.readdirSync(dir).sort(), names.slice(2).sort());
      assert.equal(removeLeftFaketimeObjects(dir), 0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does nothing where there is no such directory', () => {
    assert.equal(removeLeftFaketimeObjects(path.join(os.tmpdir(), 'no-such-directory-for-faketime')), 0);
  });
});
