import { toIsoOrNull } from '../clock.ts';
import type { ReachabilityView } from './reachability.ts';

/** The admin API's view of the check: one status and what it stopped at, for Settings' sentence. */
export function toReachabilityJson(view: ReachabilityView) {
  const result = view.result;
  return {
    publicUrl: view.publicUrl ?? null,
    status: view.publicUrl === undefined ? 'unset' : (result?.status ?? 'unknown'),
    detail: result && 'detail' in result ? result.detail : null,
    checking: view.checking,
    checkedAt: toIsoOrNull(view.checkedAt ?? null),
  };
}
