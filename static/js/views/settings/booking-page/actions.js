// Actions: save the booking page's settings (what changed) and its logo (sent when chosen, or
// removed); each time the part is drawn again, with the sentence saying so. A new language is the
// back office's too (unless this browser chose the back office its own, in Your account): the whole
// page is then drawn again in it.

import { t } from '../../../locale.js';
import { flashNext, perform, say, sayError, showProblems } from '../../../ui/notice.js';

const MOST_LOGO_BYTES = 100 * 1024;

/** A file as a data: URL, the way the API takes a logo. */
const dataUrlOf = (file) =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('load', () => resolve(reader.result));
    reader.addEventListener('error', () => reject(reader.error));
    reader.readAsDataURL(file);
  });

/** `settings()` is the page's settings as last saved; `saved(settings, sentence)` draws the part again with them. */
export function bookingPageActions(ctx, { settings, saved }) {
  return {
    async save(messages, { body, problems }) {
      if (showProblems(messages, problems)) return;
      const before = settings();
      const changes = Object.fromEntries(Object.entries(body).filter(([key, value]) => value !== before[key]));
      if (Object.keys(changes).length === 0) return say(messages, 'good', t('Nothing to save: no setting was changed.'));
      const now = await ctx.api.call('adminUpdateBookingPage', { body: changes });
      const sentence = () =>
        changes.slug
          ? t('Saved. The booking page is now at {url}: put the new line on your website, the old address no longer works.', {
              url: now.pageUrl,
            })
          : t('Saved the booking page.');
      if (!('locale' in changes)) return saved(now, sentence());
      // The back office speaks the booking page's language (unless it has its own, Your account): the salon is read again (its locale)
      // and the view drawn again in it at once, the sentence said in the new language.
      await ctx.reloadBusinesses(ctx.business.id);
      flashNext('good', sentence());
      ctx.refresh();
    },
    async setLogo(file, messages) {
      if (file.size > MOST_LOGO_BYTES)
        return say(messages, 'error', t('This image is {size} KB; a logo can be at most 100 KB.', { size: Math.ceil(file.size / 1024) }));
      try {
        const image = await dataUrlOf(file);
        saved(await ctx.api.call('adminSetBookingPageLogo', { body: { image } }), t('Saved the logo: the booking page shows it now.'));
      } catch (error) {
        sayError(messages, error);
      }
    },
    removeLogo: (button, messages) =>
      perform(button, t('Removing…'), messages, async () => {
        saved(await ctx.api.call('adminDeleteBookingPageLogo'), t('Removed the logo.'));
      }),
  };
}
