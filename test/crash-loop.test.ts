import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { crashLoop } from './soak/crash-loop.ts';

// The short variant of `npm run soak` (test/soak/crash-loop.ts): 3 kills instead of 10.
describe('a server SIGKILLed at random moments while bookings stream in', () => {
  it('loses no booking, doubles none, and delivers every committed event at least once', async (test) => {
    const seed = Number(process.env.CRASH_SEED ?? Date.now() % 2 ** 31);
    const report = await crashLoop({ kills: 3, minUpMs: 200, maxUpMs: 900, seed });
    test.diagnostic(JSON.stringify(report));
    assert.deepEqual(report.problems, [], `seed ${seed}`);
    assert.ok(report.bookingsCreated > report.kills, `${report.bookingsCreated} bookings: every run of the server booked some`);
    assert.ok(report.requestsResent > 0, 'some requests met a dead server and were sent again');
    assert.equal(report.integrity, 'ok');
  });
});
