import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { serverIndex } from './browser';

/** The folder where the server writes each mail as an .eml file (no SMTP_URL in the e2e run). */
export function outboxDir(): string {
  return path.join(inject('dataDirs')[serverIndex()]!, 'outbox');
}

/** The .eml files in the outbox, oldest first (their names start with the time they were written). */
export function listMails(): string[] {
  const dir = outboxDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort();
}

/** Decodes a quoted-printable body: soft line breaks ('=' at a line end), then '=XX' escapes. */
export function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

type MailPart = { headers: string; body: string };

/** Splits a MIME message into its leaf parts (a single-part message is one part). */
function mimeParts(message: string): MailPart[] {
  const separator = message.search(/\r?\n\r?\n/);
  const headers = message.slice(0, separator);
  const body = message.slice(separator).replace(/^\r?\n\r?\n/, '');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!/^content-type:\s*multipart\//im.test(headers) || !boundary) return [{ headers, body }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => mimeParts(chunk.replace(/^\r?\n/, '')));
}

function decodePart({ headers, body }: MailPart): string {
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

export type Mail = { file: string; to: string; subject: string; text: string };

/** Reads one .eml file: its recipient, subject and plain-text body (decoded). */
export function readMail(file: string): Mail {
  const raw = readFileSync(path.join(outboxDir(), file), 'utf8');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(raw)?.[1]?.trim() ?? '';
  const parts = mimeParts(raw);
  const plain = parts.find((part) => /^content-type:\s*text\/plain/im.test(part.headers)) ?? parts[0]!;
  return { file, to: header('To'), subject: header('Subject'), text: decodePart(plain) };
}

/**
 * Polls the outbox for a mail to this address that was not there before (`seen`); the server
 * sends it after answering, so it may take a moment to appear.
 */
export async function waitForMail(to: string, seen: readonly string[], timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const fresh = listMails()
      .filter((file) => !seen.includes(file))
      .reverse()
      .map(readMail)
      .find((mail) => mail.to.toLowerCase().includes(to.toLowerCase()));
    if (fresh) return fresh;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${outboxDir()} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
