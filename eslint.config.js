import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const web = 'apps/web/src';
/** Every folder under features/ is a feature; a new one is fenced in without editing this file. */
const webFeatures = readdirSync(`${web}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Imports flow one way (docs/ARCHITECTURE.md): shared ← server, shared ← web; inside the web app
 * components, hooks, lib ← features ← app, and no feature reaches into another.
 */
const importBoundaries = [
  {
    target: 'packages/shared',
    from: 'apps',
    message: 'The shared package is used by the apps and imports nothing from them.',
  },
  { target: 'apps/server', from: 'apps/web', message: 'The server does not import the web app.' },
  { target: 'apps/web', from: 'apps/server', message: 'The web app does not import the server.' },
  ...['components', 'hooks', 'lib'].map((layer) => ({
    target: `${web}/${layer}`,
    from: [`${web}/features`, `${web}/app`],
    message: `Shared ${layer}/ code imports neither features nor app/: move what both need down here.`,
  })),
  {
    target: `${web}/features`,
    from: `${web}/app`,
    message: 'Features do not import app/: the routes compose features, not the other way.',
  },
  ...webFeatures.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message:
      'A feature does not import another feature: compose them in app/routes, or move what both need to components/, hooks/ or lib/.',
  })),
];

const server = 'apps/server/src';
/**
 * The server's order of layers (decision 053), lowest first: a folder imports only folders before
 * it. The platform folders are `db`, `jobs`, `plugins`; the rest are `modules/<noun>`.
 */
const serverOrder = [
  ['db', 'jobs', 'plugins', 'clock'],
  ['users', 'audit', 'mail', 'auth', 'account'],
  [
    'site',
    'bookings',
    'calendars',
    'payments',
    'packages',
    'coupons',
    'waitlist',
    'tasks',
    'messages',
  ],
  ['people', 'metrics', 'system'],
].flat();
const serverPlatform = ['db', 'jobs', 'plugins'];
const serverModules = readdirSync(`${server}/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const unplaced = serverModules.filter((name) => !serverOrder.includes(name));
if (unplaced.length > 0) {
  throw new Error(
    `Server modules without a place in the order of layers (decision 053, eslint.config.js): ${unplaced.join(', ')}`,
  );
}
const serverFolder = (name) =>
  serverPlatform.includes(name) ? `${server}/${name}` : `${server}/modules/${name}`;
/**
 * Table files are the one exception to both: `db/schema.ts` gathers every module's tables for
 * drizzle's one schema object, and a table refers to another module's table (a foreign key) in its
 * schema.ts. Through an index.ts either would pull routes and services into the database handle.
 */
const serverCode = (name) =>
  name === 'db' ? `${server}/db/**/!(schema).ts` : `${serverFolder(name)}/**/!(schema).ts`;

const serverBoundaries = [
  // The order: nothing imports a folder above it.
  ...serverOrder.slice(0, -1).map((name, index) => ({
    target: name === 'db' ? serverCode('db') : serverFolder(name),
    from: serverOrder.slice(index + 1).map(serverFolder),
    message: `\`${name}\` sits below these in the order of layers (decision 053): declare an interface here and have app.ts hand the implementation over in AppDeps, or compose the two in the higher module.`,
  })),
  // The face: another folder imports a module only through its index.ts; a table file, its tables.
  ...serverModules.flatMap((name) => [
    {
      target: serverOrder.filter((other) => other !== name).map(serverCode),
      from: serverFolder(name),
      except: ['./index.ts'],
      message: `Import \`${name}\` through its public file, modules/${name}/index.ts (decision 053).`,
    },
    {
      target: serverModules
        .filter((other) => other !== name)
        .map((other) => `${serverFolder(other)}/schema.ts`),
      from: serverFolder(name),
      except: ['./schema.ts'],
      message: `A table file imports another module's tables only, from modules/${name}/schema.ts (decision 053).`,
    },
  ]),
];

/**
 * Dates and times for people are written by one module, `lib/date-time` (decision 054): one clock
 * for every screen. Elsewhere in the web app a date format of its own, or a browser-locale
 * `toLocale…String`, is an error.
 */
const ONE_CLOCK_MESSAGE =
  'Dates and times are formatted by lib/date-time only (decision 054): use its formats.';
const oneClock = [
  "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
  "CallExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
  'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
].map((selector) => ({ selector, message: ONE_CLOCK_MESSAGE }));

/**
 * Tailwind's endless animations (a spinner, a skeleton's pulse) stop for visitors who ask for
 * reduced motion, in the same class list: WCAG 2.3.3.
 */
const REDUCED_MOTION_MESSAGE =
  'An endless animation stops for visitors who ask for reduced motion: add motion-reduce:animate-none beside it.';
const ENDLESS_ANIMATION = '/\\banimate-(spin|pulse|ping|bounce)\\b/';
const reducedMotion = [
  `Literal[value=${ENDLESS_ANIMATION}]:not([value=/motion-reduce:animate-none/])`,
  `TemplateElement[value.raw=${ENDLESS_ANIMATION}]:not([value.raw=/motion-reduce:animate-none/])`,
].map((selector) => ({ selector, message: REDUCED_MOTION_MESSAGE }));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.test-output/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // The plugin's TypeScript settings (which files it parses to follow imports), our resolver.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/web/tsconfig.json',
            'apps/server/tsconfig.json',
            'packages/shared/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: importBoundaries }],
      // Type-only imports are erased at build time and do not count (the rule's default).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The server's order of layers and each module's one public file (decision 053). Tests and
    // their helpers build the whole app and reach into the tables they check: the order is for
    // the product's code.
    files: [`${server}/**/*.ts`],
    ignores: ['**/*.test.ts', `${server}/test/**`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...importBoundaries, ...serverBoundaries] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: [`${web}/lib/date-time/**`],
    rules: { 'no-restricted-syntax': ['error', ...oneClock, ...reducedMotion] },
  },
  {
    // Scripts and tests report to the terminal on purpose.
    files: ['scripts/**', 'e2e/**', '**/*.test.ts', 'apps/server/build.mjs'],
    rules: { 'no-console': 'off' },
  },
);
