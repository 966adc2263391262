// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The server modules in layers, lowest first (decision 040): a module imports only modules of lower
 * layers, never one of its own layer or above, so no two modules ever import each other and the
 * modules form no cycle. The bottom layer holds the libraries and the records every domain writes
 * (the audit log, the change feed to gateways): they import no module. What a lower module needs
 * from a higher one comes as a function in the AppContext (context.ts) or as an argument. Every
 * folder of apps/server/src/modules must be listed: a new module is placed here on purpose.
 * `npx tsx scripts/module-deps.ts` prints the dependencies as they are.
 */
const serverModuleLayers = [
  ['audit', 'cryptomus', 'gateway-feed', 'health', 'mail', 'rate-limit', 'site'],
  ['ledger'],
  ['account', 'alerts'],
  ['billing', 'exits', 'subaccounts'],
  ['metrics', 'orders', 'traffic'],
  ['gateway-link', 'receipts'],
  ['whitelist'],
  ['dynamic'],
  ['admin'],
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'bench/results/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './apps/web/tsconfig.json', './e2e/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      curly: ['error', 'multi-line'],
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // Fastify plugins and handlers are async by contract even when a body has nothing to await.
      '@typescript-eslint/require-await': 'off',
      // Modules never reach into another module's repository (docs/architecture.md#module-boundaries).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.repository', '../../*/*.repository'],
              message: 'Call the other module’s service instead.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // ── Server: module boundaries (apps/server) ──────────────────────────────────────────────
  // Kept apart from the web block. No import cycles, and a module reaches another module only
  // through its public files (see serverModuleZones below).
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads only files of these extensions when it follows imports (for no-cycle).
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/server/tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    // Tests may set up state through any module's internals.
    ignores: ['**/*.test.ts', '**/*.test-*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...serverModuleZones(), ...serverLayerZones()] }],
    },
  },
  // ── Web: layers and cycles (apps/web) ────────────────────────────────────────────────────
  // Kept apart from the server block. app → pages → features → lib/components/config/locales: a
  // layer imports only the layers below it, and a feature never imports another feature (what two
  // features share goes down to lib/ or components/). No import cycles anywhere in the web.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    // Tests wire the layers together (a screen inside the app's providers, a mocked API).
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'apps/web/src/test/**'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webLayerZones() }],
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);

/**
 * One zone per server module (every folder of apps/server/src/modules, so a new module is covered
 * without listing it): its files may import another module only through that module's public files
 * — its services (`*.service.ts`), its views (`*-view.ts`, `*.view.ts`) and its table types
 * (`*.table.ts`) — or from the library modules, which have no service layer (any file but a
 * repository). Repositories stay private to their module either way (docs/architecture.md#module-boundaries).
 */
function serverModuleZones() {
  const modulesDir = path.join(import.meta.dirname, 'apps/server/src/modules');
  const libraries = ['cryptomus', 'mail', 'rate-limit'];
  const publicFiles = [
    `${modulesDir}/**/*.service.ts`,
    `${modulesDir}/**/*-view.ts`,
    `${modulesDir}/**/*.view.ts`,
    `${modulesDir}/**/*.table.ts`,
    `${modulesDir}/{${libraries.join(',')}}/**/!(*.repository).ts`,
  ];
  return readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `${modulesDir}/${name}/**`,
      from: `${modulesDir}/!(${name})/**`,
      except: publicFiles,
      message:
        'Reach another module through its service (*.service.ts), view or table types, not its internals.',
    }));
}

/** One zone per server module: the modules of its layer and above are out of its reach. */
function serverLayerZones() {
  const modulesDir = path.join(import.meta.dirname, 'apps/server/src/modules');
  const listed = serverModuleLayers.flat();
  const unlisted = readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !listed.includes(entry.name))
    .map(({ name }) => name);
  if (unlisted.length > 0) {
    throw new Error(`eslint.config.js: place ${unlisted.join(', ')} in serverModuleLayers (decision 040)`);
  }
  return serverModuleLayers.flatMap((layer, index) => {
    const notBelow = serverModuleLayers.slice(index).flat();
    return layer
      .map((name) => ({ name, from: notBelow.filter((other) => other !== name) }))
      .filter(({ from }) => from.length > 0)
      .map(({ name, from }) => ({
        target: `${modulesDir}/${name}/**`,
        from: from.map((other) => `${modulesDir}/${other}/**`),
        message: `${name} imports only modules of lower layers (serverModuleLayers, decision 040): move what both need down, or pass it in the AppContext.`,
      }));
  });
}

/**
 * The web's layers as import zones: pages never import the app shell; features import neither the
 * app nor pages; lib, components, config and locales import none of the three. One zone per
 * feature (every folder of apps/web/src/features, so a new feature is covered without listing it)
 * keeps features out of each other.
 */
function webLayerZones() {
  const src = path.join(import.meta.dirname, 'apps/web/src');
  const features = readdirSync(`${src}/features`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => name);
  return [
    {
      target: `${src}/pages/**`,
      from: `${src}/app/**`,
      message: 'Pages sit below the app shell; move what both need down to lib/ or a feature.',
    },
    {
      target: `${src}/features/**`,
      from: [`${src}/app/**`, `${src}/pages/**`],
      message: 'Features sit below pages and the app shell; move what both need down to lib/.',
    },
    {
      target: `${src}/{lib,components,config,locales}/**`,
      from: `${src}/{app,pages,features}/**`,
      message:
        'lib/, components/, config/ and locales/ are the bottom layer: they import no app, page or feature.',
    },
    ...features.map((name) => ({
      target: `${src}/features/${name}/**`,
      from: `${src}/features/!(${name})/**`,
      message: 'A feature does not import another feature; what both need goes to lib/ or components/.',
    })),
  ];
}
