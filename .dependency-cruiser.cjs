/**
 * The layers, as rules a tool checks (docs/architecture.md): `npm run check:deps` fails the day a circle or an
 * upward import appears.
 *   db/          the schema, migrations and drivers: imports nothing from src/
 *   src/shared/  used by server and client: imports neither
 *   src/client/  imports no server code but the router's type (the tRPC client needs `AppRouter`)
 *   accounts/    knows no feature: features join it (account-data.ts)
 *   kernel/      what every feature uses (the error table, the configuration and its schema, the
 *                write-limit policy, the cursor codec): imports nothing of src/server outside it
 *   contract/    the operation contract (operation, caller, change kinds, sharing): no transport, no HTTP
 *   infrastructure/ (rate limits, storage, link previews, site settings) knows no feature
 *   migrations   frozen history: import nothing of the app, not even db/ helpers that may change
 */
// The features: every folder of src/server except the kernel under them and the plumbing that
// carries them (derived, so a new feature folder is under the rules below the day it appears).
const fs = require('node:fs');
const PLUMBING = ['infrastructure', 'contract', 'http', 'rest', 'trpc', 'fast-lane', 'jobs', 'ops', 'seed'];
const FEATURES = fs
  .readdirSync(`${__dirname}/src/server`, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'kernel' && !PLUMBING.includes(d.name))
  .map((d) => d.name);

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle makes two modules one; break it by moving what both need into a third.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'db-imports-no-app-code',
      severity: 'error',
      from: { path: '^db/' },
      to: { path: '^src/' },
    },
    {
      name: 'migrations-are-frozen',
      severity: 'error',
      comment: 'A migration keeps a copy of what it ran: importing live code would change what an old migration does.',
      from: { path: '^db/migrations/' },
      to: { path: '^(src|db)/', pathNot: '^db/migrations/' },
    },
    {
      name: 'shared-imports-no-side',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|client)/' },
    },
    {
      name: 'client-imports-only-the-router-type',
      severity: 'error',
      comment: 'The client may know the server only through the type of its router.',
      from: { path: '^src/client/' },
      to: { path: '^(src/server|db)/', pathNot: '^src/server/trpc/routers/index\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'client-types-only-from-the-router',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^(src/server|db)/', pathNot: '^src/server/trpc/routers/index\\.ts$' },
    },
    {
      name: 'accounts-know-no-feature',
      severity: 'error',
      comment: 'Features join accounts (accounts/account-data.ts), never the other way round.',
      from: { path: '^src/server/accounts/' },
      to: { path: `^src/server/(${FEATURES.filter((f) => f !== 'accounts').join('|')})/` },
    },
    {
      name: 'contract-knows-no-transport',
      comment: 'The operation contract (contract/) is what both transports carry; HTTP plumbing (http/) and the transports build on it, not the other way round.',
      severity: 'error',
      from: { path: '^src/server/contract/' },
      to: { path: '^src/server/(http|rest|trpc|fast-lane)/' },
    },
    {
      name: 'kernel-imports-nothing-above-it',
      severity: 'error',
      comment: 'Every feature stands on the kernel; the kernel stands on db/ and src/shared/ only.',
      from: { path: '^src/server/kernel/' },
      to: { path: '^src/server/', pathNot: '^src/server/kernel/' },
    },
    {
      name: 'infrastructure-knows-no-feature',
      severity: 'error',
      from: { path: '^src/server/infrastructure/' },
      to: { path: `^src/server/(${FEATURES.join('|')})/` },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
