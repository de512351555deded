import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { setImmediate } from 'node:timers/promises';
import { stringify } from 'csv-stringify/sync';
import type ExcelJS from 'exceljs';

/**
 * The download files (DESIGN §8): CSV (csv-stringify, UTF-8 with a BOM so spreadsheets read
 * accents), XLSX (exceljs's streaming writer, no shared strings) and PDF (pdfkit: a table with its
 * title, filters, time and page numbers). Rows arrive in batches and are written as they come, so
 * memory does not grow with the row count. The file is written under a temporary name and renamed
 * when complete: a half-written file is never under the final name, and a failed or cancelled one
 * is removed. exceljs and pdfkit are loaded by the first XLSX or PDF download, not at start.
 */

export type ExportColumn = { header: string /** Relative width in a PDF (default 1). */; width?: number };
export type ExportMeta = {
  title: string /** "Status: ACTIVE · Search: paris", or ''. */;
  filters: string;
  generatedAt: Date;
};
/** Batches of rows, each row its cells as text in column order. */
export type RowSource = AsyncIterable<string[][]>;
export type WriteOptions = {
  signal?: AbortSignal /** Rows written so far. */;
  onRows?: (written: number) => void;
};

export async function writeExport(
  type: 'csv' | 'xlsx' | 'pdf',
  file: string,
  columns: readonly ExportColumn[],
  meta: ExportMeta,
  batches: RowSource,
  options: WriteOptions = {},
): Promise<{ rows: number; bytes: number }> {
  const partial = `${file}.part`;
  const write = { csv: writeCsv, xlsx: writeXlsx, pdf: writePdf }[type];
  try {
    const rows = await write(partial, columns, meta, guarded(batches, options), options);
    await rename(partial, file);
    return { rows, bytes: (await stat(file)).size };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** The batches, stopping with an AbortError once the signal aborts. */
async function* guarded(batches: RowSource, { signal }: WriteOptions): AsyncGenerator<string[][]> {
  for await (const batch of batches) {
    signal?.throwIfAborted();
    yield batch;
  }
  signal?.throwIfAborted();
}

/** A cell a spreadsheet would run as a formula (=, +, -, @) is written as text. */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !/^[+-]?\d+([.,]\d+)?$/.test(value) ? `'${value}` : value;
}

/** neutralise on each cell of a row the writer was handed, in place: a million rows, a million fewer arrays. */
function neutraliseRow(row: string[]): void {
  for (let index = 0; index < row.length; index++) row[index] = neutralise(row[index]!);
}

/** What a writer may hold before it waits for the file to take it. */
const HELD_BYTES = 1 << 20;

/**
 * Stops a file stream and resolves once its file is closed: the file may still be opening when a
 * write fails, and removing it before that open completes would leave it behind.
 */
async function closed(stream: WriteStream): Promise<void> {
  if (stream.closed) return;
  const done = once(stream, 'close').catch(() => {});
  stream.destroy();
  await done;
}

/** Resolves once the file stream has flushed what it holds (backpressure between batches). */
async function drained(stream: WriteStream): Promise<void> {
  if (stream.writableNeedDrain) await once(stream, 'drain');
}

async function writeCsv(
  partial: string,
  columns: readonly ExportColumn[],
  _meta: ExportMeta,
  batches: AsyncIterable<string[][]>,
  { onRows }: WriteOptions,
): Promise<number> {
  const out = createWriteStream(partial);
  const failure = new Promise<never>((_, reject) => out.once('error', reject));
  let rows = 0;
  // A batch is one text and one write: row by row through a stream, the stream's own work per row
  // cost more than the quoting.
  const work = (async () => {
    out.write(stringify([columns.map((column) => column.header)], { bom: true }));
    for await (const batch of batches) {
      for (const row of batch) neutraliseRow(row);
      if (!out.write(stringify(batch))) await once(out, 'drain');
      rows += batch.length;
      onRows?.(rows);
    }
    out.end();
    await once(out, 'finish');
  })();
  try {
    await Promise.race([work, failure]);
  } catch (error) {
    await closed(out);
    throw error;
  }
  return rows;
}

async function writeXlsx(
  partial: string,
  columns: readonly ExportColumn[],
  meta: ExportMeta,
  batches: AsyncIterable<string[][]>,
  { onRows }: WriteOptions,
): Promise<number> {
  const { default: Excel } = await import('exceljs');
  const out = createWriteStream(partial);
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet(meta.title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Export');
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: Math.round(14 * (column.width ?? 1)),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let rows = 0;
  try {
    for await (const batch of batches) {
      for (const row of batch) {
        neutraliseRow(row);
        sheet.addRow(row).commit();
      }
      rows += batch.length;
      onRows?.(rows);
      await sheetDrained(sheet);
      await drained(out);
    }
    sheet.commit();
    await workbook.commit();
    if (!out.writableFinished) await once(out, 'finish');
  } catch (error) {
    await closed(out);
    throw error;
  }
  return rows;
}

/**
 * exceljs's worksheet stream writes into the zip's entry without waiting for it: wait for that entry
 * to drain before the next batch, or a fast source fills memory with XML not yet compressed. (It is
 * a readable-stream v2 PassThrough; its state is read where that library keeps it.)
 */
async function sheetDrained(sheet: ExcelJS.Worksheet): Promise<void> {
  type Entry = NodeJS.EventEmitter & { _writableState?: { needDrain?: boolean } };
  const pipes = (sheet as unknown as { stream?: { pipes?: Entry[] } }).stream?.pipes ?? [];
  for (const pipe of pipes) if (pipe._writableState?.needDrain) await once(pipe, 'drain');
}

/** Characters the PDF's standard fonts cannot draw become '?'. */
function printable(value: string): string {
  return value.replace(
    /[^\t\n\x20-\x7e\xa0-\xff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac\u00b7]/g,
    '?',
  );
}

const PAGE = { margin: 36, rowPadding: 3, fontSize: 8, headerSize: 8.5 };

async function writePdf(
  partial: string,
  columns: readonly ExportColumn[],
  meta: ExportMeta,
  batches: AsyncIterable<string[][]>,
  { onRows }: WriteOptions,
): Promise<number> {
  const { default: PDFDocument } = await import('pdfkit');
  const out = createWriteStream(partial);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: PAGE.margin,
    info: { Title: meta.title, Creator: 'Roam Admin' },
  });
  doc.pipe(out);
  const failure = new Promise<never>((_, reject) => out.once('error', reject));
  const left = PAGE.margin;
  const usable = doc.page.width - 2 * PAGE.margin;
  const weights = columns.map((column) => column.width ?? 1);
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0) || 1;
  const widths = weights.map((weight) => (usable * weight) / totalWeight);
  const lineHeight = doc.font('Helvetica').fontSize(PAGE.fontSize).currentLineHeight();
  const rowHeight = lineHeight * 2 + PAGE.rowPadding * 2;
  const bottom = () => doc.page.height - PAGE.margin - 14;
  let page = 1;
  let y = 0;

  // Written inside the bottom margin, which would otherwise start a page of its own.
  const footer = () => {
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(7).fillColor('#666666');
    doc.text(`Page ${page}`, left, doc.page.height - PAGE.margin - 8, {
      width: usable,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  };
  const headerRow = () => {
    doc.rect(left, y, usable, lineHeight + PAGE.rowPadding * 2).fill('#e9ecef');
    doc.font('Helvetica-Bold').fontSize(PAGE.headerSize).fillColor('#212529');
    let x = left;
    columns.forEach((column, index) => {
      doc.text(printable(column.header), x + 3, y + PAGE.rowPadding, {
        width: widths[index]! - 6,
        height: lineHeight,
        ellipsis: true,
        lineBreak: false,
      });
      x += widths[index]!;
    });
    y += lineHeight + PAGE.rowPadding * 2;
  };
  const heading = () => {
    doc
      .font('Helvetica-Bold')
      .fontSize(14)
      .fillColor('#212529')
      .text(printable(meta.title), left, PAGE.margin);
    doc.font('Helvetica').fontSize(8).fillColor('#495057');
    const at = meta.generatedAt;
    const hours = at.getUTCHours();
    const pad = (n: number) => String(n).padStart(2, '0');
    const generated = `${pad(at.getUTCDate())}/${pad(at.getUTCMonth() + 1)}/${at.getUTCFullYear()}, ${pad(hours % 12 || 12)}:${pad(at.getUTCMinutes())} ${hours < 12 ? 'am' : 'pm'} UTC`;
    doc.text(`Generated ${generated}${meta.filters ? `   ·   ${printable(meta.filters)}` : ''}`);
    y = doc.y + 8;
    headerRow();
  };
  const newPage = () => {
    footer();
    doc.addPage();
    page += 1;
    y = PAGE.margin;
    headerRow();
  };

  let rows = 0;
  const work = (async () => {
    heading();
    for await (const batch of batches) {
      for (const row of batch) {
        if (y + rowHeight > bottom()) newPage();
        if (rows % 2 === 1) doc.rect(left, y, usable, rowHeight).fill('#f8f9fa');
        doc.font('Helvetica').fontSize(PAGE.fontSize).fillColor('#212529');
        let x = left;
        row.forEach((cell, index) => {
          doc.text(printable(cell), x + 3, y + PAGE.rowPadding, {
            width: widths[index]! - 6,
            height: lineHeight * 2,
            ellipsis: true,
          });
          x += widths[index]!;
        });
        y += rowHeight;
        rows += 1;
      }
      onRows?.(rows);
      // pdfkit pushes its output whatever the file stream's pace: wait for what it holds to be written.
      while (doc.readableLength > HELD_BYTES) {
        if (out.writableNeedDrain) await once(out, 'drain');
        else await setImmediate();
      }
    }
    if (rows === 0) {
      doc
        .font('Helvetica')
        .fontSize(PAGE.fontSize)
        .fillColor('#495057')
        .text('No rows match.', left, y + 6);
    }
    footer();
    doc.end();
    await once(out, 'finish');
  })();
  try {
    await Promise.race([work, failure]);
  } catch (error) {
    doc.unpipe(out);
    await closed(out);
    throw error;
  }
  return rows;
}
