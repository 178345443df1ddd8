import { describe, expect, it } from 'vitest';
import { isBreachedPassword } from './breached-passwords';
import { isCommonPassword } from './common-passwords';

describe('the common-password rules', () => {
  it.each([
    '1qaz2wsx3edc',
    '!QAZ@WSX#EDC',
    'zaq12wsxcde3',
    'qazwsxedcrfv',
    'asdfghjkl;lkjh',
    'Summer2024!!',
    'winter-2025!',
    '2024August#',
    'ReplenReplen',
    'replenreplen12',
    'Replen-Replen-2025',
  ])('refuses %j', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each([
    'Granite-Harbor-Violet-42',
    'Pebble-Orchard-Sunrise-31',
    'correct horse battery staple',
    'Summer-Lake-Cabin-Tomato',
    'My-Replen-Account-Is-Safe',
  ])('accepts %j', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});

describe('the breached-password list', () => {
  it.each([
    'sonyericsson',
    'FinalFantasy',
    'finalfantasy7',
    '!!dragonfly2024',
    'leavemealone',
    '123qweasdzxc',
  ])('knows %j', async (password) => {
    expect(await isBreachedPassword(password)).toBe(true);
  });

  it.each(['Granite-Harbor-Violet-42', 'Pebble-Orchard-Sunrise-31', 'Copper-Lantern-Meadow-58'])(
    'does not hold %j',
    async (password) => {
      expect(await isBreachedPassword(password)).toBe(false);
    },
  );

  it('holds at least 10,000 passwords', async () => {
    const { dictionary } = await import('@zxcvbn-ts/language-common');
    expect(dictionary['passwords-common'].length).toBeGreaterThanOrEqual(10_000);
  });
});
