/**
 * `velvet/no-import-cycle`: no file may reach itself through its imports, type-only imports
 * included (decision 0084). import-x/no-cycle skips `import type` and has no option to count it,
 * so a circle that closes through a type (context.ts → services/venues/list-cache.ts → … →
 * context.ts) went unseen. This rule counts every module a file names: imports (type or value),
 * re-exports, `import()` and `typeof import()`.
 *
 * The imports of each file are read with TypeScript's scanner (`ts.preProcessFile`, no full
 * parse) and kept per file until its modification time changes; the linted file's own imports
 * are read from the text being linted. A file's circle is the strongly connected component that
 * holds it in the graph reachable from it; each import whose target is in that component is
 * reported, with one path back.
 *
 * Options: `{ alias: { '@': '/abs/path/to/src' } }` — the path aliases of tsconfig's `paths`.
 * Only relative and aliased specifiers are followed (packages cannot import this code back).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const CODE = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
/** A `.js` specifier may name a `.ts` file (TypeScript's ESM convention). */
const SOURCE_OF = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] };

const isFile = (file) => statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;

/** The specifiers a text names, with the offset of each (its string literal). */
function specifiersOf(text) {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => ({ spec: f.fileName, pos: f.pos, end: f.end }));
}

function resolve(fromFile, spec, aliases) {
  let base;
  if (spec === '.' || spec === '..' || spec.startsWith('./') || spec.startsWith('../')) {
    base = path.resolve(path.dirname(fromFile), spec);
  } else {
    for (const [alias, target] of aliases) {
      if (spec === alias || spec.startsWith(`${alias}/`)) {
        base = path.join(target, spec.slice(alias.length));
        break;
      }
    }
  }
  if (base === undefined) return undefined;
  const ext = path.extname(base);
  const candidates = [];
  if (CODE.includes(ext)) {
    candidates.push(base);
    for (const source of SOURCE_OF[ext] ?? []) candidates.push(base.slice(0, -ext.length) + source);
  } else if (ext === '') {
    for (const e of CODE) candidates.push(base + e);
    for (const e of CODE) candidates.push(path.join(base, `index${e}`));
  }
  return candidates.find(isFile);
}

/** file → { mtimeMs, size, imports: resolved targets } */
const cache = new Map();

function importsOf(file, aliases, checked) {
  let entry = cache.get(file);
  if (!checked.has(file)) {
    checked.add(file);
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) {
      cache.delete(file);
      return [];
    }
    if (!entry || entry.mtimeMs !== stat.mtimeMs || entry.size !== stat.size) {
      const text = readFileSync(file, 'utf8');
      const imports = specifiersOf(text)
        .map(({ spec }) => resolve(file, spec, aliases))
        .filter((t) => t !== undefined);
      entry = { mtimeMs: stat.mtimeMs, size: stat.size, imports: [...new Set(imports)] };
      cache.set(file, entry);
    }
  }
  return entry?.imports ?? [];
}

/**
 * The files of `start`'s strongly connected component (Tarjan, iterative) in the graph reachable
 * from it, `start`'s own edges being `startEdges`.
 */
function componentOf(start, startEdges, edgesOf) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  let counter = 0;
  let result = new Set([start]);
  const visit = (root) => {
    const frames = [{ node: root, edges: startEdges, i: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (frames.length > 0) {
      const frame = frames.at(-1);
      if (frame.i < frame.edges.length) {
        const next = frame.edges[frame.i++];
        if (!index.has(next)) {
          index.set(next, counter);
          low.set(next, counter++);
          stack.push(next);
          onStack.add(next);
          frames.push({ node: next, edges: edgesOf(next), i: 0 });
        } else if (onStack.has(next)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(next)));
        }
        continue;
      }
      frames.pop();
      const parent = frames.at(-1);
      if (parent) low.set(parent.node, Math.min(low.get(parent.node), low.get(frame.node)));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = new Set();
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.add(member);
        } while (member !== frame.node);
        if (component.has(start)) result = component;
      }
    }
  };
  visit(start);
  return result;
}

/** One path from `from` back to `to` inside the component (breadth first: the shortest). */
function pathBack(from, to, component, edgesOf) {
  const parent = new Map([[from, undefined]]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === to) break;
    for (const next of edgesOf(node)) {
      if (component.has(next) && !parent.has(next)) {
        parent.set(next, node);
        queue.push(next);
      }
    }
  }
  const route = [];
  for (let node = to; node !== undefined; node = parent.get(node)) route.unshift(node);
  return route;
}

const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, counting type-only imports too.' },
    schema: [
      {
        type: 'object',
        properties: { alias: { type: 'object', additionalProperties: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      cycle: 'Import cycle (type-only imports count, decision 0084): {{route}}',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file)) return {};
    const aliases = Object.entries(context.options[0]?.alias ?? {});
    return {
      'Program:exit'() {
        const sourceCode = context.sourceCode;
        const own = specifiersOf(sourceCode.text)
          .map((s) => ({ ...s, target: resolve(file, s.spec, aliases) }))
          .filter((s) => s.target !== undefined && s.target !== file);
        if (own.length === 0) return;
        const checked = new Set([file]);
        const ownTargets = [...new Set(own.map((s) => s.target))];
        const edgesOf = (node) => (node === file ? ownTargets : importsOf(node, aliases, checked));
        const component = componentOf(file, ownTargets, edgesOf);
        if (component.size < 2) return;
        const cwd = context.cwd;
        for (const s of own) {
          if (!component.has(s.target)) continue;
          const route = [file, ...pathBack(s.target, file, component, edgesOf)]
            .map((f) => path.relative(cwd, f))
            .join(' → ');
          context.report({
            loc: { start: sourceCode.getLocFromIndex(s.pos), end: sourceCode.getLocFromIndex(s.end) },
            messageId: 'cycle',
            data: { route },
          });
        }
      },
    };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle } };
