import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';

describe('a failed API call', () => {
  it('names itself ApiError whatever the minifier calls the class', () => {
    const error = new ApiError(403, 'You do not have permission to do this', true);
    expect(error.name).toBe('ApiError');
    expect(String(error)).toBe('ApiError: You do not have permission to do this');
  });
});
