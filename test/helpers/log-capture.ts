import type { LogLevel } from '../../src/config.ts';
import { createLogger, type Logger } from '../../src/log.ts';

/** A real logger (the server's own format) writing into memory, so a test can read every line. */
export function captureLogs(level: LogLevel = 'debug'): { logger: Logger; text(): string; entries(): any[] } {
  const lines: string[] = [];
  const logger = createLogger(level, { write: (line: string) => void lines.push(line) });
  return {
    logger,
    text: () => lines.join(''),
    entries: () => lines.map((line) => JSON.parse(line)),
  };
}
