// The web app's documents as client/graphql-cache.d.ts caches them (scripts/graphql-cache.ts writes it,
// client/lib/graphql.documents.test.ts checks it; docs/decisions/0072).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const GRAPHQL_CACHE_FILE = path.join(root, 'client', 'graphql-cache.d.ts');
const TADA_OUTPUT_FILE = path.join(root, 'client', 'graphql-env.d.ts');
const TADA_SETUP_FILE = path.join(root, 'client', 'lib', 'graphql-tada.ts');

/**
 * The cache's first line: what its types were worked out with, the schema (client/graphql-env.d.ts),
 * gql.tada's setup (client/lib/graphql-tada.ts: scalars, masking) and gql.tada's version. Any of them
 * changed, every cached type may be wrong: the test then asks for `npm run schema`, which works them
 * all out again.
 */
export function cacheHeader(): string {
  const hash = createHash('sha256');
  for (const file of [TADA_OUTPUT_FILE, TADA_SETUP_FILE]) hash.update(fs.readFileSync(file));
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'node_modules', 'gql.tada', 'package.json'), 'utf8')) as { version: string };
  return `// graphql-cache: schema and setup sha256:${hash.digest('hex').slice(0, 32)}, gql.tada ${version}. Written by npm run schema.`;
}

/** The documents a cache holds types for (the keys of its setupCache). */
export function cachedDocuments(cache: string): string[] {
  const source = ts.createSourceFile('graphql-cache.d.ts', cache, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const keys: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'setupCache') {
      for (const member of node.members) if (ts.isPropertySignature(member) && ts.isStringLiteral(member.name)) keys.push(member.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return keys;
}

function clientSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return path.relative(root, file) === path.join('client', 'test') ? [] : clientSources(file);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Every graphql() document of the client, as the text it is at run time (read from the source, not run). */
export function clientDocuments(): string[] {
  const files = clientSources(path.join(root, 'client'));
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    noEmit: true,
    allowJs: false,
  });
  const checker = program.getTypeChecker();

  const textOf = (node: ts.Expression): string => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => textOf(span.expression) + span.literal.text).join('');
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return textOf(node.expression);
    if (ts.isIdentifier(node)) {
      let symbol = checker.getSymbolAtLocation(node);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      const declaration = symbol?.valueDeclaration;
      if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer && ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const)
        return textOf(declaration.initializer);
    }
    const at = node.getSourceFile();
    const { line } = at.getLineAndCharacterOfPosition(node.getStart());
    throw new Error(
      `${path.relative(root, at.fileName)}:${line + 1}: a document's text must be strings and constants written in the source, not ${node.getText()}`,
    );
  };

  const documents: string[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file)!;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'graphql' && node.arguments.length === 1) {
        documents.push(textOf(node.arguments[0]!));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...new Set(documents)];
}
