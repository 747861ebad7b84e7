// The back office's own language, chosen in this browser: the salon's (the booking page's, as
// before) unless someone here chooses another. The booking page's language stays in Settings.

import { h } from '../../dom.js';
import { chooseOfficeLanguage, marked, officeLanguage, t } from '../../locale.js';
import { field, formPanel } from '../../ui/fields.js';
import { say } from '../../ui/notice.js';

/** '' is the salon's language. A language is named in its own words, so it is found on any page. */
const LANGUAGES = [
  ['', marked('The salon’s language (the booking page’s)')],
  ['en-GB', 'English (UK)'],
  ['en-US', 'English (US)'],
  ['de-DE', 'Deutsch (Deutschland)'],
  ['de-AT', 'Deutsch (Österreich)'],
  ['de-CH', 'Deutsch (Schweiz)'],
];

export function languageForm(ctx) {
  const chosen = officeLanguage() ?? '';
  const select = h(
    'select',
    { id: 'office-language', name: 'officeLanguage' },
    LANGUAGES.map(([value, label]) => h('option', { value, selected: value === chosen }, value ? label : t(label))),
  );
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
