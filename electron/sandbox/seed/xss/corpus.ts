/**
 * Hostile text for the security tests: what a careless or compromised vendor
 * back office could put into an event's descriptive fields. Every payload that
 * ever ran would set `window.__xss` (to its own number), so a test only has to
 * look at that one flag. The texts are plain data; nothing here is evaluated.
 *
 * Covered: script tags, event-handler attributes (img onerror, svg onload,
 * body onload), javascript: URLs, breaking out of a quoted attribute with " and
 * ', already entity-encoded and double-escaped markup (which must come back as
 * typed, decoded exactly once), template injection for Vue ({{ }}) and JS
 * template literals (${ }), mutation XSS through foreign content, and
 * right-to-left override / zero-width characters hiding a tag.
 */
export const XSS_CORPUS: readonly string[] = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=2">',
  '<svg onload="window.__xss=3"><circle r="1"/></svg>',
  '<a href="javascript:window.__xss=4" data-xss="4">tap for tickets</a>',
  '"><img src=x onerror=window.__xss=5>',
  "'><svg/onload=window.__xss=6>",
  '&lt;script&gt;window.__xss=7&lt;/script&gt;',
  '&amp;lt;img src=x onerror=window.__xss=8&amp;gt;',
  "{{ constructor.constructor('window.__xss=9')() }}",
  '${(window.__xss=10)} `${window.__xss=10}`',
  '\u202Egpj.exe\u202C <img src=x one\u200Brror=window.__xss=11> <\u200Bscript>window.__xss=11</script>',
  '<iframe srcdoc="&lt;script&gt;parent.__xss=12&lt;/script&gt;"></iframe>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=13></style></mglyph></table></mtext></math>',
  'javascript:window.__xss=14',
  '</textarea></title><body onload=window.__xss=15><details open ontoggle=window.__xss=15>',
  '&#60;img src=x onerror=window.__xss=16&#62; &#x3C;script&#x3E;window.__xss=16&#x3C;/script&#x3E;',
]

/**
 * Tags and attributes the corpus carries: if any of them shows up as an element
 * or attribute in the page, the renderer turned text into markup.
 */
export const XSS_ELEMENT_SELECTORS: readonly string[] = [
  'img[onerror]',
  'svg[onload]',
  'a[href^="javascript:"]',
  '[data-xss]',
  'iframe',
  'math',
  'mglyph',
  '[onload]',
  '[ontoggle]',
]
