import 'server-only';
import PDFDocument from 'pdfkit';
import { formatLocale } from '@/i18n/locales';
import { fontCuts, runsOf, type Weight } from './fonts';
import type { Proposal } from './proposal';

/**
 * The estimate as an A4 PDF: the agency's mark and name, the reference and
 * dates, the range and timeline, the choices, the cost breakdown, what is
 * included, the next step and the contacts, with a link that reopens the
 * estimate in the calculator. Drawn with PDFKit in the site's typeface and
 * colours; every font embeds only the glyphs it uses.
 */

const colour = {
  ink: '#0f172a',
  muted: '#475569',
  brand: '#4338ca',
  accent: '#f59e0b',
  line: '#e2e8f0',
  surface: '#eef2ff',
};

const page = { width: 595.28, height: 841.89, margin: 56 };
const contentWidth = page.width - page.margin * 2;
const bottom = page.height - page.margin;

type Doc = PDFKit.PDFDocument;
type Segment = { text: string; weight?: Weight };
type TextStyle = {
  size?: number;
  color?: string;
  width?: number;
  lineGap?: number;
  link?: string;
};

function registerFonts(doc: Doc): void {
  for (const weight of [400, 600, 700] as const) {
    for (const cut of fontCuts(weight)) doc.registerFont(cut.name, cut.bytes);
  }
}

/** Starts a new page when less than `height` is left on this one. */
function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottom) {
    doc.addPage();
    doc.y = page.margin;
  }
}

/**
 * A paragraph of one or more weights, wrapped to `width` from (x, doc.y).
 * The lines are broken here, between words only: left to PDFKit, a line could
 * break where a word changes font cut («жұмыс қ | ұрамы»), since a Kazakh
 * word may need two of them.
 */
function paragraph(doc: Doc, segments: Segment[], x: number, style: TextStyle = {}): void {
  const { size = 10, color = colour.ink, width = contentWidth, lineGap = 2, link } = style;
  type Word = { runs: { name: string; text: string; width: number }[]; width: number };
  const measure = (text: string, weight: Weight): Word => {
    const runs = runsOf(text, weight).map((run) => ({
      name: run.cut.name,
      text: run.text,
      width: doc.font(run.cut.name).fontSize(size).widthOfString(run.text),
    }));
    return { runs, width: runs.reduce((sum, run) => sum + run.width, 0) };
  };
  // Words in order, each with the space that follows it (none at a segment's end
  // unless the text has one: "Name. " + "text" keeps its space).
  const words: { word: Word; space: number }[] = [];
  for (const segment of segments) {
    const weight = segment.weight ?? 400;
    const space = measure(' ', weight).width;
    for (const match of segment.text.matchAll(/([^ \t\n]+)([ \t\n]*)/g)) {
      words.push({ word: measure(match[1]!, weight), space: match[2] ? space : 0 });
    }
  }
  const lines: { word: Word; space: number }[][] = [];
  let current: { word: Word; space: number }[] = [];
  let used = 0;
  for (const item of words) {
    const before = current.length ? current[current.length - 1]!.space : 0;
    if (current.length && used + before + item.word.width > width) {
      lines.push(current);
      current = [];
      used = 0;
    }
    used += (current.length ? current[current.length - 1]!.space : 0) + item.word.width;
    current.push(item);
  }
  if (current.length) lines.push(current);

  const lineHeight = size * 1.25 + lineGap;
  let y = doc.y;
  doc.fillColor(color);
  for (const words of lines) {
    if (y + lineHeight > bottom) {
      doc.addPage();
      y = page.margin;
    }
    let cursor = x;
    for (const [index, { word, space }] of words.entries()) {
      for (const run of word.runs) {
        doc.font(run.name).fontSize(size).fillColor(color);
        doc.text(run.text, cursor, y, { lineBreak: false, ...(link ? { link } : {}) });
        cursor += run.width;
      }
      // The space is written, not only left: text copied or read aloud from
      // the PDF keeps its words apart.
      if (space && index < words.length - 1) {
        doc.font(fontCuts(400)[0]!.name).fontSize(size);
        doc.text(' ', cursor, y, { lineBreak: false });
      }
      cursor += space;
    }
    y += lineHeight;
  }
  doc.y = y;
  doc.x = page.margin;
}

