// The back office's own language, chosen in this browser: the salon's (the booking page's, as
// before) unless someone here chooses another. The booking page's language stays in Settings.

import { chooseOfficeLanguage, marked, officeLanguage, t } from '../../locale.js';
import { field, formPanel } from '../../ui/fields.js';
import { languageSelect } from '../../ui/languages.js';
import { say } from '../../ui/notice.js';

export function languageForm(ctx) {
  // '' is the salon's language.
  const select = languageSelect({
    id: 'office-language',
    name: 'officeLanguage',
    none: marked('The salon’s language (the booking page’s)'),
    chosen: officeLanguage() ?? '',
  });
  return formPanel(
    'office-language-form',
    t('Language of the back office'),
    t('The words, dates, times and amounts of these pages, on this browser. The booking page’s language for clients is in Settings.'),
    field(t('Language'), select),
    t('Save'),
    async (messages) => {
      chooseOfficeLanguage(select.value || null);
      await ctx.speakAgain();
      const area = document.querySelector('#office-language-form .message-area');
      if (area) say(area, 'good', t('The back office speaks this language now.'));
      else say(messages, 'good', t('The back office speaks this language now.'));
    },
  );
}
