// `npm start`: builds the product when the sources are newer than the build, then runs it.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const serverBuild = path.join(root, 'dist/server/main.js');
const webBuild = path.join(root, 'dist/web/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

const stale =
  !existsSync(serverBuild) ||
  !existsSync(webBuild) ||
  Math.max(newestMtime(path.join(root, 'src')), statSync(path.join(root, 'index.html')).mtimeMs) >
    Math.min(statSync(serverBuild).mtimeMs, statSync(webBuild).mtimeMs);
if (stale) {
  console.log('Building Velvet…');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, ['--enable-source-maps', serverBuild], {
  cwd: root,
  stdio: 'inherit',
  // Two glibc malloc arenas instead of 8 per core: image work on many threads otherwise keeps
  // hundreds of freed megabytes (decision 29). Overridable from the environment.
  env: { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