/** One line of text that never wraps, placed left or right of `x` at `y`. */
function line(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  {
    weight = 400,
    size = 10,
    color = colour.ink,
    align = 'left',
  }: { weight?: Weight; size?: number; color?: string; align?: 'left' | 'right' } = {},
): number {
  const runs = runsOf(text, weight);
  const widths = runs.map((run) => doc.font(run.cut.name).fontSize(size).widthOfString(run.text));
  const total = widths.reduce((sum, width) => sum + width, 0);
  let cursor = align === 'right' ? x - total : x;
  runs.forEach((run, index) => {
    doc.font(run.cut.name).fontSize(size).fillColor(color);
    doc.text(run.text, cursor, y, { lineBreak: false });
    cursor += widths[index]!;
  });
  return total;
}

function mark(doc: Doc, x: number, y: number, size: number): void {
  doc.save();
  doc.translate(x, y).scale(size / 32);
  doc.roundedRect(0, 0, 32, 32, 9).fill(colour.brand);
  doc.path('M8 21a8 8 0 0 1 16 0z').fill(colour.accent);
  doc.moveTo(6, 23.5).lineTo(26, 23.5).lineWidth(2).lineCap('round').stroke('#ffffff');
  doc.restore();
}

function heading(doc: Doc, text: string): void {
  ensureSpace(doc, 60);
  doc.y += 14;
  paragraph(doc, [{ text, weight: 700 }], page.margin, { size: 12.5 });
  doc.y += 4;
}

function rule(doc: Doc, y: number): void {
  doc
    .moveTo(page.margin, y)
    .lineTo(page.width - page.margin, y)
    .lineWidth(0.75)
    .stroke(colour.line);
}

