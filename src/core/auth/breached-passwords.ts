/**
 * DESIGN 7: a new password must not be one that attackers try first. The list is the 49,000
 * most common passwords of real breaches, as zxcvbn-ts ships it (@zxcvbn-ts/language-common,
 * maintained, MIT). Only the server loads it: at about 380 kB it stays out of the web bundle,
 * and it is read once, on the first check.
 */
let passwords: Promise<ReadonlySet<string>> | undefined;

async function loadPasswords(): Promise<ReadonlySet<string>> {
  const { dictionary } = await import('@zxcvbn-ts/language-common');
  return new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));
}

/** The password without the digits and symbols around it: '!!dragonfly2024' → 'dragonfly'. */
const core = (lower: string) => lower.replace(/^[^\p{L}]+/u, '').replace(/[^\p{L}]+$/u, '');

/** True when the password, or its letters without the digits and symbols around them, was breached. */
export async function isBreachedPassword(password: string): Promise<boolean> {
  passwords ??= loadPasswords();
  const list = await passwords;
  const lower = password.toLowerCase();
  const letters = core(lower);
  return list.has(lower) || (letters.length >= 5 && list.has(letters));
}
