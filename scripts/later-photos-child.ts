// The child process of later-photos.ts: makes the photos `npm start` serves before they are ready
// (rendering each demo original on first read), with progress lines, telling the parent of each
// photo as soon as its files are all in the served folder.
import { openDemoPhotoStore } from '../src/demo/photos/open.ts';
import { buildPhotos, photoReportLine, type PhotoJob } from '../src/server/catalogue/index.ts';
import type { ChildMessage } from './later-photos.ts';

type Work = { jobs: PhotoJob[]; cacheDir: string; outDir: string };

const tell = (message: ChildMessage) =>
  new Promise<void>((resolve) => process.send!(message, () => resolve()));

// The shop stopped: nobody waits for these photos any more (the next start makes the rest).
process.on('disconnect', () => process.exit(0));

process.once('message', (work: Work) => {
  void (async () => {
    try {
      const report = await buildPhotos(
        work.jobs,
        openDemoPhotoStore(),
        work.cacheDir,
        work.outDir,
        {
          log: (line) => console.log(line),
          onReady: (job) => void tell({ ready: job.hash }),
        },
      );
      console.log(`${photoReportLine(report)}: every photo is ready.`);
      await tell({ ready: '' });
      process.exit(0);
    } catch (error) {
      console.error(error);
      await tell({ failed: error instanceof Error ? error.message : String(error) });
      process.exit(1);
    }
  })();
});