export async function proposalPdf(proposal: Proposal, now = new Date()): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: page.margin,
    lang: formatLocale(proposal.locale),
    displayTitle: true,
    info: {
      Title: `${proposal.title} ${proposal.reference}`,
      Author: proposal.brand,
      Subject: proposal.choices.items.join(' · '),
      CreationDate: now,
      ModDate: now,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerFonts(doc);
  const left = page.margin;
  const right = page.width - page.margin;

  // The agency and the document's reference and dates.
  mark(doc, left, left, 26);
  line(doc, proposal.brand, left + 36, left + 6, { weight: 700, size: 15 });
  line(doc, proposal.meta.reference, right, left - 2, { weight: 600, size: 9.5, align: 'right' });
  line(doc, proposal.meta.issued, right, left + 11, {
    size: 9,
    color: colour.muted,
    align: 'right',
  });
  line(doc, proposal.meta.validUntil, right, left + 23, {
    size: 9,
    color: colour.muted,
    align: 'right',
  });

  doc.y = left + 58;
  paragraph(doc, [{ text: proposal.title, weight: 700 }], left, { size: 22 });
  doc.y += 4;
  paragraph(doc, [{ text: proposal.choices.items.slice(0, 2).join(' · ') }], left, {
    size: 11,
    color: colour.muted,
  });

  // The range and the timeline, on a tinted panel.
  doc.y += 16;
  const panelTop = doc.y;
  const rangeStyle = { weight: 700, size: 19, color: colour.brand } as const;
  const rangeWidth = runsOf(proposal.range.value, 700).reduce(
    (sum, run) => sum + doc.font(run.cut.name).fontSize(19).widthOfString(run.text),
    0,
  );
  // The timeline beside the range when the range leaves room for it, else below.
  const besideX = left + Math.max(contentWidth / 2, rangeWidth + 48);
  const beside = besideX + 150 <= right;
  const rangeBottom = panelTop + (proposal.range.perMonth ? 76 : 60);
  const panelHeight = (beside ? rangeBottom : rangeBottom + 44) - panelTop + 12;
  doc.roundedRect(left, panelTop, contentWidth, panelHeight, 12).fill(colour.surface);
  line(doc, proposal.range.label, left + 18, panelTop + 16, { size: 9.5, color: colour.muted });
  line(doc, proposal.range.value, left + 18, panelTop + 32, rangeStyle);
  if (proposal.range.perMonth) {
    line(doc, proposal.range.perMonth, left + 18, panelTop + 60, {
      size: 9.5,
      color: colour.muted,
    });
  }
  const weeksX = beside ? besideX : left + 18;
  const weeksY = beside ? panelTop + 16 : rangeBottom;
  line(doc, proposal.weeks.label, weeksX, weeksY, { size: 9.5, color: colour.muted });
  line(doc, proposal.weeks.value, weeksX, weeksY + 17, { weight: 600, size: 14 });
  doc.y = panelTop + panelHeight + 6;

  heading(doc, proposal.choices.title);
  // Two columns, read down the first and then the second.
  const rows = Math.ceil(proposal.choices.items.length / 2);
  const columnWidth = contentWidth / 2 - 12;
  ensureSpace(doc, rows * 15);
  const listTop = doc.y;
  let listBottom = listTop;
  proposal.choices.items.forEach((item, index) => {
    const x = left + (index < rows ? 0 : contentWidth / 2);
    if (index === rows) doc.y = listTop;
    const y = doc.y;
    doc.circle(x + 3, y + 6, 1.6).fill(colour.brand);
    paragraph(doc, [{ text: item }], x + 12, { width: columnWidth });
    doc.y += 2;
    listBottom = Math.max(listBottom, doc.y);
  });
  doc.y = listBottom;

  heading(doc, proposal.breakdown.title);
  for (const row of proposal.breakdown.lines) {
    ensureSpace(doc, 22);
    const y = doc.y + 3;
    doc.y = y;
    paragraph(doc, [{ text: row.label }], left, { width: contentWidth - 140 });
    line(doc, row.amount, right, y, { weight: 600, align: 'right' });
    doc.y = Math.max(doc.y, y + 13) + 4;
    rule(doc, doc.y);
  }

  heading(doc, proposal.included.title);
  for (const item of proposal.included.items) {
    ensureSpace(doc, 30);
    paragraph(doc, [{ text: `${item.name}. `, weight: 600 }, { text: item.text }], left, {
      size: 9.5,
    });
    doc.y += 5;
  }

  ensureSpace(doc, 40);
  doc.y += 8;
  paragraph(doc, [{ text: proposal.disclaimer }], left, { size: 8.5, color: colour.muted });

  heading(doc, proposal.next.title);
  paragraph(doc, [{ text: proposal.next.text }], left, { size: 10 });
  doc.y += 6;
  paragraph(doc, [{ text: proposal.reopen.label, weight: 600 }], left, {
    size: 10,
    color: colour.brand,
    link: proposal.reopen.url,
  });

  heading(doc, proposal.contacts.title);
  // Two to a row: each label above its value.
  for (let index = 0; index < proposal.contacts.items.length; index += 2) {
    ensureSpace(doc, 30);
    const y = doc.y;
    let rowBottom = y;
    for (const [column, item] of proposal.contacts.items.slice(index, index + 2).entries()) {
      const x = left + column * (contentWidth / 2);
      line(doc, item.label, x, y, { size: 8.5, color: colour.muted });
      doc.y = y + 11;
      paragraph(doc, [{ text: item.value }], x, {
        size: 10,
        width: contentWidth / 2 - 12,
        ...(item.url ? { link: item.url } : {}),
      });
      rowBottom = Math.max(rowBottom, doc.y);
    }
    doc.y = rowBottom + 6;
  }
  doc.y += 10;
  paragraph(doc, [{ text: proposal.preparedBy }], left, { size: 8.5, color: colour.muted });

  doc.end();
  return done;
}
