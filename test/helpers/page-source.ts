import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The pages' own scripts: static/ and below, but static/vendor (a library's, not ours). */
const STATIC = path.resolve(import.meta.dirname, '../../static');
const VENDOR = path.join(STATIC, 'vendor');

export interface PageScript {
  /** Relative to static/, with forward slashes: "js/views/booking/page.js", "book/page.js". */
  name: string;
  source: ts.SourceFile;
}

/** Every .js file of static/ (the back office in js/, the booking page in book/), parsed by TypeScript's parser (as JavaScript, no types involved). */
export function pageScripts(): PageScript[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== VENDOR) walk(full);
      } else if (entry.name.endsWith('.js')) files.push(full);
    }
  };
  walk(STATIC);
  return files.sort().map((file) => ({
    name: path.relative(STATIC, file).split(path.sep).join('/'),
    source: ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.JS),
  }));
}

const lineOf = (source: ts.SourceFile, position: number) => source.getLineAndCharacterOfPosition(position).line + 1;

function nodes(source: ts.SourceFile, keep: (node: ts.Node) => boolean): ts.Node[] {
  const found: ts.Node[] = [];
  const visit = (node: ts.Node) => {
    if (keep(node)) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const own = (node as { name?: ts.Node }).name;
  if (own) return own.getText(source);
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) return parent.name.getText(source);
  return '(anonymous)';
}

export interface PageFunction {
  where: string;
  name: string;
  lines: number;
}

/** Every function with a body (declarations, expressions, arrows, methods), with its length in lines, first to last. */
export function pageFunctions(script: PageScript): PageFunction[] {
  const { source } = script;
  return nodes(source, (node) => ts.isFunctionLike(node) && (node as { body?: ts.Node }).body !== undefined).map((node) => {
    const first = lineOf(source, node.getStart(source));
    return { where: `${script.name}:${first}`, name: nameOf(node, source), lines: lineOf(source, node.getEnd()) - first + 1 };
  });
}

export interface PageText {
  where: string;
  text: string;
}

/** Every piece of text the script writes: string literals, and the literal parts of template strings. */
export function pageTexts(script: PageScript): PageText[] {
  const { source } = script;
  return nodes(
    source,
    (node) =>
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node),
  ).map((node) => ({ where: `${script.name}:${lineOf(source, node.getStart(source))}`, text: (node as ts.LiteralLikeNode).text }));
}
