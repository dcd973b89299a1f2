// `npm start`: build the static site, then serve it on http://localhost:$PORT (default 8888):
// dist/ with netlify.toml's redirects and headers through @netlify/dev (offline), and /api/* by the
// Netlify Function handlers called in this process, like a warm function instance. (@netlify/dev
// would rebuild a function and start a fresh worker for every call: ~2.5 s of CPU each here.)
import { spawnSync } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Readable, pipeline } from 'node:stream';
import { compressor } from './compression.ts';
import { NetlifyDev } from '@netlify/dev';
import { siteHeaders } from './netlify-headers.ts';
import { serveApi, settleApi } from './serve-api.ts';
import { seedIfEmpty } from '../src/server/catalogue/index.ts';
import { SERVER_MESSAGES } from '../src/lib/messages.ts';
import { canonicalPagePath } from '../src/lib/routes.ts';
import { closeStore, getStore } from '../src/server/store/index.ts';
import { astroRebuild, builtVersion } from './local-deploy.ts';
import { adoptBuiltVersion, deployLocally, useLocalDeploy } from '../src/server/catalogue/index.ts';
import {
  getCatalogue,
  photoCacheDir,
  photoJobs,
  photoOutputs,
} from '../src/server/catalogue/index.ts';
import { laterPhotos, photoBuildInChild } from './later-photos.ts';
import { forgetServedAt, recordServedAt } from '../src/server/operations/index.ts';
import { startLocalSafepay } from './local-safepay.ts';
import { startLocalCouriers } from './local-couriers.ts';
import { SCHEDULE_INTERVAL_MS, runScheduledWork } from '../src/server/scheduled.ts';
import { startLocalWallets } from './local-wallets.ts';
import { startLocalWhatsapp } from './local-whatsapp.ts';

const port = Number(process.env.PORT ?? 8888);
const host = process.env.HOST ?? '127.0.0.1';
process.env.ASTRO_TELEMETRY_DISABLED = '1';
process.env.DATA_DIR ??= '.data';
// Every client of this local server is 127.0.0.1, so per-address throttles (registrations, login
// failures, reset requests) would act as one shop-wide limit; scale them unless told otherwise.
// Per-e-mail limits are never scaled. Production (Netlify) sees real client addresses: factor 1.
process.env.THROTTLE_ADDRESS_FACTOR ??= '20';
// Without the owner's Safepay keys, cards go through a local stand-in of Safepay (a test page with
// Pay, Decline and Cancel, sending signed webhooks), so the card flow works on a fresh clone.
const safepay = await startLocalSafepay({ port, host });
// Without courier keys, Book on the desk books with local stand-ins of PostEx and Leopards (whose
// pushes come to this shop's webhook).
const couriers = await startLocalCouriers({ port, host });
// Without wallet keys, JazzCash and EasyPaisa go through local stand-ins whose test wallet pages
// approve or reject each request. Before the build: the checkout asks what they ask.
const wallets = await startLocalWallets({ port, host });
// Without WhatsApp keys, COD confirmations go to a local stand-in's test WhatsApp page.
const whatsapp = await startLocalWhatsapp();

