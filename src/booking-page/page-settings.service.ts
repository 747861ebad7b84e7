import { recordAudit, recorded } from '../audit/record.ts';
import type { Updateable } from 'kysely';
import QRCode from 'qrcode';
import { toIso, type Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { findBusiness, updateBusiness } from '../businesses/businesses.repository.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { BusinessesTable } from '../db/tables.ts';
import type { Db, Tx } from '../db/transaction.ts';
import { errors } from '../http/errors.ts';
import { deleteLogo, findLogo, saveLogo } from './booking-page.repository.ts';
import type bookingPageUpdateSchema from '../../schema/booking-page-update.ts';
import type { Valid } from '../http/validate.ts';

/** What the salon's settings of its page use of the application. */
export type PageSettingsDeps = { readonly db: Db; readonly clock: Clock; readonly config: Config };

export type PageSettingsInput = Valid<typeof bookingPageUpdateSchema>;

/** Where the salon's clients reach this server: BOOKING_PUBLIC_URL, else the address the salon's own request came to. */
function baseUrl(config: Config, requestOrigin: string): string {
  return config.publicUrl ?? requestOrigin;
}

/**
 * The page as the salon sets it up: its address (also as a QR code), the one line a website pastes
 * to show it, and its settings. The line loads embed.js, which frames the page: no key, nothing
 * secret, in the website's code.
 */
export async function pageSettings(db: Db | Tx, config: Config, businessId: number, requestOrigin: string) {
  const business = (await findBusiness(db, businessId))!;
  const logo = await findLogo(db, businessId);
  const base = baseUrl(config, requestOrigin);
  const slug = business.page_slug!;
  const pageUrl = `${base}/book/${slug}`;
  return {
    slug,
    pageUrl,
    embedLine: `<script src="${base}/embed.js" data-business="${slug}"></script>`,
    qrCodeSvg: await QRCode.toString(pageUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
    publicUrlSet: config.publicUrl !== undefined,
    locale: business.page_locale_chosen === 1 ? business.page_locale : null,
    accentColor: business.page_accent_color,
    cancellationPolicy: business.page_policy,
    confirmNewClients: business.page_confirm_new_clients === 1,
    logo: logo
      ? { contentType: logo.content_type, bytes: Buffer.byteLength(logo.data, 'base64'), updatedAt: toIso(logo.updated_at) }
      : null,
  };
}

/** Changes the page's settings; a short name another salon's page has is 409 page_slug_taken. */
export async function changePageSettings(trx: Tx, app: PageSettingsDeps, businessId: number, input: PageSettingsInput, origin: string) {
  const patch: Updateable<BusinessesTable> = { updated_at: app.clock.now() };
  if (input.slug !== undefined) patch.page_slug = input.slug;
  // null: each visitor's language, English (en-GB) for the visitors the page has no words for and in e-mails.
  if (input.locale === null) Object.assign(patch, { page_locale: 'en-GB', page_locale_chosen: 0 });
  else if (input.locale !== undefined) Object.assign(patch, { page_locale: input.locale, page_locale_chosen: 1 });
  if (input.accentColor !== undefined) patch.page_accent_color = input.accentColor?.toLowerCase() ?? null;
  if (input.cancellationPolicy !== undefined) patch.page_policy = input.cancellationPolicy;
  if (input.confirmNewClients !== undefined) patch.page_confirm_new_clients = input.confirmNewClients ? 1 : 0;
  const before = await pageSettings(trx, app.config, businessId, origin);
  try {
    await updateBusiness(trx, businessId, patch);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw errors.conflict('page_slug_taken', `Another salon's booking page is at /book/${input.slug}; choose another short name.`);
    }
    throw error;
  }
  const target = { kind: 'booking_page', id: businessId };
  return recorded(
    trx,
    { businessId, action: 'booking_page.updated', target, before },
    await pageSettings(trx, app.config, businessId, origin),
  );
}

/** The first bytes of each image type the page shows as a logo. */
const SIGNATURES: Record<string, (bytes: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

export const MAX_LOGO_BYTES = 100 * 1024;

/** Sets the page's logo from a data: URL (schema/booking-page-logo.ts); the bytes must be the image type it says. */
export async function setPageLogo(trx: Tx, app: PageSettingsDeps, businessId: number, dataUrl: string, origin: string) {
  const [, type, base64] = /^data:(image\/(?:png|jpeg|webp));base64,(.*)$/.exec(dataUrl)!;
  const bytes = Buffer.from(base64!, 'base64');
  if (bytes.length > MAX_LOGO_BYTES) {
    throw errors.validation(
      `The logo is ${Math.ceil(bytes.length / 1024)} KB; at most ${MAX_LOGO_BYTES / 1024} KB fit on the page.`,
      'image',
    );
  }
  if (!SIGNATURES[type!]!(bytes)) throw errors.validation(`"image" says ${type} but is not one.`, 'image');
  await saveLogo(trx, { business_id: businessId, content_type: type!, data: bytes.toString('base64'), updated_at: app.clock.now() });
  const logo = { contentType: type, bytes: bytes.length };
  await recordAudit(trx, { businessId, action: 'booking_page.logo_set', target: { kind: 'booking_page', id: businessId }, after: logo });
  return pageSettings(trx, app.config, businessId, origin);
}

export async function removePageLogo(trx: Tx, app: PageSettingsDeps, businessId: number, origin: string) {
  await deleteLogo(trx, businessId);
  await recordAudit(trx, {
    businessId,
    action: 'booking_page.logo_removed',
    target: { kind: 'booking_page', id: businessId },
    before: { logo: true },
  });
  return pageSettings(trx, app.config, businessId, origin);
}
