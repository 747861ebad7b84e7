// My time off (#time-off): a person's own time off, for the staff member their account is (a
// stylist enters their holidays here; the server admits their own, docs/security.md). The staff
// page's time-off editor (time-off.js), without the rest of the staff page they do not change.

import { h } from '../../dom.js';
import { t } from '../../locale.js';
import { notice } from '../../ui/notice.js';
import { viewPage } from '../../ui/pages.js';
import { timeOffSection } from './time-off.js';

export async function renderMyTimeOff(ctx) {
  const staffId = ctx.me?.staffId;
  if (!staffId) {
    return viewPage(
      { class: 'my-time-off', title: t('My time off') },
      notice('info', t('Your account is no staff member of the salon, so it has no time off of its own. Time off is entered under Staff.')),
    );
  }
  const member = await ctx.api.call('adminGetStaffMember', { id: staffId });
  const timeOff = timeOffSection(ctx, member);
  await timeOff.load();
  return viewPage({ class: 'my-time-off', title: t('My time off') }, h('div', { class: 'message-area' }, ctx.flash), timeOff.element);
}
