// The operator CLI's commands (`npm run shop -- <command>`; scripts/shop.ts runs them in their own
// process). Each prints its answer and returns its exit code, so tests run them in-process too.
import { writeFile } from 'node:fs/promises';
import { closeStore, getStore } from '../src/server/store/index.ts';
import { importCatalogueFile } from '../src/server/catalogue/index.ts';
import { publishCommand } from './publish-cli.ts';
import type { ProductState } from '../src/server/store/port.ts';
import { catalogueToCsv } from '../src/server/catalogue/index.ts';
import { catalogueForExport, exportedLine } from '../src/server/catalogue/index.ts';
import { DomainError } from '../src/server/errors.ts';
import { ORDER_STATUSES, isOrderStatus } from '../src/lib/orders/moves.ts';
import { statusFromText } from '../src/lib/desk.ts';
import { loadConfig } from '../src/server/config.ts';
import { getDeps } from '../src/server/deps.ts';
import { resealConnectionSecrets } from '../src/server/connections.ts';
import { runDoctor } from '../src/server/doctor/doctor.ts';
import { openDemoPhotoStore } from '../src/demo/photos/open.ts';
import { emailSchema } from '../src/lib/contract/checkout.ts';
import { sendMail } from '../src/server/mail.ts';
import {
  findOrder,
  followParcels,
  moveDeskOrder,
  toDeskOrder,
} from '../src/server/orders/index.ts';
import { createInvitation, invitationLink } from '../src/server/accounts/index.ts';
import { karachiDay, karachiTime, shortNumber } from '../src/lib/desk.ts';
import { formatMoney } from '../src/lib/money.ts';
import { timelineLine } from '../src/lib/orders/desk-view.ts';
import { checkPeriod, ordersToCsv } from '../src/server/orders/index.ts';
import { retryDueMails, shopAddress, toDeskMailFailure } from '../src/server/operations/index.ts';
import { RETURN_REQUESTS } from '../src/lib/contract/returns.ts';
import { stepReturn } from '../src/server/returns/index.ts';
import { settleBackground } from '../src/server/background.ts';
import { SETTINGS_USAGE, settingsCommand } from './settings-cli.ts';
import {
  PAYMENTS_USAGE,
  expireUnpaidCommand,
  ordersPaidCommand,
  reconcileCommand,
} from './payments-cli.ts';
import {
  BackupError,
  MANIFEST_FILE,
  exportBackup,
  restoreBackup,
} from '../src/server/operations/index.ts';
import { resealTotpSecrets, verifyingKeys } from '../src/server/accounts/index.ts';
import { PhotoStoreSettingsError, type PhotoStore } from '../src/server/catalogue/index.ts';

