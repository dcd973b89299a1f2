// The dev outbox (DATA_DIR/outbox, when SMTP_URL is unset) keeps every mail: each has a file of
// its own, however many go to one person in one millisecond, and a reader of *.txt files only ever
// sees whole mails. The folder is its owner's only, like the store beside it.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendMail } from '../../src/server/mail.ts';

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'shop-outbox-'));
  // Each mail logs one line; the tests read the files.
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterAll(() => {
  vi.restoreAllMocks();
  rmSync(dataDir, { recursive: true, force: true });
});

const config = (dir: string) => ({
  SMTP_URL: undefined,
  MAIL_FROM: 'shop@bastaa.pk',
  DATA_DIR: dir,
});
const outboxOf = (dir: string) => path.join(dir, 'outbox');

describe('the dev outbox', () => {
  it("keeps an order's confirmation and its Packing mail sent in the same millisecond", async () => {
    const dir = mkdtempSync(path.join(dataDir, 'same-ms-'));
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-27T10:00:00.000Z'));
      await Promise.all([
        sendMail(config(dir), { to: 'sana@example.com', subject: 'Order confirmed', text: 'One' }),
        sendMail(config(dir), { to: 'sana@example.com', subject: 'Order is Packing', text: 'Two' }),
      ]);
    } finally {
      vi.useRealTimers();
    }
    const files = readdirSync(outboxOf(dir));
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('-sana@example.com.txt'))).toBe(true);
    const subjects = files
      .map((f) => /^Subject: (.*)$/m.exec(readFileSync(path.join(outboxOf(dir), f), 'utf8'))?.[1])
      .sort();
    expect(subjects).toEqual(['Order confirmed', 'Order is Packing']);
  });

  it('names files so that sorting them puts one process’s mails in the order sent', async () => {
    const dir = mkdtempSync(path.join(dataDir, 'order-'));
    for (const n of [1, 2, 3, 4, 5])
      await sendMail(config(dir), { to: 'a@b.pk', subject: `Mail ${n}`, text: `${n}` });
    const subjects = readdirSync(outboxOf(dir))
      .sort()
      .map((f) => /^Subject: (.*)$/m.exec(readFileSync(path.join(outboxOf(dir), f), 'utf8'))?.[1]);
    expect(subjects).toEqual(['Mail 1', 'Mail 2', 'Mail 3', 'Mail 4', 'Mail 5']);
  });

  // A fresh Node process is the subject here; its start alone took over 20 s on a loaded 2-core
  // machine (load 12), so the limit is a minute. The work itself takes about a second.
  it(
    'leaves no part of a mail the disk could not take whole: no .txt, no scrap',
    { timeout: 60_000 },
    () => {
      const dir = mkdtempSync(path.join(dataDir, 'whole-'));
      // A real limit on file size (ulimit -f, in KiB): the 200 KB mail stops at 64 KB, as on a full disk.
      const script = [
        `import { sendMail } from ${JSON.stringify(path.resolve('src/server/mail.ts'))};`,
        `const config = ${JSON.stringify(config(dir))};`,
        "const text = 'A line of a long mail.\\n'.repeat(9000) + 'The end.';",
        "await sendMail(config, { to: 'sana@example.com', subject: 'Long', text }).then(",
        "  () => console.log('sent'),",
        '  (error) => console.log(`refused ${error.code}`),',
        ');',
      ].join('\n');
      const run = spawnSync(
        'bash',
        ['-c', 'ulimit -f 64; exec "$0" --input-type=module -e "$1"', process.execPath, script],
        { encoding: 'utf8' },
      );
      expect(run.stdout.trim().split('\n').at(-1)).toBe('refused EFBIG');
      expect(readdirSync(outboxOf(dir))).toEqual([]);
    },
  );

  it('keeps the outbox 0700 and each mail 0600', async () => {
    const dir = mkdtempSync(path.join(dataDir, 'modes-'));
    const umask = process.umask(0o022);
    try {
      await sendMail(config(dir), { to: 'a@b.pk', subject: 'Reset code', text: '123456' });
    } finally {
      process.umask(umask);
    }
    const [file] = readdirSync(outboxOf(dir));
    expect((statSync(outboxOf(dir)).mode & 0o777).toString(8)).toBe('700');
    expect((statSync(path.join(outboxOf(dir), file!)).mode & 0o777).toString(8)).toBe('600');
  });
});
