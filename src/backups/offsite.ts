import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AwsClient } from 'aws4fetch';
import { request } from 'undici';
import { BackupError } from '../db/errors.ts';
import { timeOfName, type BackupFile } from './backup-folder.ts';

/** Where the copies off this computer go: an S3-compatible bucket, as the operator configured it. */
export interface OffsiteTarget {
  /** The folder in the bucket, path-style: https://HOST/BUCKET/PREFIX (a virtual-host URL works too). */
  readonly url: string;
  readonly region: string | undefined;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
}

const TIMEOUT_MS = 120_000;

/**
 * A copy of each good backup in an S3-compatible bucket, signed with AWS Signature V4 (aws4fetch)
 * and sent with its MD5, so the bucket refuses a body that did not arrive whole; then its size is
 * read back. The bucket is pruned by the same rules as the folder.
 */
export class Offsite {
  readonly #target: OffsiteTarget;
  readonly #client: AwsClient;

  constructor(target: OffsiteTarget) {
    this.#target = target;
    this.#client = new AwsClient({
      accessKeyId: target.accessKeyId,
      secretAccessKey: target.secretAccessKey,
      service: 's3',
      region: target.region,
      retries: 0,
    });
  }

  get url(): string {
    return this.#target.url.replace(/\/+$/, '');
  }

  urlOf(name: string): string {
    return `${this.url}/${encodeURIComponent(name)}`;
  }

  /** Puts `file` in the bucket as `name`; resolves with its URL once the bucket has all of it. */
  async upload(file: string, name: string): Promise<string> {
    const url = this.urlOf(name);
    const { size } = await fs.promises.stat(file);
    const md5 = createHash('md5');
    for await (const piece of fs.createReadStream(file)) md5.update(piece as Buffer);
    const headers = await this.#signed(url, 'PUT', { 'content-md5': md5.digest('base64'), 'content-type': 'application/octet-stream' });
    const put = await this.#send(url, 'PUT', { ...headers, 'content-length': String(size) }, fs.createReadStream(file));
    await this.#expect(put, [200], 'upload');
    const head = await this.#send(url, 'HEAD', await this.#signed(url, 'HEAD'));
    await this.#expect(head, [200], 'check');
    if (Number(head.headers['content-length']) !== size) {
      throw new BackupError(`the copy in ${this.url} has ${head.headers['content-length']} bytes, not ${size}`);
    }
    return url;
  }

  /** The backups in the bucket, oldest first. */
  async list(): Promise<Array<Pick<BackupFile, 'name' | 'at'>>> {
    const { origin, pathname } = new URL(this.url);
    const [bucket, ...rest] = pathname.replace(/^\/+/, '').split('/');
    const prefix = rest.join('/') ? `${rest.join('/')}/` : '';
    const found: Array<Pick<BackupFile, 'name' | 'at'>> = [];
    let token: string | undefined;
    do {
      const query = new URLSearchParams({ 'list-type': '2', prefix, ...(token ? { 'continuation-token': token } : {}) });
      const url = `${origin}/${bucket}?${query}`;
      const reply = await this.#send(url, 'GET', await this.#signed(url, 'GET'));
      const text = await this.#expect(reply, [200], 'list');
      for (const [, key] of text.matchAll(/<Key>([^<]*)<\/Key>/g)) {
        const name = path.posix.basename(unescapeXml(key!));
        const at = timeOfName(name);
        if (at !== undefined) found.push({ name, at });
      }
      token = /<IsTruncated>true<\/IsTruncated>/.test(text) ? /<NextContinuationToken>([^<]*)</.exec(text)?.[1] : undefined;
    } while (token);
    return found.sort((a, b) => a.at - b.at);
  }

  async remove(name: string): Promise<void> {
    const url = this.urlOf(name);
    await this.#expect(await this.#send(url, 'DELETE', await this.#signed(url, 'DELETE')), [200, 204], 'removal');
  }

  /** Fetches `name` into `to` (owner-only). */
  async download(name: string, to: string): Promise<void> {
    const url = this.urlOf(name);
    const reply = await this.#send(url, 'GET', await this.#signed(url, 'GET'));
    if (reply.statusCode !== 200) await this.#expect(reply, [200], 'download');
    await pipeline(reply.body, fs.createWriteStream(to, { flags: 'wx', mode: 0o600 }));
  }

  async #signed(url: string, method: string, headers: Record<string, string> = {}): Promise<Record<string, string>> {
    const signed = await this.#client.sign(url, { method, headers });
    return Object.fromEntries(signed.headers.entries());
  }

  async #send(url: string, method: 'GET' | 'PUT' | 'HEAD' | 'DELETE', headers: Record<string, string>, body?: fs.ReadStream) {
    try {
      return await request(url, { method, headers, body, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new BackupError(`${this.url} cannot be reached (${code ?? (error as Error).message})`);
    }
  }

  /** The body as text when the status is one of `ok`; else a BackupError with the bucket's own words. */
  async #expect(reply: Awaited<ReturnType<typeof request>>, ok: number[], what: string): Promise<string> {
    const text = await reply.body.text();
    if (ok.includes(reply.statusCode)) return text;
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
    const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
    throw new BackupError(
      `the ${what} at ${this.url} was refused (${reply.statusCode}${code ? ` ${code}` : ''}${message ? `: ${unescapeXml(message)}` : ''})`,
    );
  }
}

function unescapeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!);
}
