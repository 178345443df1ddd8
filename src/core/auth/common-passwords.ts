/**
 * DESIGN 7: new passwords must not be common. The list holds the roots attackers try first;
 * a password made of one of them plus digits or symbols counts as common too.
 */
const COMMON_ROOTS = [
  'password',
  'passw0rd',
  'p@ssword',
  'p@ssw0rd',
  'qwerty',
  'qwertyuiop',
  'asdfgh',
  'asdfghjkl',
  'zxcvbn',
  'zxcvbnm',
  'azerty',
  'letmein',
  'welcome',
  'iloveyou',
  'admin',
  'administrator',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'master',
  'shadow',
  'superman',
  'trustno1',
  'whatever',
  'changeme',
  'secret',
  'starwars',
  'login',
  'abc123',
  'replen',
  'amazon',
  'seller',
  'inventory',
];

const KEYBOARD_ROWS = ['1234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'abcdefghijklmnopqrstuvwxyz'];

const isOneRepeatedCharacter = (text: string) => /^(.)\1*$/.test(text);

/** True when every character continues a keyboard row or the alphabet, forwards or backwards. */
function isWalk(text: string): boolean {
  if (text.length < 4) return false;
  return KEYBOARD_ROWS.some((row) => {
    const reversed = [...row].reverse().join('');
    return [row, reversed].some((line) => {
      for (let i = 1; i < text.length; i++) {
        const previous = line.indexOf(text[i - 1] ?? '');
        // Rows wrap around, so '123456789012' is a walk too.
        if (previous < 0 || line[(previous + 1) % line.length] !== text[i]) return false;
      }
      return true;
    });
  });
}

/** True when the text is a short pattern repeated, e.g. 'abcabcabcabc' or '121212121212'. */
function isRepeatedPattern(text: string): boolean {
  return /^(.{1,4})\1+$/.test(text);
}

// The keys of a US keyboard by row; each row sits half a key right of the one above.
const KEY_ROWS = ['1234567890-=', 'qwertyuiop[]', "asdfghjkl;'", 'zxcvbnm,./'];
const SHIFTED: Record<string, string> = Object.fromEntries(
  [...'!@#$%^&*()_+{}:"<>?'].map((symbol, i) => [symbol, "1234567890-=[];',./"[i]!]),
);
const KEY_POSITIONS = new Map<string, [number, number]>(
  KEY_ROWS.flatMap((row, r) => [...row].map((key, c): [string, [number, number]] => [key, [r, c]])),
);

/** Whether two keys touch: beside each other, or diagonally in the row above or below. */
function areAdjacentKeys(a: string, b: string): boolean {
  const from = KEY_POSITIONS.get(SHIFTED[a] ?? a);
  const to = KEY_POSITIONS.get(SHIFTED[b] ?? b);
  if (!from || !to) return false;
  const [rowDelta, colDelta] = [to[0] - from[0], to[1] - from[1]];
  if (rowDelta === 0) return Math.abs(colDelta) === 1;
  if (rowDelta === -1) return colDelta === 0 || colDelta === 1;
  if (rowDelta === 1) return colDelta === 0 || colDelta === -1;
  return false;
}

/**
 * True when the password is made of keyboard walks of three keys or more, in any direction:
 * '1qaz2wsx3edc' (three columns), 'zaq12wsx', 'qazwsxedc', '!QAZ@WSX#EDC'.
 */
function isKeyboardWalk(text: string): boolean {
  if (text.length < 6) return false;
  let runLength = 1;
  for (let i = 1; i <= text.length; i++) {
    if (i < text.length && areAdjacentKeys(text[i - 1]!, text[i]!)) {
      runLength++;
      continue;
    }
    if (runLength < 3) return false;
    runLength = 1;
  }
  return true;
}

const SEASONS_AND_MONTHS = [
  'spring',
  'summer',
  'autumn',
  'fall',
  'winter',
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** 'Summer2024!!', 'winter-2025', '2024August#': a season or month and a year are guessed first. */
function isSeasonAndYear(lower: string): boolean {
  const plain = lower.replace(/[^a-z0-9]/g, '');
  const word = plain.replace(/[0-9]/g, '');
  const digits = plain.replace(/[a-z]/g, '');
  return (
    SEASONS_AND_MONTHS.includes(word) &&
    /^(\d{2}|\d{4})+$/.test(digits) &&
    (plain.startsWith(word) || plain.endsWith(word))
  );
}

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (isOneRepeatedCharacter(lower) || isWalk(lower) || isRepeatedPattern(lower)) return true;
  if (isKeyboardWalk(lower) || isSeasonAndYear(lower)) return true;
  const letters = lower.replace(/[^a-z@0]/g, '');
  return COMMON_ROOTS.some((root) => {
    if (!lower.includes(root)) return false;
    // The root (once or repeated, 'replenreplen') plus only digits and symbols adds almost nothing to guess.
    const rest = lower.split(root).join('');
    return /^[^a-z]*$/.test(rest) || letters === root;
  });
}
