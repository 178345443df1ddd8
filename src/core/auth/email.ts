/**
 * SPEC 5: an email is non-space text, an at sign, non-space text. Checked in one pass over the
 * text: the pattern it replaces, /^\S+@\S+$/, backtracks quadratically on a run of '@' (a 256 kB
 * value held the server for a minute).
 */
export function isEmailAddress(text: string): boolean {
  if (text.length < 3 || /\s/.test(text)) return false;
  // Some '@' with text on both sides: any '@' that is neither the first nor the last character.
  return text.indexOf('@', 1) !== -1 && text.indexOf('@', 1) < text.length - 1;
}
