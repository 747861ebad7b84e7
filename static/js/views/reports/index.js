// Reports (#reports): what the owner runs the business by, and the salon's data as CSV.

import { viewPage } from '../../ui/pages.js';
import { exportPart } from './export.js';

export async function renderReports(ctx) {
  return viewPage({ class: 'reports', title: 'Reports' }, exportPart(ctx));
}
