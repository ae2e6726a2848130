/*
 * zod without its compiled fast path in the browser: that path probes `new Function`, which the
 * Content-Security-Policy forbids (a CSP violation in the console and DevTools' Issues panel).
 * zod reads its settings from this global, and decides whether to compile when a schema is
 * *built* — often while a module is being evaluated, before main.tsx's own code runs. So this
 * module is main.tsx's first import: it runs before any module that builds a schema, whichever
 * chunk zod lands in. It loads no zod code. (Listed as a side effect in vite.config.ts.)
 */
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
Object.assign((zodGlobal.__zod_globalConfig ??= {}), { jitless: true });

export {};
