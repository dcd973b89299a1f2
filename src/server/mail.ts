import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from './config.ts';

/** One outgoing e-mail. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** One line for the dev-outbox log (e.g. the reset code), so a developer need not open the file. */
  summary?: string;
}

/**
 * Sends a mail over SMTP_URL, or, when it is unset, writes it to DATA_DIR/outbox/ and logs one line
 * (the dev outbox) so a developer can read reset codes without a mail server.
 */
export async function sendMail(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>, mail: Mail): Promise<void> {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport({ url: config.SMTP_URL, connectionTimeout: 5000, socketTimeout: 10_000 });
    try {
      await transport.sendMail({ from: config.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
    } finally {
      transport.close();
    }
    return;
  }
  const outbox = path.resolve(config.DATA_DIR, 'outbox');
  await mkdir(outbox, { recursive: true });
  const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^\w.@-]/g, '_')}.txt`);
  await writeFile(file, `From: ${config.MAIL_FROM}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
  console.log(`[mail] dev outbox: "${mail.subject}" to ${mail.to}${mail.summary ? ` (${mail.summary})` : ''} written to ${file}`);
}
