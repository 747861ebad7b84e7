// What sealing a backup costs (docs/decisions.md, "Backups are sealed whole"): the time per MiB to
// seal a database file for the backup passphrase and to read it back through (every chunk's tag,
// the digests), beside a plain copy of the same file, and scrypt's one-off cost.
// Run: node bench/micro/backup-seal.ts [MiB, default 256]. Best of 5; compare within one run only.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { digestOf, openBackup, sealBackup } from '../../src/backups/backup-file.ts';
import { recipientFor, unlock } from '../../src/backups/recipient.ts';

const mib = Number(process.argv[2] ?? 256);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'booking-bench-seal-'));
try {
  const plain = path.join(dir, 'database');
  const handle = fs.openSync(plain, 'w');
  // Half random, half repeated text: a database is neither, and AES-GCM does not care which.
  for (let i = 0; i < mib; i++) fs.writeSync(handle, i % 2 ? randomBytes(1 << 20) : Buffer.alloc(1 << 20, 'booking '));
  fs.closeSync(handle);

  let started = performance.now();
  const recipient = await recipientFor('a passphrase for the benchmark', 'passphrase');
  const scryptMs = performance.now() - started;
  started = performance.now();
  await unlock('a passphrase for the benchmark', recipient.kdf, recipient.keyId);
  const unlockMs = performance.now() - started;

  const best = async (work: (round: number) => Promise<unknown>) => {
    let fastest = Infinity;
    for (let round = 0; round < 5; round++) {
      const t = performance.now();
      await work(round);
      fastest = Math.min(fastest, performance.now() - t);
    }
    return fastest;
  };
  const manifest = {
    engine: 'sqlite' as const,
    createdAt: new Date().toISOString(),
    secretsKey: null,
    migrations: [],
    rows: {},
    bookingsUpTo: null,
  };
  const copyMs = await best(async (round) => {
    const copy = path.join(dir, `copy-${round}`);
    await fs.promises.copyFile(plain, copy);
    const written = await fs.promises.open(copy, 'r+');
    await written.sync();
    await written.close();
  });
  const digestMs = await best(() => digestOf(plain));
  let key: Buffer = Buffer.alloc(0);
  const sealMs = await best(async (round) => {
    key = (await sealBackup(path.join(dir, `sealed-${round}`), manifest, plain, recipient)).contentsKey;
  });
  const openMs = await best(() => openBackup(path.join(dir, 'sealed-4'), key));
  const perMiB = (ms: number) => `${(ms / mib).toFixed(2)} ms/MiB (${((mib / ms) * 1000).toFixed(0)} MiB/s)`;
  console.log(`file                         ${mib} MiB, sealed ${(fs.statSync(path.join(dir, 'sealed-0')).size / 2 ** 20).toFixed(3)} MiB`);
  console.log(`plain copy + fsync           ${perMiB(copyMs)}`);
  console.log(`SHA-256 of the file          ${perMiB(digestMs)}`);
  console.log(`seal (digest + AES-GCM + fsync) ${perMiB(sealMs)}`);
  console.log(`read back (AES-GCM + digests) ${perMiB(openMs)}`);
  console.log(`scrypt N=2^17 r=8 (set a passphrase) ${scryptMs.toFixed(0)} ms; again to open ${unlockMs.toFixed(0)} ms`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
