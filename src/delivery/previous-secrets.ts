/**
 * The secrets a rotation with a grace period keeps signing with (`webhooks.previous_secrets`):
 * oldest first, each sealed like the current one, each until its `expiresAt` (Unix ms).
 */
export interface PreviousSecret {
  /** Sealed (secret-box.ts), as stored. */
  readonly secret: string;
  readonly expiresAt: number;
}

/** At most this many previous secrets are kept (Svix keeps up to 10 old keys); a rotation beyond drops the oldest. */
export const MAX_PREVIOUS_SECRETS = 10;

/** The stored list, those still valid at `now` only. */
export function livePreviousSecrets(stored: string | null, now: number): PreviousSecret[] {
  if (stored === null) return [];
  return (JSON.parse(stored) as PreviousSecret[]).filter((previous) => previous.expiresAt > now);
}

/** The column's value for `list`: null when it is empty. */
export function storedPreviousSecrets(list: readonly PreviousSecret[]): string | null {
  return list.length === 0 ? null : JSON.stringify(list.slice(-MAX_PREVIOUS_SECRETS));
}
