/**
 * The on-screen keyboard's layouts, one per kind of field a self-service kiosk
 * asks a customer or staff member to type into. Rows of simple-keyboard's
 * layout strings: plain keys type themselves, `{…}` keys are actions. Latin
 * letters serve all four languages: Chinese customers search by pinyin typed on
 * the same keys (../catalogue/pinyin-search.ts), e-mail addresses and the
 * enrolment code are Latin by nature, and so is a postal address in Singapore
 * or Malaysia.
 */
export type KeyboardLayoutName = 'search' | 'email' | 'code' | 'name' | 'address' | 'text' | 'digits' | 'decimal'

/** The action keys: what they do is in OnScreenKeyboard.vue, what they say in locales/keyboard. */
export const ACTION_KEYS = ['{bksp}', '{space}', '{shift}', '{done}'] as const
export type ActionKey = (typeof ACTION_KEYS)[number]

const DIGITS = '1 2 3 4 5 6 7 8 9 0'
const LOWER = ['q w e r t y u i o p', 'a s d f g h j k l', 'z x c v b n m']
const upper = (row: string) => row.toUpperCase()

/** Each layout's key rows: `default`, and where it has capitals `shift`. */
export const layouts: Record<KeyboardLayoutName, Record<string, string[]>> = {
  // Titles, artists, venues; pinyin for Chinese titles.
  search: { default: [DIGITS, LOWER[0]!, LOWER[1]!, `${LOWER[2]} {bksp}`, '{space} {done}'] },
  // An address: its own row of the parts every address has, and the endings most typed here.
  email: { default: [DIGITS, LOWER[0]!, LOWER[1]!, `${LOWER[2]} {bksp}`, '@ . - _ .com .sg {done}'] },
  // The enrolment code is capitals and digits in groups (dashes and case do not matter to Foyer).
  code: { default: [DIGITS, upper(LOWER[0]!), upper(LOWER[1]!), `${upper(LOWER[2]!)} - {bksp}`, '{done}'] },
  // A person's name: capitals where a name starts, apostrophes and hyphens as in "O'Neill" or "Mei-Ling".
  name: {
    default: [LOWER[0]!, LOWER[1]!, `{shift} ${LOWER[2]} ' - {bksp}`, '{space} {done}'],
    shift: [upper(LOWER[0]!), upper(LOWER[1]!), `{shift} ${upper(LOWER[2]!)} ' - {bksp}`, '{space} {done}'],
  },
  // A postal address: "Blk 123 Orchard Road #05-12", a postal code, a country.
  address: {
    default: [DIGITS, LOWER[0]!, LOWER[1]!, `{shift} ${LOWER[2]} , . {bksp}`, '# - / {space} {done}'],
    shift: [DIGITS, upper(LOWER[0]!), upper(LOWER[1]!), `{shift} ${upper(LOWER[2]!)} , . {bksp}`, '# - / {space} {done}'],
  },
  // Staff settings: a server's address, a tenant, a file's path, a secret (shift: capitals, and signs for the digits).
  text: {
    default: [DIGITS, LOWER[0]!, LOWER[1]!, `{shift} ${LOWER[2]} {bksp}`, '. - _ / : @ {space} {done}'],
    shift: ['! # $ % & * + = ? ~', upper(LOWER[0]!), upper(LOWER[1]!), `{shift} ${upper(LOWER[2]!)} {bksp}`, '. - _ / : @ {space} {done}'],
  },
  // A staff PIN or a number of minutes, laid out as the PIN pad is.
  digits: { default: ['1 2 3', '4 5 6', '7 8 9', '{bksp} 0 {done}'] },
  // An amount of money.
  decimal: { default: ['1 2 3', '4 5 6', '7 8 9', '. 0 {bksp}', '{done}'] },
}

/** The layouts whose letters start a word in capitals (shift turns that round for one letter). */
export const CAPITALISED: readonly KeyboardLayoutName[] = ['name', 'address']

/** Every key of a layout once, in the order drawn. */
export function keysOf(layout: KeyboardLayoutName): string[] {
  return [...new Set(Object.values(layouts[layout]).flatMap((rows) => rows.flatMap((row) => row.split(' '))))]
}

const ACTION_IDS: Record<ActionKey, string> = { '{bksp}': 'backspace', '{space}': 'space', '{shift}': 'shift', '{done}': 'done' }

/** A key's test id: `key-a`, `key-A`, `key-@`, `key-.com`, `key-backspace`. */
export function keyTestId(key: string): string {
  return `key-${(ACTION_IDS as Record<string, string>)[key] ?? key}`
}

/**
 * Where a name's (or an address's) next letter is a capital: at its start and after a space
 * (shift, tapped, turns that round for the next letter).
 */
export function startsWord(text: string): boolean {
  return text === '' || text.endsWith(' ')
}
