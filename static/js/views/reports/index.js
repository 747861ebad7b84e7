// Reports (#reports or #reports/FROM/TO): what the owner runs the business by, for a period: the
// figures, takings and staff hours as charts, printable and as CSV; the salon's data as CSV; and
// clients imported from another program's file.
// load → render, with its two buttons.

import { button, h } from '../../dom.js';
import { t } from '../../locale.js';
import { messageArea, say } from '../../ui/notice.js';
import { titledSection, viewPage } from '../../ui/pages.js';
import { exportPart } from './export.js';
import { aheadNote, headline, periodWords, staffChart, takingsChart } from './figures.js';
import { importPart } from './import.js';
import { periodForm, periodOf } from './period.js';
import { downloadReport } from './report-csv.js';

function reportPart(report) {
  const messages = messageArea();
  const download = () => say(messages, 'good', t('Downloaded {file}.', { file: downloadReport(report) }));
  return titledSection(
    { class: 'card report', titleId: 'report-title', title: periodWords(report) },
    aheadNote(report),
    headline(report),
    takingsChart(report),
    staffChart(report),
    h(
      'div',
      { class: 'actions no-print' },
      button(t('Print'), () => window.print()),
      button(t('Download as CSV'), download),
    ),
    messages,
  );
}

export async function renderReports(ctx, id) {
  const zone = ctx.business.timezone;
  const period = periodOf(id, zone);
  const report = await ctx.api.call('adminGetReport', { query: period });
  return viewPage(
    { class: 'reports', title: t('Reports') },
    periodForm(period, zone),
    reportPart(report),
    exportPart(ctx),
    importPart(ctx),
  );
}
