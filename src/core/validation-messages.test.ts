import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installFieldMessages } from './validation-messages';

installFieldMessages();

const messageOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe("zod's default messages", () => {
  it.each([
    [z.object({ msku: z.string().min(1) }), { msku: '' }, 'msku is required'],
    [z.object({ msku: z.string().max(3) }), { msku: 'abcd' }, 'msku must be at most 3 characters'],
    [z.object({ id: z.string() }), {}, 'id is required'],
    [z.object({ id: z.string() }), { id: 4 }, 'id must be text'],
    [z.object({ n: z.number().int() }), { n: 1.5 }, 'n must be a whole number'],
    [z.object({ n: z.number().min(2) }), { n: 1 }, 'n must be at least 2'],
    [z.object({ list: z.array(z.string()).max(1) }), { list: ['a', 'b'] }, 'list must have at most 1 items'],
    [z.object({ shape: z.enum(['a', 'b']) }), { shape: 'c' }, 'shape must be one of "a", "b"'],
    [z.strictObject({}), { role: 'dev' }, 'Unknown field "role"'],
    [z.object({ id: z.uuid() }), { id: 'x' }, 'id is not valid'],
  ])('are replaced by messages naming the field', (schema, input, message) => {
    expect(messageOf(schema, input)).toBe(message);
  });

  it('leave a schema’s own message alone', () => {
    expect(
      messageOf(z.object({ a: z.string().min(2, 'Name must be at least 2 characters') }), { a: 'x' }),
    ).toBe('Name must be at least 2 characters');
  });
});
