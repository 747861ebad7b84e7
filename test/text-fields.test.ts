import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { salonTime, workdays } from './helpers/dates.ts';
import { admin, bookingBody, TEST_NOW } from './helpers/salon.ts';
import { useSalon } from './helpers/suite.ts';

/*
 * Issue 14, point 4: text a person types is trimmed, must not be blank where it is required, and
 * holds no control characters (a single line none at all; multi-line text keeps tab and line
 * breaks). One schema keyword, "x-text", carries the rule; these tests go through the endpoints.
 */
describe('text a person types: trimmed, not blank, no control characters', () => {
  const { app, salon } = useSalon();
  // Start times for the bookings below, one each (refused ones too): eight a day on the first working days.
  const days = workdays(TEST_NOW, 6);
  const hours = ['09:00', '10:00', '11:00', '12:00', '14:00', '15:00', '16:00', '17:00'];
  let booked = 0;

  const nextStart = () => {
    const n = booked++;
    return salonTime(days[Math.floor(n / hours.length)]!, hours[n % hours.length]!);
  };
  const book = (client: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: { ...bookingBody(salon.haircut, nextStart(), extra), client: { email: 'ada@example.com', ...client } },
    });

  for (const [name, message] of [
    ['   ', /"client\.name" must not be empty or only spaces/],
    ['\ufeff', /"client\.name" must not be empty or only spaces/],
    ['\u00a0\u2003\t', /"client\.name" must be one line without control characters \(found U\+0009/],
    ['a\u0000b', /"client\.name" must be one line without control characters \(found U\+0000 at position 2\)/],
    ['Ada\nLovelace', /found U\+000A/],
    ['Ada\u0085', /found U\+0085/],
    ['Ada\u2028', /found U\+2028/],
    ['Ada\u007f', /found U\+007F/],
    // Issue 26: bidirectional controls reorder what follows them ("\u202eEvil" reads "livE").
    [
      '\u202eEvil',
      /"client\.name" must not contain invisible characters that change the reading direction \(found U\+202E at position 1\)/,
    ],
    ...['\u202a', '\u202b', '\u202c', '\u202d', '\u2066', '\u2067', '\u2068', '\u2069'].map(
      (control) =>
        [
          `Ada ${control}Lovelace`,
          new RegExp(`reading direction \\(found U\\+${control.charCodeAt(0).toString(16).toUpperCase()} at position 5\\)`),
        ] as const,
    ),
    // Issue 26: a name of invisible characters only is as blank as one of spaces.
    ...['\u200b', '\u200d\u2060', '\u180e', '\u3164', '\u115f', '\u2800', '\u034f', ' \u200c\u00ad ', '\u200f'].map(
      (invisible) => [invisible, /"client\.name" must not be empty or only spaces or invisible characters/] as const,
    ),
  ] as const) {
    it(`refuses client.name ${JSON.stringify(name).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)} with a clear 400`, async () => {
      const reply = await book({ name });
      assert.equal(reply.status, 400, reply.text);
      assert.equal(reply.body.code, 'validation_failed');
      assert.equal(reply.body.field, 'client.name');
      assert.match(reply.body.message, message);
    });
  }

  it('stores names and notes trimmed; notes keep their line breaks and tabs', async () => {
    const reply = await book(
      { name: '  \ufeffGrace Hopper\u00a0 ', email: 'grace@example.com' },
      { notes: '\n  first line\n\tsecond\r\n  ' },
    );
    assert.equal(reply.status, 201, reply.text);
    assert.equal(reply.body.client.name, 'Grace Hopper');
    assert.equal(reply.body.notes, 'first line\n\tsecond');
  });

  it('keeps right-to-left names as typed, direction marks included; notes may hold bidirectional controls', async () => {
    // The marks (U+200E, U+200F, U+061C) open no stretch of text and are typed in right-to-left text.
    for (const name of [
      '\u0645\u062d\u0645\u062f \u0639\u0644\u064a',
      '\u05e9\u05e8\u05d4 (\u05ea\u05dc \u05d0\u05d1\u05d9\u05d1)\u200f',
      'Ada\u200b Lovelace',
    ]) {
      const reply = await book({ name, email: `rtl${booked}@example.com` });
      assert.equal(reply.status, 201, reply.text);
      assert.equal(reply.body.client.name, name);
    }
    // Multi-line text is shown isolated on the page; a quoted right-to-left passage may carry isolates.
    const reply = await book({ name: 'Ada' }, { notes: 'quote: \u2067\u05e9\u05dc\u05d5\u05dd\u2069' });
    assert.equal(reply.status, 201, reply.text);
  });

  it('refuses control characters in notes other than tab and line breaks', async () => {
    const reply = await book({ name: 'Ada' }, { notes: 'ring the bell\u0007' });
    assert.equal(reply.status, 400);
    assert.equal(reply.body.field, 'notes');
    assert.match(reply.body.message, /"notes" must not contain control characters other than tab and line breaks \(found U\+0007/);
  });

  it('applies the same rule to every text field of the admin API', async () => {
    const cases: Array<[string, string, Record<string, unknown>, string]> = [
      ['POST', '/businesses', { name: ' \u0000 ', timezone: 'Europe/Berlin' }, 'name'],
      ['PATCH', `${salon.base}`, { name: '   ' }, 'name'],
      ['POST', `${salon.base}/services`, { name: '\ufeff', durationMinutes: 30, price: 100 }, 'name'],
      ['POST', `${salon.base}/services`, { name: 'Trim', durationMinutes: 30, price: 100, description: 'x\u001by' }, 'description'],
      ['POST', `${salon.base}/staff`, { name: '\t', schedule: undefined }, 'name'],
      ['POST', `${salon.base}/clients`, { name: 'Bob\r', email: 'bob@example.com' }, 'name'],
      ['POST', `${salon.base}/keys`, { name: ' ', scopes: ['services:read'] }, 'name'],
      ['POST', `${salon.base}/staff`, { name: '\u202eEvil' }, 'name'],
      ['POST', `${salon.base}/services`, { name: 'Cut \u2067x\u2069', durationMinutes: 30, price: 100 }, 'name'],
      ['PATCH', `${salon.base}`, { name: '\u200b\u200b' }, 'name'],
      ['POST', `${salon.base}/clients`, { name: '\u2800', email: 'blank@example.com' }, 'name'],
    ];
    for (const [method, route, body, field] of cases) {
      const reply = await admin(app, method, route, body);
      assert.equal(reply.status, 400, `${method} ${route}: ${reply.text}`);
      assert.equal(reply.body.field, field, `${method} ${route}`);
    }
    const cancelled = await admin(app, 'POST', `${salon.base}/bookings`, bookingBody(salon.haircut, `2026-11-24T10:00:00+01:00`), 201);
    const reply = await admin(app, 'POST', `${salon.base}/bookings/${cancelled.body.id}/cancel`, { reason: 'no\u0000' });
    assert.equal(reply.status, 400, reply.text);
    assert.equal(reply.body.field, 'reason');
  });

  it('every text field of every request schema carries the rule', async () => {
    // A field a person fills in is a string without format, pattern or enum; each must say which kind of text it is.
    const missing: string[] = [];
    const walk = (node: any, where: string) => {
      if (!node || typeof node !== 'object') return;
      const types = [node.type].flat();
      if (types.includes('string') && !node.format && !node.pattern && !node.enum && !node['x-text']) missing.push(where);
      for (const [key, value] of Object.entries(node)) walk(value, `${where}/${key}`);
    };
    // The request schemas are the TypeScript modules of schema/ (the answers' are responses.json).
    const dir = path.join(import.meta.dirname, '..', 'schema');
    const notTyped = new Set(['defs.ts']);
    // Not text a person types: an IANA zone name, a search term, a delivery id (looked up, never stored);
    // passwords and a link's secret, which must reach the check exactly as typed.
    const exempt = new Set([
      'sign-in.ts/properties/password',
      'link-use.ts/properties/password',
      'link-use.ts/properties/link',
      'link-check.ts/properties/link',
      'password-change.ts/properties/currentPassword',
      'password-change.ts/properties/newPassword',
      'passkey-add.ts/properties/password',
      'business-create.ts/properties/timezone',
      'business-update.ts/properties/timezone',
      'clients-query.ts/properties/search',
      'deliveries-query.ts/properties/deliveryId',
    ]);
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !notTyped.has(f))) {
      walk((await import(path.join(dir, file))).default, file);
    }
    assert.deepEqual(
      missing.filter((where) => !exempt.has(where)),
      [],
    );
  });
});
