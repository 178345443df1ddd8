import { describe, expect, it } from 'vitest';
import { validateImportRows } from '../csv-import/import-rows';
import { mskuParam, normalizeMsku } from './msku';

describe('the MSKU rule', () => {
  it('stores one MSKU for the composed and decomposed forms of an accented letter', () => {
    const composed = normalizeMsku('caf\u00e9-1');
    const decomposed = normalizeMsku('cafe\u0301-1');
    expect(composed).toEqual({ ok: true, msku: 'café-1' });
    expect(decomposed).toEqual(composed);
  });

  it('keeps case and trims spaces around it', () => {
    expect(normalizeMsku('  Abc-1 ')).toEqual({ ok: true, msku: 'Abc-1' });
    expect(normalizeMsku('abc-1')).toEqual({ ok: true, msku: 'abc-1' });
  });

  it.each([
    ['ABC\u200b1', '200B'],
    ['ABC\u200d1', '200D'],
    ['\u202eABC', '202E'],
    ['AB\u2066C', '2066'],
    ['AB\u0007C', '0007'],
    ['AB\u0085C', '0085'],
    ['AB\ufeffC', 'FEFF'],
    ['AB\u00adC', '00AD'],
  ])('refuses %j, naming the invisible character U+%s', (msku, code) => {
    expect(normalizeMsku(msku)).toEqual({
      ok: false,
      message: `msku must not contain invisible characters (U+${code})`,
    });
  });

  it.each(['.', '..', ' .. '])('refuses %j, which a browser would resolve as a path', (msku) => {
    expect(normalizeMsku(msku)).toMatchObject({ ok: false, message: `msku cannot be "${msku.trim()}"` });
  });

  it('is what an import applies: look-alikes are one product, invisible characters a row error', () => {
    expect(validateImportRows([{ msku: 'cafe\u0301' }, { msku: 'caf\u00e9' }])).toEqual({
      ok: false,
      message: 'Row 2: MSKU "café" is already on row 1',
    });
    expect(validateImportRows([{ msku: 'A' }, { msku: 'B\u200b' }])).toEqual({
      ok: false,
      message: 'Row 2: MSKU must not contain invisible characters (U+200B)',
    });
    expect(validateImportRows([{ msku: '..' }])).toEqual({
      ok: false,
      message: 'Row 1: MSKU cannot be ".."',
    });
    const valid = validateImportRows([{ msku: 'cafe\u0301' }]);
    expect(valid.ok && valid.rows[0]!.msku).toBe('caf\u00e9');
  });
});

describe('an msku in a route', () => {
  it('is taken exactly as given, and refused with a message when it holds a NUL character', () => {
    const param = mskuParam('id');
    expect(param.parse(' odd\u200b ')).toBe(' odd\u200b ');
    const refused = param.safeParse('A\u0000B');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('id must not contain NUL characters');
  });
});