const USAGE = `Usage: npm run shop -- <command>
  catalogue import <file> [--images <folder>] [--replace] [--draft]
                                   validate a catalogue (JSON, or CSV one row per product and
                                   colour) and its photos, store the photos in the photo store
                                   (.data/photos, or Netlify Blobs) and upsert the products
                                   (all or nothing); --replace also archives (hides) every
                                   product the file leaves out, listing them first; then
                                   publishes the catalogue, unless --draft
  catalogue publish                publish the draft catalogue as the next version and start its
                                   deploy (BUILD_HOOK_URL, or the running npm start rebuilds)
  catalogue export [file] [--csv]  write the store's catalogue as JSON, or CSV when the file ends
                                   in .csv or --csv is given (stdout when no file); a store with
                                   no products yet gives the demo catalogue, saying so
  catalogue generate <n> [file]    write n generated products (for benchmarks) as JSON
  orders list [--status S]         list orders, newest first: #number, Karachi time, status,
                                   total, payment, items, e-mail
  orders show <number|id>          one order in full (#7133649B, any case, or the full id)
  orders status <id> <status>      move an order to Packing, Out for Delivery or Delivered and
                                   mail the shopper, as the desk does (--no-mail: mail no one);
                                   <id> may be the short number (#7133649B), the status any case;
                                   Out for Delivery takes [--courier C] [--tracking T]
  orders status <id> Cancelled --reason "…"
                                   cancel an order; the reason is required and kept with it
  staff add <email> --role owner|staff [--name N]
                                   invite a desk member: prints the one-time link (48 hours),
                                   and mails it too when SMTP_URL is set
  staff list                       every desk member
${PAYMENTS_USAGE}
${SETTINGS_USAGE}
  db migrate                       create the MongoDB indexes (once per database; safe to repeat)
  doctor                           check a production configuration; one line per problem
  returns step <number|id> <step>  take a return's next step and mail the shopper: approved;
                                   refused --reason R; pickupScheduled --from T --to T
                                   (YYYY-MM-DDTHH:mm, Pakistan time); received; refunded --method M
                                   --reference R --amount N (PKR); exchangeShipped [--courier C]
                                   [--tracking T]
  mail failures                    shopper mails that failed and are not sent yet
  mail retry                       retry now the failed mails whose next try is due
  orders export <from> <to> [file] orders placed from..to (Karachi days, YYYY-MM-DD) as CSV
  backup export <folder>           write every backed-up collection as JSON lines, with a
                                   manifest (counts, SHA-256 checksums) signed with a key
                                   derived from JWT_SECRET, into a new folder (owner-only)
  backup restore <folder>          check a backup's signature, collections and checksums and
                                   load it into an EMPTY store
  staff reseal                     after rotating JWT_SECRET: re-seal every authenticator key and connection key
                                   still sealed under JWT_SECRET_PREVIOUS with the current one
Environment: DATA_DIR (SQLite folder, default .data) or MONGODB_URI to use MongoDB.`;

type Command = (args: string[]) => Promise<number>;
/** Lists the products `catalogue import --replace` is about to archive, before it writes. */
function announceArchives(missing: readonly ProductState[]): void {
  if (missing.length === 0) {
    console.log('--replace: every live product is in the file; nothing to archive.');
    return;
  }
  console.log(`--replace: archiving ${missing.length} product(s) missing from the file:`);
  for (const s of missing) console.log(`  ${s.product._id}  ${s.product.productName}`);
}

