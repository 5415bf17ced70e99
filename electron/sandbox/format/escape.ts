const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** HTML-escapes text the way the vendor escapes its descriptive fields. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c]!)
}

/** Escapes text for an SVG/XML text node or attribute. */
export const escapeXml = escapeHtml
