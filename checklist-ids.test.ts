import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Code comments cite the acceptance checklist by id ("K9", "X10", "U5") to say which rule a piece
 * of code holds. A citation of an id the checklist does not have (a typo, an id renumbered) sends
 * the reader nowhere, so every id cited in a comment under apps/, packages/ and e2e/ must be a row
 * of docs/spec/checklist.md.
 */
const root = import.meta.dirname;
const checklist = fs.readFileSync(path.join(root, 'docs/spec/checklist.md'), 'utf8');

/** The ids are the first cell of the checklist's table rows. */
const ids = new Set([...checklist.matchAll(/^\|\s*\**([A-Z]{1,2}\d{1,3})\**\s*\|/gm)].map((m) => m[1]));
const prefixes = new Set([...ids].map((id) => id.replace(/\d+$/, '')));

/** A citation: a checklist prefix and a number standing alone, so not the "F8" of "UTF8". */
const citation = /\b([A-Z]{1,2})(\d{1,3})\b/g;

function unknownIds(text: string): string[] {
  return [...text.matchAll(citation)].filter(([id, prefix]) => prefixes.has(prefix!) && !ids.has(id)).map(([id]) => id);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist', 'test-results', 'playwright-report'].includes(entry.name) ? [] : sourceFiles(file);
    return /\.(?:[cm]?[jt]s|[jt]sx)$/.test(entry.name) ? [file] : [];
  });
}

/** Nodes whose text is the program's data, in which `//` or `/*` opens no comment. */
const literalKinds = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.JsxText,
]);

/**
 * The comments of a file with the line each starts on: the file is parsed, every literal is
 * blanked out, and what remains of `//` and `/*` can only open a comment.
 */
function comments(file: string, text: string): { text: string; line: number }[] {
  const kind = /x$/.test(file) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const parsed = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const code = text.split('');
  const visit = (node: ts.Node): void => {
    if (literalKinds.has(node.kind)) {
      // JSX text has no leading trivia: a `//` at its start is text, so it is blanked from there.
      const start = node.kind === ts.SyntaxKind.JsxText ? node.pos : node.getStart(parsed);
      for (let i = start; i < node.end; i++) if (code[i] !== '\n') code[i] = ' ';
    }
    ts.forEachChild(node, visit);
  };
  visit(parsed);
  return [...code.join('').matchAll(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g)].map((m) => ({
    text: text.slice(m.index, m.index + m[0].length),
    line: parsed.getLineAndCharacterOfPosition(m.index).line + 1,
  }));
}

describe('checklist ids cited in code comments', () => {
  it('reads every row of the checklist', () => {
    // 553 items, 25 conflicts and 30 gaps, as the checklist's summary counts them.
    expect(ids.size).toBe(608);
    expect([...prefixes].sort().join('')).toBe('ABCDEFGHIJKLMNOPQRSTUX');
  });

  it('finds the citations in comments and none in strings, templates, patterns or JSX text', () => {
    const file = [
      '// K9 and X10, then K99',
      "const at = `${date}T00:00` + 'P99 // K98' + /M32\\/\\/ K97/.source; /* U5, U31 */",
      'const page = <p>// K96 is text {/* A1 */}</p>;',
      '/**',
      ' * N37 and B99',
      ' */',
    ].join('\n');
    const found = comments('probe.tsx', file);
    expect(found.map((c) => c.line)).toEqual([1, 2, 3, 4]);
    expect(found.flatMap((c) => unknownIds(c.text))).toEqual(['K99', 'U31', 'B99']);
  });

  it('cite only ids that docs/spec/checklist.md has', () => {
    const unknown: string[] = [];
    for (const file of ['apps', 'packages', 'e2e'].flatMap(sourceFiles)) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      // Only a file holding some unknown id anywhere can cite one; parsing the rest would only cost time.
      if (unknownIds(text).length === 0) continue;
      for (const comment of comments(file, text)) {
        for (const id of unknownIds(comment.text)) unknown.push(`${file}:${comment.line} cites ${id}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});
