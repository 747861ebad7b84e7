// The files of undici that src/delivery/undici-pool.ts loads directly; typed there from undici's index.
declare module 'undici/lib/dispatcher/dispatcher.js' {
  const Dispatcher: { prototype: object };
  export default Dispatcher;
}
declare module 'undici/lib/dispatcher/pool.js' {
  const Pool: unknown;
  export default Pool;
}
declare module 'undici/lib/core/errors.js' {
  const errors: unknown;
  export default errors;
}
declare module 'undici/lib/api/api-request.js' {
  const request: unknown;
  export default request;
}
