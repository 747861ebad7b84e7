import assert from 'node:assert/strict';
import type { Reply, TestApp } from './app.ts';
import { admin } from './salon.ts';

/** A password none of the rules refuses. */
export const GOOD_PASSWORD = 'violet scissors at noon';

/** A browser of the back office, signed in as one person: its cookie, and the page's own Origin on every request. */
export interface Browser {
  readonly cookie: string;
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply>;
}

/** The session cookie an answer sets (`name=value`), or undefined. */
export function sessionCookieOf(reply: Reply): string | undefined {
  const set = reply.headers.getSetCookie().find((line) => /booking_session=[^;]/.test(line));
  return set?.split(';')[0];
}

export function browserWith(app: TestApp, cookie: string): Browser {
  return {
    cookie,
    request: (method, path, body, headers = {}) =>
      app.request(method, `/admin/api${path}`, { body, headers: { Cookie: cookie, Origin: app.url, ...headers } }),
  };
}

/** Invites a person with the admin token, opens their link with GOOD_PASSWORD: their browser, signed in. */
export async function person(
  app: TestApp,
  details: { name: string; email: string; role: 'owner' | 'front_desk' | 'stylist'; staffId?: number },
): Promise<Browser & { id: number }> {
  const invited = (await admin(app, 'POST', '/users', details, 201)).body;
  const secret = invited.link.split('#welcome/')[1];
  const used = await app.request('POST', '/admin/api/session/link', {
    body: { link: secret, password: GOOD_PASSWORD },
    headers: { Origin: app.url },
  });
  assert.equal(used.status, 200, used.text);
  const cookie = sessionCookieOf(used);
  assert.ok(cookie, 'the link signs the person in');
  return { ...browserWith(app, cookie), id: invited.user.id };
}
