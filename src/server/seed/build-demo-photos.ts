// `npm run build` runs this (bundled by scripts/build-server.mjs): the demo photos, made once.
import path from 'node:path';
import { buildDemoPhotos } from './demo-photos';
import { demoPhotoJpeg, demoPhotoSpecs } from './venues';

const dir = path.resolve(process.argv[2] ?? 'dist/demo-photos');
const started = performance.now();
const { made, kept } = await buildDemoPhotos(dir, demoPhotoSpecs().flat(), demoPhotoJpeg);
console.log(
  `Demo photos in ${path.relative(process.cwd(), dir)}: ${made} made, ${kept} kept (${Math.round(performance.now() - started)} ms).`,
);