const commands: Record<string, Command> = {
  'db migrate': async () => {
    const config = loadConfig();
    if (!config.MONGODB_URI) {
      console.log(
        'No MONGODB_URI: the embedded SQLite store creates its tables itself. Nothing to do.',
      );
      return 0;
    }
    const { migrateMongo } = await import('../src/server/store/mongo/index.ts');
    const created = await migrateMongo(config.MONGODB_URI, config.MONGODB_DB);
    console.log(`Indexes in place on ${config.MONGODB_DB}: ${created.join(', ')}.`);
    return 0;
  },
  doctor: async () => {
    const lines = await runDoctor(process.env);
    for (const line of lines)
      (line.ok ? console.log : console.error)(`${line.ok ? 'ok  ' : 'FAIL'}  ${line.text}`);
    return lines.every((l) => l.ok) ? 0 : 1;
  },
  'catalogue import': async (args) => {
    const flag = args.indexOf('--images');
    const images = flag >= 0 ? args[flag + 1] : undefined;
    if (flag >= 0 && !images) return usage('--images needs a folder');
    const file = args.find((a, i) => !a.startsWith('--') && (flag < 0 || i !== flag + 1));
    if (!file) return usage('catalogue import needs a file');
    let photos: PhotoStore;
    try {
      photos = openDemoPhotoStore();
    } catch (error) {
      if (error instanceof PhotoStoreSettingsError)
        return report([error.message], 'Nothing was imported.');
      throw error;
    }
    // live-stock: --replace archives what the sheet leaves out, listed first.
    const replace = args.includes('--replace') ? { announce: announceArchives } : undefined;
    const result = await importCatalogueFile(await getStore(), file, { images, photos, replace });
    for (const line of result.warnings) console.error(`warning: ${line}`);
    if (!result.ok) return report(result.errors, 'Nothing was imported.');
    console.log(
      `Imported ${file}: ${result.inserted} new, ${result.updated} updated; ` +
        `photos: ${result.photosAdded} stored, ${result.photosKept} already there ` +
        `(${photos.where}).` +
        (result.archived ? ` Archived ${result.archived.length}.` : ''),
    );
    // An import is published unless --draft (the draft waits for Publish).
    if (args.includes('--draft')) {
      console.log('Kept as a draft: shoppers see it once it is published (catalogue publish).');
      return 0;
    }
    return publishCommand();
  },
  'catalogue export': async (args) => {
    const file = args.find((a) => !a.startsWith('--'));
    const found = await catalogueForExport(await getStore());
    const { products } = found;
    const csv = args.includes('--csv') || /\.csv$/i.test(file ?? '');
    const text = csv ? catalogueToCsv(products) : JSON.stringify(products, null, 2) + '\n';
    // A byte-order mark makes Excel open the file as UTF-8 (and save it back so), as orders export.
    if (file) await writeFile(file, csv ? `\uFEFF${text}` : text);
    else process.stdout.write(text);
    // With no file the catalogue is stdout, so the demo notice goes to stderr.
    if (file) console.log(exportedLine(found, file));
    else if (found.from === 'demo') console.error(exportedLine(found, file));
    return 0;
  },
  'catalogue generate': async ([count, file]) => {
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > 100_000)
      return usage('catalogue generate needs a count from 1 to 100000');
    const { generateCatalogue } = await import('../src/demo/catalogue/products.ts');
    const text = JSON.stringify(generateCatalogue(n), null, 1) + '\n';
    if (file) await writeFile(file, text);
    else process.stdout.write(text);
    if (file) console.log(`Wrote ${n} generated products to ${file}.`);
    return 0;
  },
  'orders list': async (args) => {
    const flag = args.indexOf('--status');
    const status = flag >= 0 ? args[flag + 1] : undefined;
    if (status !== undefined && !isOrderStatus(status)) {
      return usage(`--status must be one of: ${ORDER_STATUSES.join(', ')}`);
    }
    const orders = await (await getStore()).orders.list(status ? { status } : {});
    if (orders.length === 0)
      console.log(status ? `No orders with status ${status}.` : 'No orders yet.');
    for (const o of orders) {
      const count = o.items.reduce((n, i) => n + i.quantity, 0);
      console.log(
        `#${shortNumber(o.id)}  ${karachiTime(o.date)}  ${o.status.padEnd(16)}  ${formatMoney(o.total, o.currency)}  ${o.paymentMethod}  ${count} item(s)  ${o.address.email}`,
      );
    }
    return 0;
  },
  'orders status': async (args) => {
    const mail = !args.includes('--no-mail');
    const flags = takeFlags(
      args.filter((a) => a !== '--no-mail'),
      ['--courier', '--tracking', '--reason'],
    );
    const reason = flags['--reason'];
    if (args.includes('--reason') && (reason === undefined || reason.trim() === ''))
      return usage('--reason needs the reason, in quotes');
    const [id, ...words] = flags.rest;
    const to = words.join(' ');
    if (!id || !to) return usage('orders status needs an order id and a status');
    const status = statusFromText(to);
    if (!status) return usage(`Unknown status "${to}". Use one of: ${ORDER_STATUSES.join(', ')}`);
    if (status === 'Cancelled' && reason === undefined)
      return usage('Cancelling an order needs a reason: --reason "…"');
    try {
      const deps = await getDeps();
      // The same move as the desk's: timeline, audit as the operator, the shopper's mail (kept for
      // a retry when it fails) and, for a cancel, the shop's alert; waited for before the exit.
      const moved = await moveDeskOrder(
        deps,
        null,
        {
          order: id,
          to: status,
          ...(flags['--courier'] ? { courier: flags['--courier'] } : {}),
          ...(flags['--tracking'] ? { trackingNumber: flags['--tracking'] } : {}),
          ...(reason ? { reason: reason.trim() } : {}),
        },
        undefined,
        { mail },
      );
      await settleBackground();
      const o = moved.order;
      console.log(
        `Order #${o.number} is now ${o.status}${o.status === 'Cancelled' ? ` (reason: ${o.cancelReason})` : ''}. ${mail ? `The shopper is mailed at ${o.email}.` : 'No one is mailed (--no-mail).'}`,
      );
      return 0;
    } catch (error) {
      if (error instanceof DomainError) return report([error.message]);
      throw error;
    }
  },
  'orders show': async ([ref]) => {
    if (!ref) return usage('orders show needs an order number or id');
    try {
      const o = toDeskOrder(await findOrder(await getStore(), ref));
      const lines = [
        `Order #${o.number}  ${o.id}`,
        `Placed ${o.placedAt} (Asia/Karachi)  ${o.status}  ${o.payment}  ${o.paymentMethod}`,
        `Total ${o.currency} ${o.total} (PKR ${o.totalPkr}); items ${o.currency} ${o.amount}, delivery ${o.currency} ${o.deliveryFee}`,
        `Shopper ${o.name}  ${o.email}  ${o.phone}`,
        `Address ${[o.address.address1, o.address.address2, o.address.city, o.address.state, o.address.zip, o.address.country].filter(Boolean).join(', ')}`,
        ...o.lines.map(
          (l) =>
            `  ${l.quantity} x ${l.productName} (${l.colour}) at PKR ${l.unitPrice} = PKR ${l.lineTotal}`,
        ),
        ...(o.courier || o.trackingNumber
          ? [`Courier ${o.courier ?? '-'}  tracking ${o.trackingNumber ?? '-'}`]
          : []),
        ...(o.cancelReason ? [`Cancellation reason: ${o.cancelReason}`] : []),
        // The wallet number and the payments recorded.
        ...(o.walletNumber ? [`Wallet number ${o.walletNumber}`] : []),
        ...o.payments.map(
          (p) =>
            `Paid ${o.currency} ${p.amount} by ${p.method}${p.reference ? ` (reference ${p.reference})` : ''}, ${p.atKarachi}, by ${p.by}`,
        ),
        ...(o.payments.length > 0 ? [`Still due ${o.currency} ${o.due}`] : []),
        'Timeline:',
        ...o.timeline.map((e) => {
          const line = timelineLine(e, o.currency, o.return?.kind);
          return `  ${e.atKarachi}  ${line.title}  by ${e.by}${line.detail ? `  (${line.detail})` : ''}`;
        }),
      ];
      console.log(lines.join('\n'));
      return 0;
    } catch (error) {
      if (error instanceof DomainError) return report([error.message]);
      throw error;
    }
  },
  'staff add': async (args) => {
    const flags = takeFlags(args, ['--role', '--name']);
    const email = emailSchema.safeParse(flags.rest[0] ?? '');
    const role = flags['--role'];
    if (!email.success) return usage('staff add needs an e-mail address');
    if (role !== 'owner' && role !== 'staff')
      return usage('staff add needs --role owner or --role staff');
    const config = loadConfig();
    try {
      const name = flags['--name'] ?? email.data.split('@')[0]!;
      const { staff, token } = await createInvitation(
        await getStore(),
        { email: email.data, name, role },
        null,
      );
      const link = invitationLink(shopAddress(config), token);
      console.log(`Invited ${staff.email} as ${staff.role}. This link works once, for 48 hours:`);
      console.log(link);
      if (config.SMTP_URL) {
        await sendMail(config, {
          to: staff.email,
          subject: 'Your invitation to the Bastaa desk',
          text: `Open this link within 48 hours to set your desk password and authenticator app. It works once.\n\n${link}`,
        });
        console.log(`Mailed it to ${staff.email} too.`);
      }
      return 0;
    } catch (error) {
      if (error instanceof DomainError) return report([error.message]);
      throw error;
    }
  },
  // Shop settings.
  'settings list': (args) => settingsCommand('list', args, usage),
  'settings get': (args) => settingsCommand('get', args, usage),
  'settings set': (args) => settingsCommand('set', args, usage),
  'orders paid': (args) => {
    const flags = takeFlags(args, ['--method', '--reference']);
    return ordersPaidCommand(
      flags.rest,
      { method: flags['--method'], reference: flags['--reference'] },
      usage,
    );
  },
  'staff list': async () => {
    const staff = await (await getStore()).staff.list();
    if (staff.length === 0)
      console.log('No desk members yet. Add the owner: staff add <email> --role owner');
    for (const s of staff)
      console.log(
        `${s.id}  ${s.email.padEnd(32)}  ${s.role.padEnd(5)}  ${s.status}  since ${s.createdAt}`,
      );
    return 0;
  },
  // The desk's return steps from the terminal, as the operator.
  'returns step': async (args) => {
    const flags = takeFlags(args, [
      '--reason',
      '--from',
      '--to',
      '--method',
      '--reference',
      '--amount',
      '--courier',
      '--tracking',
    ]);
    const [order, to] = flags.rest;
    if (!order || !to) return usage('returns step needs an order number or id and a step');
    const parsed = RETURN_REQUESTS.deskReturnStep.safeParse({
      order,
      to,
      reason: flags['--reason'],
      pickupFrom: flags['--from'],
      pickupTo: flags['--to'],
      method: flags['--method'],
      reference: flags['--reference'],
      amount: flags['--amount'] === undefined ? undefined : Number(flags['--amount']),
      courier: flags['--courier'],
      trackingNumber: flags['--tracking'],
    });
    if (!parsed.success) return report(parsed.error.issues.map((i) => i.message));
    try {
      const deps = await getDeps();
      const { message } = await stepReturn(deps, null, parsed.data);
      await settleBackground();
      console.log(message);
      return 0;
    } catch (error) {
      if (error instanceof DomainError) return report([error.message]);
      throw error;
    }
  },
  'mail failures': async () => {
    const failures = await (
      await getStore()
    ).mailFailures.list({
      states: ['failed', 'sending', 'given-up'],
    });
    if (failures.length === 0) console.log('No failed mails waiting.');
    for (const f of failures.map(toDeskMailFailure))
      console.log(
        `${f.id}  #${f.number}  ${f.state.padEnd(8)}  tries ${f.attempts}  ${f.failedAtKarachi}  ${f.to}  "${f.subject}"  (${f.error})`,
      );
    return 0;
  },
  'orders expire-unpaid': () => expireUnpaidCommand(),
  'payments reconcile': () => reconcileCommand(),
  'couriers track': async () => {
    const run = await followParcels(await getDeps());
    if (!run.courier) {
      console.error('No courier is connected: set the courier keys (docs/couriers.md).');
      return 1;
    }
    if (!run.answered) {
      console.error(`${run.courier} did not answer; nothing changed. Try again later.`);
      return 1;
    }
    console.log(
      `Asked ${run.courier} about ${run.asked} open parcels: ${run.moves.length} ${run.moves.length === 1 ? 'move' : 'moves'}, ${run.problems.length} delivery problems new, ${run.restocked.length} orders restocked.`,
    );
    for (const m of run.moves) console.log(`  ${m.orderId}: ${m.from} → ${m.to}`);
    await settleBackground();
    return 0;
  },
  'mail retry': async () => {
    const { sent, failed } = await retryDueMails(await getDeps());
    console.log(`Retried ${sent + failed} failed mails: ${sent} sent, ${failed} failed again.`);
    return failed > 0 ? 1 : 0;
  },
  'orders export': async ([from, to, file]) => {
    if (!from || !to) return usage('orders export needs a start and an end date (YYYY-MM-DD)');
    try {
      checkPeriod(from, to);
      const orders = (await (await getStore()).orders.list())
        .filter((o) => karachiDay(o.date) >= from && karachiDay(o.date) <= to)
        .reverse();
      const csv = ordersToCsv(orders);
      if (file) {
        await writeFile(file, `\uFEFF${csv}`);
        console.log(`Wrote ${orders.length} orders to ${file}.`);
      } else process.stdout.write(csv);
      return 0;
    } catch (error) {
      if (error instanceof DomainError) return report([error.message]);
      throw error;
    }
  },
  // Backups and secret rotation.
  'backup export': async (args) => {
    const folder = args[0];
    if (!folder) return usage('backup export needs a folder');
    return backupCommand(async () => {
      const manifest = await exportBackup(await getStore(), folder, verifyingKeys(loadConfig()));
      for (const c of manifest.collections) console.log(`${c.name.padEnd(12)} ${c.count}`);
      console.log(`Backup of the ${manifest.store} store written to ${folder} (${MANIFEST_FILE}).`);
    });
  },
  'backup restore': async (args) => {
    const folder = args[0];
    if (!folder) return usage('backup restore needs a folder');
    return backupCommand(async () => {
      const config = loadConfig();
      if (config.MONGODB_URI) {
        const { migrateMongo } = await import('../src/server/store/mongo/index.ts');
        await migrateMongo(config.MONGODB_URI, config.MONGODB_DB);
      }
      const restored = await restoreBackup(await getStore(), folder, verifyingKeys(config));
      for (const [name, count] of Object.entries(restored))
        console.log(`${name.padEnd(12)} ${count}`);
      console.log(`Restored ${folder}.`);
    });
  },
  'staff reseal': async () => {
    const config = loadConfig();
    const done = await resealTotpSecrets(await getStore(), config);
    for (const email of done.resealed) console.log(`re-sealed ${email}`);
    console.log(
      `${done.resealed.length} re-sealed, ${done.current} already under JWT_SECRET, ${done.unreadable.length} opened by neither secret.`,
    );
    // The connections' keys (couriers, WhatsApp, wallets) are sealed under the same secret.
    const keys = await resealConnectionSecrets(await getStore(), config);
    for (const name of keys.resealed) console.log(`re-sealed the ${name} connection's keys`);
    const problems = [
      ...(done.unreadable.length === 0
        ? []
        : [
            `Opened by neither JWT_SECRET nor JWT_SECRET_PREVIOUS: ${done.unreadable.join(', ')}. Set JWT_SECRET_PREVIOUS to the secret they were enrolled under, or invite them again.`,
          ]),
      ...keys.unreadable.map(
        (field) =>
          `${field}: opened by neither JWT_SECRET nor JWT_SECRET_PREVIOUS. Set JWT_SECRET_PREVIOUS to the secret it was saved under, or enter the key again in the desk's Settings, Connections.`,
      ),
    ];
    if (problems.length === 0) return 0;
    return report(problems);
  },
  'catalogue publish': () => publishCommand(),
};

