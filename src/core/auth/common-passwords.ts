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

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (isOneRepeatedCharacter(lower) || isWalk(lower) || isRepeatedPattern(lower)) return true;
  const letters = lower.replace(/[^a-z@0]/g, '');
  return COMMON_ROOTS.some((root) => {
    if (!lower.includes(root)) return false;
    // The root plus only digits and symbols around it adds almost nothing to guess.
    const rest = lower.replace(root, '');
    return /^[^a-z]*$/.test(rest) || letters === root;
  });
}
