import userInviteSchema from '../../schema/user-invite.ts';
import { systemClock } from '../clock.ts';
import { publicBaseUrl } from '../config.ts';
import { bodyParser } from '../http/validate.ts';
import { findUserByEmail } from '../people/people.repository.ts';
import { allPeople, invitePerson, LINK_TTL_MS, linkAddress, renewLink, type User } from '../people/people.service.ts';
import { positiveId, required, type RunArgs, table, UsageError, withDatabase, type Command } from './command.ts';

const ROLE_WORDS: Record<User['role'], string> = { owner: 'owner', front_desk: 'front desk', stylist: 'stylist' };

function printLink(args: RunArgs, made: { user: User; linkSecret: string }, what: string): void {
  const link = linkAddress(publicBaseUrl(args.config), made.linkSecret);
  if (args.json) {
    args.io.out(JSON.stringify({ user: made.user, link, linkExpiresAt: new Date(systemClock.now() + LINK_TTL_MS).toISOString() }));
    return;
  }
  args.io.out(
    `${what} for ${made.user.name} <${made.user.email}> (${ROLE_WORDS[made.user.role]}). ` +
      'Give them this link; it works once, for 7 days, and is shown only now:\n\n' +
      `    ${link}\n`,
  );
}

const parseInvite = bodyParser(userInviteSchema);

export const usersListCommand: Command = {
  words: ['users', 'list'],
  summary: 'the people with an account, their role and whether they can sign in',
  usage: 'booking-api users list',
  options: {},
  async run(args) {
    const people = await withDatabase(args.config, (database) => allPeople({ db: database.db, clock: systemClock }));
    if (args.json) args.io.out(JSON.stringify(people));
    else if (people.length === 0)
      args.io.out('Nobody has an account yet: the page makes the owner’s at its first start, or use "users invite".');
    else
      args.io.out(
        table(
          ['id', 'name', 'e-mail', 'role', 'staff', 'status'],
          people.map((p) => [
            String(p.id),
            p.name,
            p.email,
            ROLE_WORDS[p.role],
            p.staffId === null ? '' : String(p.staffId),
            p.status.replace('_', ' '),
          ]),
        ),
      );
  },
};

export const usersInviteCommand: Command = {
  words: ['users', 'invite'],
  summary: 'give a person an account; prints the one-time link where they choose their password',
  usage: 'booking-api users invite --name NAME --email ADDRESS --role owner|front_desk|stylist [--staff ID]',
  options: {
    name: { type: 'string', description: 'how the person is named in the page and the audit trail', placeholder: 'NAME' },
    email: { type: 'string', description: 'the address they sign in with', placeholder: 'ADDRESS' },
    role: { type: 'string', description: 'owner, front_desk or stylist', placeholder: 'ROLE' },
    staff: { type: 'string', description: 'the staff member a stylist is (their id)', placeholder: 'ID' },
  },
  async run(args) {
    const staff = args.values.staff;
    const input = parseInvite({
      name: required(args.values, 'name'),
      email: required(args.values, 'email'),
      role: required(args.values, 'role'),
      ...(typeof staff === 'string' ? { staffId: positiveId(staff, '--staff') } : {}),
    });
    const made = await withDatabase(args.config, (database) =>
      database.transaction((trx) => invitePerson({ db: trx, clock: systemClock }, input)),
    );
    printLink(args, made, 'Account made');
  },
};

export const usersResetPasswordCommand: Command = {
  words: ['users', 'reset-password'],
  summary: 'a new one-time link for a person to choose a new password (recovery, also for the owner)',
  usage: 'booking-api users reset-password --email ADDRESS',
  options: { email: { type: 'string', description: 'the address the person signs in with', placeholder: 'ADDRESS' } },
  async run(args) {
    const email = required(args.values, 'email');
    const made = await withDatabase(args.config, async (database) => {
      const person = await findUserByEmail(database.db, email.trim());
      if (!person)
        throw new UsageError(`nobody has an account for ${email.trim().toLowerCase()} ("booking-api users list" shows who does)`);
      return database.transaction((trx) => renewLink({ db: trx, clock: systemClock }, person.id));
    });
    printLink(args, made, 'A new password link');
  },
};