const builtHere = process.env.SKIP_BUILD !== '1';
if (builtHere) {
  const started = Date.now();
  const astro = path.resolve('node_modules/astro/bin/astro.mjs');
  // The photos the cache lacks (all of them on a fresh clone) are made while the shop serves
  // (scripts/later-photos.ts), so the first start answers in seconds, not minutes. PHOTOS_LATER=0
  // makes every photo before serving, as a deploy's build always does.
  console.log('Building the pages with Astro (its steps follow)...');
  const build = spawnSync(process.execPath, [astro, 'build'], {
    stdio: 'inherit',
    env: { ...process.env, PHOTOS_LATER: process.env.PHOTOS_LATER ?? '1' },
  });
  if (build.status !== 0) {
    console.error('Build failed; not starting the server.');
    process.exit(build.status ?? 1);
  }
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

// One bad request must never end the shop: whatever escapes a handler is logged, and the server
// keeps serving everyone else.
process.on('uncaughtException', (error) =>
  console.error('[server] uncaught exception (kept running):', error),
);
process.on('unhandledRejection', (error) =>
  console.error('[server] unhandled rejection (kept running):', error),
);

const off = { enabled: false };
const netlify = new NetlifyDev({
  projectRoot: process.cwd(),
  aiGateway: off,
  blobs: off,
  database: off,
  edgeFunctions: off,
  environmentVariables: off,
  functions: off,
  geolocation: off,
  images: off,
});
await netlify.start();
// The build seeds a fresh local store; a SKIP_BUILD start on a new DATA_DIR needs the same.
// An unreachable store is not fatal: pages are still served and the API answers 503 until it is back.
// The pages in dist/ are the version they carry, now live; a fresh store takes
// its seeded draft as version 1. Without a build hook, a publish is rebuilt here (scripts/
// local-deploy.ts), and a version published by the CLI while the server runs is picked up.
await getStore()
  .then(async (store) => {
    if (store.kind === 'sqlite') await seedIfEmpty(store);
    await adoptBuiltVersion(store, await builtVersion(path.resolve('dist')));
  })
  .catch((error) => console.error(`[start] store not ready: ${String(error)}`));
if (!process.env.BUILD_HOOK_URL) {
  useLocalDeploy(astroRebuild(process.cwd()));
  setInterval(() => {
    getStore()
      .then((store) => deployLocally(store))
      .catch((error) => console.error(`[publish] ${String(error)}`));
  }, 10_000).unref();
}
// The shop's scheduled work (following the couriers' parcels), as Netlify's scheduled function
// runs it on a deployed site: every 15 minutes while the server runs.
setInterval(() => void runScheduledWork(), SCHEDULE_INTERVAL_MS).unref();
// The photos this start's build left out: made in the background, a placeholder until each is ready.
const photos = builtHere
  ? await (async () => {
      const out = path.resolve('dist/photos');
      const present = new Set(await readdir(out).catch(() => []));
      const jobs = photoJobs(await getCatalogue()).filter(
        (job) => !photoOutputs(job).every((name) => present.has(name)),
      );
      if (jobs.length === 0) return null;
      console.log(
        `Photos: ${jobs.length} still to make; the shop serves a placeholder for each until it is ready.`,
      );
      return laterPhotos(
        jobs,
        photoBuildInChild(photoCacheDir(path.resolve('node_modules/.astro')), out),
      );
    })().catch((error) => {
      console.error(`[start] photos not checked: ${String(error)}`);
      return null;
    })
  : null;
const notFoundPage = await readFile(path.resolve('dist/404.html')).catch(() =>
  Buffer.from('Not found'),
);
// Netlify's CDN adds netlify.toml's `/*` headers to every answer it gives, 404s and errors included;
// @netlify/dev adds them only to the files it serves, so this server sets them on the rest itself.
// They are read from netlify.toml, so the two cannot drift apart.
const SITE_HEADERS = Object.entries(siteHeaders());

const server = http.createServer(async (req, res) => {
  try {
    if (await serveApi(req, res)) return;
    for (const [name, value] of SITE_HEADERS) res.setHeader(name, value);
    const match = await netlify.handleAndIntrospectNodeRequest(req);
    if (!match) {
      if (photos?.answer(req, res)) return;
      // As netlify/functions/page-case.mts does on Netlify: a page typed in another letter case.
      const url = new URL(req.url ?? '/', 'http://localhost');
      const canonical = canonicalPagePath(url.pathname);
      if (canonical) {
        res.writeHead(301, { Location: `${canonical}${url.search}` }).end();
        return;
      }
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(notFoundPage);
      return;
    }
    const { response } = match;
    const headers = {};
    response.headers.forEach((value, key) => {
      if (key === 'set-cookie') return;
      headers[key] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) headers['set-cookie'] = cookies;
    // As the CDN does: text answers go out gzip- or brotli-compressed when the browser accepts it.
    const encoder = compressor(req.headers['accept-encoding'], headers, response.status);
    res.writeHead(response.status, headers);
    // pipeline, not pipe: a file stream that fails part-way ends the answer (the browser sees a
    // failed load) instead of leaving it open for ever, which once kept a page from ever going quiet.
    const sent = (error) => {
      if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE')
        console.error('[server] answer for', req.url, 'failed:', error.message);
    };
    if (!response.body || req.method === 'HEAD') res.end();
    // The browser went away (a closed tab) before the answer started: nothing to send it to.
    else if (res.destroyed) void response.body.cancel();
    else if (encoder) pipeline(Readable.fromWeb(response.body), encoder, res, sent);
    else pipeline(Readable.fromWeb(response.body), res, sent);
  } catch (error) {
    console.error('[server]', error);
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ success: false, message: SERVER_MESSAGES.failed }));
  }
});

// A client reuses a kept-alive connection for its next request; Node closes one idle for 5 s, and a
// request sent as it closes fails with "socket hang up" (a journey's API call did, on a busy
// machine). The server keeps idle connections well past any client's reuse instead, as load
// balancers do (headersTimeout must exceed it).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

// A server that cannot listen serves no one: it says why and ends, rather than staying up (as the
// handler of uncaught exceptions above would keep it) while the address answers for another program.
// Once it listens, an error is left to that handler again.
const cannotListen = (error) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `The shop cannot listen on ${host}:${port} (EADDRINUSE): another program uses that port. Stop it, or start the shop on another: PORT=8899 npm start`
      : `The shop cannot listen on ${host}:${port}: ${error.message}`,
  );
  process.exit(1);
};
server.once('error', cannotListen);
server.listen(port, host, () => {
  server.off('error', cannotListen);
  // The operator CLI prints its links (an invitation) on the address this server serves on.
  recordServedAt(process.env.DATA_DIR, `http://localhost:${port}`);
  console.log(
    `Shop running at http://localhost:${port} (store: ${process.env.MONGODB_URI ? 'MongoDB' : `SQLite in ${process.env.DATA_DIR}`})`,
  );
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the shop server.`);
  server.close();
  server.closeAllConnections();
  forgetServedAt(process.env.DATA_DIR);
  await settleApi();
  await safepay?.close();
  await couriers?.close();
  await wallets?.close();
  await whatsapp?.close();
  await netlify.stop().catch(() => {});
  await closeStore().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
