// An ESLint rule for the project's layers, read from where an import resolves, not from how it is spelled:
// - src/core imports nothing outside src/core but the few pure packages it is built on, and flows one way
//   inside: the model (files at its top and edits/) <- each family's codes.ts <- rules/shared <- the rule families <- rules/engine
//   <- operations; a level imports only its own and lower ones (the index.ts barrel may import any);
// - a feature folder (src/features/<name>) imports no other feature folder, and reaches what
//   features share (roots, stores, problems, edits, settings) through src/workspace, not src/rootLocations or src/reader;
// - src/workspace, the services, imports no feature;
// - one feature contract: every function a feature exports as `registerX` takes the services first
//   (`registerX(services: Services, ...)`), and whatever lies outside a feature (the composition root)
//   takes from it only such register functions and types, never its internals;
// - src/lsp, the language server, runs without VS Code: it imports neither `vscode` nor a feature nor
//   anything of src/workspace;
// - below the VS Code line each folder imports only those beneath it: src/reader only src/core;
//   src/rootLocations src/core and src/reader; src/language (the one language layer under the three
//   doors: sessions, root places, settings, answers) those and src/rootLocations; src/history src/core,
//   src/reader and src/rootLocations; src/cli those, src/history and src/language; and none of
//   rootLocations, language, history and cli imports `vscode` (the reader's one VS Code host is the
//   reader's way in from the extension), nor does src/language import `vscode-languageserver`: it
//   answers in core's types, and each door converts.

const path = require('node:path');

const CORE_PACKAGES = new Set(['yaml', 'chrono-node', 'diff']);

/** The folders below the VS Code line, and the src folders each may import besides its own. */
const BELOW_VSCODE = new Map([
  ['reader', ['core']],
  ['rootLocations', ['core', 'reader']],
  ['language', ['core', 'reader', 'rootLocations']],
  ['history', ['core', 'reader', 'rootLocations']],
  ['cli', ['core', 'reader', 'rootLocations', 'language', 'history']],
]);

function layerOf(file, src) {
  const relative = path.relative(src, file).split(path.sep);
  if (relative[0] === '..') return undefined;
  if (relative[0] === 'features') return { layer: 'features', feature: relative.length > 2 ? relative[1] : undefined };
  return { layer: relative.length > 1 ? relative[0] : relative[0].replace(/\.ts$/, '') };
}

// The levels inside src/core, lowest first; the second part names a rule family, which may use another.
// A family's `codes.ts` declares its codes (data on the model alone), so the rule list in rules/shared
// can be built from the families' own declarations.
const CORE_LEVELS = ['model', 'rules/codes', 'rules/shared', 'rules/family', 'rules/engine', 'operations', 'barrel'];

function coreLevelOf(file, src) {
  const parts = path.relative(path.join(src, 'core'), file).split(path.sep);
  if (parts.length === 1) return parts[0] === 'index.ts' || parts[0] === 'index' ? 'barrel' : 'model';
  if (parts[0] === 'operations') return 'operations';
  if (parts[0] !== 'rules') return 'model';
  const name = (parts[2] ?? '').replace(/\.ts$/, '');
  if (parts[1] === 'shared') return name === 'readerCodes' ? 'rules/codes' : 'rules/shared';
  if (name === 'codes') return 'rules/codes';
  if (parts[1] === 'engine') return 'rules/engine';
  return 'rules/family';
}

