import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { neutralise, writeExport } from './writers';

/** The download files written to disk and read back (DESIGN §8). */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'roam-writers-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const columns = [{ header: 'Name' }, { header: 'City', width: 2 }, { header: 'Note' }];
const meta = { title: 'Cafe 24-11-2026', filters: 'Status: ACTIVE', generatedAt: new Date() };
const tricky = [
  ['Café Crème', 'Zürich, CH', 'says "hi"\non two lines'],
  ['=HYPERLINK("x")', '+1', '-12.5'],
];

async function* batches(rows: string[][], size = 1): AsyncGenerator<string[][]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

describe('writeExport', () => {
  it('writes CSV with a BOM, the header, accents, quotes and line breaks, and formulas as text', async () => {
    const file = path.join(dir, 'out.csv');
    const result = await writeExport('csv', file, columns, meta, batches(tricky));
    expect(result.rows).toBe(2);
    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(parse(bytes.subarray(3).toString('utf8'))).toEqual([
      ['Name', 'City', 'Note'],
      tricky[0],
      [`'=HYPERLINK("x")`, '+1', '-12.5'],
    ]);
    expect(readdirSync(dir)).toEqual(['out.csv']);
  });

  it('writes XLSX that reads back cell by cell', async () => {
    const file = path.join(dir, 'out.xlsx');
    const rows = Array.from({ length: 2500 }, (_, n) => [`name ${n}`, `city ${n}`, String(n)]);
    await writeExport('xlsx', file, columns, meta, batches([...tricky, ...rows], 1000));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Cafe 24-11-2026');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'City', 'Note']);
    expect(sheet.getRow(2).getCell(1).value).toBe('Café Crème');
    expect(sheet.getRow(3).getCell(1).value).toBe(`'=HYPERLINK("x")`);
    expect(sheet.rowCount).toBe(1 + 2 + 2500);
  });

  it('writes a PDF whose pages grow with its rows, and one for no rows', async () => {
    const pages = (file: string) => (readFileSync(file, 'latin1').match(/\/Type \/Page\b/g) ?? []).length;
    const small = path.join(dir, 'small.pdf');
    const large = path.join(dir, 'large.pdf');
    const empty = path.join(dir, 'empty.pdf');
    const rows = Array.from({ length: 400 }, (_, n) => [`name ${n} ✓`, 'city', 'note']);
    await writeExport('pdf', small, columns, meta, batches(tricky));
    await writeExport('pdf', large, columns, meta, batches(rows, 100));
    await writeExport('pdf', empty, columns, meta, batches([]));
    for (const file of [small, large, empty])
      expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(small)).toBe(1);
    expect(pages(large)).toBeGreaterThan(5);
  });

  it('leaves no file when cancelled or when its rows fail mid-way', async () => {
    const controller = new AbortController();
    async function* slow(): AsyncGenerator<string[][]> {
      yield [['a', 'b', 'c']];
      controller.abort();
      yield [['d', 'e', 'f']];
    }
    const cancelled = path.join(dir, 'cancelled.xlsx');
    await expect(
      writeExport('xlsx', cancelled, columns, meta, slow(), { signal: controller.signal }),
    ).rejects.toThrow();
    async function* failing(): AsyncGenerator<string[][]> {
      yield [['a', 'b', 'c']];
      throw new Error('the database went away');
    }
    for (const type of ['csv', 'xlsx', 'pdf'] as const) {
      await expect(
        writeExport(type, path.join(dir, `failed.${type}`), columns, meta, failing()),
      ).rejects.toThrow('the database went away');
    }
    expect(existsSync(cancelled)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('neutralise', () => {
  it('makes formula cells text and leaves numbers alone', () => {
    expect(neutralise('=1+1')).toBe("'=1+1");
    expect(neutralise('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutralise('-5')).toBe('-5');
    expect(neutralise('+44 20 7946 0000')).toBe("'+44 20 7946 0000");
    expect(neutralise('plain')).toBe('plain');
  });
});
