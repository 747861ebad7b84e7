import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { admin } from './helpers/salon.ts';
import { useSalon } from './helpers/suite.ts';

// Issue 27, section 3: clients from another salon program's file: first what would happen (new,
// merged into a known client, refused and why), then all of it at once, or nothing.
describe('client import', () => {
  const { app, salon } = useSalon({ salonPerTest: true });
  const importing = (rows: unknown[], apply = false) => admin(app, 'POST', `${salon.base}/clients/import`, { rows, apply });
  const clients = async () => (await admin(app, 'GET', `${salon.base}/clients?limit=100`, undefined, 200)).body.data;
  let maria: number;

  const FILE = [
    { name: 'Lena Kraus', email: 'lena@example.com', phone: '+49 170 5550000', notes: 'Short fringe' },
    { name: 'Maria Schmidt', email: 'MARIA@example.com', phone: '+49 151 1234567', notes: 'Allergic to ammonia' },
    { name: '', email: 'nobody@example.com' },
    { name: 'Tom Berg', email: 'tom(at)example.com' },
    { name: 'L. Kraus', email: 'lena@example.com' },
    { name: 'Paul Weber', phone: '0170 5551111' },
  ];

  it('says what would happen to each row, and changes nothing', async () => {
    maria = (await admin(app, 'POST', `${salon.base}/clients`, { name: 'Maria Schmidt', email: 'maria@example.com' }, 201)).body.id;
    const reply = await importing(FILE);
    assert.equal(reply.status, 200, reply.text);
    assert.deepEqual(reply.body, {
      applied: false,
      new: 2,
      merged: 1,
      refused: 3,
      rows: [
        { row: 1, outcome: 'new', name: 'Lena Kraus', clientId: null, adds: [], reason: null },
        { row: 2, outcome: 'merge', name: 'Maria Schmidt', clientId: maria, adds: ['phone', 'notes'], reason: null },
        { row: 3, outcome: 'refused', name: '', clientId: null, adds: [], reason: 'it has no name' },
        { row: 4, outcome: 'refused', name: 'Tom Berg', clientId: null, adds: [], reason: '“tom(at)example.com” is not an e-mail address' },
        { row: 5, outcome: 'refused', name: 'L. Kraus', clientId: null, adds: [], reason: 'the same client as row 1' },
        { row: 6, outcome: 'new', name: 'Paul Weber', clientId: null, adds: [], reason: null },
      ],
    });
    assert.deepEqual(
      (await clients()).map((c: { name: string }) => c.name),
      ['Maria Schmidt'],
    );
  });

  it('imports the new and merged rows at once, adding to a known client without overwriting it', async () => {
    maria = (await admin(app, 'POST', `${salon.base}/clients`, { name: 'Maria Schmidt', email: 'maria@example.com', notes: 'Tea' }, 201))
      .body.id;
    const reply = await importing(FILE, true);
    assert.equal(reply.status, 200, reply.text);
    assert.equal(reply.body.applied, true);
    assert.deepEqual([reply.body.new, reply.body.merged, reply.body.refused], [2, 1, 3]);
    const all = await clients();
    assert.deepEqual(
      all.map((c: any) => [c.name, c.email, c.phone, c.notes]),
      [
        ['Lena Kraus', 'lena@example.com', '+49 170 5550000', 'Short fringe'],
        ['Maria Schmidt', 'maria@example.com', '+49 151 1234567', 'Tea\nAllergic to ammonia'],
        ['Paul Weber', null, '0170 5551111', ''],
      ],
    );
    assert.equal(reply.body.rows[0].clientId, all[0].id);

    const again = await importing(FILE, true);
    assert.deepEqual([again.body.new, again.body.merged, again.body.refused], [0, 3, 3], 'a second run merges, adding nothing');
    assert.equal((await clients()).length, 3);
  });

  it('leaves out a row that would break a known client, and writes the rest', async () => {
    await admin(app, 'POST', `${salon.base}/clients`, { name: 'Eva Roth', email: 'eva@example.com', notes: 'x'.repeat(1995) }, 201);
    const reply = await importing(
      [
        { name: 'Nina Vogel', email: 'nina@example.com' },
        { name: 'Eva Roth', email: 'eva@example.com', notes: 'Likes tea' },
      ],
      true,
    );
    assert.equal(reply.status, 200, reply.text);
    assert.deepEqual(
      reply.body.rows.map((r: { outcome: string; reason: string | null }) => [r.outcome, r.reason]),
      [
        ['new', null],
        ['refused', 'its notes and the client’s would be longer than 2000 characters'],
      ],
    );
    assert.equal((await clients()).length, 2, 'the new one and Eva: a refused row is left out, the rest is written');
  });

  it('refuses a row whose text breaks the rule of text typed into the page, and writes the rest', async () => {
    const reply = await importing(
      [
        { name: '\u202eEvil Name', email: 'evil@example.com' },
        { name: 'Ben\u0007 Kahn', phone: '+49 170 555' },
        { name: '\u200b\u200b', email: 'blank@example.com' },
        { name: 'Ida Lang', email: 'ida@example.com', notes: 'Tab\tand\nlines are fine' },
        { name: 'Max Roth', notes: 'bell \u0007' },
      ],
      true,
    );
    assert.equal(reply.status, 200, reply.text);
    assert.deepEqual(
      reply.body.rows.map((r: { outcome: string; reason: string | null }) => [r.outcome, r.reason]),
      [
        ['refused', 'the name must not contain invisible characters that change the reading direction (found U+202E at position 1)'],
        ['refused', 'the name must be one line without control characters (found U+0007 at position 4)'],
        ['refused', 'it has no name'],
        ['new', null],
        ['refused', 'the notes must not contain control characters other than tab and line breaks (found U+0007 at position 6)'],
      ],
    );
    const names = (await clients()).map((c: { name: string }) => c.name);
    assert.ok(names.includes('Ida Lang') && !names.some((n: string) => /evil|kahn/i.test(n)), names.join(', '));
  });

  for (const [body, field] of [
    [{ rows: [] }, 'rows'],
    [{ rows: [{ name: 'A', age: 3 }] }, 'rows/0/age'],
    [{ rows: [{ name: 'A' }], apply: 'yes' }, 'apply'],
    [{}, 'rows'],
  ] as const) {
    it(`refuses ${JSON.stringify(body)} with a 400`, async () => {
      const reply = await admin(app, 'POST', `${salon.base}/clients/import`, body);
      assert.equal(reply.status, 400, reply.text);
      assert.match(String(reply.body.field ?? ''), new RegExp(field.split('/')[0]!));
    });
  }
});