/** Runs a backup command: a BackupError's lines are printed, exit code 1. */
async function backupCommand(work: () => Promise<void>): Promise<number> {
  try {
    await work();
    return 0;
  } catch (error) {
    if (error instanceof BackupError) return report(error.problems);
    throw error;
  }
}

/** Splits `--flag value` pairs out of the arguments; the rest keep their order. */
function takeFlags(
  args: string[],
  names: string[],
): Record<string, string | undefined> & { rest: string[] } {
  const found: Record<string, string | undefined> = {};
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (names.includes(arg)) found[arg] = args[++i];
    else rest.push(arg);
  }
  return Object.assign(found, { rest });
}

function usage(problem: string): number {
  console.error(`${problem}\n\n${USAGE}`);
  return 2;
}

function report(errors: string[], footer?: string): number {
  for (const line of errors) console.error(line);
  if (footer) console.error(footer);
  return 1;
}

/** Runs one command line (`['backup', 'export', 'nightly']`) and answers its exit code. */
export async function runShopCommand(argv: string[]): Promise<number> {
  const [group, action, ...rest] = argv;
  if (!group || group === 'help' || group === '--help') {
    console.log(USAGE);
    return 0;
  }
  const command =
    commands[`${group} ${action ?? ''}`] ?? (action === undefined ? commands[group] : undefined);
  if (!command) return usage(`Unknown command: ${argv.join(' ')}`);
  try {
    return await command(rest);
  } finally {
    await closeStore();
  }
}
