import { readFile } from 'node:fs/promises'
import { extractText, getDocumentProxy } from 'unpdf'

/**
 * A PDF's text, read back as a person would read the paper: for tests that
 * print a ticket or a receipt and check what is on it. Takes the PDF's bytes
 * or a path to it (a spooled document). Pages are joined with a newline.
 */
export interface PdfText {
  pages: number
  text: string
}

export async function pdfText(pdf: Uint8Array | string): Promise<PdfText> {
  const bytes = typeof pdf === 'string' ? await readFile(pdf) : pdf
  // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  const document = await getDocumentProxy(new Uint8Array(bytes))
  try {
    const { totalPages, text } = await extractText(document, { mergePages: false })
    return { pages: totalPages, text: text.join('\n') }
  } finally {
    await document.destroy()
  }
}

/**
 * A PDF's text as poppler's `pdftotext -layout` reads it (the check for the hub's report): a
 * second reader beside pdf.js, and the one that shows whether Chinese names were embedded as text.
 */
export async function pdftotext(pdf: Uint8Array): Promise<string> {
  const { execFile } = await import('node:child_process')
  return new Promise((resolve, reject) => {
    const child = execFile('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => (error ? reject(error) : resolve(stdout)))
    child.stdin!.end(Buffer.from(pdf))
  })
}
