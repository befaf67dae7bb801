import { jsPDF } from 'jspdf';
import { formatDate, formatMoney } from '@steward/libs/i18n';
import { later } from '../i18n';
import { transactionTypeLabel } from './giving';
import type { StatementData } from './giving';

const { t } = later;

/**
 * The giving statement as a PDF (jsPDF, loaded only when someone asks for one): the organisation's
 * name in its primary colour, the person's name and address, each gift and the total.
 */
export function statementPdf(data: StatementData): Blob {
  const doc = new jsPDF({ unit: 'pt', format: 'letter' });
  const left = 56;
  const right = 556;
  let y = 64;
  const [r, g, b] = hexToRgb(data.accent);
  doc.setTextColor(r, g, b);
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(18);
  doc.text(data.orgName, left, y);
  doc.setDrawColor(r, g, b);
  doc.setLineWidth(2);
  doc.line(left, y + 10, right, y + 10);
  doc.setTextColor(31, 41, 55);
  y += 40;
  doc.setFontSize(14);
  doc.text(t('statement.label', { year: String(data.year) }), left, y);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(11);
  y += 24;
  for (const line of [data.name, ...data.addressLines]) {
    doc.text(line, left, y);
    y += 15;
  }
  y += 15;
  doc.setFont('helvetica', 'bold');
  doc.text(t('statement.date'), left, y);
  doc.text(t('statement.description'), left + 110, y);
  doc.text(t('statement.amount'), right, y, { align: 'right' });
  doc.setFont('helvetica', 'normal');
  y += 6;
  doc.setLineWidth(0.5);
  doc.line(left, y, right, y);
  y += 15;
  for (const gift of data.gifts) {
    if (y > 740) {
      doc.addPage();
      y = 64;
    }
    doc.text(formatDate(gift.date), left, y);
    doc.text((gift.description ?? transactionTypeLabel(gift.transaction_type)).slice(0, 60), left + 110, y);
    doc.text(formatMoney(gift.amount), right, y, { align: 'right' });
    y += 15;
  }
  doc.line(left, y - 8, right, y - 8);
  y += 6;
  doc.setFont('helvetica', 'bold');
  doc.text(t('statement.total', { year: String(data.year) }), left, y);
  doc.text(formatMoney(data.total), right, y, { align: 'right' });
  return doc.output('blob');
}

function hexToRgb(hex: string): [number, number, number] {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  return match ? [parseInt(match[1] ?? '0', 16), parseInt(match[2] ?? '0', 16), parseInt(match[3] ?? '0', 16)] : [50, 82, 134];
}
