import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Test support for query-cost.test.ts: every GraphQL document the client can send, read from
 * client/ source with the TypeScript compiler. Template literals are expanded through the `const`
 * strings they interpolate; an interpolated parameter typed as a union of string literals
 * (e.g. `${action}`) and a `cond ? 'a' : 'b'` expand to one document per value.
 * A literal that cannot be expanded is reported, so a new kind of document is not skipped.
 */
export type ClientDocument = { file: string; line: number; source: string };

const DOC_START = /^\s*(query|mutation|subscription)\b/;
const MAX_VARIANTS = 16;

function sourceFiles(dir: string, tests: boolean): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full, tests));
    else if (/\.tsx?$/.test(entry.name) && (tests || !/\.test\.tsx?$|test-server\.ts$/.test(entry.name))) out.push(full);
  }
  return out;
}

/** The documents of client/ (tests left out), or of other folders (`dirs`, tests included). */
export function clientDocuments(root: string, dirs?: string[]): { documents: ClientDocument[]; unresolved: string[] } {
  const all = dirs ? dirs.flatMap((d) => sourceFiles(path.join(root, d), true)) : sourceFiles(path.join(root, 'client'), false);
  // Documents, and the modules of field lists they interpolate (`export const X_FIELDS = ...`).
  const files = all.filter((f) => /query|mutation|subscription|_FIELDS = /.test(fs.readFileSync(f, 'utf8')));
  const program = ts.createProgram(files, {
    noEmit: true,
    jsx: ts.JsxEmit.ReactJSX,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    noResolve: true,
    noLib: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const documents: ClientDocument[] = [];
  const unresolved: string[] = [];

  function valuesOf(expr: ts.Expression, depth = 0): string[] | null {
    if (depth > 20) return null;
    if (ts.isStringLiteralLike(expr)) return [expr.text];
    if (ts.isParenthesizedExpression(expr)) return valuesOf(expr.expression, depth + 1);
    if (ts.isTemplateExpression(expr)) {
      let variants = [expr.head.text];
      for (const span of expr.templateSpans) {
        const values = valuesOf(span.expression, depth + 1);
        if (!values) return null;
        variants = variants.flatMap((v) => values.map((x) => v + x + span.literal.text)).slice(0, MAX_VARIANTS);
      }
      return variants;
    }
    if (ts.isConditionalExpression(expr)) {
      const a = valuesOf(expr.whenTrue, depth + 1);
      const b = valuesOf(expr.whenFalse, depth + 1);
      return a && b ? [...a, ...b] : null;
    }
    if (ts.isIdentifier(expr)) {
      const symbol = checker.getSymbolAtLocation(expr);
      const decl = symbol?.valueDeclaration;
      if (decl && ts.isVariableDeclaration(decl) && decl.initializer && ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const)
        return valuesOf(decl.initializer, depth + 1);
    }
    // OP_NAMES[action] on a const object literal: every value it holds.
    if (ts.isElementAccessExpression(expr) && ts.isIdentifier(expr.expression)) {
      const decl = checker.getSymbolAtLocation(expr.expression)?.valueDeclaration;
      if (decl && ts.isVariableDeclaration(decl) && decl.initializer && ts.isObjectLiteralExpression(decl.initializer)) {
        const all = decl.initializer.properties.map((p) => (ts.isPropertyAssignment(p) ? valuesOf(p.initializer, depth + 1) : null));
        return all.every((v) => v !== null) ? (all.flat() as string[]) : null;
      }
    }
    const type = checker.getTypeAtLocation(expr);
    const parts = type.isUnion() ? type.types : [type];
    if (parts.every((t) => t.isStringLiteral())) return parts.map((t) => (t as ts.StringLiteralType).value);
    return null;
  }

  for (const file of files) {
    const sf = program.getSourceFile(file)!;
    const rel = path.relative(root, file);
    const visit = (node: ts.Node): void => {
      if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node) || ts.isStringLiteral(node)) {
        const text = ts.isTemplateExpression(node) ? node.head.text : node.text;
        if (DOC_START.test(text) && /[{(]/.test(node.getText(sf))) {
          const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
          const values = valuesOf(node);
          if (!values) unresolved.push(`${rel}:${line}`);
          else for (const source of values) documents.push({ file: rel, line, source });
        }
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { documents, unresolved };
}
