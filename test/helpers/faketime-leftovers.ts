import fs from 'node:fs';
import path from 'node:path';

/**
 * Removes the semaphores and shared memory that libfaketime left in /dev/shm for processes that
 * are gone (killed before they could clean up). Each is named by its process's PID, and the
 * faketime wrapper refuses to start when one bears its own PID: "faketime: sem_open: File exists",
 * exit 1, no output. PIDs are reused, so on a machine where leftovers pile up, sooner or later a
 * day's wrapper gets such a PID. One whose process lives (another run's wrapper) is kept.
 * Returns how many it removed.
 */
export function removeLeftFaketimeObjects(dir = '/dev/shm'): number {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const pid = /^(?:sem\.faketime_sem|faketime_shm)_(\d+)$/.exec(name)?.[1];
    if (pid === undefined || alive(Number(pid))) continue;
    try {
      fs.unlinkSync(path.join(dir, name));
      removed += 1;
    } catch {
      // Another user's, which this user cannot remove.
    }
  }
  return removed;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