function check(context, node, specifier) {
  const file = context.filename;
  const src = path.join(context.cwd, 'src');
  const from = layerOf(file, src);
  if (!from || typeof specifier !== 'string') return;
  const report = (message) => context.report({ node, message });
  if (!specifier.startsWith('.')) {
    if (from.layer === 'core' && !CORE_PACKAGES.has(specifier)) report(`src/core is pure: it may not import "${specifier}".`);
    if (from.layer === 'lsp' && specifier === 'vscode') report('src/lsp runs without VS Code: it may not import "vscode".');
    if (specifier === 'vscode' && BELOW_VSCODE.has(from.layer) && from.layer !== 'reader') report(`src/${from.layer} runs without VS Code: it may not import "vscode".`);
    if (from.layer === 'language' && specifier.startsWith('vscode-languageserver')) report(`src/language answers in core's types: it may not import "${specifier}" (the language server converts).`);
    return;
  }
  const target = path.resolve(path.dirname(file), specifier);
  const to = layerOf(target, src);
  if (!to) return report(`"${specifier}" leads outside src.`);
  const allowed = BELOW_VSCODE.get(from.layer);
  if (allowed && to.layer !== from.layer && !allowed.includes(to.layer)) {
    return report(`src/${from.layer} may import only ${allowed.map((layer) => `src/${layer}`).join(', ')}: src/${to.layer} is above it.`);
  }
  if (from.layer === 'lsp' && (to.layer === 'features' || to.layer === 'workspace')) {
    return report(`src/lsp runs without VS Code: it may not import src/${to.layer} (move what it needs below the VS Code line: src/language).`);
  }
  if (from.layer === 'core' && to.layer !== 'core') return report(`src/core may import only src/core, not ${to.layer}.`);
  if (from.layer === 'core') {
    const fromLevel = coreLevelOf(file, src);
    const toLevel = coreLevelOf(path.resolve(path.dirname(file), specifier), src);
    if (CORE_LEVELS.indexOf(toLevel) > CORE_LEVELS.indexOf(fromLevel)) {
      return report(`Inside src/core, ${fromLevel} may not import ${toLevel}: move what both need down a level (model <- rules/shared <- rule families <- rules/engine <- operations).`);
    }
    return;
  }
  if (from.layer === 'workspace' && to.layer === 'features') return report('src/workspace holds the services features are built on: it may not import a feature.');
  if (from.layer !== 'features') return;
  if (to.layer === 'features' && to.feature !== from.feature) {
    return report(to.feature ? `A feature may not import another feature (${from.feature} → ${to.feature}): move what both need into src/workspace.` : 'Shared code belongs in src/workspace, not loose in src/features.');
  }
  if (to.layer === 'rootLocations' || to.layer === 'reader') report(`Features reach src/${to.layer} through src/workspace.`);
}

const REGISTER = /^register[A-Z]/;

/** Outside a feature, only its `registerX` functions (and types) may be imported from it. */
function checkFeatureEntry(context, node) {
  const file = context.filename;
  const src = path.join(context.cwd, 'src');
  const from = layerOf(file, src);
  const specifier = node.source.value;
  if (!from || from.layer === 'features' || typeof specifier !== 'string' || !specifier.startsWith('.') || node.importKind === 'type') return;
  const to = layerOf(path.resolve(path.dirname(file), specifier), src);
  if (to?.layer !== 'features') return;
  for (const imported of node.specifiers) {
    if (imported.type === 'ImportSpecifier' && (imported.importKind === 'type' || REGISTER.test(imported.imported.name ?? imported.imported.value))) continue;
    context.report({ node: imported, message: `A feature is entered through its register function: import only registerX (and types) from src/features/${to.feature}.` });
  }
}

/** A feature's exported `registerX` takes the services first. */
function checkRegisterSignature(context, node) {
  const src = path.join(context.cwd, 'src');
  const from = layerOf(context.filename, src);
  if (from?.layer !== 'features' || !from.feature) return;
  const declaration = node.declaration;
  const functions = declaration?.type === 'FunctionDeclaration'
    ? [{ name: declaration.id?.name, fn: declaration }]
    : declaration?.type === 'VariableDeclaration'
      ? declaration.declarations.map((d) => ({ name: d.id.name, fn: d.init && /Function/.test(d.init.type) ? d.init : undefined }))
      : [];
  for (const { name, fn } of functions) {
    if (!name || !REGISTER.test(name)) continue;
    const first = fn?.params[0];
    const annotation = first?.typeAnnotation?.typeAnnotation;
    const typeName = annotation?.type === 'TSTypeReference' && annotation.typeName.type === 'Identifier' ? annotation.typeName.name : undefined;
    if (typeName !== 'Services') context.report({ node: first ?? declaration, message: `${name} is a feature's register function: its first parameter is the services (${name}(services: Services, ...)).` });
  }
}

const layers = {
  meta: { type: 'problem', docs: { description: 'Keeps imports within the project layers.' }, schema: [] },
  create(context) {
    return {
      ImportDeclaration: (node) => {
        check(context, node.source, node.source.value);
        checkFeatureEntry(context, node);
      },
      ExportNamedDeclaration: (node) => {
        if (node.source) check(context, node.source, node.source.value);
        checkRegisterSignature(context, node);
      },
      ExportAllDeclaration: (node) => check(context, node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(context, node.source, node.source.value),
    };
  },
};

module.exports = { layers };
