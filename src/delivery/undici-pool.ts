// undici's index loads fetch, WebSocket, the HTTP cache, proxies, mocks and every pool flavour
// (0.95 MB of the executable's 3.3 MB bundle, all evaluated at start). The sender needs `Pool`,
// its `request()` and the error classes: this module loads only those files, and attaches the
// request API to the dispatcher exactly as undici's index does (`Object.assign(Dispatcher.prototype, api)`).
// undici is pinned in package.json; test/undici-pool.test.ts checks these paths still hold what
// the index exports.
import type { Pool as PoolType, errors as ErrorsType } from 'undici';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import PoolClass from 'undici/lib/dispatcher/pool.js';
import errorClasses from 'undici/lib/core/errors.js';
import request from 'undici/lib/api/api-request.js';

if (!Object.hasOwn(Dispatcher.prototype, 'request')) Object.assign(Dispatcher.prototype, { request });

export const Pool = PoolClass as typeof PoolType;
export type Pool = PoolType;
export const errors = errorClasses as typeof ErrorsType;
