/**
 * A one-page PDF of plain lines of text (Helvetica, a ticket-sized page),
 * written by hand: the test ticket staff print through an IPP printer needs a
 * PDF, and making one here needs no browser (the browser host's Chromium and
 * Electron's printToPDF live in the layers above). Only Latin-1 text: other
 * characters print as "?", as on the raw printers' own fonts.
 */
export function textPdf(lines: readonly string[]): Buffer {
  const latin1 = (text: string) => Array.from(text, (c) => (c.charCodeAt(0) > 0xff || c.charCodeAt(0) < 0x20 ? '?' : c)).join('')
  const escape = (text: string) => latin1(text).replace(/[\\()]/g, (c) => `\\${c}`)
  const content = ['BT', '/F1 12 Tf', '16 TL', '20 390 Td', ...lines.map((line) => `(${escape(line)}) Tj T*`), 'ET'].join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 298 420] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  // Offsets counted, so strict readers (poppler, the print server's filters) take it without repair.
  const xref = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}
