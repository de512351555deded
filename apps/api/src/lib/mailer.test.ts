import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

const outboxDir = path.join(mkdtempSync(path.join(tmpdir(), 'roam-mailer-')), 'outbox');
afterAll(() => rmSync(path.dirname(outboxDir), { recursive: true, force: true }));

describe('the embedded outbox', () => {
  it('holds each mail as one whole .eml file, and nothing else, once it is sent', async () => {
    const mailer = createMailer({ from: 'Roam <no-reply@roam.test>', outboxDir });
    const mails = ['first', 'second', 'third'].map((word) => ({
      to: 'admin@roam.test',
      subject: `The ${word} mail`,
      text: `Body of the ${word} mail`,
      html: `<p>Body of the ${word} mail</p>`,
    }));
    await Promise.all(mails.map((mail) => mailer.send(mail)));
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(3);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    const texts = files.map((file) => readFileSync(path.join(outboxDir, file), 'utf8'));
    for (const mail of mails) {
      expect(
        texts.some((text) => text.includes(`Subject: ${mail.subject}`) && text.includes(mail.text)),
      ).toBe(true);
    }
  });
});
