import { randomBytes } from 'node:crypto';
import { rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from './config.ts';
import { PRIVATE_FILE_MODE, privateFolder } from './private-files.ts';
import { logEvent } from './request-log.ts';

/** A file sent with a mail (a pro-forma invoice), base64 so a failed mail keeps it to resend. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

/** One outgoing e-mail. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
  /** One line for the dev-outbox log (e.g. the reset code), so a developer need not open the file. */
  summary?: string;
}

/**
 * Sends a mail over SMTP_URL, or, when it is unset, writes it to DATA_DIR/outbox/ and logs one line
 * (the dev outbox) so a developer can read reset codes without a mail server.
 */
export async function sendMail(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>,
  mail: Mail,
): Promise<void> {
  if (config.SMTP_URL) {
    // A server that accepts and never greets would otherwise hold the sender for nodemailer's default 30 s.
    const transport = nodemailer.createTransport({
      url: config.SMTP_URL,
      connectionTimeout: 5000,
      greetingTimeout: 5000,
      socketTimeout: 10_000,
    });
    try {
      await transport.sendMail({
        from: config.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.attachments?.length
          ? {
              attachments: mail.attachments.map((a) => ({
                filename: a.filename,
                content: a.base64,
                encoding: 'base64',
                contentType: a.contentType,
              })),
            }
          : {}),
      });
    } finally {
      transport.close();
    }
    return;
  }
  const outbox = path.resolve(config.DATA_DIR, 'outbox');
  // Mails hold reset codes and addresses: the outbox is its owner's only.
  await privateFolder(outbox);
  const file = path.join(outbox, outboxName(mail.to));
  // Each attachment beside the mail (its name ending in the file's own, never .txt), named in it.
  const attached: string[] = [];
  for (const a of mail.attachments ?? []) {
    const saved = `${file.slice(0, -'.txt'.length)}--${a.filename.replace(/[^\w.-]/g, '_')}`;
    await writeFile(saved, Buffer.from(a.base64, 'base64'), {
      mode: PRIVATE_FILE_MODE,
      flag: 'wx',
    });
    attached.push(`Attachment: ${a.filename} (${a.contentType}) saved as ${saved}`);
  }
  // Written whole or not at all: a reader of *.txt never sees half a mail.
  const partial = `${file}.tmp`;
  try {
    await writeFile(
      partial,
      `From: ${config.MAIL_FROM}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n${attached.map((line) => `${line}\n`).join('')}`,
      { mode: PRIVATE_FILE_MODE, flag: 'wx' },
    );
    await rename(partial, file);
  } catch (error) {
    await unlink(partial).catch(() => undefined);
    throw error;
  }
  logEvent(
    'info',
    `[mail] dev outbox: "${mail.subject}" to ${mail.to}${mail.summary ? ` (${mail.summary})` : ''} written to ${file}`,
  );
}

let written = 0;

/**
 * A dev-outbox file name no other mail gets: the time (so names sort oldest first), this process's
 * count of mails written, a random part (other processes write to the same folder) and the
 * recipient (so a reader can pick one person's mails), ending in .txt.
 */
export function outboxName(to: string, now = new Date()): string {
  written += 1;
  const time = now.toISOString().replace(/[:.]/g, '-');
  const count = String(written).padStart(6, '0');
  return `${time}-${count}-${randomBytes(6).toString('hex')}-${to.replace(/[^\w.@-]/g, '_').slice(0, 160)}.txt`;
}

/** Waits between SMTP attempts: a transient refusal gets two more tries, about 1 s and 4 s later. */
export const MAIL_RETRY_DELAYS_MS = [1000, 4000] as const;
/**
 * The test suites' waits (MAIL_RETRY_WAITS=test): the same two tries at 1/100 of the time, so the
 * suites' dozens of refused mails do not sleep five seconds each (config refuses it in production).
 */
export const TEST_MAIL_RETRY_DELAYS_MS = [10, 40] as const;

/**
 * Sends a mail, trying again after each of `delaysMs` (by default the shop's schedule, or the test
 * suites' under MAIL_RETRY_WAITS=test) when sending fails; throws the last failure.
 */
export async function sendMailWithRetry(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'> &
    Partial<Pick<Config, 'MAIL_RETRY_WAITS'>>,
  mail: Mail,
  delaysMs: readonly number[] = config.MAIL_RETRY_WAITS === 'test'
    ? TEST_MAIL_RETRY_DELAYS_MS
    : MAIL_RETRY_DELAYS_MS,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await sendMail(config, mail);
    } catch (error) {
      const delay = delaysMs[attempt];
      if (delay === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * The shop's address for a link a mail carries: SITE_URL (required in production), or locally
 * http://localhost:PORT; never the Host a request named.
 */
export function mailOrigin(config: Pick<Config, 'SITE_URL' | 'PORT'>): string {
  return new URL(config.SITE_URL ?? `http://localhost:${config.PORT}`).origin;
}
